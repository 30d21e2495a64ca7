// Package route is a subject of the repair tests: Serve files a static
// path under Static and then, falling through, under Dynamic too. The
// fix is the return that ends the static branch (a return insertion).
package route

import "strings"

// Router files each path it serves by its kind.
type Router struct {
	Static, Dynamic []string
}

// Serve files path under Static if it is under /static/, else under
// Dynamic.
func (r *Router) Serve(path string) {
	if strings.HasPrefix(path, "/static/") {
		r.Static = append(r.Static, path)
		//fault: missing return
	}
	r.Dynamic = append(r.Dynamic, path)
}
