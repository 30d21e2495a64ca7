package bridge

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// TestCallersPastTest: a test that names its stack's frames as
// pkg/errors does (runtime.FuncForPC and FileLine of each program
// counter less one) sees, past its own function, testing.tRunner in
// GOROOT's testing.go and runtime.goexit, as under go test, not unknown
// frames.
func TestCallersPastTest(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"go.mod": "module stk\n\ngo 1.26\n",
		"stk.go": "package stk\n",
		"stk_test.go": `package stk

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

func TestFrames(t *testing.T) {
	pcs := make([]uintptr, 16)
	n := runtime.Callers(1, pcs)
	var lines []string
	for _, pc := range pcs[:n] {
		fn := runtime.FuncForPC(pc - 1)
		if fn == nil {
			lines = append(lines, "unknown")
			continue
		}
		file, line := fn.FileLine(pc - 1)
		lines = append(lines, fmt.Sprintf("%s %s %v", fn.Name(), file, line > 0))
	}
	t.Log("\n" + strings.Join(lines, "\n"))
}
`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	p, err := interp.Load(context.Background(), &interp.Config{Dir: dir, Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.RunGoTest(context.Background(), "stk", "TestFrames", nil)
	if err != nil || res.Failed {
		t.Fatalf("%v %v", res, err)
	}
	for _, want := range []string{
		"stk.TestFrames " + filepath.Join(dir, "stk_test.go") + " true",
		"testing.tRunner " + filepath.Join(runtime.GOROOT(), "src", "testing", "testing.go") + " true",
		"runtime.goexit ",
	} {
		if !strings.Contains(res.Log, want) {
			t.Errorf("log lacks %q:\n%s", want, res.Log)
		}
	}
	if strings.Contains(res.Log, "unknown") {
		t.Errorf("an unknown frame:\n%s", res.Log)
	}
}
