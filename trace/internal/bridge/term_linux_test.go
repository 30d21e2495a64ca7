package bridge

import (
	"context"
	"encoding/json"
	"errors"
	"os/exec"
	"runtime"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// TestXSysTerminal runs testdata/xsys, whose golang.org/x/sys/unix
// stands in for x/sys's (its system-call entry points in assembly, the
// terminal queries over them as x/sys writes them), natively under go
// test and interpreted: a terminal query gets go test's verdict and log
// (ENOTTY: no terminal), and a system call the bridge does not make is
// a BridgeError naming it, not a verdict.
func TestXSysTerminal(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skip("testdata/xsys's system-call numbers are linux/amd64's")
	}
	const dir = "testdata/xsys"
	native := map[string]string{} // go test's action by case
	if !testing.Short() {
		cmd := exec.Command("go", "test", "-json", ".")
		cmd.Dir = dir
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go test: %v\n%s", err, out)
		}
		for _, line := range strings.Split(string(out), "\n") {
			var ev struct{ Action, Test string }
			if json.Unmarshal([]byte(line), &ev) == nil && ev.Test != "" && (ev.Action == "pass" || ev.Action == "fail") {
				native[ev.Test] = ev.Action
			}
		}
	}
	p, err := interp.Load(context.Background(), &interp.Config{Dir: dir, Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		log  string // in the interpreted log; "" if the case cannot run
		err  string // in the BridgeError of a case that cannot run
	}{
		{name: "TestNoTerminal", log: "not a terminal"},
		{name: "TestGetpid", err: "golang.org/x/sys/unix.RawSyscall: system call 39 is not made"},
		{name: "TestPendingBytes", err: "golang.org/x/sys/unix.Syscall: ioctl request 0x541b is not made"},
	} {
		if !testing.Short() && native[tc.name] != "pass" {
			t.Errorf("%s: go test says %q, want pass", tc.name, native[tc.name])
		}
		res, err := p.RunGoTest(context.Background(), "term", tc.name, nil)
		if tc.err != "" {
			var be *interp.BridgeError
			if !errors.As(err, &be) || !strings.Contains(be.Error(), tc.err) {
				t.Errorf("%s: error %v, want a BridgeError with %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if res.Failed || !strings.Contains(res.Log, tc.log) {
			t.Errorf("%s: failed %v, log:\n%s", tc.name, res.Failed, res.Log)
		}
	}
}
