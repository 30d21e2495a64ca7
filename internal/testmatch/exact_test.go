package testmatch

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestExact(t *testing.T) {
	tests := []struct {
		names    []string
		pattern  string
		selected []string
		not      []string
	}{
		{[]string{"TestFoo/testFoo"}, `^TestFoo$/^testFoo$`,
			[]string{"TestFoo", "TestFoo/testFoo", "TestFoo/testFoo/deeper"}, []string{"TestFoo/testFoo2", "TestFoo/testPass", "TestFooBar/testFoo"}},
		{[]string{"TestA", "TestB/x"}, `^TestA$|^TestB$/^x$`,
			[]string{"TestA", "TestA/any", "TestB", "TestB/x"}, []string{"TestB/y", "TestAB"}},
		{[]string{"TestRE/a.b|c(d)[e]*"}, `^TestRE$/^a\.b\|c\(d\)\[e\]\*$`,
			[]string{"TestRE/a.b|c(d)[e]*"}, []string{"TestRE/aXb|c(d)[e]*", "TestRE/a.b"}},
		{[]string{"TestSpace/a_b"}, `^TestSpace$/^a_b$`, []string{"TestSpace/a_b"}, []string{"TestSpace/a b_"}},
	}
	for _, tt := range tests {
		p := Exact(tt.names...)
		if p != tt.pattern {
			t.Errorf("Exact(%q) = %q, want %q", tt.names, p, tt.pattern)
		}
		m, err := Compile(p)
		if err != nil {
			t.Fatalf("Exact(%q): %v", tt.names, err)
		}
		for _, n := range tt.selected {
			if !m.Match(n) {
				t.Errorf("Exact(%q) does not select %q", tt.names, n)
			}
		}
		for _, n := range tt.not {
			if m.Match(n) {
				t.Errorf("Exact(%q) selects %q", tt.names, n)
			}
		}
	}
}

// TestExactRandom: over random names of random levels (regular
// expressions' metacharacters among the letters), Exact's pattern
// selects a name exactly when it is one of those given, an ancestor of
// one (a parent go test runs to reach it) or a descendant (its
// subtests): the oracle compares levels as strings.
func TestExactRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(49, 1))
	letters := []string{"a", "b", ".", "*", "|", "(", ")", "[", "]", "\\", "^", "$", "+", "?", "{", "}", "_"}
	name := func() string {
		levels := make([]string, 1+rng.IntN(3))
		for i := range levels {
			var b strings.Builder
			for range 1 + rng.IntN(3) {
				b.WriteString(letters[rng.IntN(len(letters))])
			}
			levels[i] = b.String()
		}
		return "Test" + strings.Join(levels, "/")
	}
	related := func(a, b string) bool {
		return a == b || strings.HasPrefix(a, b+"/") || strings.HasPrefix(b, a+"/")
	}
	for range 300 {
		var names []string
		for range 1 + rng.IntN(3) {
			names = append(names, name())
		}
		m, err := Compile(Exact(names...))
		if err != nil {
			t.Fatalf("Exact(%q) = %q: %v", names, Exact(names...), err)
		}
		for range 20 {
			n := name()
			if rng.IntN(3) == 0 {
				n = names[rng.IntN(len(names))]
			}
			want := slices.ContainsFunc(names, func(x string) bool { return related(n, x) })
			if got := m.Match(n); got != want {
				t.Errorf("Exact(%q) = %q selects %q: %v, want %v", names, Exact(names...), n, got, want)
			}
		}
	}
}
