// Package header is a subject whose fault reaches the failing test
// through a header map that native code owns: the handler stores the
// wrong value into an httptest.ResponseRecorder's http.Header, and the
// test reads it back from there.
package header

import (
	"net/http"
	"strconv"
)

// Handler answers with an X-Limit header.
type Handler struct{ limit []string }

// New returns a Handler whose X-Limit is n.
func New(n int) *Handler {
	h := &Handler{}
	h.limit = []string{strconv.Itoa(n + 1)} // the fault: n belongs here
	return h
}

// ServeHTTP sets the X-Limit header.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header()["X-Limit"] = h.limit
	w.WriteHeader(http.StatusNoContent)
}
