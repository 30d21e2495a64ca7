package interp

import (
	"testing"

	"golang.org/x/tools/go/ssa"
)

// TestProducer resolves operands of events of a run of ties' Dist(1, 3),
// which returns Abs(a - b): the store of the call's result into Dist's
// result slot depends on Abs's Return; the Return's operand is the load of
// that slot; the call's operand a - b is the BinOp's; a value that is not
// an operand has no producer.
func TestProducer(t *testing.T) {
	p := load(t, "./faultloctest/testdata/ties")
	fn := p.Func("github.com/faultloc/faultloc/faultloctest/testdata/ties", "Dist")
	res, err := p.Run(bgContext, fn, []Value{Int(1), Int(3)}, nil)
	if err != nil {
		t.Fatal(err)
	}
	tr := res.Trace
	var distRet, call, absRet, store EventID = NoEvent, NoEvent, NoEvent, NoEvent
	for e := EventID(0); int(e) < tr.Len(); e++ {
		switch in := tr.Instr(e).(type) {
		case *ssa.Return:
			if tr.Func(e).Name() == "Dist" {
				distRet = e
			} else if tr.Func(e).Name() == "Abs" {
				absRet = e
			}
		case *ssa.Call:
			if in.Call.StaticCallee() != nil && in.Call.StaticCallee().Name() == "Abs" {
				call = e
			}
		case *ssa.Store:
			if _, ok := in.Val.(*ssa.Call); ok {
				store = e
			}
		}
	}
	if distRet == NoEvent || call == NoEvent || absRet == NoEvent || store == NoEvent {
		t.Fatalf("events not found: Dist's return %d, the call %d, Abs's return %d", distRet, call, absRet)
	}
	callInstr := tr.Instr(call).(*ssa.Call)
	arg := callInstr.Call.Args[0]
	for _, tt := range []struct {
		name string
		e    EventID
		v    ssa.Value
		want func() bool
	}{
		{"a call's result", store, callInstr, func() bool { return tr.Producer(store, callInstr) == absRet }},
		{"a load", distRet, tr.Instr(distRet).(*ssa.Return).Results[0], func() bool {
			d := tr.Producer(distRet, tr.Instr(distRet).(*ssa.Return).Results[0])
			return d != NoEvent && tr.SSAValue(d) == tr.Instr(distRet).(*ssa.Return).Results[0]
		}},
		{"an argument", call, arg, func() bool {
			d := tr.Producer(call, arg)
			return d != NoEvent && tr.SSAValue(d) == arg
		}},
		{"not an operand", call, fn.Params[0], func() bool { return tr.Producer(call, fn.Params[0]) == NoEvent }},
	} {
		if !tt.want() {
			t.Errorf("%s: Producer(%d, %v) = %d", tt.name, tt.e, tt.v, tr.Producer(tt.e, tt.v))
		}
	}
}
