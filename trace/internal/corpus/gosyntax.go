package corpus

import (
	"fmt"
	"strings"
)

type gsPoint struct {
	X, Y int
	Tag  string
}

type gsNamed uint8

type gsNode struct {
	Name  string
	Kids  []gsPoint
	Attrs map[string]int
	Bytes []byte
	Err   error
	Any   any
	Next  *gsNode
	Flag  bool
	Code  gsNamed
	Arr   [2]int8
	F     float64
	R     rune
}

type gsStringer struct{ n int }

func (s gsStringer) GoString() string { return fmt.Sprintf("gsStringer(%d)", s.n) }

// GoSyntax formats interpreted values with %#v: type and field names,
// nil composites, nested pointers, maps in key order, GoString methods.
func GoSyntax() string {
	n := &gsNode{
		Name:  "root",
		Kids:  []gsPoint{{1, 2, "a"}, {X: -3}},
		Attrs: map[string]int{"b": 2, "a": 1},
		Bytes: []byte{1, 255},
		Any:   gsPoint{Tag: "in any"},
		Flag:  true,
		Code:  7,
		Arr:   [2]int8{-1, 1},
		F:     1.5,
		R:     'x',
	}
	var out []string
	out = append(out, fmt.Sprintf("%#v", n))
	out = append(out, fmt.Sprintf("%#v", *n))
	out = append(out, fmt.Sprintf("%#v", gsNode{}))
	out = append(out, fmt.Sprintf("%#v", []gsPoint(nil)), fmt.Sprintf("%#v", []*gsPoint{nil}))
	out = append(out, fmt.Sprintf("%#v", map[gsNamed][]int{2: {1}, 1: nil}))
	out = append(out, fmt.Sprintf("%#v", gsStringer{4}), fmt.Sprintf("%#v", []gsStringer{{5}}))
	out = append(out, fmt.Sprintf("%#v %#v %#v", gsNamed(9), struct{ A, B int }{1, 2}, [1]string{"q"}))
	out = append(out, fmt.Sprintf("%#v", []any{gsStringer{6}, nil, struct{}{}, &gsPoint{X: 1} == nil}))
	return strings.Join(out, "\n")
}
