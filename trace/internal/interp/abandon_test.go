package interp

import (
	"bytes"
	"context"
	"errors"
	"regexp"
	"runtime"
	"testing"
	"time"

	"github.com/faultloc/faultloc/trace/internal/stdtable"
)

const abandonSrc = `package stuck

import (
	"fmt"
	"math/big"
)

// Stuck waits for a goroutine whose native call takes about half a
// second, ten times the deadline the test gives its run.
func Stuck() int {
	c := make(chan int)
	go func() {
		n := new(big.Int).Exp(big.NewInt(7), big.NewInt(1<<22), nil).BitLen()
		fmt.Println("after the native call")
		c <- n
	}()
	fmt.Println("waiting")
	return <-c
}
`

// TestAbandonNativeCall checks that a run whose context ends while a
// goroutine is in a long native call returns the context's error at once,
// writes nothing more to its Stdout, and leaves no goroutine behind once
// that call returns.
func TestAbandonNativeCall(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a native computation of about half a second")
	}
	p := loadSource(t, "stuck", abandonSrc)
	fn := p.Func("stuck", "Stuck")
	before := runtime.NumGoroutine()
	for _, opts := range []RunOptions{{}, {NoTrace: true}} {
		var out bytes.Buffer
		opts.Stdout = &out
		ctx, cancel := context.WithTimeout(bgContext, 50*time.Millisecond)
		start := time.Now()
		res, err := p.Run(ctx, fn, nil, &opts)
		took := time.Since(start)
		cancel()
		if !errors.Is(err, context.DeadlineExceeded) || res == nil || res.Trace != nil {
			t.Fatalf("NoTrace %v: Run = %v, %v; want the deadline's error and a result without trace", opts.NoTrace, res, err)
		}
		if took > 500*time.Millisecond {
			t.Errorf("NoTrace %v: Run returned after %v, long after its deadline", opts.NoTrace, took)
		}
		printed := out.String()
		// The native call ends, its goroutine with it, printing nothing.
		deadline := time.Now().Add(20 * time.Second)
		for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
		}
		if n := runtime.NumGoroutine(); n > before {
			t.Errorf("NoTrace %v: %d goroutines left, %d before", opts.NoTrace, n, before)
		}
		if printed != "waiting\n" || out.String() != printed {
			t.Errorf("NoTrace %v: printed %q by Run's return, %q after; want only %q", opts.NoTrace, printed, out.String(), "waiting\n")
		}
	}
	// Without a deadline the same run completes.
	res, err := p.Run(bgContext, fn, nil, &RunOptions{NoTrace: true})
	if err != nil || res.Outcome != Returned || res.Returns[0].Int() != 11774900 {
		t.Fatalf("Run = %v, %v; want 11774900", res, err)
	}
}

// TestRunCanceledBefore checks that a short run whose context is already
// done stops before its first step, with the context's error (it would
// finish before any periodic check of the context).
func TestRunCanceledBefore(t *testing.T) {
	p := load(t, "./trace/internal/corpus")
	ctx, cancel := context.WithCancel(bgContext)
	cancel()
	res, err := p.Run(ctx, p.Func(corpusPkg, "SumSquares"), []Value{Int(10)}, nil)
	if !errors.Is(err, context.Canceled) || res == nil || res.Trace.Len() != 0 {
		t.Fatalf("Run = %v, %v; want context.Canceled and an empty partial result", res, err)
	}
}

const abandonCallbackSrc = `package stuck

import (
	"fmt"
	"math/big"
	"strings"
)

// slow starts a goroutine whose native call takes about half a second.
func slow() chan int {
	c := make(chan int)
	go func() {
		c <- new(big.Int).Exp(big.NewInt(7), big.NewInt(1<<22), nil).BitLen()
	}()
	return c
}

// InCallback waits, inside a callback that a native function (strings.Map)
// calls, for a goroutine whose native call takes about half a second.
func InCallback() string {
	c := slow()
	return strings.Map(func(r rune) rune { return r + rune(<-c%2) }, "a")
}

type waiter chan int

// String waits for the goroutine: fmt, which calls it, recovers panics.
func (w waiter) String() string { return fmt.Sprint(<-w) }

// InStringer waits inside a String method that fmt calls.
func InStringer() string { return fmt.Sprint(waiter(slow())) }
`

