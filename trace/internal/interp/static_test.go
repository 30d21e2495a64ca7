package interp

import (
	"testing"
)

// TestStaticInfo: in a plain run, a Substitute hook identifies the
// instances it is asked about through Program.StaticInfo, which agrees
// with the trace of a recorded run.
func TestStaticInfo(t *testing.T) {
	p := load(t, "./examples/foo")
	fn := p.Func(fooPkg, "Foo")
	args := []Value{Int(3), Int(5)}
	rec, err := p.Run(bgContext, fn, args, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[StaticID]Static{}
	for e := range EventID(rec.Trace.Len()) {
		s := rec.Trace.Static(e)
		want[s] = *rec.Trace.StaticInfo(s)
	}
	asked := 0
	hooks := &Hooks{Substitute: func(k InstanceKey, v Value) (Value, bool) {
		s, ok := p.StaticInfo(k.Static)
		if !ok {
			t.Errorf("StaticInfo(%d): not assigned", k.Static)
		} else if w, ok := want[k.Static]; !ok || w.Instr != s.Instr || w.Position != s.Position {
			t.Errorf("StaticInfo(%d) = %v at %v, want %v at %v", k.Static, s.Instr, s.Position, w.Instr, w.Position)
		}
		asked++
		return v, false
	}}
	if _, err := p.Run(bgContext, fn, args, &RunOptions{NoTrace: true, Hooks: hooks}); err != nil {
		t.Fatal(err)
	}
	if asked == 0 {
		t.Error("the hook was never asked")
	}
	for _, id := range []StaticID{-1, 1 << 30} {
		if _, ok := p.StaticInfo(id); ok {
			t.Errorf("StaticInfo(%d): ok", id)
		}
	}
}
