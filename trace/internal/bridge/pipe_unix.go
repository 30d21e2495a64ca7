//go:build unix

package bridge

import (
	"errors"
	"io"
	"os"
	"syscall"
)

// tryRead reads from f, a pipe end, without waiting: again is true if
// nothing was there to read.
func tryRead(f *os.File, b []byte) (n int, err error, again bool) {
	if len(b) == 0 {
		return 0, nil, false
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return 0, err, false
	}
	var rerr error
	if err := rc.Read(func(fd uintptr) bool {
		n, rerr = syscall.Read(int(fd), b)
		return true
	}); err != nil {
		return 0, err, false
	}
	switch {
	case errors.Is(rerr, syscall.EAGAIN):
		return 0, nil, true
	case rerr != nil:
		return 0, &os.PathError{Op: "read", Path: f.Name(), Err: rerr}, false
	case n == 0:
		return 0, io.EOF, false
	}
	return n, nil, false
}

// tryWrite writes to f, a pipe end, what fits without waiting: again is
// true if nothing fit.
func tryWrite(f *os.File, b []byte) (n int, err error, again bool) {
	rc, err := f.SyscallConn()
	if err != nil {
		return 0, err, false
	}
	var werr error
	if err := rc.Write(func(fd uintptr) bool {
		n, werr = syscall.Write(int(fd), b)
		return true
	}); err != nil {
		return 0, err, false
	}
	switch {
	case errors.Is(werr, syscall.EAGAIN):
		return 0, nil, true
	case werr != nil:
		return 0, &os.PathError{Op: "write", Path: f.Name(), Err: werr}, false
	}
	return max(n, 0), nil, false
}
