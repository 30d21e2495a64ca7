//go:build !unix

package bridge

import "os"

// tryRead reads from f, a pipe end; without non-blocking reads it waits.
func tryRead(f *os.File, b []byte) (int, error, bool) {
	n, err := f.Read(b)
	return n, err, false
}

// tryWrite writes to f, a pipe end; without non-blocking writes it waits.
func tryWrite(f *os.File, b []byte) (int, error, bool) {
	n, err := f.Write(b)
	return n, err, false
}
