package order

import "testing"

func TestSetup(t *testing.T) { Ready = true }

func TestAfterSetup(t *testing.T) {
	if !Ready {
		t.Fatal("run alone: TestSetup did not run first")
	}
}

// TestSlow does not end (go test here never runs it: it is not run, only
// loaded, by the test that uses this package).
func TestSlow(t *testing.T) {
	for i := 0; i >= 0; i++ {
		i %= 1000
	}
}

func TestFails(t *testing.T) { t.Fatal("fails") }
