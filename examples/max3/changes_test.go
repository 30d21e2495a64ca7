package max3_test

import (
	"math/rand/v2"
	"testing"

	"github.com/faultloc/faultloc/examples/max3"
	correct "github.com/faultloc/faultloc/examples/max3/correct"
)

// variant is Max3 with each change c1..c4 applied or reverted; it models the
// revisions between correct (no change) and buggy (all four). calls is
// returned so that c4's effect is observable.
func variant(c [4]bool, x, y, z int) (sum, calls int) {
	sorted := !c[0]
	if !sorted {
		if (c[1] && x < y) || (!c[1] && x > y) {
			sum = x
		} else {
			sum = y
		}
	} else {
		sum = x
	}
	if (c[2] && z < sum) || (!c[2] && z > sum) {
		sum = z
	} else if c[3] {
		calls += 2
	} else {
		calls++
	}
	return sum, calls
}

// TestVariantMatchesRevisions checks the model against the two real
// revisions on seeded random inputs, so the facts below are facts about them.
func TestVariantMatchesRevisions(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		x, y, z := r.IntN(21)-10, r.IntN(21)-10, r.IntN(21)-10
		if got, _ := variant([4]bool{true, true, true, true}, x, y, z); got != max3.Max3(x, y, z) {
			t.Fatalf("buggy variant(%d,%d,%d) = %d, Max3 = %d", x, y, z, got, max3.Max3(x, y, z))
		}
		if got, _ := variant([4]bool{}, x, y, z); got != correct.Max3(x, y, z) {
			t.Fatalf("correct variant(%d,%d,%d) = %d, Max3 = %d", x, y, z, got, correct.Max3(x, y, z))
		}
	}
}

// TestPaperFacts pins the facts of the AFTER paper's section III on the
// failing input (3, 2, 1).
func TestPaperFacts(t *testing.T) {
	fails := func(c1, c2, c3, c4 bool) bool {
		got, _ := variant([4]bool{c1, c2, c3, c4}, 3, 2, 1)
		return got != 3
	}
	tests := []struct {
		name           string
		c1, c2, c3, c4 bool
		wantFail       bool
	}{
		{"correct revision passes", false, false, false, false, false},
		{"buggy revision fails", true, true, true, true, true},
		{"reverting c2 and c3 fixes", true, false, false, true, false},
		{"reverting c3 alone does not fix", true, true, false, true, true},
		{"reverting c2 alone does not fix", true, false, true, true, true},
		{"dd step: applying c3,c4 fails", false, false, true, true, true},
		{"dd step: applying c4 passes", false, false, false, true, false},
		{"c1 and c4 alone are harmless", true, false, false, true, false},
	}
	for _, tt := range tests {
		if got := fails(tt.c1, tt.c2, tt.c3, tt.c4); got != tt.wantFail {
			t.Errorf("%s: fails = %v, want %v", tt.name, got, tt.wantFail)
		}
	}
}
