package interp

import (
	"encoding/binary"
	mrand "math/rand"
	"math/rand/v2"
	"os"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"time"
)

// Bridges with state of their own, kept per run so that runs are
// reproducible:
//
//   - The clock is virtual. time.Now starts every run at virtualEpoch and
//     advances by a microsecond per reading; time.Sleep advances it by its
//     duration without waiting (when other goroutines or timers exist, the
//     sleeper waits for a timer of the clock while they run, timers.go);
//     time.Since and time.Until read it. Code that measures durations sees
//     plausible ones, and two runs of the same test read the same times.
//   - Randomness is seeded by RunOptions.Seed: crypto/rand.Reader,
//     crypto/rand.Read and crypto/rand.Text draw from a ChaCha8 stream, and
//     the top-level functions of math/rand and math/rand/v2 from a
//     generator of that package, all seeded with it. Values are as random
//     as a test can tell, and not secret.
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

// bridgeState is the state of a run's stateful bridges.
type bridgeState struct {
	now    time.Duration      // virtual time elapsed since virtualEpoch
	stream *rand.ChaCha8      // crypto/rand
	v1     *mrand.Rand        // math/rand's top-level functions
	v2     *rand.Rand         // math/rand/v2's
	env    map[string]*string // os.Setenv (value) and os.Unsetenv (nil)
	clear  bool               // os.Clearenv: the process's variables are hidden
}

// bridges returns r's bridge state, made on first use.
func (r *run) bridges() *bridgeState {
	if r.bst == nil {
		var seed [32]byte
		binary.LittleEndian.PutUint64(seed[:], r.seed)
		r.bst = &bridgeState{
			stream: rand.NewChaCha8(seed),
			v1:     mrand.New(mrand.NewSource(int64(r.seed))),
			v2:     rand.New(rand.NewPCG(r.seed, r.seed^0x9e3779b97f4a7c15)),
		}
	}
	return r.bst
}

// virtualTime is the clock's time d after virtualEpoch, in time.Local as
// time.Now's is (so == and DeepEqual agree with times made by time.Unix
// or time.Date(..., time.Local)).
func virtualTime(d time.Duration) time.Time { return virtualEpoch.Add(d).In(time.Local) }

// now reads the virtual clock.
func (r *run) now() time.Time {
	st := r.bridges()
	st.now += time.Microsecond
	return virtualTime(st.now)
}

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

// seededReader is the run's crypto/rand.Reader.
type seededReader struct{ st *bridgeState }

// Read fills p from the run's stream; it never fails.
func (s seededReader) Read(p []byte) (int, error) {
	s.st.stream.Read(p)
	return len(p), nil
}

// timeArg returns the native time.Time an interpreted one holds.
func timeArg(v Value) time.Time {
	if v.k != KindNative || v.p == nil {
		return time.Time{}
	}
	t, _ := (*nativeBox)(v.p).rv.Interface().(time.Time)
	return t
}

func (r *run) timeValue(t time.Time) Value {
	v, _ := r.fromNative(reflect.ValueOf(t), nil)
	return v
}

func init() {
	bridges["time.Now"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		return r.timeValue(r.now())
	}
	bridges["time.Since"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		return Int(int64(r.now().Sub(timeArg(args[0]))))
	}
	bridges["time.Until"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		return Int(int64(timeArg(args[0]).Sub(r.now())))
	}
	bridges["crypto/rand.Read"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		cs := args[0].slice()
		b := make([]byte, len(cs))
		r.bridges().stream.Read(b)
		for i := range cs {
			cs[i].v = Uint(uint64(b[i]))
		}
		return Tuple(Int(int64(len(b))), Value{k: KindInterface})
	}
	bridges["crypto/rand.Text"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		const base32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
		b := make([]byte, 26)
		r.bridges().stream.Read(b)
		for i := range b {
			b[i] = base32[b[i]%32]
		}
		return String(string(b))
	}
	// The user and group IDs and the process IDs are the process's: a
	// run reads them as the native test would (uuid's DCE identifiers,
	// xid's process part).
	for name, f := range map[string]func() int{"os.Getuid": os.Getuid, "os.Geteuid": os.Geteuid, "os.Getgid": os.Getgid, "os.Getegid": os.Getegid,
		"os.Getpid": os.Getpid, "os.Getppid": os.Getppid} {
		bridges[name] = func(r *run, fr *frame, in *ins, args []Value) Value { return Int(int64(f())) }
	}
	// The Go version is the one running the interpreter (and the
	// native test).
	bridges["runtime.Version"] = func(r *run, fr *frame, in *ins, args []Value) Value { return String(runtime.Version()) }
	bridges["os.Getenv"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		v, _ := r.lookupEnv(args[0].Str())
		return String(v)
	}
	bridges["os.LookupEnv"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		v, ok := r.lookupEnv(args[0].Str())
		return Tuple(String(v), Bool(ok))
	}
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
	bridges["os.ExpandEnv"] = func(r *run, fr *frame, in *ins, args []Value) Value {
		return String(os.Expand(args[0].Str(), func(k string) string { v, _ := r.lookupEnv(k); return v }))
	}
	// The top-level functions of math/rand and math/rand/v2 are the
	// methods of the run's generators.
	for _, pkg := range []struct {
		path string
		rt   reflect.Type
		gen  func(*bridgeState) reflect.Value
	}{
		{"math/rand", reflect.TypeFor[*mrand.Rand](), func(st *bridgeState) reflect.Value { return reflect.ValueOf(st.v1) }},
		{"math/rand/v2", reflect.TypeFor[*rand.Rand](), func(st *bridgeState) reflect.Value { return reflect.ValueOf(st.v2) }},
	} {
		for i := 0; i < pkg.rt.NumMethod(); i++ {
			name := pkg.path + "." + pkg.rt.Method(i).Name
			if _, ok := bridges[name]; ok {
				continue
			}
			mi, gen := i, pkg.gen
			bridges[name] = func(r *run, fr *frame, in *ins, args []Value) Value {
				return r.reflectCall(fr, in, name, gen(r.bridges()).Method(mi), calleeSig(in), args)
			}
		}
	}
}
