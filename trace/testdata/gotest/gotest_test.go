package gotest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sort"
	"sync"
	"testing"
)

func TestPass(t *testing.T) {
	t.Log("hello", 1, 2)
	t.Logf("abs(%d) = %d", -3, Abs(-3))
}

func TestFatal(t *testing.T) {
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("recovered %v: a Goexit is not a panic", r)
		}
		t.Log("deferred call ran")
	}()
	t.Fatalf("stop at %d", 1)
	t.Error("not reached")
}

func TestSkip(t *testing.T) {
	t.Skip("not now")
	t.Error("not reached")
}

func TestSkipAfterError(t *testing.T) {
	t.Error("first")
	t.SkipNow()
}

func checkAbs(t *testing.T, x, want int) {
	t.Helper()
	if got := Abs(x); got != want {
		t.Errorf("Abs(%d) = %d, want %d", x, got, want)
	}
}

func TestHelper(t *testing.T) {
	checkAbs(t, -2, 2)
	checkAbs(t, 2, -2)
}

func report(tb testing.TB, msg string) {
	tb.Errorf("via TB: %s", msg)
}

func TestTB(t *testing.T) {
	report(t, "multi\nline")
}

func TestSubtests(t *testing.T) {
	for _, name := range []string{"a b", "dup", "dup", ""} {
		t.Run(name, func(t *testing.T) {
			t.Log("in", t.Name())
		})
	}
	t.Run("outer", func(t *testing.T) {
		t.Run("inner", func(t *testing.T) {
			if Abs(-1) != 2 {
				t.Error("inner fails")
			}
		})
		t.Run("sibling", func(t *testing.T) {})
	})
	t.Log("after subtests")
}

func TestFailNow(t *testing.T) {
	ok := t.Run("now", func(t *testing.T) {
		t.FailNow()
	})
	if ok {
		t.Error("t.Run returned true for a failed subtest")
	}
	if !t.Failed() {
		t.Error("parent not failed")
	}
}

func TestCleanup(t *testing.T) {
	t.Run("sub", func(t *testing.T) {
		t.Cleanup(func() { t.Log("cleanup 1") })
		t.Cleanup(func() { t.Log("cleanup 2") })
		t.Log("body")
	})
	t.Run("fails", func(t *testing.T) {
		t.Cleanup(func() { t.Error("cleanup fails") })
	})
}

func TestName(t *testing.T) {
	if t.Name() != "TestName" {
		t.Errorf("Name() = %q", t.Name())
	}
	t.Run("x", func(t *testing.T) {
		if t.Name() != "TestName/x" {
			t.Errorf("Name() = %q", t.Name())
		}
	})
}

func TestTable(t *testing.T) {
	tests := []struct {
		in, want int
	}{{1, 1}, {-1, 1}, {-5, 4}, {0, 0}}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.in), func(t *testing.T) {
			if got := Abs(tt.in); got != tt.want {
				t.Fatalf("Abs(%d) = %d, want %d", tt.in, got, tt.want)
			}
		})
	}
}

func TestTopCleanup(t *testing.T) {
	t.Cleanup(func() { t.Log("top cleanup") })
	t.Fatal("fatal at top")
}

func TestGoroutine(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t.Error("from goroutine")
	}()
	wg.Wait()
	t.Log("after wait")
}

type celsius float64

func (c celsius) String() string { return fmt.Sprintf("%.1f°C", float64(c)) }

type tooCold struct{ c celsius }

func (e *tooCold) Error() string { return "too cold: " + e.c.String() }

func namedSub(t *testing.T) {
	t.Logf("%v and %s", celsius(21.5), error(&tooCold{-3}))
}

// TestStringerFailure fails with a message whose argument's String
// method is interpreted: its events come after the call of Errorf.
func TestStringerFailure(t *testing.T) {
	t.Errorf("%v is too cold", celsius(-3))
}

func TestCallbacks(t *testing.T) {
	t.Run("named", namedSub)
	xs := []celsius{3, -1, 2}
	sort.Slice(xs, func(i, j int) bool { return xs[i] < xs[j] })
	if fmt.Sprint(xs) != "[-1.0°C 2.0°C 3.0°C]" {
		t.Errorf("sorted: %v", xs)
	}
	if testing.Short() || !testing.Testing() {
		t.Error("testing.Short or testing.Testing")
	}
}

func TestSetenv(t *testing.T) {
	t.Run("set", func(t *testing.T) {
		t.Setenv("FAULTLOC_GOTEST", "on")
		if os.Getenv("FAULTLOC_GOTEST") != "on" {
			t.Error("not set")
		}
	})
	if v, ok := os.LookupEnv("FAULTLOC_GOTEST"); ok {
		t.Errorf("not restored: %q", v)
	}
	allocs := testing.AllocsPerRun(10, func() { _ = make([]int, 10) })
	t.Log("allocs", allocs < 100)
}

func FuzzAbs(f *testing.F) {
	f.Add(3, "x")
	f.Add(-4, "y")
	f.Fuzz(func(t *testing.T, n int, s string) {
		if Abs(n) < 0 && n != -n {
			t.Errorf("Abs(%d) < 0", n)
		}
		if s == "bad" {
			t.Errorf("bad input %d", n)
		}
	})
}

func TestParallel(t *testing.T) {
	for _, name := range []string{"a", "b"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			t.Log("in", name)
		})
	}
}

func TestContext(t *testing.T) {
	ctx := t.Context()
	if ctx.Err() != nil {
		t.Errorf("context of a running test: %v", ctx.Err())
	}
}

// TestContextCleanup: t.Context is done once the test's function has
// returned, before its cleanups run; a goroutine waiting on it then
// returns.
func TestContextCleanup(t *testing.T) {
	ctx := t.Context()
	stopped := make(chan error)
	go func() {
		<-ctx.Done()
		stopped <- ctx.Err()
	}()
	t.Cleanup(func() {
		if err := <-stopped; !errors.Is(err, context.Canceled) {
			t.Errorf("at cleanup: %v", err)
		}
		t.Log("cleanup: the goroutine saw", ctx.Err())
	})
	select {
	case <-ctx.Done():
		t.Error("done while the test runs")
	default:
		t.Log("running: not done")
	}
}

// TestReadFile reads a file of testdata, relative to the package's
// directory as go test runs it, and one that is missing.
func TestReadFile(t *testing.T) {
	b, err := os.ReadFile("testdata/hello.txt")
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("read %q", b)
	_, err = os.ReadFile("testdata/missing.txt")
	t.Log("missing:", err, errors.Is(err, os.ErrNotExist))
}

func TestFatalInGoroutine(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t.Fatal("from goroutine")
	}()
	wg.Wait()
	t.Log("after wait")
}

// TestStdout prints to standard output, in the test and in a subtest: go
// test -json shows it in the output of the test printing.
func TestStdout(t *testing.T) {
	fmt.Println("printed by the test")
	t.Run("sub", func(t *testing.T) {
		fmt.Print("printed by the subtest\n")
	})
	t.Log("logged after")
}
