package spectra

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

func el(name string, line int) Element { return Element{File: name, Line: line} }

// tieMatrix: f1 (fail) a b c d; f2 (fail) a b c; p1 (pass) c d e; p2 (pass)
// e; z is never executed. Counts (ef, ep): a 2 0, b 2 0, c 2 1, d 1 1,
// e 0 2, z 0 0.
func tieMatrix(t *testing.T) *Matrix {
	a, b, c, d, e, z := el("x.go", 1), el("x.go", 2), el("x.go", 3), el("x.go", 4), el("x.go", 5), el("x.go", 6)
	m, err := Build(context.Background(), Runs{
		{TestRun{Name: "f1", Failed: true}, []Element{a, b, c, d}},
		{TestRun{Name: "f2", Failed: true}, []Element{a, b, c}},
		{TestRun{Name: "p1", Failed: false}, []Element{c, d, e}},
		{TestRun{Name: "p2", Failed: false}, []Element{e, e}},
	})
	if err != nil {
		t.Fatal(err)
	}
	m.AddElements(z, a)
	return m
}

func ranksOf(r *Ranking) map[int]float64 {
	out := map[int]float64{}
	for _, e := range r.Entries {
		out[e.Element.Line] = e.Rank
	}
	return out
}

func TestTiePolicies(t *testing.T) {
	m := tieMatrix(t)
	tar, _ := Lookup("tarantula")
	och, _ := Lookup("ochiai")
	dst, _ := Lookup("dstar")
	tests := []struct {
		f    Formula
		ties Ties
		want map[int]float64 // line -> rank
	}{
		// Tarantula: a, b 1 (conf 1); c 2/3; d 1/2; e 0 conf 1; z 0 conf 0.
		{tar, Worst, map[int]float64{1: 2, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6}},
		{tar, Best, map[int]float64{1: 1, 2: 1, 3: 3, 4: 4, 5: 5, 6: 6}},
		{tar, Average, map[int]float64{1: 1.5, 2: 1.5, 3: 3, 4: 4, 5: 5, 6: 6}},
		// Ochiai has no confidence: e and z tie at 0.
		{och, Worst, map[int]float64{1: 2, 2: 2, 3: 3, 4: 4, 5: 6, 6: 6}},
		{och, Best, map[int]float64{1: 1, 2: 1, 3: 3, 4: 4, 5: 5, 6: 5}},
		{och, Average, map[int]float64{1: 1.5, 2: 1.5, 3: 3, 4: 4, 5: 5.5, 6: 5.5}},
		// D*: a and b (ep+nf = 0) are +Inf and rank first; c 4/1; d 1/2.
		{dst, Worst, map[int]float64{1: 2, 2: 2, 3: 3, 4: 4, 5: 6, 6: 6}},
	}
	for _, tc := range tests {
		r := m.Rank(tc.f, &Options{Ties: tc.ties})
		got := ranksOf(r)
		for line, want := range tc.want {
			if got[line] != want {
				t.Errorf("%s/%v: rank of line %d = %v, want %v", tc.f.Name, tc.ties, line, got[line], want)
			}
		}
		// Deterministic order: ties in element order.
		if r.Entries[0].Element.Line != 1 || r.Entries[1].Element.Line != 2 {
			t.Errorf("%s/%v: order %v, %v", tc.f.Name, tc.ties, r.Entries[0].Element, r.Entries[1].Element)
		}
	}
	if s := m.Rank(dst, nil).Entries[0].Score; !math.IsInf(s, 1) {
		t.Errorf("D* score of a failing-only element = %v, want +Inf", s)
	}
}

