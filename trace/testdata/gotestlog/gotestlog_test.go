package gotestlog

import (
	"bytes"
	"log"
	"os"
	"strings"
	"testing"
)

// std sets the standard logger for one test (go test runs this package's
// tests in one process; the interpreter, each alone).
func std(t *testing.T, flags int, prefix string) {
	log.SetFlags(flags)
	log.SetPrefix(prefix)
	log.SetOutput(os.Stdout)
	t.Cleanup(func() {
		log.SetFlags(log.LstdFlags)
		log.SetPrefix("")
		log.SetOutput(os.Stderr)
	})
}

func TestStdLogger(t *testing.T) {
	std(t, 0, "")
	log.Print("plain ", 1, 2)
	log.Println("line", 3)
	log.Printf("%d%%", 50)
	Warn(nil, "x=%q", "y")
	log.SetPrefix("pre: ")
	log.Print("prefixed")
	log.SetFlags(log.Lmsgprefix)
	log.Print("after the header")
	if log.Prefix() != "pre: " || log.Flags() != log.Lmsgprefix {
		t.Errorf("prefix %q flags %d", log.Prefix(), log.Flags())
	}
}

func TestShortFile(t *testing.T) {
	std(t, log.Lshortfile, "")
	log.Print("where")
	Warn(nil, "in the package")
}

func TestLoggerToBuffer(t *testing.T) {
	var buf bytes.Buffer
	l := log.New(&buf, "[L] ", log.Lshortfile|log.Lmsgprefix)
	l.Println("one")
	Warn(l, "%v", []int{1, 2})
	l.SetPrefix("")
	l.Print("no newline")
	t.Log(buf.String())
	if n := strings.Count(buf.String(), "\n"); n != 3 {
		t.Errorf("%d lines", n)
	}
	if l.Writer() != &buf {
		t.Error("Writer is not the buffer")
	}
}

func TestPanicf(t *testing.T) {
	std(t, 0, "p: ")
	defer func() {
		t.Log("recovered:", recover())
	}()
	log.Panicf("bad %d", 7)
}

func TestDefaultLogger(t *testing.T) {
	std(t, 0, "")
	var sb strings.Builder
	log.Default().SetOutput(&sb)
	log.Print("into the builder")
	if sb.String() != "into the builder\n" {
		t.Errorf("got %q", sb.String())
	}
}

func TestStdStreams(t *testing.T) {
	os.Stdout.WriteString("to stdout\n")
	os.Stdout.Write([]byte("bytes to stdout\n"))
}

func TestAtomicPointer(t *testing.T) {
	if SetLevel(2) != 0 || Level() != 2 {
		t.Fatal("first SetLevel")
	}
	if SetLevel(5) != 2 {
		t.Error("second SetLevel")
	}
	if Raise(&Config{Level: 5}, 9) {
		t.Error("CompareAndSwap succeeded with another pointer")
	}
	if Level() != 5 {
		t.Errorf("level %d, want 5", Level())
	}
}

func TestLogTrailingNewline(t *testing.T) {
	t.Log("a\nb\n")
	t.Log("c\n")
	t.Logf("d\n")
	t.Error("failing\n")
}

// helperWriter logs what it is given, a helper: t.Log names the line
// that called its Write.
type helperWriter struct{ t *testing.T }

func (w helperWriter) Write(p []byte) (int, error) {
	w.t.Helper()
	w.t.Log(string(p))
	return len(p), nil
}

// TestLogFromNative logs through a helper that a native function calls
// (bytes.Buffer's WriteTo): the line logged is that function's.
func TestLogFromNative(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("written by WriteTo")
	b.WriteTo(helperWriter{t})
}
