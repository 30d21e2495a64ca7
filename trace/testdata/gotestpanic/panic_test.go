// Package gotestpanic has a test whose subtest panics: go test stops the
// whole test binary there, so later subtests and tests never run.
package gotestpanic

import "testing"

func TestPanic(t *testing.T) {
	t.Run("ok", func(t *testing.T) {})
	t.Run("boom", func(t *testing.T) {
		var m map[string]int
		m["x"] = 1
	})
	t.Run("never", func(t *testing.T) {})
}

func TestAfter(t *testing.T) {}

// TestPanicLate panics after its subtest passed: the subtest passes.
func TestPanicLate(t *testing.T) {
	t.Run("ok", func(t *testing.T) {})
	panic("late")
}

// TestDeadlock blocks forever (go test would wait for its timeout).
func TestDeadlock(t *testing.T) {
	ch := make(chan int)
	go func() { ch <- 1 }()
	<-ch
	<-ch
}

// TestForever never ends.
func TestForever(t *testing.T) {
	for i := 0; ; i++ {
		if i < 0 {
			t.Error("wrapped")
		}
	}
}
