package interp

import (
	"os"
	"reflect"
	"sort"
	"strings"
	"syscall"
	"time"
)

// The state a run keeps for its clock and its environment, so that runs
// are reproducible and concurrent runs independent. Both stay here
// rather than with the other stand-ins (package bridge): the clock is the
// scheduler's (its timers, timers.go, and time.Sleep, bridge_sync.go, move
// it), and the environment's overlay is also written by Call.Setenv, for
// testrun's t.Setenv.
//
//   - The clock is virtual. It starts every run at virtualEpoch and
//     advances by a microsecond per reading (Call.Now: time.Now, Since
//     and Until, package bridge's); time.Sleep advances it by its
//     duration without waiting (when other goroutines or timers exist,
//     the sleeper waits for a timer of the clock while they run). Code
//     that measures durations sees plausible ones, and two runs of the
//     same test read the same times.
//   - The environment is the process's, overlaid by the run's own changes:
//     os.Setenv, os.Unsetenv and os.Clearenv change the overlay (never the
//     process's environment, which other runs share); os.Getenv,
//     os.LookupEnv, os.Environ and os.ExpandEnv read through it. t.Setenv
//     sets the overlay's variable for the test's duration.

// virtualEpoch is the time of the first time.Now of every run: an
// ordinary instant, as a real clock's usually is (not midnight of New
// Year's Day, when a scheduler's yearly jobs fall due, nor on a whole
// second).
var virtualEpoch = time.Date(2026, time.May, 13, 9, 41, 27, 250_000_000, time.UTC)

// bridgeState is the state of a run's clock and environment.
type bridgeState struct {
	now   time.Duration      // virtual time elapsed since virtualEpoch
	env   map[string]*string // os.Setenv (value) and os.Unsetenv (nil)
	clear bool               // os.Clearenv: the process's variables are hidden
}

// bridges returns r's bridge state, made on first use.
func (r *run) bridges() *bridgeState {
	if r.bst == nil {
		r.bst = &bridgeState{}
	}
	return r.bst
}

// virtualTime is the clock's time d after virtualEpoch, in time.Local as
// time.Now's is (so == and DeepEqual agree with times made by time.Unix
// or time.Date(..., time.Local)).
func virtualTime(d time.Duration) time.Time { return virtualEpoch.Add(d).In(time.Local) }

// sleep advances the virtual clock by d.
func (r *run) sleep(d time.Duration) {
	if d > 0 {
		r.bridges().now += d
	}
}

// lookupEnv reads variable key through the run's overlay.
func (r *run) lookupEnv(key string) (string, bool) {
	st := r.bridges()
	if v, ok := st.env[key]; ok {
		if v == nil {
			return "", false
		}
		return *v, true
	}
	if st.clear {
		return "", false
	}
	return os.LookupEnv(key)
}

// LookupEnv reads the environment variable key as the run's os.LookupEnv
// does: through the run's overlay (t.Setenv, os.Setenv) of the process's
// environment.
func (c Call) LookupEnv(key string) (string, bool) { return c.r.lookupEnv(key) }

// setEnv records key=value (value nil: unset) in the run's overlay.
func (r *run) setEnv(key string, value *string) {
	st := r.bridges()
	if st.env == nil {
		st.env = map[string]*string{}
	}
	st.env[key] = value
}

// environ is os.Environ through the run's overlay.
func (r *run) environ() []string {
	st := r.bridges()
	var out []string
	if !st.clear {
		for _, kv := range os.Environ() {
			k, _, _ := strings.Cut(kv, "=")
			if _, over := st.env[k]; !over {
				out = append(out, kv)
			}
		}
	}
	keys := make([]string, 0, len(st.env))
	for k := range st.env {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if v := st.env[k]; v != nil {
			out = append(out, k+"="+*v)
		}
	}
	return out
}

func (r *run) timeValue(t time.Time) Value {
	v, _ := r.fromNative(reflect.ValueOf(t), nil)
	return v
}

func init() {
	bridges["os.Getenv"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		v, _ := r.lookupEnv(args[0].Str())
		return String(v)
	}
	bridges["os.LookupEnv"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		v, ok := r.lookupEnv(args[0].Str())
		return Tuple(String(v), Bool(ok))
	}
	bridges["syscall.Getenv"] = bridges["os.LookupEnv"]
	bridges["os.Setenv"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		k, v := args[0].Str(), args[1].Str()
		if k == "" || strings.ContainsAny(k, "=\x00") || strings.ContainsRune(v, 0) {
			return r.nativeIface(os.NewSyscallError("setenv", syscall.EINVAL))
		}
		r.setEnv(k, &v)
		return Value{k: KindInterface}
	}
	bridges["os.Unsetenv"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		r.setEnv(args[0].Str(), nil)
		return Value{k: KindInterface}
	}
	bridges["os.Clearenv"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		st := r.bridges()
		st.env, st.clear = nil, true
		return Value{}
	}
	bridges["os.Environ"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		v, _ := r.fromNative(reflect.ValueOf(r.environ()), nil)
		return v
	}
	bridges["os.Expand"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		mapping := args[1]
		return String(os.Expand(args[0].Str(), func(k string) string { return r.callValue(fr, in, mapping, []Value{String(k)}).Str() }))
	}
	bridges["os.ExpandEnv"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		return String(os.Expand(args[0].Str(), func(k string) string { v, _ := r.lookupEnv(k); return v }))
	}
}
