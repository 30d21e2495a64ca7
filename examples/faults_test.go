package examples_test

import (
	"fmt"
	"path/filepath"
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