func TestSuspectBoostAndExam(t *testing.T) {
	m := tieMatrix(t)
	tar, _ := Lookup("tarantula")
	r := m.Rank(tar, nil)
	if x, err := r.Exam(el("x.go", 3)); err != nil || x != 0.5 {
		t.Errorf("EXAM(c) = %v, %v; want 3/6", x, err)
	}
	if x, _ := r.Exam(el("x.go", 6), el("x.go", 3)); x != 0.5 {
		t.Errorf("EXAM(z, c) = %v, want the best-ranked fault's 3/6", x)
	}
	if _, err := r.Exam(el("y.go", 1)); !errors.Is(err, ErrNoFault) {
		t.Errorf("EXAM of an unknown element: err = %v", err)
	}
	// SAT-TAR boost: d (0.5) plus 1 outranks a and b (1).
	b := m.Rank(tar, &Options{Suspects: []Element{el("x.go", 4), el("nowhere.go", 1)}})
	if e := b.Entries[0]; e.Element.Line != 4 || e.Score != 1.5 || e.Rank != 1 || !e.Suspect || e.Confidence != 0.5 {
		t.Errorf("boosted first entry = %+v", e)
	}
	b = m.Rank(tar, &Options{Suspects: []Element{el("x.go", 4)}, Bonus: 0.25})
	if rk, _ := b.RankOf(el("x.go", 4)); rk != 3 { // 0.75 > 2/3
		t.Errorf("rank with bonus 0.25 = %v, want 3", rk)
	}
}

