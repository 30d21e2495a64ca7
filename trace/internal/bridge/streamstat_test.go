package bridge

import (
	"context"
	"testing"
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
	// go test's os.Stdin is the null device, named after os.Stdin's name
	fi, err := os.Stdin.Stat()
	if err != nil {
		t.Fatal(err)
	}
	if m := os.ModeDevice | os.ModeCharDevice; fi.Name() != "stdin" || fi.Mode()&m != m {
		t.Errorf("stdin: %s %v", fi.Name(), fi.Mode())
	}
}
`

// TestStdStreamStat: Stat of os.Stdout and os.Stderr in a run answers
// that of a pipe (the run's output), never a terminal, whatever the
// process's own streams are; Stat of os.Stdin that of the null device,
// named "stdin", as go test gives a test binary's (go test ./pkg).
func TestStdStreamStat(t *testing.T) {
	_, p := loadModule(t, "ss", streamStatUser)
	res, err := p.RunGoTest(context.Background(), "ss", "TestStreams", nil)
	if err != nil || res.Failed || !res.Ran {
		t.Fatalf("TestStreams: %v %+v", err, res)
	}
}
