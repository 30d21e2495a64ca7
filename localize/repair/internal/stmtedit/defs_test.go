package stmtedit

import (
	"slices"
	"testing"

	"github.com/faultloc/faultloc/trace"
)

// TestDefinitionLines checks the lines that store the fields a line's
// statement reads: found in the package's other files, by the field's
// name, not the methods called nor a package's members nor what the
// line assigns, nor a test file's, each once, in the lines' order.
func TestDefinitionLines(t *testing.T) {
	a := `package p

import "strings"

type C struct{ exposed []string; methods []string; n int }

func New(hs []string) *C {
	c := &C{}
	c.exposed = []string{strings.Join(hs, ", ")}
	c.methods = hs
	c.n = len(hs)
	return c
}
`
	b := `package p

import "strings"

func (c *C) handle(h map[string][]string) {
	if len(c.exposed) > 0 {
		h["Expose"] = c.exposed
	}
	c.n = strings.Count(c.String(), "x")
	for _, m := range c.methods {
		_ = m
	}
}

func (c *C) String() string { return "" }
`
	test := `package p

func init() { var c C; c.exposed = nil; c.methods = nil }
`
	overlay := map[string][]byte{"/p/a.go": []byte(a), "/p/b.go": []byte(b), "/p/a_test.go": []byte(test)}
	tests := []struct {
		name  string
		lines []int // of b.go
		want  []int // lines of a.go
	}{
		{"a condition's field", []int{6}, []int{9}},
		{"a field read, a method called, the field assigned", []int{9}, nil},
		{"a range's field after a condition's", []int{10, 6}, []int{10, 9}},
		{"each line once", []int{6, 7}, []int{9}},
		{"no line", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var lines []trace.Line
			for _, l := range tt.lines {
				lines = append(lines, trace.Line{File: "/p/b.go", Line: l})
			}
			var got []int
			for _, l := range DefinitionLines(lines, overlay) {
				if l.File != "/p/a.go" {
					t.Errorf("line of %s", l.File)
				}
				got = append(got, l.Line)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("definition lines %v, want %v", got, tt.want)
			}
		})
	}
}
