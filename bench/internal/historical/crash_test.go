package historical

import (
	"testing"

	"github.com/faultloc/faultloc/localize"
)

// TestCrashOf reads faultloc's output for panics of its own: a runtime
// crash on stderr, a stage's panic recovered by localize.Guard in the
// JSON, and none in an interpreted program's panic reported as its
// failure.
func TestCrashOf(t *testing.T) {
	stage := (&localize.StagePanicError{Stage: "forcing probe", Value: "index out of range [-1]"}).Error()
	for _, c := range []struct {
		name, stdout, stderr, want string
	}{
		{"clean", `[{"name":"TestX","partial":false}]`, "faultloc: 1 case\n", ""},
		{"runtime crash", "", "panic: runtime error: index out of range [-1]\n\ngoroutine 1 [running]:\nmain.main()\n", "faultloc crashed: panic: runtime error: index out of range [-1]"},
		{"signal in cgo", "", "SIGSEGV: segmentation violation\nPC=0x7fee3861a960 m=9 sigcode=1 addr=0x0\nsignal arrived during cgo execution\n\ngoroutine 1 gp=0x576b42881e0 m=9 [syscall]:\n", "faultloc crashed: SIGSEGV: segmentation violation"},
		{"fatal error", "", "fatal error: concurrent map writes\n\ngoroutine 7 [running]:\n", "faultloc crashed: fatal error: concurrent map writes"},
		{"stage panic in JSON", `[{"name":"TestX","reason":"search ended; ` + stage + `"}]`, "", "a stage panicked: " + stage},
		{"the program's panic", `[{"name":"TestX","failure":{"message":"panic: runtime error: integer divide by zero"}}]`, "", ""},
		{"a panic line without a stack", "", "panic: the test's own output\n", ""},
	} {
		if got := CrashOf(c.stdout, c.stderr); got != c.want {
			t.Errorf("%s: CrashOf = %q, want %q", c.name, got, c.want)
		}
	}
}
