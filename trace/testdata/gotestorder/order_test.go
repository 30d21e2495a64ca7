package order

import "testing"

func TestA(t *testing.T) {
	if n := Inc(); n != 1 {
		t.Errorf("Inc() = %d, want 1", n)
	}
	t.Run("setup", func(t *testing.T) { Label = "ready" })
	Names = append(Names, "served")
	go Serve() // left running for the tests after this one
}

// TestB needs what TestA did: Count 1, Label set, the server running.
func TestB(t *testing.T) {
	if Count != 1 || Label != "ready" {
		t.Errorf("Count = %d, Label = %q; want 1, ready (TestA runs first)", Count, Label)
		return
	}
	if n := Inc(); n != 2 {
		t.Errorf("Inc() = %d, want 2", n)
	}
	Requests <- 21
	if got := <-Replies; got != 42 {
		t.Errorf("the server replied %d, want 42", got)
	}
}

func TestC(t *testing.T) {
	t.Run("after", func(t *testing.T) {
		if Count != 2 {
			t.Errorf("Count = %d, want 2 (TestA and TestB run first)", Count)
		}
	})
}

// TestD has a subtest for each of Names, which TestA fills.
func TestD(t *testing.T) {
	for _, name := range Names {
		t.Run(name, func(t *testing.T) {
			if Count != 2 {
				t.Errorf("Count = %d, want 2", Count)
			}
		})
	}
}

// TestE's subtests share a counter: each leaf wants the leaves before it
// to have run, as go test runs them (go test -run with a leaf's name
// alone fails but for the first).
func TestE(t *testing.T) {
	calls := 0
	for i, name := range []string{"first", "second", "third"} {
		t.Run(name, func(t *testing.T) {
			t.Run("inner", func(t *testing.T) {
				calls++
				t.Log("call", calls)
				if calls != i+1 {
					t.Errorf("calls = %d, want %d (the subtests before run first)", calls, i+1)
				}
			})
		})
	}
}
