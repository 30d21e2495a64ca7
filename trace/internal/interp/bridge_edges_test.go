package interp

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// TestBridgeEdges checks what happens at the edges of the bridge: an
// unbridged standard function is a *BridgeError naming it, its call site and
// why; a field of a type that lives natively is read through reflection,
// and its address kept in a variable is an *UnsupportedError; values
// that live natively can be copied and assigned through native pointers;
// package variables keep their identity; interpreted writers and readers
// serve native code; the clock (whose sleepers wake in order of their
// times), randomness and the environment are the run's own; fmt.Sscanf
// scans into interpreted variables.
func TestBridgeEdges(t *testing.T) {
	const src = `package edge

import (
	"bufio"
	"bytes"
	"cmp"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	fmtpkg "fmt"
	"io"
	"maps"
	"math/big"
	mrand "math/rand"
	"os"
	"os/exec"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unique"
)

func Timer() string { return strconv.FormatBool(time.NewTimer(time.Second).Stop()) }

func Wd() string { h, _ := os.Executable(); return h }

func Groups() int { g, _ := os.Getgroups(); return len(g) }

func Exec() string { out, _ := exec.Command("true").Output(); return string(out) }

type Celsius float64

func (c Celsius) MarshalJSON() ([]byte, error) { return []byte("1"), nil }

func JSONMarshaler() string { b, _ := json.Marshal([]Celsius{1}); return string(b) }

type Kelvin float64

func (k *Kelvin) MarshalJSON() ([]byte, error) { return []byte("1"), nil }

func JSONPtrMarshaler() string { b, _ := json.Marshal([]Kelvin{1}); return string(b) }

type Node struct{ Next *Node }

func JSONRecursive() string { b, _ := json.Marshal(&Node{}); return string(b) }

func Field() string { return strconv.Itoa(len(unicode.Latin.R16)) }

func FieldAddr() int { p := &unicode.Latin.LatinOffset; return *p }

func Deref() string { e := *base64.StdEncoding; return e.WithPadding('*').EncodeToString([]byte("ab")) }

func Store() string {
	b := bytes.NewBufferString("x")
	*b = bytes.Buffer{}
	b.WriteString("y")
	return b.String()
}

func Var() string { var b bytes.Buffer; b.WriteString("z"); c := b; c.WriteString("w"); return b.String() + c.String() }

func EOF() string {
	if _, err := strings.NewReader("").ReadByte(); err == io.EOF {
		return "eof"
	}
	return "other"
}

type W struct{ n int }

func (w *W) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }

func Writer() string {
	w := &W{}
	b := bufio.NewWriter(w)
	b.WriteString("abc")
	b.Flush()
	return strconv.Itoa(w.n)
}

type R struct{ s string }

func (r *R) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	n := copy(p, r.s)
	r.s = r.s[n:]
	return n, nil
}

func Reader() string { b, err := io.ReadAll(&R{"héllo"}); return string(b) + fmt(err) }

// DeepNative compares values living natively (big.Int) as
// reflect.DeepEqual does: by content, not identity.
func DeepNative() string {
	a, b, c := big.NewInt(5), big.NewInt(5), big.NewInt(6)
	type pair struct{ x, y big.Int }
	return fmtpkg.Sprint(reflect.DeepEqual(a, b), reflect.DeepEqual(a, c), reflect.DeepEqual(pair{*a, *c}, pair{*b, *c}), reflect.DeepEqual(pair{*a, *c}, pair{*c, *a}))
}

// Stack fills a buffer with the interpreted stack (runtime.Stack).
func Stack() string {
	buf := make([]byte, 4096)
	n := runtime.Stack(buf, false)
	short := make([]byte, 9)
	return fmtpkg.Sprint(strings.HasPrefix(string(buf[:n]), "goroutine 1 [running]:\nedge.Stack(...)\n"), " ", runtime.Stack(short, false), string(short))
}

// SleepOrder: sleepers wake in the order of their times on the run's
// clock, the main goroutine's among them, whatever the load.
func SleepOrder() string {
	var mu sync.Mutex
	var order []string
	note := func(s string) { mu.Lock(); order = append(order, s); mu.Unlock() }
	for _, ms := range []int{3, 1, 100, 2} {
		go func() { time.Sleep(time.Duration(ms) * time.Millisecond); note(strconv.Itoa(ms)) }()
	}
	time.Sleep(50 * time.Millisecond)
	note("main")
	time.Sleep(100 * time.Millisecond)
	mu.Lock()
	defer mu.Unlock()
	return strings.Join(order, " ")
}

func Clock() string {
	t0 := time.Now()
	time.Sleep(time.Second)
	return time.Since(t0).Round(time.Millisecond).String() + " " + t0.UTC().Format(time.RFC3339) + " " + strconv.FormatBool(t0.Location() == time.Local)
}

func Random() string {
	b := make([]byte, 4)
	io.ReadFull(rand.Reader, b)
	c := make([]byte, 4)
	rand.Read(c)
	return hex.EncodeToString(b) + hex.EncodeToString(c) + strconv.Itoa(mrand.Intn(1000))
}

func Env() string {
	os.Setenv("FAULTLOC_BRIDGE_TEST", "v1")
	os.Setenv("FAULTLOC_BRIDGE_LEAK", "run's own")
	a := os.Getenv("FAULTLOC_BRIDGE_TEST")
	os.Unsetenv("FAULTLOC_BRIDGE_TEST")
	_, ok := os.LookupEnv("FAULTLOC_BRIDGE_TEST")
	return a + strconv.FormatBool(ok) + os.ExpandEnv("${FAULTLOC_BRIDGE_TEST}.") + os.Expand("$A-${B}", func(k string) string { return strings.ToLower(k) + "!" })
}

func Scan() string {
	var f float64
	var s string
	var n int
	k, err := fmtpkg.Sscanf("2.5kB 7", "%f%s %d", &f, &s, &n)
	return strconv.FormatFloat(f, 'g', -1, 64) + s + strconv.Itoa(n) + strconv.Itoa(k) + fmt(err)
}

func Generic() string {
	m := map[string]int{"b": 2, "a": 1}
	keys := slices.Sorted(maps.Keys(m))
	i := slices.IndexFunc([]int{3, 1, 4}, func(x int) bool { return x == 4 })
	return strings.Join(keys, ",") + strconv.Itoa(i) + strconv.Itoa(cmp.Compare(2, 1))
}

func GenericOther() string { return unique.Make("x").Value() }

// AsType is errors.AsType (generic, bridged by hand).
func AsType() string { _, ok := errors.AsType[*os.PathError](io.EOF); return strconv.FormatBool(ok) }

func Dur() string {
	return fmtpkg.Sprint(90*time.Second, " ", time.March, " ") + time.Date(2024, 2, 29, 0, 0, 0, 0, time.UTC).Weekday().String()
}

func fmt(err error) string {
	if err != nil {
		return err.Error()
	}
	return ""
}
`
	p := loadSource(t, "edge", src)
	for _, tc := range []struct {
		fn     string
		want   string // the result, or the error's text
		bridge string // if set, the *BridgeError's function
		line   int    // and its call site
	}{
		{fn: "Timer", want: "true"}, // bridged by hand (timers.go)
		{fn: "Generic", want: "a,b21"},
		{fn: "AsType", want: "false"},
		{fn: "GenericOther", bridge: "unique.Make", line: srcLine(src, "func GenericOther"), want: "generic function of a standard package, which has no native counterpart to call"},
		{fn: "Wd", bridge: "os.Executable", line: srcLine(src, "func Wd"), want: "an interpreted run has no test binary, so this cannot be supported"},
		{fn: "Groups", bridge: "os.Getgroups", line: srcLine(src, "func Groups"), want: "not in the bridge's table"},
		{fn: "Exec", bridge: "os/exec.Command", line: srcLine(src, "func Exec"), want: "child processes are not run"},
		{fn: "JSONMarshaler", want: "[1]"},
		{fn: "JSONPtrMarshaler", want: "[1]"}, // json takes a slice element's address
		{fn: "JSONRecursive", want: `{"Next":null}`},
		{fn: "Clock", want: "1s 2026-05-13T09:41:27Z true"},
		{fn: "SleepOrder", want: "1 2 3 main 100"},
		{fn: "Env", want: "v1false.a!-b!"}, // os.Expand calls the interpreted mapping
		{fn: "Scan", want: "2.5kB73"},
		{fn: "Dur", want: "1m30s March Thursday"},
		{fn: "Field", want: strconv.Itoa(len(unicode.Latin.R16))},
		{fn: "FieldAddr", want: "unsupported construct: address of a field of unicode.RangeTable, whose values live natively, stored in a variable"},
		{fn: "Deref", want: "YWI*"},
		{fn: "Store", want: "y"},
		{fn: "Var", want: "zzw"},
		{fn: "EOF", want: "eof"},
		{fn: "Writer", want: "3"},
		{fn: "Reader", want: "héllo"},
		{fn: "DeepNative", want: "true false true false"},
		{fn: "Stack", want: "true 9goroutine"},
	} {
		t.Run(tc.fn, func(t *testing.T) {
			res, err := p.Run(bgContext, p.Func("edge", tc.fn), nil, nil)
			var be *BridgeError
			switch {
			case tc.bridge != "":
				if !errors.As(err, &be) || be.Func != tc.bridge || be.CallSite.Line != tc.line || !strings.Contains(be.Reason, tc.want) {
					t.Fatalf("got %v, want a *BridgeError for %s at line %d: %s", err, tc.bridge, tc.line, tc.want)
				}
			case err != nil:
				if !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("got %v, want %q", err, tc.want)
				}
			case res.Outcome != Returned || res.Returns[0].Str() != tc.want:
				t.Fatalf("got %v %v, want %q", res.Outcome, res.Returns, tc.want)
			}
		})
	}
	if v, ok := os.LookupEnv("FAULTLOC_BRIDGE_LEAK"); ok {
		t.Errorf("an interpreted os.Setenv changed the process's environment: %q", v)
	}
	// Randomness is the run's seed's.
	random := func(seed int64) string {
		res, err := p.Run(bgContext, p.Func("edge", "Random"), nil, &RunOptions{Seed: seed})
		if err != nil || res.Outcome != Returned {
			t.Fatalf("Random: %v %v", err, res.Outcome)
		}
		return res.Returns[0].Str()
	}
	if a, b, c := random(1), random(1), random(2); a != b || a == c || len(a) < 17 {
		t.Errorf("Random with seeds 1, 1, 2: %q %q %q; want the first two equal, the third different", a, b, c)
	}
}

// srcLine returns the line of src that starts with prefix.
func srcLine(src, prefix string) int {
	for i, l := range strings.Split(src, "\n") {
		if strings.HasPrefix(l, prefix) {
			return i + 1
		}
	}
	return 0
}

// TestBodilessFunc checks the error of a call to a function loaded from
// source without a body (its body is in an assembly file).
func TestBodilessFunc(t *testing.T) {
	p := loadFiles(t, map[string]string{
		"go.mod": "module asm\n\ngo 1.26\n",
		"asm.go": "package asm\n\nfunc sum(a, b int) int\n\nfunc Asm() int { return sum(1, 2) }\n",
		"asm.s":  "// sum would be here.\n",
	})
	_, err := p.Run(bgContext, p.Func("asm", "Asm"), nil, nil)
	var be *BridgeError
	if !errors.As(err, &be) || be.Func != "asm.sum" || be.CallSite.Line != 5 || !strings.Contains(be.Reason, "declared without a body (implemented in assembly or by go:linkname)") {
		t.Fatalf("got %v, want a *BridgeError for asm.sum at line 5 saying it has no body", err)
	}
}
