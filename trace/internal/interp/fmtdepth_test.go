package interp

import (
	"strings"
	"testing"
)

const fmtDepthSrc = `package cyc

import "fmt"

func Map(verb string) string {
	m := map[string]any{}
	m["self"] = m
	return fmt.Sprintf(verb, m)
}

func Slice(verb string) string {
	s := []any{nil}
	s[0] = s
	return fmt.Sprintf(verb, s)
}
`

// TestFormatDepth formats a map and a slice that hold themselves: native
// Go overflows its stack (fmt follows maps, slices and interfaces at every
// depth), which in the interpreter would end this process. The run returns
// instead, the value written as fmt writes a Format method's panic, naming
// the depth bound.
func TestFormatDepth(t *testing.T) {
	p := loadSource(t, "cyc", fmtDepthSrc)
	for _, fn := range []string{"Map", "Slice"} {
		for _, verb := range []string{"%v", "%+v", "%#v"} {
			res, err := p.Run(bgContext, p.Func("cyc", fn), []Value{String(verb)}, &RunOptions{NoTrace: true})
			if err != nil || res.Outcome != Returned {
				t.Fatalf("%s(%q): Run = %v, %v; want it returned", fn, verb, res, err)
			}
			if got := res.Returns[0].Str(); !strings.Contains(got, "PANIC=Format method: interp: a value nested deeper than 10000 levels") {
				t.Errorf("%s(%q) = %.200q...; want the depth bound's panic", fn, verb, got)
			}
		}
	}
}
