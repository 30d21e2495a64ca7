package spectra

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
)

// Ties is the policy that gives a rank to elements of equal score.
type Ties uint8

// The tie policies. Worst is the default.
const (
	// Worst gives every element of a tie group the position of the last
	// member: SAT-TAR's rank, the number of elements a developer examines,
	// inclusive, before reaching it when ties go against her.
	Worst Ties = iota
	// Best gives every member the position of the first.
	Best
	// Average gives every member the mean of the group's positions.
	Average
)

var tiesNames = [...]string{"worst", "best", "average"}

// String returns "worst", "best" or "average".
func (t Ties) String() string {
	if int(t) < len(tiesNames) {
		return tiesNames[t]
	}
	return "Ties(" + strconv.Itoa(int(t)) + ")"
}

// ParseTies returns the policy named s.
func ParseTies(s string) (Ties, error) {
	for i, n := range tiesNames {
		if n == s {
			return Ties(i), nil
		}
	}
	return 0, fmt.Errorf("spectra: unknown tie policy %q (want worst, best or average)", s)
}

// Options configure [Matrix.Rank]. The zero value ranks every element with
// the Worst tie policy and no suspect boost.
type Options struct {
	Ties Ties // default Worst

	// Suspects is a suspect set, for example the statements of an unsat
	// core (SAT-TAR): each suspect's score is raised by Bonus before
	// ranking; confidence is unchanged. Elements not in the matrix are
	// ignored. Default: none.
	Suspects []Element
	// Bonus is added to the score of every suspect. Default (0): 1, the
	// suspiciousness SAT-TAR's pure SAT analysis gives every statement
	// of the suspect list; with Tarantula's scores in [0, 1] it ranks the
	// suspects above all other elements, ordered among themselves by
	// their spectra. Give a negative value for no boost while still
	// marking suspects.
	Bonus float64
}

// Entry is one ranked element.
type Entry struct {
	Element    Element
	Counts     Counts
	Score      float64 // suspiciousness, including any suspect bonus
	Confidence float64 // the formula's confidence, 0 if it has none
	Rank       float64 // 1-based position under the ranking's tie policy
	Suspect    bool    // whether the element was in Options.Suspects
}

// Ranking is the elements of a matrix in decreasing order of suspiciousness.
type Ranking struct {
	Formula string  // the formula's name
	Ties    Ties    // the tie policy used
	Tests   int     // number of tests in the matrix
	Failed  int     // number of failing tests
	Entries []Entry // most suspicious first
	// Partial says the matrix holds only the tests run before the
	// collection was stopped (a signal, a deadline); Reason says why.
	// Rank leaves them unset: the caller that stopped the collection
	// sets them.
	Partial bool
	Reason  string
}

// tieTolerance is the relative difference below which two scores count as
// equal: a formula may compute one mathematical value through different
// roundings for different counters.
const tieTolerance = 1e-12

func sameScore(a, b float64) bool {
	if a == b || math.IsNaN(a) && math.IsNaN(b) {
		return true
	}
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return false
	}
	return math.Abs(a-b) <= tieTolerance*max(1, math.Abs(a), math.Abs(b))
}

// key maps NaN below -Inf for sorting.
func key(x float64) float64 {
	if math.IsNaN(x) {
		return math.Inf(-1)
	}
	return x
}

// Rank scores every element of m with f and orders them by decreasing
// score, then decreasing confidence (when f has one), then [Compare] order,
// so the result is deterministic. Elements whose scores (and confidences)
// are equal within a relative 1e-12 form a tie group and share a rank
// according to opt.Ties. A nil opt means the zero Options.
//
// Rank costs O(E log E) for E elements, whatever the number of tests.
func (m *Matrix) Rank(f Formula, opt *Options) *Ranking {
	if opt == nil {
		opt = &Options{}
	}
	n := len(m.elems)
	r := &Ranking{Formula: f.Name, Ties: opt.Ties, Tests: len(m.tests), Failed: m.failed}
	if f.Score == nil {
		f.Score = func(_, _, _, _ float64) float64 { return 0 }
	}
	bonus := opt.Bonus
	if bonus == 0 {
		bonus = 1
	}
	suspect := make(map[int]bool, len(opt.Suspects))
	for _, e := range opt.Suspects {
		if i, ok := m.index[e]; ok {
			suspect[i] = true
		}
	}
	F, P := float64(m.failed), float64(len(m.tests)-m.failed)
	type scored struct {
		s, c float64
		pos  int32 // position in Compare order
		idx  int32
	}
	all := make([]scored, n)
	for pos, i := range m.sorted() {
		ef, ep := float64(m.ef[i]), float64(m.ep[i])
		s := f.Score(ef, ep, F-ef, P-ep)
		var c float64
		if f.Confidence != nil {
			c = f.Confidence(ef, ep, F-ef, P-ep)
		}
		if suspect[int(i)] && bonus > 0 {
			s += bonus
		}
		all[pos] = scored{s, c, int32(pos), i}
	}
	slices.SortFunc(all, func(a, b scored) int {
		return cmp.Or(
			cmp.Compare(key(b.s), key(a.s)),
			cmp.Compare(key(b.c), key(a.c)),
			cmp.Compare(a.pos, b.pos))
	})
	r.Entries = make([]Entry, n)
	for start := 0; start < n; {
		end := start + 1
		for end < n && sameScore(all[start].s, all[end].s) && sameScore(all[start].c, all[end].c) {
			end++
		}
		var rank float64
		switch opt.Ties {
		case Best:
			rank = float64(start + 1)
		case Average:
			rank = float64(start+1+end) / 2
		default:
			rank = float64(end)
		}
		for k := start; k < end; k++ {
			i := int(all[k].idx)
			r.Entries[k] = Entry{
				Element: m.elems[i], Counts: m.Counts(i),
				Score: all[k].s, Confidence: all[k].c, Rank: rank, Suspect: suspect[i],
			}
		}
		start = end
	}
	return r
}

// RankOf returns the rank of e and whether e is in the ranking.
func (r *Ranking) RankOf(e Element) (float64, bool) {
	for _, en := range r.Entries {
		if en.Element == e {
			return en.Rank, true
		}
	}
	return 0, false
}

// ErrNoFault is returned (wrapped) by [Ranking.Exam] when none of the
// faulty elements is in the ranking.
var ErrNoFault = errors.New("spectra: no faulty element in the ranking")

// Exam returns the EXAM score of the ranking for the given faulty elements:
// the rank of the best-ranked faulty element divided by the number of
// ranked elements, the fraction of the program examined before the first
// fault is found (under the ranking's tie policy). Lower is better.
func (r *Ranking) Exam(faulty ...Element) (float64, error) {
	best := math.Inf(1)
	for _, f := range faulty {
		if rk, ok := r.RankOf(f); ok {
			best = min(best, rk)
		}
	}
	if math.IsInf(best, 1) {
		return 0, fmt.Errorf("%w (%d given)", ErrNoFault, len(faulty))
	}
	return best / float64(len(r.Entries)), nil
}
