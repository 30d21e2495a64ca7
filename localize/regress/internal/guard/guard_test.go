package guard

import (
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/changes"
)

// TestGuards: a statement of a root change runs under a changed
// condition when the innermost if, loop or case around it has a changed
// header: an added if (its whole statement the header change), an if
// whose condition changed, a case whose expression changed. An
// unchanged condition, a statement of a function literal (whose
// function holds no condition around it), and a root that is itself a
// header have none; with causes, only a cause is one.
func TestGuards(t *testing.T) {
	oldSrc := `package p

func F(a, b int) (int, error) {
	if a > 0 {
		b = 1
	}
	for b < 10 {
		b++
	}
	switch a {
	case 1:
		b = 3
	}
	g := func() int {
		return b
	}
	return g(), nil
}
`
	newSrc := `package p

import "errors"

func F(a, b int) (int, error) {
	if a >= 0 {
		b = 2
	}
	if b > 5 {
		err := errors.New("big")
		return 0, err
	}
	for b < 10 {
		b += 2
	}
	switch a {
	case 1, 2:
		b = 4
	}
	g := func() int {
		return b + 1
	}
	return g(), nil
}
`
	set, err := changes.Diff(map[string][]byte{"p.go": []byte(oldSrc)}, map[string][]byte{"p.go": []byte(newSrc)})
	if err != nil {
		t.Fatal(err)
	}
	byNew := map[string]*changes.Change{}
	for _, c := range set.Changes {
		byNew[strings.SplitN(strings.TrimSpace(c.NewText), "\n", 2)[0]] = c
	}
	need := func(text string) *changes.Change {
		t.Helper()
		c := byNew[text]
		if c == nil {
			t.Fatalf("no change %q among %v", text, set.Changes)
		}
		return c
	}
	gs := func(root *changes.Change, causes map[string]bool) []string {
		var out []string
		for _, g := range Guards(set, []*changes.Change{root}, nil, causes) {
			out = append(out, strings.SplitN(strings.TrimSpace(g.NewText), "\n", 2)[0])
		}
		return out
	}
	for _, tt := range []struct {
		root string
		want []string
	}{
		{"b = 2", []string{"if a >= 0"}},
		{"err := errors.New(\"big\")", []string{"if b > 5 {"}},
		{"return 0, err", []string{"if b > 5 {"}},
		{"b += 2", nil},
		{"b = 4", []string{"case 1, 2:"}},
		{"return b + 1", nil},
		{"if a >= 0", nil},
	} {
		if got := gs(need(tt.root), nil); !slices.Equal(got, tt.want) {
			t.Errorf("guards of %q: %q, want %q", tt.root, got, tt.want)
		}
	}
	if got := gs(need("b = 2"), map[string]bool{need("b = 2").ID: true}); got != nil {
		t.Errorf("guards of %q where the condition is no cause: %q, want none", "b = 2", got)
	}
}
