package body

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestNativeRecorder(t *testing.T) {
	rec := httptest.NewRecorder()
	New("GET").ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if got := rec.Body.String(); got != "GET" {
		t.Errorf("body %q, want GET", got)
	}
}

// recorder is a test's own http.ResponseWriter over a bytes.Buffer.
type recorder struct {
	header http.Header
	body   *bytes.Buffer
}

func (r *recorder) Header() http.Header         { return r.header }
func (r *recorder) Write(b []byte) (int, error) { return r.body.Write(b) }
func (r *recorder) WriteHeader(int)             {}

func TestOwnRecorder(t *testing.T) {
	rec := &recorder{header: http.Header{}, body: new(bytes.Buffer)}
	New("GET").ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	if got := rec.body.String(); got != "GET" {
		t.Errorf("body %q, want GET", got)
	}
}
