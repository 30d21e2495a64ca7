package spectra

import (
	"hash/maphash"
	"slices"
)

// Quality holds diagnostic-quality metrics of a matrix, after Perez, Abreu
// and van Deursen's DDU (ICSE 2017): a test suite localizes well when its
// matrix is half full, its tests differ from each other, and its elements
// differ from each other.
type Quality struct {
	// Density is the fraction of cells set: ρ = Σ cells / (tests·elements).
	Density float64
	// NormDensity is 1 − |1 − 2ρ|, which peaks (1) at ρ = ½.
	NormDensity float64
	// Diversity is the Gini–Simpson index of the tests' coverage rows:
	// 1 − Σ n(n−1) / (N(N−1)) over groups of n tests with identical rows,
	// N tests; 1 when every test covers something different. With fewer
	// than two tests it is 1 for one test and 0 for none.
	Diversity float64
	// Uniqueness is the number of ambiguity groups (distinct element
	// columns) divided by the number of elements.
	Uniqueness float64
	// DDU is NormDensity · Diversity · Uniqueness.
	DDU float64
	// Groups is the number of ambiguity groups.
	Groups int
}

// Quality computes the DDU metrics of m. It costs O(cells set + tests +
// elements), plus an exact check of every hash match.
func (m *Matrix) Quality() Quality {
	N, M := len(m.tests), len(m.elems)
	var q Quality
	cells := 0
	for _, r := range m.rows {
		cells += r.count()
	}
	if N > 0 && M > 0 {
		q.Density = float64(cells) / (float64(N) * float64(M))
	}
	q.NormDensity = 1 - abs(1-2*q.Density)
	switch {
	case N == 1:
		q.Diversity = 1
	case N > 1:
		sum := 0.0
		for _, g := range m.rowGroups() {
			n := float64(len(g))
			sum += n * (n - 1)
		}
		q.Diversity = 1 - sum/(float64(N)*float64(N-1))
	}
	groups := m.columnGroups()
	q.Groups = len(groups)
	if M > 0 {
		q.Uniqueness = float64(len(groups)) / float64(M)
	}
	q.DDU = q.NormDensity * q.Diversity * q.Uniqueness
	return q
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}

// AmbiguityGroups returns the groups of two or more elements that every
// test either executed together or skipped together: no spectrum formula
// can tell them apart. Groups are ordered by their first element in
// [Compare] order, and members likewise.
func (m *Matrix) AmbiguityGroups() [][]Element {
	var out [][]Element
	for _, g := range m.columnGroups() {
		if len(g) < 2 {
			continue
		}
		es := make([]Element, len(g))
		for k, i := range g {
			es[k] = m.elems[i]
		}
		slices.SortFunc(es, Compare)
		out = append(out, es)
	}
	slices.SortFunc(out, func(a, b []Element) int { return Compare(a[0], b[0]) })
	return out
}

// rowGroups partitions tests by identical rows (exact comparison).
func (m *Matrix) rowGroups() [][]int {
	seed := maphash.MakeSeed()
	byHash := map[uint64][][]int{}
	for t, r := range m.rows {
		var h maphash.Hash
		h.SetSeed(seed)
		for _, w := range r {
			maphash.WriteComparable(&h, w)
		}
		k := h.Sum64()
		placed := false
		for gi, g := range byHash[k] {
			if slices.Equal(m.rows[g[0]], r) {
				byHash[k][gi] = append(g, t)
				placed = true
				break
			}
		}
		if !placed {
			byHash[k] = append(byHash[k], []int{t})
		}
	}
	var out [][]int
	for _, gs := range byHash {
		out = append(out, gs...)
	}
	return out
}

// columnGroups partitions elements by identical columns. Columns are
// fingerprinted by a sum of random per-test keys (Zobrist hashing, one pass
// over the set cells), and fingerprint matches are confirmed exactly.
func (m *Matrix) columnGroups() [][]int {
	M := len(m.elems)
	fp := make([]uint64, M)
	seed := maphash.MakeSeed()
	for t, r := range m.rows {
		z := maphash.Comparable(seed, t)
		r.each(func(e int) { fp[e] += z })
	}
	byFP := map[uint64][][]int{}
	for e := range M {
		gs := byFP[fp[e]]
		placed := false
		for gi, g := range gs {
			if m.sameColumn(g[0], e) {
				gs[gi] = append(g, e)
				placed = true
				break
			}
		}
		if !placed {
			gs = append(gs, []int{e})
		}
		byFP[fp[e]] = gs
	}
	var out [][]int
	for _, gs := range byFP {
		out = append(out, gs...)
	}
	return out
}

func (m *Matrix) sameColumn(a, b int) bool {
	if m.ef[a] != m.ef[b] || m.ep[a] != m.ep[b] {
		return false
	}
	for _, r := range m.rows {
		if r.has(a) != r.has(b) {
			return false
		}
	}
	return true
}
