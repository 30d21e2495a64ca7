package term

import (
	"os"

	"golang.org/x/sys/unix"
)

// isTerminal is logrus's check of its output.
func isTerminal(f *os.File) bool {
	_, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
	return err == nil
}
