package corpus

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
)

// ResponseController: the program's ResponseWriter wrappers given to
// native code that asks for their optional interfaces, as chi's wrapped
// writers meet http.ResponseController: a wrapper with Flush is an
// http.Flusher, one with only Unwrap is unwrapped to what it wraps, one
// with neither is not supported.

type rcFlushing struct {
	http.ResponseWriter
	flushes int
}

func (w *rcFlushing) Flush() {
	w.flushes++
	w.ResponseWriter.(http.Flusher).Flush()
}

type rcUnwrapping struct{ http.ResponseWriter }

func (w rcUnwrapping) Unwrap() http.ResponseWriter { return w.ResponseWriter }

type rcPlain struct{ w http.ResponseWriter }

func (p rcPlain) Header() http.Header         { return p.w.Header() }
func (p rcPlain) Write(b []byte) (int, error) { return p.w.Write(b) }
func (p rcPlain) WriteHeader(code int)        { p.w.WriteHeader(code) }

func ResponseController() string {
	var sb strings.Builder
	rec := httptest.NewRecorder()
	fw := &rcFlushing{ResponseWriter: rec}
	fmt.Fprint(fw, "body")
	err := http.NewResponseController(fw).Flush()
	fmt.Fprintln(&sb, "flushing:", err, fw.flushes, rec.Flushed, rec.Body.String())

	rec = httptest.NewRecorder()
	uw := rcUnwrapping{&rcFlushing{ResponseWriter: rec}}
	err = http.NewResponseController(uw).Flush()
	fmt.Fprintln(&sb, "unwrapping:", err, uw.ResponseWriter.(*rcFlushing).flushes, rec.Flushed)

	rec = httptest.NewRecorder()
	err = http.NewResponseController(rcPlain{rec}).Flush()
	fmt.Fprintln(&sb, "plain:", err, rec.Flushed)

	// A native helper writing through the wrapper, then flushing it.
	rec = httptest.NewRecorder()
	fw = &rcFlushing{ResponseWriter: rec}
	http.Error(fw, "nope", http.StatusTeapot)
	fmt.Fprintln(&sb, "error:", rec.Code, strings.TrimSpace(rec.Body.String()), http.NewResponseController(fw).Flush(), fw.flushes)
	return sb.String()
}
