// Package mismatch is a subject of the repair tests, after gorilla/mux's
// subrouter bug: a route that matches the request's method clears an
// earlier route's method mismatch and takes over with its handler, but
// a route without a handler (a placeholder) clears it too, so the
// request gets 404 where 405 is due. The fix strengthens the condition
// with a conjunct (`&& r.Handler != nil`).
package mismatch

import "errors"

// ErrMethodMismatch is a match's error when a route's path matched but
// not its method.
var ErrMethodMismatch = errors.New("method mismatch")

// Handler answers a request of a method.
type Handler func(method string) string

// Match is the state of a request's matching.
type Match struct {
	Err     error
	Handler Handler
}

// Route matches requests of Method ("": any) and serves them with
// Handler (nil: a placeholder, which serves nothing). Hits counts the
// requests it matched.
type Route struct {
	Method  string
	Handler Handler
	Hits    int
}

// Match reports whether r matches a request of method, recording in m
// a method mismatch or the handler.
func (r *Route) Match(method string, m *Match) bool {
	if r.Method != "" && r.Method != method {
		m.Err = ErrMethodMismatch
		return false
	}
	if m.Err == ErrMethodMismatch { //fault: lacks && r.Handler != nil
		m.Err = nil
		m.Handler = r.Handler
	}
	if m.Handler == nil {
		m.Handler = r.Handler
	}
	r.Hits++
	return true
}

// Router serves a request with its first matching route.
type Router struct {
	Routes []*Route
}

// Serve answers a request of method: the matching route's handler's
// answer, 405 after a method mismatch, 404 without a handler.
func (rt *Router) Serve(method string) string {
	var m Match
	for _, r := range rt.Routes {
		if r.Match(method, &m) {
			break
		}
	}
	if m.Err == ErrMethodMismatch {
		return "405"
	}
	if m.Handler == nil {
		return "404"
	}
	return m.Handler(method)
}
