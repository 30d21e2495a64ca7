// Package unix stands for golang.org/x/sys/unix: its system-call entry
// points, declared in Go and defined in assembly, and the functions of
// its that make them, as x/sys writes them.
package unix

import (
	"syscall"
	"unsafe"
)

const (
	SYS_IOCTL  = 16
	SYS_GETPID = 39
	TCGETS     = 0x5401
	TIOCGWINSZ = 0x5413
	FIONREAD   = 0x541b
)

type Termios struct {
	Iflag, Oflag, Cflag, Lflag uint32
	Line                       uint8
	Cc                         [19]uint8
	Ispeed, Ospeed             uint32
}

type Winsize struct{ Row, Col, Xpixel, Ypixel uint16 }

func Syscall(trap, a1, a2, a3 uintptr) (r1, r2 uintptr, err syscall.Errno)
func RawSyscall(trap, a1, a2, a3 uintptr) (r1, r2 uintptr, err syscall.Errno)

func ioctlPtr(fd int, req uint, arg unsafe.Pointer) error {
	_, _, e1 := Syscall(SYS_IOCTL, uintptr(fd), uintptr(req), uintptr(arg))
	if e1 != 0 {
		return e1
	}
	return nil
}

func IoctlGetTermios(fd int, req uint) (*Termios, error) {
	var value Termios
	err := ioctlPtr(fd, req, unsafe.Pointer(&value))
	return &value, err
}

func IoctlGetWinsize(fd int, req uint) (*Winsize, error) {
	var value Winsize
	err := ioctlPtr(fd, req, unsafe.Pointer(&value))
	return &value, err
}

func IoctlGetInt(fd int, req uint) (int, error) {
	var value int
	err := ioctlPtr(fd, req, unsafe.Pointer(&value))
	return value, err
}

func Getpid() int {
	r0, _ := rawSyscallNoError(SYS_GETPID)
	return int(r0)
}

func rawSyscallNoError(trap uintptr) (uintptr, uintptr) {
	r1, r2, _ := RawSyscall(trap, 0, 0, 0)
	return r1, r2
}
