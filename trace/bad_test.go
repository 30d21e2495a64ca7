package trace

import (
	"errors"
	"strings"
	"testing"
)

const badPkg = "github.com/faultloc/faultloc/trace/testdata/bad"

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
		_, err := runBad(t, "Spawn", nil)
		var u *UnsupportedError
		if !errors.As(err, &u) {
			t.Fatalf("err = %v, want *UnsupportedError", err)
		}
		if !strings.Contains(u.Construct, "chan") && !strings.Contains(u.Construct, "go") || u.Pos.Line == 0 || !strings.HasSuffix(u.Pos.Filename, "bad.go") {
			t.Errorf("UnsupportedError = %+v", u)
		}
	})
	t.Run("missing bridge", func(t *testing.T) {
		_, err := runBad(t, "Env", nil)
		var b *BridgeError
		if !errors.As(err, &b) {
			t.Fatalf("err = %v, want *BridgeError", err)
		}
		if b.Func != "os.Getenv" || b.CallSite.Line != 15 {
			t.Errorf("BridgeError = %+v", b)
		}
	})
	panics := []struct {
		fn   string
		args []Value
		msg  string
		line int
	}{
		{"Index", []Value{Int(5)}, "runtime error: index out of range [5] with length 3", 21},
		{"Boom", nil, "boom", 26},
		{"DivZero", []Value{Int(1), Int(0)}, "runtime error: integer divide by zero", 43},
		{"NilMap", nil, "assignment to entry in nil map", 49},
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
			if !strings.Contains(res.Panic.Message, c.msg) || res.Panic.Pos.Line != c.line {
				t.Errorf("panic %q at %v, want %q at line %d", res.Panic.Message, res.Panic.Pos, c.msg, c.line)
			}
			if len(res.Panic.Stack) == 0 || !strings.HasSuffix(res.Panic.Stack[0].Func, c.fn) {
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
	t.Run("wrong arity", func(t *testing.T) {
		if _, err := runBad(t, "Index", nil); err == nil {
			t.Error("no error for a missing argument")
		}
	})
}
