package tcas

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestPortOnUniverse runs the fault-free port on the whole universe and
// compares it with the C program's outputs (gcc 12, x86-64): equal on every
// test except the 8 out-of-bounds tests that call ALIM, which panic with an
// index out of range.
func TestPortOnUniverse(t *testing.T) {
	tests, err := Universe()
	if err != nil {
		t.Fatal(err)
	}
	want, err := Expected()
	if err != nil {
		t.Fatal(err)
	}
	var oob, panics []int
	counts := map[Outcome]int{}
	for _, tc := range tests {
		got, pv := Run(Main, tc.Args)
		counts[got]++
		if tc.OutOfBounds() {
			oob = append(oob, tc.Index)
		}
		if got == Panic {
			panics = append(panics, tc.Index)
			if !IsIndexPanic(pv) {
				t.Errorf("%s: panic %v, want an index out of range", tc.Name(), pv)
			}
		}
		if got != want[tc.Index] {
			t.Errorf("%s %v: outcome %v, want %v", tc.Name(), tc.Args, got, want[tc.Index])
		}
		// Outside the panicking tests, the outcome is C's output itself.
		c, ok, err := CExpected(tc.Index)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case got == Usage && ok, got != Usage && got != Panic && (!ok || Outcome(c) != got):
			t.Errorf("%s: outcome %v, C printed %d (ok=%v)", tc.Name(), got, c, ok)
		}
		if (len(tc.Args) < 12) != (got == Usage) {
			t.Errorf("%s has %d inputs, outcome %v", tc.Name(), len(tc.Args), got)
		}
	}
	wantOOB := []int{501, 519, 523, 578, 699, 702, 774, 788, 790, 801, 909, 1428,
		1430, 1431, 1432, 1433, 1434, 1435, 1436, 1437, 1438, 1439, 1440, 1441,
		1444, 1445, 1446, 1459, 1460, 1461, 1485, 1486, 1487} // the bench README's list
	if !slices.Equal(oob, wantOOB) {
		t.Errorf("out-of-bounds tests %v, want %v", oob, wantOOB)
	}
	var wantPanics []int
	for _, tc := range tests {
		if expectedPanic(tc.Index) {
			wantPanics = append(wantPanics, tc.Index)
		}
	}
	if !slices.Equal(panics, wantPanics) {
		t.Errorf("panicking tests %v, want %v", panics, wantPanics)
	}
	// The README's census of the C outputs, less the 8 panicking tests
	// (C printed 0 on t520, t1460–t1462, 2 on t524, t579, t703, 1 on t802).
	wantCounts := map[Outcome]int{Unresolved: 1310 - 4, UpwardRA: 145 - 1, DownwardRA: 123 - 3, Usage: 30, Panic: 8}
	for o, n := range wantCounts {
		if counts[o] != n {
			t.Errorf("%d tests with outcome %v, want %d", counts[o], o, n)
		}
	}
}

func TestMainOutcomes(t *testing.T) {
	tests := []struct {
		name string
		args []int
		want Outcome
	}{
		{"t1", []int{958, 1, 1, 2597, 574, 4253, 0, 399, 400, 0, 0, 1}, Unresolved},
		// Own below the other, climbing preferred, enough separation.
		{"upward", []int{700, 1, 1, 500, 0, 1000, 0, 800, 100, 0, 2, 0}, UpwardRA},
		// Own above the other, descending preferred, enough separation.
		{"downward", []int{700, 1, 1, 1000, 0, 500, 0, 500, 800, 0, 2, 0}, DownwardRA},
		{"extra inputs ignored", []int{958, 1, 1, 2597, 574, 4253, 0, 399, 400, 0, 0, 1, 7, 8}, Unresolved},
		{"11 inputs", []int{1078, 1, 1, 581, 567, 655, 0, 637, 906, 0, 1}, Usage},
		{"no input", nil, Usage},
		{"layer 4 reaching ALIM", []int{860, 1, 1, 618, 329, 574, 4, 893, 914, 0, 2, 0}, Panic},
		{"layer -1 not reaching ALIM", []int{653, 1, -1, 740, -1, 702, -1, 0, -1, 2, 1, 1}, Unresolved},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, pv := Run(Main, tt.args)
			if got != tt.want {
				t.Fatalf("Run(Main, %v) = %v (%v), want %v", tt.args, got, pv, tt.want)
			}
			if got == Usage {
				_, err := Main(tt.args)
				var ue *UsageError
				if !errors.As(err, &ue) || ue.Argc != len(tt.args)+1 ||
					!strings.HasPrefix(ue.Stdout, "Error: Command line arguments are\n") ||
					!strings.HasPrefix(err.Error(), "tcas: ") {
					t.Errorf("Main(%v) error %#v", tt.args, err)
				}
			}
		})
	}
}

func TestOutcomeString(t *testing.T) {
	for o, want := range map[Outcome]string{
		Unresolved: "UNRESOLVED", UpwardRA: "UPWARD_RA", DownwardRA: "DOWNWARD_RA",
		Usage: "usage", Panic: "panic", Other: "other", Outcome(9): "Outcome(9)",
	} {
		if got := o.String(); got != want {
			t.Errorf("Outcome(%d).String() = %q, want %q", int(o), got, want)
		}
	}
}

func TestTestName(t *testing.T) {
	tests, err := Universe()
	if err != nil {
		t.Fatal(err)
	}
	if len(tests) != UniverseSize || tests[0].Name() != "t1" || tests[UniverseSize-1].Name() != "t1608" {
		t.Errorf("universe: %d tests, first %s, last %s", len(tests), tests[0].Name(), tests[len(tests)-1].Name())
	}
}
