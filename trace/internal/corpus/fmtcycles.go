package corpus

import (
	"fmt"
	"regexp"
	"strings"
)

// fcLayout has a Format method that is not fmt.Formatter's (a layout,
// as time.Time's): fmt does not call it.
type fcLayout struct {
	Name string
	Next *fcLayout
}

func (l fcLayout) Format(layout string) string { return layout + l.Name }

// fcNode is a plain node of a linked structure.
type fcNode struct {
	V    int
	Next *fcNode
}

// fcMapNode reaches itself through a map.
type fcMapNode struct {
	M map[string]*fcMapNode
}

var fcAddr = regexp.MustCompile(`0x[0-9a-f]+`)

// FormatCycles formats pointer cycles with %v, %+v and %#v, through a
// type whose Format method is not fmt's: fmt writes a nested pointer as
// its address, so printing ends, also below a map's keys and values
// (the addresses are masked: they differ from run to run).
func FormatCycles() string {
	a := &fcLayout{Name: "a"}
	b := &fcLayout{Name: "b", Next: a}
	a.Next = b
	n := &fcNode{V: 1}
	n.Next = &fcNode{V: 2, Next: n}
	mn := &fcMapNode{M: map[string]*fcMapNode{}}
	mn.M["self"] = mn
	var out []string
	for _, verb := range []string{"%v", "%+v", "%#v"} {
		out = append(out, fmt.Sprintf(verb, a), fmt.Sprintf(verb, *b), fmt.Sprintf(verb, n), fmt.Sprintf(verb, []*fcNode{n}),
			fmt.Sprintf(verb, mn), fmt.Sprintf(verb, map[*fcNode]*fcNode{n: n.Next}))
	}
	out = append(out, a.Format("layout:"))
	return fcAddr.ReplaceAllString(strings.Join(out, "\n"), "0xADDR")
}
