package noverdict

import (
	"os"
	"strings"
	"testing"
)

// named reports whether go test's -run flag names a subtest of test.
func named(test string) bool {
	for _, a := range os.Args {
		if strings.HasPrefix(a, "-test.run="+test+"/") {
			return true
		}
	}
	return false
}

// TestGated starts its subtest only when -run names none: run alone by
// its name, the subtest is not reached.
func TestGated(t *testing.T) {
	if named("TestGated") {
		return
	}
	t.Run("double", func(t *testing.T) {
		if got := Double(2); got != 4 {
			t.Errorf("Double(2) = %d, want 4", got)
		}
	})
}

// TestSuite's decode prepares every case of its table before it starts
// their subtests, unless -run names one: the preparation outlasts the
// listing's step budget, which then takes decode for a case of its own;
// run alone by its name, decode runs none of its cases and passes.
func TestSuite(t *testing.T) {
	t.Run("decode", func(t *testing.T) {
		if named("TestSuite") {
			return
		}
		n := 0
		for i := 0; i < 100_000_000; i++ {
			n += i % 3
		}
		if n == 0 {
			t.Fatal("no work prepared")
		}
		t.Run("two", func(t *testing.T) {
			if got := Double(2); got != 4 {
				t.Errorf("Double(2) = %d, want 4", got)
			}
		})
	})
}

// TestZero passes.
func TestZero(t *testing.T) {
	if got := Double(0); got != 1 {
		t.Errorf("Double(0) = %d, want 1", got)
	}
}
