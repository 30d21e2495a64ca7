package spectra

import (
	"math"
	"testing"
)

// Reference spectra for the formula tests, with the hand computations in
// the table below.
var (
	specA     = [4]float64{2, 1, 1, 3} // ef, ep, nf, np: F = 3, P = 4
	specNone  = [4]float64{0, 0, 3, 4} // executed by no test
	specOnlyF = [4]float64{3, 0, 0, 4} // every failing test, no passing test: ep+nf = 0
	specAllF  = [4]float64{2, 0, 1, 0} // a suite whose tests all fail
	specNoF   = [4]float64{0, 2, 0, 3} // a suite without failing tests
	specEmpty = [4]float64{0, 0, 0, 0} // an empty suite
)

var inf = math.Inf(1)

// TestFormulaReference checks every built-in formula against values
// computed by hand (fractions in the comments).
func TestFormulaReference(t *testing.T) {
	tests := []struct {
		name string
		f    Func
		// A, None, OnlyF, AllF, NoF; Empty is 0 for all formulas.
		want [5]float64
	}{
		// (2/3)/(2/3+1/4) = 8/11; None 0; OnlyF 1/(1+0); AllF (2/3)/(2/3+0); NoF 0/(2/5).
		{"tarantula", Tarantula, [5]float64{8.0 / 11, 0, 1, 1, 0}},
		// max(2/3, 1/4); max(0, 0); max(1, 0); max(2/3, 0/0→0); max(0, 2/5).
		{"tarantula-confidence", TarantulaConfidence, [5]float64{2.0 / 3, 0, 1, 2.0 / 3, 2.0 / 5}},
		// 2/sqrt(3·3); 0; 3/sqrt(3·3); 2/sqrt(3·2); 0/sqrt(0·2).
		{"ochiai", Ochiai, [5]float64{2.0 / 3, 0, 1, 2 / math.Sqrt(6), 0}},
		// 6/sqrt(3·4·5·2); 0; 12/0 → +Inf; 0 (np=0); 0.
		{"ochiai2", Ochiai2, [5]float64{6 / math.Sqrt(120), 0, inf, 0, 0}},
		// 4/(1+1); 0/3; 9/0 → +Inf; 4/1; 0/2.
		{"dstar", DStar2, [5]float64{2, 0, inf, 4, 0}},
		// 2 − 1/5; 0 − 0/5; 3 − 0/5; 2 − 0/1; 0 − 2/6.
		{"op2", Op2, [5]float64{1.8, 0, 3, 2, -1.0 / 3}},
		// nf>0 → −1; −1; np = 4; −1; np = 3.
		{"naish1", Naish1, [5]float64{-1, -1, 4, -1, 3}},
		// 2/4; 0/3; 3/3; 2/3; 0/2.
		{"jaccard", Jaccard, [5]float64{0.5, 0, 1, 2.0 / 3, 0}},
		// 1 − 1/3; 0; 1 − 0; 1 − 0; 1 − 2/2.
		{"barinel", Barinel, [5]float64{2.0 / 3, 0, 1, 1, 0}},
		// ½(2/3+2/3); ½(0+0); ½(1+1); ½(2/3+1); ½(0+0).
		{"kulczynski2", Kulczynski2, [5]float64{2.0 / 3, 0, 1, 5.0 / 6, 0}},
		// 2/(2+4); 0/6; 3/3; 2/4; 0/4.
		{"anderberg", Anderberg, [5]float64{1.0 / 3, 0, 1, 0.5, 0}},
		// 4/6; 0/3; 6/6; 4/5; 0/2.
		{"sorensendice", SorensenDice, [5]float64{2.0 / 3, 0, 1, 0.8, 0}},
		// 4/4; 0/3; 6/3; 4/3; 0/2.
		{"dice", Dice, [5]float64{1, 0, 2, 4.0 / 3, 0}},
		// 2/7; 0/7; 3/7; 2/3; 0/5.
		{"russellrao", RussellRao, [5]float64{2.0 / 7, 0, 3.0 / 7, 2.0 / 3, 0}},
		// 5/9; 4/10; 7/7; 2/4; 3/7.
		{"rogerstanimoto", RogersTanimoto, [5]float64{5.0 / 9, 0.4, 1, 0.5, 3.0 / 7}},
		// 5/7; 4/7; 7/7; 2/3; 3/5.
		{"simplematching", SimpleMatching, [5]float64{5.0 / 7, 4.0 / 7, 1, 2.0 / 3, 3.0 / 5}},
		// 3/7; 1/7; 7/7; 1/3; 1/5.
		{"hamann", Hamann, [5]float64{3.0 / 7, 1.0 / 7, 1, 1.0 / 3, 1.0 / 5}},
		// 2/3; 0; 1; 1; 0/2.
		{"sbi", SBI, [5]float64{2.0 / 3, 0, 1, 1, 0}},
		{"wong1", Wong1, [5]float64{2, 0, 3, 2, 0}},
		{"wong2", Wong2, [5]float64{1, 0, 3, 2, -2}},
		// ep ≤ 2 → h = ep.
		{"wong3", Wong3, [5]float64{1, 0, 3, 2, -2}},
		// 2/(2+1+1+10000·1·1/2); 0; 3/3; 2/3; 0.
		{"zoltar", Zoltar, [5]float64{2.0 / 5004, 0, 1, 2.0 / 3, 0}},
		// |2/3−1/4|; 0; |1−0|; |2/3−0|; |0−2/5|.
		{"ample", Ample, [5]float64{5.0 / 12, 0, 1, 2.0 / 3, 2.0 / 5}},
		// 2(1+1/4); 0; 3(1+1/3); 2(1+1/2); 0.
		{"gp13", GP13, [5]float64{2.5, 0, 4, 3, 0}},
	}
	specs := [5][4]float64{specA, specNone, specOnlyF, specAllF, specNoF}
	names := [5]string{"A", "none", "onlyFailing", "allFailing", "noFailing"}
	for _, tc := range tests {
		for i, s := range specs {
			got := tc.f(s[0], s[1], s[2], s[3])
			if !near(got, tc.want[i]) {
				t.Errorf("%s(%s %v) = %v, want %v", tc.name, names[i], s, got, tc.want[i])
			}
		}
		if got := tc.f(specEmpty[0], specEmpty[1], specEmpty[2], specEmpty[3]); got != 0 {
			t.Errorf("%s(empty suite) = %v, want 0", tc.name, got)
		}
	}
}

