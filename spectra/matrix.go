package spectra

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"
)

// TestRun describes one run of a test case (a row of the matrix): it
// passed or failed. Skipped cases are not added to a matrix: they say
// nothing about the program.
type TestRun struct {
	Name     string        // unique within a matrix, e.g. "TestClassify/T8"
	Failed   bool          // the case failed
	Duration time.Duration // run time as reported by the source; 0 if unknown
	Steps    int64         // instructions the interpreter executed ([Traces]); 0 if unknown
	Message  string        // failure output, if the source kept it
}

// Verdict returns "fail" for a failed run and "pass" for the others.
func (t TestRun) Verdict() string {
	if t.Failed {
		return "fail"
	}
	return "pass"
}

// Counts are the four spectrum counters of one element: the number of
// failing tests that executed it (EF), passing tests that executed it (EP),
// failing tests that did not (NF) and passing tests that did not (NP).
type Counts struct{ EF, EP, NF, NP int }

// ErrDuplicateTest is returned (wrapped) by [Matrix.Add] when a test of the
// same name is already in the matrix.
var ErrDuplicateTest = errors.New("spectra: duplicate test name")

// Matrix is a coverage matrix: tests × elements, one bit per cell, with the
// outcome of every test. Tests are added one at a time (SAT-TAR processes
// tests incrementally), and elements are interned as they first appear, so
// the element universe may grow with every test. The per-element counts are
// kept up to date on every addition, so ranking costs O(elements) plus a
// sort, independent of the number of tests.
//
// The zero Matrix is empty and ready to use. A Matrix is not safe for
// concurrent mutation; its readers (Rank, Scores, ...) may run
// concurrently.
type Matrix struct {
	elems  []Element
	index  map[Element]int
	tests  []TestRun
	names  map[string]int
	rows   []bitset // rows[t] has bit e when test t executed element e
	ef, ep []int32
	failed int

	orderMu sync.Mutex // the readers that sort share order
	order   []int32    // element indices in Compare order; nil when stale
}

// NewMatrix returns an empty matrix.
func NewMatrix() *Matrix { return &Matrix{} }

// Intern returns the index of e, adding it to the matrix (executed by no
// test so far) if it is new.
func (m *Matrix) Intern(e Element) int {
	if i, ok := m.index[e]; ok {
		return i
	}
	if m.index == nil {
		m.index = make(map[Element]int)
	}
	i := len(m.elems)
	m.elems = append(m.elems, e)
	m.index[e] = i
	m.ef = append(m.ef, 0)
	m.ep = append(m.ep, 0)
	m.order = nil
	return i
}

// AddElements declares elements that belong to the program whether or not
// any test executes them, so that they appear in rankings (with ef = ep = 0)
// and in EXAM denominators.
func (m *Matrix) AddElements(elems ...Element) {
	for _, e := range elems {
		m.Intern(e)
	}
}

// Add appends test t, which executed the elements covered (in any order,
// duplicates allowed), and returns its index. It fails if t's name is
// already used.
func (m *Matrix) Add(t TestRun, covered []Element) (int, error) {
	if err := m.check(t); err != nil {
		return -1, err
	}
	var row bitset
	for _, e := range covered {
		row.set(m.Intern(e))
	}
	return m.addRow(t, row), nil
}

// AddIndices is Add with elements given by their indices (from [Matrix.Intern]
// or [Matrix.Index]); it is the fast path for sources that intern once.
func (m *Matrix) AddIndices(t TestRun, covered []int) (int, error) {
	if err := m.check(t); err != nil {
		return -1, err
	}
	var row bitset
	if len(covered) > 0 {
		row = make(bitset, 0, (slices.Max(covered)>>6)+1)
	}
	for _, i := range covered {
		if i < 0 || i >= len(m.elems) {
			return -1, fmt.Errorf("spectra: element index %d out of range [0, %d)", i, len(m.elems))
		}
		row.set(i)
	}
	return m.addRow(t, row), nil
}

func (m *Matrix) check(t TestRun) error {
	if _, dup := m.names[t.Name]; dup {
		return fmt.Errorf("%w: %q", ErrDuplicateTest, t.Name)
	}
	return nil
}

func (m *Matrix) addRow(t TestRun, row bitset) int {
	row = row.trim()
	cnt := m.ep
	if t.Failed {
		cnt = m.ef
		m.failed++
	}
	row.each(func(e int) { cnt[e]++ })
	if m.names == nil {
		m.names = make(map[string]int)
	}
	i := len(m.tests)
	m.names[t.Name] = i
	m.tests = append(m.tests, t)
	m.rows = append(m.rows, row)
	return i
}

// NumTests returns the number of tests.
func (m *Matrix) NumTests() int { return len(m.tests) }

// NumElements returns the number of elements.
func (m *Matrix) NumElements() int { return len(m.elems) }

// Failed returns the number of failing tests.
func (m *Matrix) Failed() int { return m.failed }

// Passed returns the number of passing tests.
func (m *Matrix) Passed() int { return len(m.tests) - m.failed }

// Test returns test i.
func (m *Matrix) Test(i int) TestRun { return m.tests[i] }

// Element returns element i.
func (m *Matrix) Element(i int) Element { return m.elems[i] }

// Index returns the index of e and whether e is in the matrix.
func (m *Matrix) Index(e Element) (int, bool) {
	i, ok := m.index[e]
	return i, ok
}

// TestIndex returns the index of the test named name and whether it exists.
func (m *Matrix) TestIndex(name string) (int, bool) {
	i, ok := m.names[name]
	return i, ok
}

// Covers reports whether test t executed element e (both indices).
func (m *Matrix) Covers(t, e int) bool { return m.rows[t].has(e) }

// Covered appends to dst the indices of the elements test t executed, in
// increasing order, and returns the extended slice.
func (m *Matrix) Covered(dst []int, t int) []int {
	m.rows[t].each(func(e int) { dst = append(dst, e) })
	return dst
}

// Counts returns the spectrum counters of element e (an index).
func (m *Matrix) Counts(e int) Counts {
	ef, ep := int(m.ef[e]), int(m.ep[e])
	return Counts{EF: ef, EP: ep, NF: m.failed - ef, NP: len(m.tests) - m.failed - ep}
}

// sorted returns the element indices in Compare order, cached.
func (m *Matrix) sorted() []int32 {
	m.orderMu.Lock()
	defer m.orderMu.Unlock()
	if m.order == nil || len(m.order) != len(m.elems) {
		o := make([]int32, len(m.elems))
		for i := range o {
			o[i] = int32(i)
		}
		slices.SortFunc(o, func(a, b int32) int { return Compare(m.elems[a], m.elems[b]) })
		m.order = o
	}
	return m.order
}
