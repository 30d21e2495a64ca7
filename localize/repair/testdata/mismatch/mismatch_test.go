package mismatch

import "testing"

func answer(s string) Handler { return func(string) string { return s } }

func TestServe(t *testing.T) {
	r := &Router{Routes: []*Route{{Method: "GET", Handler: answer("get")}}}
	if got := r.Serve("GET"); got != "get" {
		t.Errorf("GET = %q, want get", got)
	}
	if got := r.Serve("PUT"); got != "405" {
		t.Errorf("PUT = %q, want 405", got)
	}
	if got := (&Router{}).Serve("GET"); got != "404" {
		t.Errorf("no route: GET = %q, want 404", got)
	}
}

func TestCatchAllAfterMismatch(t *testing.T) {
	any := &Route{Handler: answer("any")}
	r := &Router{Routes: []*Route{{Method: "POST", Handler: answer("post")}, any}}
	if got := r.Serve("GET"); got != "any" {
		t.Errorf("GET = %q, want any", got)
	}
	if any.Hits != 1 {
		t.Errorf("catch-all hits = %d, want 1", any.Hits)
	}
}

func TestPlaceholderFirst(t *testing.T) {
	p := &Route{}
	r := &Router{Routes: []*Route{p, {Handler: answer("any")}}}
	if got := r.Serve("GET"); got != "404" {
		t.Errorf("GET = %q, want 404", got)
	}
	if p.Hits != 1 {
		t.Errorf("placeholder hits = %d, want 1", p.Hits)
	}
}

func TestPlaceholderAfterMismatch(t *testing.T) {
	p := &Route{}
	r := &Router{Routes: []*Route{{Method: "POST", Handler: answer("post")}, p}}
	if got := r.Serve("GET"); got != "405" {
		t.Errorf("GET = %q, want 405", got)
	}
	if p.Hits != 1 {
		t.Errorf("placeholder hits = %d, want 1", p.Hits)
	}
}
