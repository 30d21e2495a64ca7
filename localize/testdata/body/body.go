// Package body is a subject whose fault reaches the failing tests only
// through the state of objects that native code changes: the handler
// writes the wrong name into an httptest.ResponseRecorder's body (a
// native object) or into a bytes.Buffer of the test's own recorder, and
// the tests read it back with further native calls.
package body

import "net/http"

// Handler answers with the name of the method it was made for.
type Handler struct{ name string }

// New returns a Handler for method m.
func New(m string) *Handler {
	h := &Handler{}
	h.name = pick(m)
	return h
}

func pick(m string) string {
	if m == "GET" {
		return "PUT" // the fault: m belongs here
	}
	return m
}

// ServeHTTP writes the handler's name.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.WriteHeader(http.StatusOK)
	w.Write([]byte(h.name))
}
