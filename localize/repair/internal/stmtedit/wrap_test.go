package stmtedit

import (
	"slices"
	"strings"
	"testing"
)

func TestStatementWraps(t *testing.T) {
	tests := []struct {
		name string
		src  string
		want []string // the conditions, in order
	}{
		{
			name: "a field of a parameter the right-hand side reads",
			src: `package p
import "strings"
type Options struct{ Exposed []string }
type C struct{ exposed []string }
func New(o Options) *C {
	c := &C{}
	// here
	c.exposed = []string{strings.Join(o.Exposed, ", ")}
	return c
}
`,
			want: []string{"len(o.Exposed) > 0"},
		},
		{
			name: "a call's arguments and a receiver's field, not the receiver nor a package",
			src: `package p
type H interface{ Serve(int) }
type R struct{ h H; m map[string]int }
func (r *R) run(p *int, name string) {
	// here
	r.h.Serve(*p + len(name))
}
`,
			want: []string{"r.h != nil", "p != nil"},
		},
		{
			name: "a map read, not the map or slice written",
			src: `package p
func put(dst []int, m map[string]int, k string) {
	// here
	dst[0] = m[k]
}
`,
			want: []string{"len(m) > 0", "len(k) > 0"},
		},
		{
			name: "no error, no number",
			src: `package p
func f(err error, n int) int {
	var s int
	// here
	s = n + 1
	_ = err
	return s
}
`,
		},
		{
			name: "a declaration is not wrapped",
			src: `package p
func f(xs []int) int {
	// here
	n := len(xs)
	return n
}
`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fset, ty, fn, s := statementHere(t, tt.src)
			var got []string
			for _, c := range statementWraps(fset, ty, []byte(tt.src), fn, s) {
				got = append(got, c.text)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("wraps %q, want %q", got, tt.want)
			}
		})
	}
}

// TestWrapEdit checks the wrap edit's layout at a line: the statement,
// on several lines, indented once more inside the if; the term it
// assigns is not tested.
func TestWrapEdit(t *testing.T) {
	src := `package p
type C struct{ hs []string }
func set(c *C, hs []string) {
	// here
	c.hs = append(c.hs,
		hs...)
}
`
	_, ty, _, _ := statementHere(t, src)
	var got []string
	for _, e := range Line("p.go", []byte(src), 5, nil, ty) {
		if e.Kind == "wrap" {
			got = append(got, string(e.Apply([]byte(src))))
		}
	}
	want := "\tif len(hs) > 0 {\n\t\tc.hs = append(c.hs,\n\t\t\ths...)\n\t}\n}"
	if len(got) != 1 || !strings.Contains(got[0], want) {
		t.Errorf("wrap edits %q, want one, with %q (not a test of c.hs, which it assigns)", got, want)
	}
}
