package examples_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/examples"
)

func TestFaultLines(t *testing.T) {
	tests := []struct {
		dir  string
		want []string
	}{
		{"triangle", []string{"triangle.go:23: should be a == b || b == c"}},
		{"zune", []string{"zune.go:20: superfluous: the year is advanced but days are decremented again below"}},
		{"foo", []string{"foo.go:14: should be a = 2 * x"}},
		{"max3", []string{"max3.go:21: c2: was x > y", "max3.go:29: c3: was z > sum"}},
		{"max3/correct", nil},
		{"loops", []string{"loops.go:9: should be sum := 0", "loops.go:20: should be odd := 1", "loops.go:31: should be len(a)-1"}},
		{"tax", []string{"tax.go:11: should be 20"}},
	}
	for _, tt := range tests {
		t.Run(tt.dir, func(t *testing.T) {
			got, err := examples.FaultLines(tt.dir)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("FaultLines(%s) = %v, want %v", tt.dir, got, tt.want)
			}
			for i := range got {
				if got[i].String() != tt.want[i] {
					t.Errorf("fault %d = %q, want %q", i, got[i].String(), tt.want[i])
				}
			}
		})
	}
}

func TestFaultLinesMissingDir(t *testing.T) {
	got, err := examples.FaultLines(filepath.Join("no", "such", "dir"))
	if err != nil || len(got) != 0 {
		t.Fatalf("FaultLines(missing) = %v, %v; want empty, nil", got, err)
	}
}

func ExampleFaultLines() {
	faults, err := examples.FaultLines("foo")
	if err != nil {
		panic(err)
	}
	for _, f := range faults {
		fmt.Println(f)
	}
	// Output:
	// foo.go:14: should be a = 2 * x
}

// TestApplyEdits: edits apply by name, in order, to whole lines only;
// unknown names and statements on no line or on two are errors.
func TestApplyEdits(t *testing.T) {
	src := "a := 1\n\tb := a\n\tc := b + 1\n\tb := a\n"
	edits := []examples.Edit{
		{Name: "one", Correct: "a := 1", Faulty: "a := 2"},
		{Name: "plus", Correct: "c := b + 1", Faulty: "c := b - 1"},
		{Name: "twice", Correct: "b := a", Faulty: "b := -a"},
		{Name: "part", Correct: "b + 1", Faulty: "b + 2"},
	}
	for _, tt := range []struct {
		names []string
		want  string
		lines []int
		err   string
	}{
		{nil, src, nil, ""},
		{[]string{"plus"}, "a := 1\n\tb := a\n\tc := b - 1\n\tb := a\n", []int{3}, ""},
		{[]string{"plus", "one"}, "a := 2\n\tb := a\n\tc := b - 1\n\tb := a\n", []int{3, 1}, ""},
		{[]string{"twice"}, "", nil, "more than one line"},
		{[]string{"part"}, "", nil, "not a line of the source"},
		{[]string{"none"}, "", nil, `no fault "none"`},
	} {
		got, lines, err := examples.ApplyEdits(src, edits, tt.names...)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%v: error %v, want %q", tt.names, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want || !slices.Equal(lines, tt.lines) {
			t.Errorf("%v: %q, %v, %v; want %q, %v", tt.names, got, lines, err, tt.want, tt.lines)
		}
	}
}
