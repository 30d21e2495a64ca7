package route

import "testing"

func TestStatic(t *testing.T) {
	var r Router
	r.Serve("/static/site.css")
	if len(r.Static) != 1 || len(r.Dynamic) != 0 {
		t.Errorf("static %q, dynamic %q; want the path static only", r.Static, r.Dynamic)
	}
}

func TestDynamic(t *testing.T) {
	var r Router
	r.Serve("/api/users")
	r.Serve("/api/items")
	if len(r.Static) != 0 || len(r.Dynamic) != 2 {
		t.Errorf("static %q, dynamic %q; want both paths dynamic", r.Static, r.Dynamic)
	}
}
