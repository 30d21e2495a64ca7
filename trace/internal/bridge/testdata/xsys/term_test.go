package term

import (
	"errors"
	"os"
	"syscall"
	"testing"

	"golang.org/x/sys/unix"
)

func TestNoTerminal(t *testing.T) {
	for _, f := range []*os.File{os.Stdout, os.Stderr} {
		if isTerminal(f) {
			t.Errorf("%s is a terminal", f.Name())
		}
		if _, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS); !errors.Is(err, syscall.ENOTTY) {
			t.Errorf("%s: TCGETS: %v, want ENOTTY", f.Name(), err)
		}
		if _, err := unix.IoctlGetWinsize(int(f.Fd()), unix.TIOCGWINSZ); !errors.Is(err, syscall.ENOTTY) {
			t.Errorf("%s: TIOCGWINSZ: %v, want ENOTTY", f.Name(), err)
		}
	}
	t.Log("not a terminal")
}

func TestGetpid(t *testing.T) {
	if unix.Getpid() != os.Getpid() {
		t.Error("another process")
	}
}

func TestPendingBytes(t *testing.T) {
	if _, err := unix.IoctlGetInt(int(os.Stdout.Fd()), unix.FIONREAD); err != nil {
		t.Log(err)
	}
}
