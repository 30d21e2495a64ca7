package bridge

import (
	"fmt"
	"syscall"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// The system calls of golang.org/x/sys/unix, which the interpreter runs
// from source down to its assembly entry points Syscall, Syscall6,
// RawSyscall and RawSyscall6: a call would hand the kernel the
// interpreter's stand-ins for the program's addresses, so none is made.
// A terminal query (ioctl TCGETS, as unix.IoctlGetTermios makes for
// logrus's and x/term's terminal checks, or TIOCGWINSZ, a terminal's
// size) fails with ENOTTY, as on every descriptor of a test under go
// test, whose output is a pipe: the run has no terminal, as files.go's
// go-isatty and x/term stand-ins answer. Any other call is a BridgeError
// naming the system call.
func init() {
	const pkg = "golang.org/x/sys/unix."
	for _, name := range []string{"Syscall", "Syscall6", "RawSyscall", "RawSyscall6"} {
		interp.RegisterBridge(pkg+name, func(c interp.Call, args []interp.Value) interp.Value {
			if errno, ok := sysCallAnswer(args[0].Uint(), args[2].Uint()); ok {
				return interp.Tuple(interp.Uint(0), interp.Uint(0), interp.Uint(uint64(errno)))
			}
			panic(&interp.BridgeError{Func: pkg + name, CallSite: c.Pos(), Reason: sysCallReason(args[0].Uint(), args[2].Uint())})
		})
	}
}

// sysCallAnswer returns the error a system call trap with second
// argument a2 gets in an interpreted run, and whether the bridge answers
// it: a terminal query fails with ENOTTY.
func sysCallAnswer(trap, a2 uint64) (syscall.Errno, bool) {
	if trap == syscall.SYS_IOCTL && (a2 == syscall.TCGETS || a2 == syscall.TIOCGWINSZ) {
		return syscall.ENOTTY, true
	}
	return 0, false
}

// sysCallReason says why the system call trap (a2 its second argument)
// is not made.
func sysCallReason(trap, a2 uint64) string {
	what := fmt.Sprintf("system call %d", trap)
	if trap == syscall.SYS_IOCTL {
		what = fmt.Sprintf("ioctl request %#x", a2)
	}
	return what + " is not made: the kernel would be given the interpreter's stand-ins for the program's addresses, and would act outside the run's sandbox; only terminal queries (ioctl TCGETS, TIOCGWINSZ) are answered, the run having no terminal"
}
