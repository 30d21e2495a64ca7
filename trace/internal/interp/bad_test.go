package interp

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"
)

const (
	badPkg  = "github.com/faultloc/faultloc/trace/testdata/bad"
	badFile = "../../testdata/bad/bad.go"
)

// lineOf returns the line of file containing text (which must occur once).
func lineOf(t *testing.T, file, text string) int {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	line := 0
	for i, l := range strings.Split(string(data), "\n") {
		if strings.Contains(l, text) {
			if line != 0 {
				t.Fatalf("%q occurs twice in %s", text, file)
			}
			line = i + 1
		}
	}
	if line == 0 {
		t.Fatalf("%q not in %s", text, file)
	}
	return line
}

func runBad(t *testing.T, name string, opts *RunOptions, args ...Value) (*Result, error) {
	t.Helper()
	p := load(t, "./trace/testdata/bad")
	fn := p.Func(badPkg, name)
	if fn == nil {
		t.Fatalf("no function %s", name)
	}
	return p.Run(bgContext, fn, args, opts)
}

func TestBadInputs(t *testing.T) {
	t.Run("unsupported construct", func(t *testing.T) {
		_, err := runBad(t, "Unsafe", nil, Uint(4096)) // an address the run did not give out
		var u *UnsupportedError
		if !errors.As(err, &u) {
			t.Fatalf("err = %v, want *UnsupportedError", err)
		}
		if !strings.Contains(u.Construct, "unsafe.Pointer") || u.Pos.Line != lineOf(t, badFile, "unsafe.Pointer(x)") || !strings.HasSuffix(u.Pos.Filename, "bad.go") {
			t.Errorf("UnsupportedError = %+v", u)
		}
	})
	t.Run("missing bridge", func(t *testing.T) {
		_, err := runBad(t, "Host", nil)
		var b *BridgeError
		if !errors.As(err, &b) {
			t.Fatalf("err = %v, want *BridgeError", err)
		}
		if b.Func != "os.Executable" || b.CallSite.Line != lineOf(t, badFile, "os.Executable()") {
			t.Errorf("BridgeError = %+v", b)
		}
	})
	panics := []struct {
		fn   string
		args []Value
		msg  string
		line string // the source text of the panicking line
	}{
		{"Index", []Value{Int(5)}, "runtime error: index out of range [5] with length 3", "return xs[i]"},
		{"Boom", nil, "boom", `panic("boom")`},
		{"DivZero", []Value{Int(1), Int(0)}, "runtime error: integer divide by zero", "return a / b"},
		{"NilMap", nil, "assignment to entry in nil map", `m["x"] = 1`},
		{"Deadlock", nil, "fatal error: all goroutines are asleep - deadlock!", "return <-c // deadlock"},
		{"GoPanic", nil, "assignment to entry in nil map", "m[0] = 1"},
	}
	for _, c := range panics {
		t.Run("panic "+c.fn, func(t *testing.T) {
			res, err := runBad(t, c.fn, nil, c.args...)
			if err != nil {
				t.Fatal(err)
			}
			if res.Outcome != Panicked {
				t.Fatalf("outcome %v, want panicked", res)
			}
			if line := lineOf(t, badFile, c.line); !strings.Contains(res.Panic.Message, c.msg) || res.Panic.Pos.Line != line {
				t.Errorf("panic %q at %v, want %q at line %d", res.Panic.Message, res.Panic.Pos, c.msg, line)
			}
			if strings.HasPrefix(c.msg, "fatal") {
				return
			}
			if len(res.Panic.Stack) == 0 || !strings.Contains(res.Panic.Stack[0].Func, c.fn) {
				t.Errorf("stack %v", res.Panic.Stack)
			}
		})
	}
	t.Run("recovered panic", func(t *testing.T) {
		res, err := runBad(t, "Recovered", nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Outcome != Returned || res.Returns[0].Int() != 42 {
			t.Errorf("got %v, want returned 42", res)
		}
	})
	t.Run("endless loop", func(t *testing.T) {
		res, err := runBad(t, "Forever", &RunOptions{MaxSteps: 10_000}, Int(0))
		if err != nil {
			t.Fatal(err)
		}
		if res.Outcome != BudgetExceeded || res.Steps != 10_000 {
			t.Errorf("got %v after %d steps, want budget exceeded after 10000", res, res.Steps)
		}
	})
	t.Run("endless recursion", func(t *testing.T) {
		res, err := runBad(t, "Recurse", &RunOptions{MaxDepth: 500, NoTrace: true}, Int(0))
		if err != nil {
			t.Fatal(err)
		}
		if res.Outcome != BudgetExceeded {
			t.Errorf("got %v, want budget exceeded", res)
		}
	})
	t.Run("callbacks from native code", func(t *testing.T) {
		// A String method that loops inside fmt: the budget still stops the run.
		res, err := runBad(t, "FormatForever", &RunOptions{MaxSteps: 5000, NoTrace: true})
		if err != nil || res.Outcome != BudgetExceeded {
			t.Errorf("FormatForever: %v, %v; want budget exceeded", res, err)
		}
		// A panic in sort.Slice's less function is the program's panic.
		res, err = runBad(t, "Sorted", nil)
		if err != nil || res.Outcome != Panicked || res.Panic.Message != "no order" {
			t.Errorf("Sorted: %v, %v; want panicked: no order", res, err)
		}
		// fmt reports a panicking String method in its output, as natively.
		res, err = runBad(t, "FormatPanic", nil)
		if err != nil || res.Outcome != Returned || res.Returns[0].Str() != "%!v(PANIC=String method: bad String)" {
			t.Errorf("FormatPanic: %v, %v", res, err)
		}
	})
	t.Run("os.Exit", func(t *testing.T) {
		res, err := runBad(t, "Exit", nil)
		if err != nil || res.Outcome != Exited || res.ExitCode != 3 {
			t.Errorf("got %v, %v; want exited 3", res, err)
		}
	})
	t.Run("abandoned goroutines", func(t *testing.T) {
		before := runtime.NumGoroutine()
		for i := 0; i < 5; i++ {
			res, err := runBad(t, "Abandon", nil)
			if err != nil || res.Outcome != Returned || res.Returns[0].Int() != 0 {
				t.Fatalf("Abandon = %v, %v", res, err)
			}
		}
		// Unwound goroutines may take a moment to finish returning.
		after := runtime.NumGoroutine()
		for i := 0; i < 100 && after > before; i++ {
			time.Sleep(10 * time.Millisecond)
			after = runtime.NumGoroutine()
		}
		if after > before {
			t.Errorf("%d goroutines before, %d after: interpreted goroutines leaked", before, after)
		}
	})
	t.Run("wrong arity", func(t *testing.T) {
		if _, err := runBad(t, "Index", nil); err == nil {
			t.Error("no error for a missing argument")
		}
	})
}

// TestTypeAssertBadOperand: a type assertion whose operand is not an
// interface value (which only a bug of ours could make) stops with an
// *InternalError naming the position, instead of reading other memory as
// an interface.
func TestTypeAssertBadOperand(t *testing.T) {
	p := load(t, "./trace/internal/corpus")
	c := p.code(p.Func(corpusPkg, "Interfaces"))
	var ta *ins
	for bi := range c.blocks {
		for ii := range c.blocks[bi].instrs {
			if in := &c.blocks[bi].instrs[ii]; in.op == opTypeAssert && ta == nil {
				ta = in
			}
		}
	}
	if ta == nil {
		t.Fatal("no type assertion in Interfaces")
	}
	r := &run{p: p}
	bad := Value{k: KindNative, p: ptrOf(&nativeBox{})}
	defer func() {
		ie, ok := recover().(*InternalError)
		if !ok || !strings.Contains(fmt.Sprint(ie.Value), "not an interface") || !ie.Pos.IsValid() {
			t.Errorf("recovered %v, want an *InternalError at a position", ie)
		}
	}()
	r.typeAssert(nil, ta, bad)
}
