package spectra

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Func is a suspiciousness formula: a plain function of the four spectrum
// counters of one element, the number of failing tests that executed it (ef),
// of passing tests that executed it (ep), of failing tests that did not (nf)
// and of passing tests that did not (np). Higher means more suspicious.
// Counters are float64 so that callers may pass weighted counts.
//
// Every formula of this package is total: where its textbook definition
// divides by zero it returns a documented value instead of NaN. A Func may
// return +Inf; rankings order NaN below every number.
type Func func(ef, ep, nf, np float64) float64

// ratio returns a/b, or 0 when b is 0.
func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

// Tarantula is Jones and Harrold's formula, as in SAT-TAR:
//
//	(ef/(ef+nf)) / (ef/(ef+nf) + ep/(ep+np))
//
// A ratio whose total is zero counts as 0, and the score is 0 when both
// ratios are 0 (an element executed by no test, or a suite without tests).
func Tarantula(ef, ep, nf, np float64) float64 {
	f, p := ratio(ef, ef+nf), ratio(ep, ep+np)
	return ratio(f, f+p)
}

// TarantulaConfidence is Tarantula's confidence, max(ef/(ef+nf), ep/(ep+np)),
// with a zero total counting as 0: how much evidence lies behind the score.
// SAT-TAR breaks ties in suspiciousness by higher confidence.
func TarantulaConfidence(ef, ep, nf, np float64) float64 {
	return max(ratio(ef, ef+nf), ratio(ep, ep+np))
}

// Ochiai is ef / sqrt((ef+nf)(ef+ep)), and 0 when the product is 0.
func Ochiai(ef, ep, nf, np float64) float64 {
	return ratio(ef, math.Sqrt((ef+nf)*(ef+ep)))
}

// Ochiai2 is ef·np / sqrt((ef+ep)(nf+np)(ef+np)(ep+nf)). When the product
// is 0 it returns +Inf if ef·np > 0 (then ep+nf = 0: every failing test and
// no passing test executed the element, the strongest evidence, as for
// [DStar]) and 0 otherwise.
func Ochiai2(ef, ep, nf, np float64) float64 {
	d := math.Sqrt((ef + ep) * (nf + np) * (ef + np) * (ep + nf))
	if d == 0 {
		if ef*np > 0 {
			return math.Inf(1)
		}
		return 0
	}
	return ef * np / d
}

// DStar returns Wong et al.'s D* formula with exponent star:
//
//	ef^star / (ep + nf)
//
// When ep + nf = 0 it returns +Inf if ef > 0 (every failing test and no
// passing test executed the element: it must rank first, not last or
// NaN as in tools that divide blindly) and 0 if ef = 0. The usual star is 2
// ([DStar2]).
func DStar(star float64) Func {
	return func(ef, ep, nf, np float64) float64 {
		d := ep + nf
		if d == 0 {
			if ef > 0 {
				return math.Inf(1)
			}
			return 0
		}
		return math.Pow(ef, star) / d
	}
}

// DStar2 is [DStar] with star = 2: ef² / (ep + nf), +Inf when ep + nf = 0
// and ef > 0.
func DStar2(ef, ep, nf, np float64) float64 { return DStar(2)(ef, ep, nf, np) }

// Op2 is Naish et al.'s optimal formula for single faults:
// ef − ep/(ep+np+1).
func Op2(ef, ep, nf, np float64) float64 { return ef - ep/(ep+np+1) }

// Naish1 (Naish et al.'s Op1) is −1 when nf > 0, else np.
func Naish1(ef, ep, nf, np float64) float64 {
	if nf > 0 {
		return -1
	}
	return np
}

// Jaccard is ef / (ef+nf+ep), and 0 when the sum is 0.
func Jaccard(ef, ep, nf, np float64) float64 { return ratio(ef, ef+nf+ep) }

// Barinel is Abreu et al.'s 1 − ep/(ep+ef) (the single-fault form of their
// Bayesian reasoner), and 0 for an element no test executed.
func Barinel(ef, ep, nf, np float64) float64 {
	if ef+ep == 0 {
		return 0
	}
	return 1 - ep/(ep+ef)
}

// Kulczynski2 is ½·(ef/(ef+nf) + ef/(ef+ep)), a zero total counting as 0.
func Kulczynski2(ef, ep, nf, np float64) float64 {
	return 0.5 * (ratio(ef, ef+nf) + ratio(ef, ef+ep))
}

// Anderberg is ef / (ef + 2(nf+ep)), and 0 when the sum is 0.
func Anderberg(ef, ep, nf, np float64) float64 { return ratio(ef, ef+2*(nf+ep)) }

// SorensenDice is 2ef / (2ef+nf+ep), and 0 when the sum is 0.
func SorensenDice(ef, ep, nf, np float64) float64 { return ratio(2*ef, 2*ef+nf+ep) }

// Dice is 2ef / (ef+nf+ep), and 0 when the sum is 0.
func Dice(ef, ep, nf, np float64) float64 { return ratio(2*ef, ef+nf+ep) }