// TestAbandonInCallback checks that a run abandoned at its deadline while
// the entry goroutine waits inside a callback from native code (its
// unwinding passes through the native call, which may recover panics)
// returns the context's error,
// never a panic escaping Run.
func TestAbandonInCallback(t *testing.T) {
	if testing.Short() {
		t.Skip("waits for a native computation of about half a second")
	}
	p := loadSource(t, "stuck", abandonCallbackSrc)
	for _, name := range []string{"InCallback", "InStringer"} {
		fn := p.Func("stuck", name)
		for _, opts := range []RunOptions{{}, {NoTrace: true}} {
			ctx, cancel := context.WithTimeout(bgContext, 50*time.Millisecond)
			res, err := p.Run(ctx, fn, nil, &opts)
			cancel()
			if !errors.Is(err, context.DeadlineExceeded) || res == nil || res.Trace != nil {
				t.Fatalf("%s, NoTrace %v: Run = %v, %v; want the deadline's error and a result without trace", name, opts.NoTrace, res, err)
			}
		}
	}
}

const abandonEntrySrc = `package blocked

import (
	"fmt"
	"regexp"
)

// Entry makes a native call on the entry goroutine itself, with no other
// goroutine running.
func Entry() bool {
	fmt.Println("before")
	ok := regexp.MustCompile("a+").MatchString("aa")
	fmt.Println("after")
	return ok
}
`

// TestAbandonEntryNativeCall checks that a run whose entry goroutine is
// in a native call when its context ends returns at once with the
// context's error, without waiting for the call, and that the goroutine
// left in it calls no hook and writes no output once Run has returned (a
// data race under -race otherwise), and ends when the call returns. The
// native call (regexp.MustCompile, replaced in the bridge's table) blocks
// until the test releases it.
func TestAbandonEntryNativeCall(t *testing.T) {
	entered := make(chan struct{}, 1)
	release := make(chan struct{})
	old := stdtable.Funcs["regexp.MustCompile"]
	stdtable.Funcs["regexp.MustCompile"] = func(s string) *regexp.Regexp {
		entered <- struct{}{}
		<-release
		return regexp.MustCompile(s)
	}
	defer func() { stdtable.Funcs["regexp.MustCompile"] = old }()
	p := loadSource(t, "blocked", abandonEntrySrc)
	fn := p.Func("blocked", "Entry")
	before := runtime.NumGoroutine()
	var observed int
	var out bytes.Buffer
	opts := RunOptions{Stdout: &out, Hooks: &Hooks{Observe: func(*Trace, EventID) { observed++ }}}
	ctx, cancel := context.WithTimeout(bgContext, 100*time.Millisecond)
	defer cancel()
	// Without the fix Run would wait for the call: release it at last.
	safety := time.AfterFunc(30*time.Second, func() { close(release) })
	start := time.Now()
	res, err := p.Run(ctx, fn, nil, &opts)
	took := time.Since(start)
	select {
	case <-entered:
	default:
		t.Fatalf("Run = %v, %v without making the native call", res, err)
	}
	if !errors.Is(err, context.DeadlineExceeded) || res == nil || res.Trace != nil {
		t.Fatalf("Run = %v, %v; want the deadline's error and a result without trace", res, err)
	}
	if took > 5*time.Second {
		t.Errorf("Run returned after %v, 100ms past its start, waiting for the native call", took)
	}
	seen, printed := observed, out.String()
	if safety.Stop() {
		close(release)
	}
	deadline := time.Now().Add(20 * time.Second)
	for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Errorf("%d goroutines left once the native call returned, %d before", n, before)
	}
	if observed != seen || out.String() != printed || printed != "before\n" {
		t.Errorf("observed %d events and printed %q by Run's return, %d and %q after; want no more, and only %q", seen, printed, observed, out.String(), "before\n")
	}
}

// TestRunReturnsWhole checks that a run with a context that can end, but
// does not, returns its whole result and trace, as without one.
func TestRunReturnsWhole(t *testing.T) {
	p := loadSource(t, "blocked", abandonEntrySrc)
	fn := p.Func("blocked", "Entry")
	ctx, cancel := context.WithTimeout(bgContext, time.Minute)
	defer cancel()
	for _, c := range []context.Context{bgContext, ctx} {
		var out bytes.Buffer
		res, err := p.Run(c, fn, nil, &RunOptions{Stdout: &out})
		if err != nil || res.Outcome != Returned || !res.Returns[0].Bool() || res.Trace == nil || res.Trace.Len() == 0 || out.String() != "before\nafter\n" {
			t.Fatalf("Run = %v, %v, printing %q; want true with its trace, printing before and after", res, err, out.String())
		}
	}
}
