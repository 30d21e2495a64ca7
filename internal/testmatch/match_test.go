package testmatch

import (
	"slices"
	"testing"
)

func TestSplit(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		want    [][]string
	}{
		{"TestX", [][]string{{"TestX"}}},
		{"TestX/a", [][]string{{"TestX", "a"}}},
		{"^TestX$/^a$/b", [][]string{{"^TestX$", "^a$", "b"}}},
		{"Test[/]X/a", [][]string{{"Test[/]X", "a"}}},
		{"Test(a/b)/c", [][]string{{"Test(a/b)", "c"}}},
		{`Test\/X/a`, [][]string{{`Test\/X`, "a"}}},
		{"TestX/", [][]string{{"TestX", ""}}},
		{"TestA|TestB/sub", [][]string{{"TestA"}, {"TestB", "sub"}}},
		{"Test(A|B)/sub", [][]string{{"Test(A|B)", "sub"}}},
	} {
		if got := Split(tc.pattern); !slices.EqualFunc(got, tc.want, slices.Equal) {
			t.Errorf("Split(%q) = %q, want %q", tc.pattern, got, tc.want)
		}
	}
}

// TestMatch follows go test -run: one expression per level, unanchored;
// levels beyond the pattern's parts are free, and a case with fewer
// levels than parts is selected by the parts it has.
func TestMatch(t *testing.T) {
	for _, tc := range []struct {
		pattern, name string
		want          bool
	}{
		{"", "TestX/a", true},
		{"^TestX$", "TestX", true},
		{"^TestX$", "TestX/a", true}, // go test -run '^TestX$' runs TestX's subtests
		{"^TestX$", "TestXY", false},
		{"TestX", "TestXY/a", true},
		{"^TestX$/^a$", "TestX/a", true},
		{"^TestX$/^a$", "TestX/ab", false},
		{"^TestX$/^a$", "TestX/a/deep", true},
		{"^TestX$/^a$", "TestX", true}, // the function itself runs, its own failures count
		{"^TestX$/^a$", "TestY/a", false},
		{"Sum/neg", "TestSum/negative_numbers", true},
		{"/neg", "TestSum/negative_numbers", true}, // an empty part matches every name
		{"/neg", "TestSum/positive", false},
		{"TestA|TestB/sub", "TestA/x", true},
		{"TestA|TestB/sub", "TestB/sub", true},
		{"TestA|TestB/sub", "TestB/other", false},
		{"Test(A|B)/sub", "TestB/sub", true},
		{"TestX/a b", "TestX/a_b", true}, // go test rewrites the pattern's parts as the names: spaces to "_"
		{"TestX/a\tb", "TestX/a_b", true},
		{"TestX/\x01", `TestX/\x01`, false}, // an unprintable rune becomes its escape, which reads as a regexp
		{`TestX/\\x01`, `TestX/\x01`, true},
	} {
		m, err := Compile(tc.pattern)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.Match(tc.name); got != tc.want {
			t.Errorf("Compile(%q).Match(%q) = %v, want %v", tc.pattern, tc.name, got, tc.want)
		}
	}
}

// TestMatchTop: a top-level test runs when its name matches the first
// level of an alternative, whatever the levels below ask.
func TestMatchTop(t *testing.T) {
	for _, tc := range []struct {
		pattern, name string
		want          bool
	}{
		{"", "TestX", true},
		{"^TestX$/^a$", "TestX", true},
		{"^TestX$/^a$", "TestY", false},
		{"TestA|TestB/sub", "TestB", true},
		{"TestA|TestB/sub", "TestC", false},
	} {
		m, err := Compile(tc.pattern)
		if err != nil {
			t.Fatal(err)
		}
		if got := m.MatchTop(tc.name); got != tc.want {
			t.Errorf("Compile(%q).MatchTop(%q) = %v, want %v", tc.pattern, tc.name, got, tc.want)
		}
	}
}

func TestCompileError(t *testing.T) {
	if _, err := Compile("TestX/a("); err == nil {
		t.Error("Compile(\"TestX/a(\"): no error")
	}
}
