package testrun

import (
	"go/types"

	"github.com/faultloc/faultloc/trace/internal/interp"
	"golang.org/x/tools/go/ssa"
)

// go test parses the command line's flags before the tests run (testing's
// M.Run calls flag.Parse): a test sees flag.Parsed() true, flag.Args()
// empty, and the flags its package defines (flag.Bool("update", ...)) at
// their defaults, since go test passes it none. Package flag runs from
// source, so its CommandLine is the program's own; the command line a go
// test binary gets holds only go test's flags (-test.run and the others,
// which package testing defines natively), so parsing it here is parsing
// no arguments. parseFlags does that as each case starts, and stands in
// for flag.Parse, which a test or TestMain may call itself.

// parseFlags parses the interpreted flag.CommandLine with no arguments,
// if package flag runs from source in the program of call c, calling
// FlagSet.Parse with call event callEv and path path (see Call.CallSSA).
func parseFlags(c interp.Call, callEv interp.EventID, path uint64) {
	prog := c.Program().SSA
	fp := prog.ImportedPackage("flag")
	if fp == nil || !c.InScope(fp) {
		return
	}
	g, _ := fp.Members["CommandLine"].(*ssa.Global)
	ft, _ := fp.Members["FlagSet"].(*ssa.Type)
	if g == nil || ft == nil {
		return
	}
	sel := prog.MethodSets.MethodSet(types.NewPointer(ft.Type())).Lookup(fp.Pkg, "Parse")
	if sel == nil {
		return
	}
	fs := c.GlobalAddr(g).Elem()
	if fs.IsNil() {
		return // flag.CommandLine set to nil by the program
	}
	c.CallSSA(prog.MethodValue(sel), []interp.Value{fs, interp.Nil(interp.KindSlice)}, callEv, path)
}

// startFlags is parseFlags at the start of a case's run, from its root.
func startFlags(c interp.Call) { parseFlags(c, interp.NoEvent, interp.Mix(0, -8, 0)) }

func init() {
	interp.RegisterBridge("flag.Parse", func(c interp.Call, args []interp.Value) interp.Value {
		callEv, _ := c.Site()
		parseFlags(c, callEv, c.Path())
		return interp.Value{}
	})
}
