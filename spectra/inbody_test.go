package spectra

import (
	"context"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/trace"
)

// TestInBody: of the statics a run of testdata/wrappers executes, those
// of the function bodies written in source are in a body, a generic
// function's instance's too (its origin's source); those of the
// wrappers SSA makes (a bound method's closure, an interface method's
// thunk, positioned at the header of the method they wrap) and of the
// package initializer are not, nor a function's header (its parameters).
func TestInBody(t *testing.T) {
	p, err := trace.Load(context.Background(), &trace.Config{Dir: "testdata/wrappers"}, ".")
	if err != nil {
		t.Fatal(err)
	}
	res, err := p.Run(context.Background(), p.Func("github.com/faultloc/faultloc/spectra/testdata/wrappers", "Run"), nil, nil)
	if err != nil || res.Outcome != trace.Returned || res.Returns[0].Int() != 4 {
		t.Fatalf("Run() = %v, %v; want 4", res, err)
	}
	tr := res.Trace
	seen := map[string]bool{}
	for e := range tr.Len() {
		st := tr.StaticInfo(tr.Static(trace.EventID(e)))
		if st.Func == nil || !st.Position.IsValid() {
			continue
		}
		fn := st.Func
		var kind string
		switch {
		case strings.Contains(fn.Synthetic, "bound"):
			kind = "bound"
		case strings.Contains(fn.Synthetic, "thunk"):
			kind = "thunk"
		case fn.Synthetic == "package initializer":
			kind = "init"
		case fn.Origin() != nil:
			kind = "instance"
		default:
			kind = "source"
		}
		header := st.Position.Line == p.Fset.Position(fn.Pos()).Line && kind != "init"
		want := (kind == "source" || kind == "instance") && !header
		if InBody(st) != want {
			t.Errorf("%s (%s, %s:%d): InBody %v, want %v", fn, kind, st.Position.Filename, st.Position.Line, !want, want)
		}
		seen[kind] = true
	}
	for _, kind := range []string{"bound", "thunk", "init", "instance", "source"} {
		if !seen[kind] {
			t.Errorf("no static of a %s function ran", kind)
		}
	}
}