func near(a, b float64) bool {
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) <= 1e-12*max(1, math.Abs(b))
}

func TestWong3Ranges(t *testing.T) {
	for _, tc := range []struct{ ef, ep, want float64 }{
		{10, 2, 8},     // h = ep
		{10, 5, 7.7},   // h = 2 + 0.1·3
		{10, 10, 7.2},  // h = 2 + 0.1·8
		{10, 20, 7.19}, // h = 2.8 + 0.001·10
		{10, 110, 7.1}, // h = 2.8 + 0.001·100
		{0, 0, 0},
	} {
		if got := Wong3(tc.ef, tc.ep, 0, 0); !near(got, tc.want) {
			t.Errorf("Wong3(ef=%v, ep=%v) = %v, want %v", tc.ef, tc.ep, got, tc.want)
		}
	}
}

func TestDStarExponent(t *testing.T) {
	if got := DStar(3)(2, 1, 1, 3); got != 4 { // 8/2
		t.Errorf("D³ = %v, want 4", got)
	}
	f, err := Lookup("DStar3")
	if err != nil || f.Score(2, 1, 1, 3) != 4 {
		t.Errorf("Lookup(DStar3) = %v, %v", f.Name, err)
	}
	for _, bad := range []string{"dstar-1", "dstarx", "dstarinf", "nope"} {
		if _, err := Lookup(bad); err == nil {
			t.Errorf("Lookup(%q) succeeded", bad)
		}
	}
}

func TestFormulasNamed(t *testing.T) {
	fs := Formulas()
	if len(fs) < 16 {
		t.Fatalf("%d formulas, want at least 16", len(fs))
	}
	seen := map[string]bool{}
	for _, f := range fs {
		if seen[f.Name] {
			t.Errorf("formula %q listed twice", f.Name)
		}
		seen[f.Name] = true
		g, err := Lookup(f.Name)
		if err != nil || g.Name != f.Name {
			t.Errorf("Lookup(%q) = %q, %v", f.Name, g.Name, err)
		}
		// Every formula is total on the reference spectra.
		for _, s := range [][4]float64{specA, specNone, specOnlyF, specAllF, specNoF, specEmpty} {
			if v := f.Score(s[0], s[1], s[2], s[3]); math.IsNaN(v) {
				t.Errorf("%s%v = NaN", f.Name, s)
			}
		}
	}
}