func TestMatrixErrors(t *testing.T) {
	m := NewMatrix()
	if _, err := m.Add(TestRun{Name: "a"}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Add(TestRun{Name: "a"}, nil); !errors.Is(err, ErrDuplicateTest) {
		t.Errorf("duplicate: %v", err)
	}
	if _, err := m.AddIndices(TestRun{Name: "c"}, []int{3}); err == nil {
		t.Error("out-of-range index accepted")
	}
	if m.NumTests() != 1 {
		t.Errorf("%d tests after failed additions, want 1", m.NumTests())
	}
	// An empty matrix ranks to nothing, and an empty ranking has no EXAM.
	r := NewMatrix().Rank(Formula{Name: "none"}, nil)
	if len(r.Entries) != 0 {
		t.Error("empty matrix ranked elements")
	}
}

// randomMatrix builds a seeded random matrix and its raw rows (the oracle's
// view).
func randomMatrix(t testing.TB, seed uint64, tests, elems int, density float64) (*Matrix, [][]bool, []bool) {
	rng := rand.New(rand.NewPCG(seed, 1))
	m := NewMatrix()
	for e := range elems {
		m.Intern(Element{File: "r.go", Line: e + 1})
	}
	rows := make([][]bool, tests)
	fail := make([]bool, tests)
	for ti := range tests {
		rows[ti] = make([]bool, elems)
		var ids []int
		for e := range elems {
			if rng.Float64() < density {
				rows[ti][e] = true
				ids = append(ids, e)
			}
		}
		fail[ti] = rng.IntN(4) == 0
		o := false
		if fail[ti] {
			o = true
		}
		if _, err := m.AddIndices(TestRun{Name: string(rune('A'+ti%26)) + string(rune('0'+ti/26)), Failed: o}, ids); err != nil {
			t.Fatal(err)
		}
	}
	return m, rows, fail
}

// TestRankOracle compares counts and ranks of random matrices, after every
// incremental addition, with a brute-force oracle.
func TestRankOracle(t *testing.T) {
	for seed := range uint64(20) {
		const tests, elems = 12, 9
		full, rows, fail := randomMatrix(t, seed, tests, elems, 0.4)
		inc := NewMatrix()
		for e := range elems {
			inc.Intern(full.Element(e))
		}
		for ti := range tests {
			if _, err := inc.AddIndices(full.Test(ti), full.Covered(nil, ti)); err != nil {
				t.Fatal(err)
			}
			for _, f := range []Formula{formulas[0], formulas[1]} {
				for _, ties := range []Ties{Worst, Best, Average} {
					checkRanks(t, seed, inc.Rank(f, &Options{Ties: ties}), rows[:ti+1], fail[:ti+1], f, ties)
				}
			}
		}
	}
}

func checkRanks(t *testing.T, seed uint64, r *Ranking, rows [][]bool, fail []bool, f Formula, ties Ties) {
	t.Helper()
	n := len(r.Entries)
	type sc struct{ s, c float64 }
	score := map[int]sc{}
	var F, P float64
	for _, fl := range fail {
		if fl {
			F++
		} else {
			P++
		}
	}
	for e := range n {
		var ef, ep float64
		for ti, row := range rows {
			if row[e] && fail[ti] {
				ef++
			} else if row[e] {
				ep++
			}
		}
		var c float64
		if f.Confidence != nil {
			c = f.Confidence(ef, ep, F-ef, P-ep)
		}
		score[e+1] = sc{f.Score(ef, ep, F-ef, P-ep), c}
	}
	for _, en := range r.Entries {
		me := score[en.Element.Line]
		above, tied := 0, 0
		for _, o := range score {
			switch {
			case sameScore(o.s, me.s) && sameScore(o.c, me.c):
				tied++
			case o.s > me.s || sameScore(o.s, me.s) && o.c > me.c:
				above++
			}
		}
		want := map[Ties]float64{Worst: float64(above + tied), Best: float64(above + 1), Average: float64(2*above+tied+1) / 2}[ties]
		if en.Rank != want {
			t.Fatalf("seed %d, %d tests, %s/%v: element %d rank %v, oracle %v", seed, len(rows), f.Name, ties, en.Element.Line, en.Rank, want)
		}
	}
}

// TestQualityOracle checks DDU metrics and ambiguity groups against a
// brute-force computation on random matrices.
func TestQualityOracle(t *testing.T) {
	for seed := range uint64(30) {
		tests, elems := 1+int(seed%7), 1+int(seed%11)
		m, rows, _ := randomMatrix(t, seed, tests, elems, 0.5)
		q := m.Quality()
		cells := 0
		for _, r := range rows {
			for _, b := range r {
				if b {
					cells++
				}
			}
		}
		density := float64(cells) / float64(tests*elems)
		same := 0
		for i := range tests {
			for j := range tests {
				if i != j && equalBools(rows[i], rows[j]) {
					same++
				}
			}
		}
		diversity := 1.0
		if tests > 1 {
			diversity = 1 - float64(same)/float64(tests*(tests-1))
		}
		col := func(e int) []bool {
			c := make([]bool, tests)
			for ti := range tests {
				c[ti] = rows[ti][e]
			}
			return c
		}
		groups := 0
		for e := range elems {
			first := true
			for e2 := range e {
				if equalBools(col(e), col(e2)) {
					first = false
				}
			}
			if first {
				groups++
			}
		}
		uniq := float64(groups) / float64(elems)
		ddu := (1 - math.Abs(1-2*density)) * diversity * uniq
		if !near(q.Density, density) || !near(q.Diversity, diversity) || !near(q.Uniqueness, uniq) || !near(q.DDU, ddu) || q.Groups != groups {
			t.Errorf("seed %d: Quality = %+v, oracle density %v diversity %v uniqueness %v DDU %v groups %d", seed, q, density, diversity, uniq, ddu, groups)
		}
		members := 0
		for _, g := range m.AmbiguityGroups() {
			members += len(g)
			for _, e := range g[1:] {
				if !equalBools(col(g[0].Line-1), col(e.Line-1)) {
					t.Errorf("seed %d: %v and %v grouped but differ", seed, g[0], e)
				}
			}
		}
		// Elements in groups of two or more = elements − singleton groups.
		singles := 0
		for e := range elems {
			alone := true
			for e2 := range elems {
				if e2 != e && equalBools(col(e), col(e2)) {
					alone = false
				}
			}
			if alone {
				singles++
			}
		}
		if members != elems-singles {
			t.Errorf("seed %d: %d elements in ambiguity groups, oracle %d", seed, members, elems-singles)
		}
	}
}

func equalBools(a, b []bool) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