// RussellRao is ef / (ef+ep+nf+np), and 0 for an empty suite.
func RussellRao(ef, ep, nf, np float64) float64 { return ratio(ef, ef+ep+nf+np) }

// RogersTanimoto is (ef+np) / (ef+np+2(nf+ep)), and 0 for an empty suite.
func RogersTanimoto(ef, ep, nf, np float64) float64 {
	return ratio(ef+np, ef+np+2*(nf+ep))
}

// SimpleMatching is (ef+np) / (ef+ep+nf+np), and 0 for an empty suite.
func SimpleMatching(ef, ep, nf, np float64) float64 { return ratio(ef+np, ef+ep+nf+np) }

// Hamann is (ef+np−ep−nf) / (ef+ep+nf+np), and 0 for an empty suite.
func Hamann(ef, ep, nf, np float64) float64 { return ratio(ef+np-ep-nf, ef+ep+nf+np) }

// SBI is Liblit et al.'s Failure(s) = ef / (ef+ep) (statistical bug
// isolation), and 0 for an element no test executed. For executed elements
// it equals [Barinel].
func SBI(ef, ep, nf, np float64) float64 { return ratio(ef, ef+ep) }

// Wong1 is ef.
func Wong1(ef, ep, nf, np float64) float64 { return ef }

// Wong2 is ef − ep.
func Wong2(ef, ep, nf, np float64) float64 { return ef - ep }

// Wong3 is ef − h, where h = ep if ep ≤ 2, 2 + 0.1(ep−2) if 2 < ep ≤ 10,
// and 2.8 + 0.001(ep−10) if ep > 10.
func Wong3(ef, ep, nf, np float64) float64 {
	var h float64
	switch {
	case ep <= 2:
		h = ep
	case ep <= 10:
		h = 2 + 0.1*(ep-2)
	default:
		h = 2.8 + 0.001*(ep-10)
	}
	return ef - h
}

// Zoltar is ef / (ef+nf+ep + 10000·nf·ep/ef), and 0 when ef = 0.
func Zoltar(ef, ep, nf, np float64) float64 {
	if ef == 0 {
		return 0
	}
	return ef / (ef + nf + ep + 10000*nf*ep/ef)
}

// Ample is |ef/(ef+nf) − ep/(ep+np)|, a zero total counting as 0.
func Ample(ef, ep, nf, np float64) float64 {
	return math.Abs(ratio(ef, ef+nf) - ratio(ep, ep+np))
}

// GP13 is Yoo's genetically evolved ef·(1 + 1/(2ep+ef)), and 0 when ef = 0.
func GP13(ef, ep, nf, np float64) float64 {
	if ef == 0 {
		return 0
	}
	return ef * (1 + 1/(2*ep+ef))
}

// Formula is a named suspiciousness formula with an optional confidence,
// the secondary ranking key (higher first) among elements of equal score.
type Formula struct {
	Name       string // lower-case name, as accepted by [Lookup]
	Score      Func
	Confidence Func // nil: ties are broken only by element order
}

// formulas are the built-in formulas, in the order [Formulas] lists them.
var formulas = []Formula{
	{"tarantula", Tarantula, TarantulaConfidence},
	{"ochiai", Ochiai, nil},
	{"ochiai2", Ochiai2, nil},
	{"dstar", DStar2, nil},
	{"op2", Op2, nil},
	{"naish1", Naish1, nil},
	{"jaccard", Jaccard, nil},
	{"barinel", Barinel, nil},
	{"kulczynski2", Kulczynski2, nil},
	{"anderberg", Anderberg, nil},
	{"sorensendice", SorensenDice, nil},
	{"dice", Dice, nil},
	{"russellrao", RussellRao, nil},
	{"rogerstanimoto", RogersTanimoto, nil},
	{"simplematching", SimpleMatching, nil},
	{"hamann", Hamann, nil},
	{"sbi", SBI, nil},
	{"wong1", Wong1, nil},
	{"wong2", Wong2, nil},
	{"wong3", Wong3, nil},
	{"zoltar", Zoltar, nil},
	{"ample", Ample, nil},
	{"gp13", GP13, nil},
}

// Formulas returns the built-in formulas. "dstar" is D* with star 2;
// [Lookup] also accepts "dstarN" for another exponent.
func Formulas() []Formula { return slices.Clone(formulas) }

// Lookup returns the built-in formula called name (case-insensitive), or
// "dstarN" for D* with exponent N (a number, e.g. "dstar3" or "dstar1.5").
func Lookup(name string) (Formula, error) {
	n := strings.ToLower(name)
	for _, f := range formulas {
		if f.Name == n {
			return f, nil
		}
	}
	if s, ok := strings.CutPrefix(n, "dstar"); ok {
		if star, err := strconv.ParseFloat(s, 64); err == nil && star > 0 && !math.IsInf(star, 0) {
			return Formula{Name: n, Score: DStar(star)}, nil
		}
	}
	return Formula{}, fmt.Errorf("spectra: unknown formula %q", name)
}
