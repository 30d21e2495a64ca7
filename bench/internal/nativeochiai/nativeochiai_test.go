package nativeochiai

import (
	"context"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/spectra"
)

func TestFailingAndRank(t *testing.T) {
	el := func(line int) spectra.Element {
		return spectra.Element{Kind: spectra.Line, File: "/m/a.go", Line: line}
	}
	m := spectra.NewMatrix()
	for _, r := range []struct {
		run   spectra.TestRun
		lines []int
	}{
		{spectra.TestRun{Name: "TestA", Failed: true}, []int{1, 2, 3}},
		{spectra.TestRun{Name: "TestB/x", Failed: true}, []int{1, 3}},
		{spectra.TestRun{Name: "TestC"}, []int{1, 2}},
		{spectra.TestRun{Name: "TestD"}, []int{1, 4}},
	} {
		var covered []spectra.Element
		for _, l := range r.lines {
			covered = append(covered, el(l))
		}
		if _, err := m.Add(r.run, covered); err != nil {
			t.Fatal(err)
		}
	}
	if got := Failing(m, nil); !slices.Equal(got, []string{"TestA", "TestB/x"}) {
		t.Errorf("Failing = %q", got)
	}
	if got := Failing(m, func(n string) bool { return strings.HasPrefix(n, "TestB") }); !slices.Equal(got, []string{"TestB/x"}) {
		t.Errorf("Failing(TestB) = %q", got)
	}
	tests := []struct {
		path    string
		lines   []int
		want    int
		wantWhy bool
	}{
		{"/m/a.go", []int{3}, 1, false},    // both failing cases, no passing one
		{"/m/a.go", []int{2, 9}, 3, false}, // line 2 (one of each) after 3 and 1 (ties at their worst)
		{"/m/a.go", []int{4}, 0, true},     // only a passing case executed it
		{"/m/b.go", []int{3}, 0, true},
	}
	for _, tt := range tests {
		got, why := Rank(m, tt.path, tt.lines)
		if got != tt.want || (why != "") != tt.wantWhy {
			t.Errorf("Rank(%s, %v) = %d, %q; want %d", tt.path, tt.lines, got, why, tt.want)
		}
	}
}

// TestCollectSkipping: the top-level tests skipped, subtests and all,
// neither run under go test -skip of SkipPattern nor have a row in
// CollectSkipping's spectrum; a test whose name only begins with theirs
// still does.
func TestCollectSkipping(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs test binaries")
	}
	const dir = "testdata/skip"
	m, err := Collect(context.Background(), dir, ".")
	if err != nil {
		t.Fatal(err)
	}
	broken := Failing(m, nil)
	if tops := TopLevel(broken); !slices.Equal(broken, []string{"TestBroken/sub"}) || !slices.Equal(tops, []string{"TestBroken"}) {
		t.Fatalf("failing %q, top-level %q; want TestBroken/sub, TestBroken", broken, tops)
	}
	m, err = CollectSkipping(context.Background(), dir, ".", TopLevel(broken))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for i := range m.NumTests() {
		names = append(names, m.Test(i).Name)
	}
	slices.Sort(names)
	if want := []string{"TestBrokenNot", "TestHalf"}; !slices.Equal(names, want) {
		t.Errorf("cases %q, want %q", names, want)
	}
	test := exec.Command("go", "test", "-count=1", "-skip", SkipPattern(TopLevel(broken)), ".")
	test.Dir = dir
	if out, err := test.CombinedOutput(); err != nil {
		t.Errorf("go test -skip %s: %v\n%s", SkipPattern(TopLevel(broken)), err, out)
	}
}
