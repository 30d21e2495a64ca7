package corpus

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"strings"
)

// callerWriter records, at each Write, its callers as the runtime names
// them: the native function of the standard library that calls it, then
// that function's caller.
type callerWriter struct{ seen []string }

func (w *callerWriter) Write(p []byte) (int, error) {
	for skip := 1; skip <= 2; skip++ {
		pc, file, line, ok := runtime.Caller(skip)
		w.seen = append(w.seen, fmt.Sprintf("caller %d: %s %s:%d %v", skip, runtime.FuncForPC(pc).Name(), filepath.Base(file), line, ok))
	}
	pcs := make([]uintptr, 8)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	f, _ := frames.Next()
	w.seen = append(w.seen, fmt.Sprintf("frame: %s %s:%d", f.Function, filepath.Base(f.File), f.Line))
	return len(p), nil
}

// NativeCallers gives the program's io.Writer to native functions that
// call its Write (bytes.Buffer's and strings.Reader's WriteTo): the
// Write's callers are those functions, then this one, as natively.
func NativeCallers() string {
	w := &callerWriter{}
	var b bytes.Buffer
	b.WriteString("buffer")
	b.WriteTo(w)
	strings.NewReader("reader").WriteTo(w)
	return strings.Join(w.seen, "\n")
}

var _ io.Writer = (*callerWriter)(nil)
