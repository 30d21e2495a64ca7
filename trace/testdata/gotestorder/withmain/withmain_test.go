package withmain

import (
	"os"
	"testing"
)

func TestMain(m *testing.M) {
	N = 10
	os.Exit(m.Run())
}

func TestA(t *testing.T) { N++ }

func TestB(t *testing.T) {
	if N != 11 {
		t.Errorf("N = %d, want 11 (TestMain, then TestA)", N)
	}
}
