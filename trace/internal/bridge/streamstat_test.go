package bridge

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// streamStatUser asks Stat of the standard streams, as go-chi's
// middleware does in its init to decide whether to print in color.
const streamStatUser = `package ss

import (
	"os"
	"testing"
)

func TestStreams(t *testing.T) {
	for _, c := range []struct {
		f    *os.File
		name string
	}{{os.Stdout, "stdout"}, {os.Stderr, "stderr"}} {
		fi, err := c.f.Stat()
		if err != nil {
			t.Fatal(err)
		}
		m := os.ModeDevice | os.ModeCharDevice
		if fi.Name() != c.name || fi.Mode()&m != 0 || fi.Mode()&os.ModeNamedPipe == 0 || fi.IsDir() || fi.Mode().IsRegular() {
			t.Errorf("%s: %s %v", c.name, fi.Name(), fi.Mode())
		}
	}
}
`

// TestStdStreamStat: Stat of os.Stdout and os.Stderr in a run answers
// that of a pipe (the run's output), never a terminal, whatever the
// process's own streams are.
func TestStdStreamStat(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{"go.mod": "module ss\n\ngo 1.26\n", "ss.go": "package ss\n", "ss_test.go": streamStatUser} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	p, err := interp.Load(context.Background(), &interp.Config{Dir: dir, Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.RunGoTest(context.Background(), "ss", "TestStreams", nil)
	if err != nil || res.Failed || !res.Ran {
		t.Fatalf("TestStreams: %v %+v", err, res)
	}
}
