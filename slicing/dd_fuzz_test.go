package slicing

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
)

// ddSubject is a test over subsets of 0..n-1 (n <= 40) made from fuzz
// input: a deterministic outcome function (monotone or not), and
// optionally a flaky second answer, a panic or a test budget.
type ddSubject struct {
	n    int
	kind int // 0: monotone; 1: monotone, unresolved without the failure where other elements are present; 2, 3: arbitrary (3: also out-of-range outcomes)
	sets []uint64
	mask uint64 // kind 1: the elements that make a configuration unresolved; kinds 2, 3: hash key
	// flaky gives each configuration's calls after its first the answers
	// of another arbitrary function (key flakyKey).
	flaky    bool
	flakyKey uint64
	// panicAt > 0 makes the panicAt-th call panic (with an error value
	// when panicErr).
	panicAt  int
	panicErr bool
	parallel int
	maxTests int
}

// newDDSubject reads a subject from fuzz input; missing bytes read as 0.
func newDDSubject(data []byte) *ddSubject {
	next := func() byte {
		if len(data) == 0 {
			return 0
		}
		b := data[0]
		data = data[1:]
		return b
	}
	word := func() uint64 {
		var w uint64
		for i := range 8 {
			w |= uint64(next()) << (8 * i)
		}
		return w
	}
	s := &ddSubject{n: int(next() % 41)}
	mode := next()
	s.kind = int(mode & 3)
	s.flaky = mode&4 != 0
	if mode&8 != 0 {
		s.panicAt = 1 + int(next()%32)
		s.panicErr = mode&16 != 0
	}
	s.parallel = 1 + int(mode>>5&3)
	if mode&128 != 0 {
		s.maxTests = 1 + int(next()%40)
	}
	all := uint64(1)<<s.n - 1
	for range 1 + next()%3 {
		s.sets = append(s.sets, word()&all)
	}
	s.mask = word()
	s.flakyKey = word()
	return s
}

func mix(x uint64) uint64 { // splitmix64's finalizer
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

// arbitrary is an outcome chosen by hash, out-of-range values included
// when wild.
func arbitrary(key, c uint64, wild bool) Outcome {
	h := mix(key ^ mix(c))
	if wild && h%7 == 0 {
		return Outcome(-1 - int(h>>8%3)) // Unresolved by the engine's rule
	}
	return Outcome(h >> 3 % 3)
}

// outcome is the subject's first answer for configuration c (a bitset).
func (s *ddSubject) outcome(c uint64) Outcome {
	switch s.kind {
	case 0, 1:
		for _, set := range s.sets {
			if c&set == set {
				return Fail
			}
		}
		if s.kind == 1 && c&s.mask != 0 {
			return Unresolved
		}
		return Pass
	}
	return arbitrary(s.mask, c, s.kind == 3)
}

// resolved maps an outcome as delta debugging reads it.
func resolved(o Outcome) Outcome {
	if o != Pass && o != Fail {
		return Unresolved
	}
	return o
}

// configBits returns configuration c (elements 0..n-1 in order) as a bitset; ok
// is false unless c is a subset in order.
func configBits(c []int, n int) (b uint64, ok bool) {
	for k, x := range c {
		if x < 0 || x >= n || (k > 0 && x <= c[k-1]) {
			return 0, false
		}
		b |= 1 << x
	}
	return b, true
}

// ddRun is one run of delta debugging over a subject: its probe counts
// the calls of each configuration and answers as the subject says.
type ddRun struct {
	s       *ddSubject
	mu      sync.Mutex
	calls   map[uint64]int
	total   int
	badArgs [][]int
}

func (r *ddRun) probe(_ context.Context, c []int) Outcome {
	b, ok := configBits(c, r.s.n)
	r.mu.Lock()
	if !ok {
		r.badArgs = append(r.badArgs, c)
	}
	r.calls[b]++
	r.total++
	k, total := r.calls[b], r.total
	r.mu.Unlock()
	if r.s.panicAt == total {
		if r.s.panicErr {
			panic(errPanicked)
		}
		panic("probe panicked")
	}
	if r.s.flaky && k > 1 {
		return arbitrary(r.s.flakyKey, b, r.s.kind == 3)
	}
	return r.s.outcome(b)
}

var errPanicked = errors.New("probe panicked")

// second is the answer the subject gives configuration c when tested again.
func (s *ddSubject) second(c uint64) Outcome {
	if s.flaky {
		return resolved(arbitrary(s.flakyKey, c, s.kind == 3))
	}
	return resolved(s.outcome(c))
}

// check checks what every run must satisfy: the probe got subsets in
// order; no configuration was tested twice, but the result's (final is
// its bitsets); Stats counts the calls; a panic came back as a
// *PanicError. It reports whether the run panicked.
func (r *ddRun) check(t *testing.T, err error, st Stats, final ...uint64) (panicked bool) {
	t.Helper()
	if len(r.badArgs) > 0 {
		t.Fatalf("the probe was given %v, not subsets of the input in order", r.badArgs)
	}
	if st.Tests != r.total || st.Pass+st.Fail+st.Unresolved != st.Tests {
		t.Fatalf("Stats %+v; the probe was called %d times", st, r.total)
	}
	for c, k := range r.calls {
		if k > 1 && !(k == 2 && slices.Contains(final, c)) {
			t.Fatalf("configuration %b tested %d times", c, k)
		}
	}
	if r.s.maxTests > 0 && r.total > r.s.maxTests {
		t.Fatalf("%d tests, beyond MaxTests %d", r.total, r.s.maxTests)
	}
	var pe *PanicError
	if r.s.panicAt > 0 && r.s.panicAt <= r.total {
		if !errors.As(err, &pe) || pe.Value == nil || (r.s.panicErr && !errors.Is(err, errPanicked)) {
			t.Fatalf("the probe panicked; error %v, want a *PanicError", err)
		}
		return true
	}
	if errors.As(err, &pe) {
		t.Fatalf("a *PanicError without a panic: %v", err)
	}
	return false
}

func (s *ddSubject) options() *DDOptions {
	return &DDOptions{Parallel: s.parallel, MaxTests: s.maxTests}
}

// deterministic is the subject's first answers as a Probe.
func (s *ddSubject) deterministic() Probe[int] {
	return func(_ context.Context, c []int) Outcome {
		b, _ := configBits(c, s.n)
		return s.outcome(b)
	}
}

// FuzzDDMin runs DDMin on a test made from the fuzz input (monotone or
// not; flaky, panicking or under a test budget) and checks, against a
// reference run of the deterministic test alone and by brute force: the
// result fails and is 1-minimal (removing any one element makes the test
// pass or unresolved); no configuration is tested twice but the result;
// a test that answers the result differently the second time gives a
// *FlakyError, and only then; a panic gives a *PanicError, an exhausted
// budget ErrTestBudget, with the smallest failing configuration found;
// parallel runs give the sequential result. The seeds are in
// testdata/fuzz/FuzzDDMin.
func FuzzDDMin(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		s := newDDSubject(data)
		input := seq(s.n)
		all, _ := configBits(input, s.n)
		ctx := context.Background()
		// The reference: sequential, deterministic, unbounded.
		ref, refErr := DDMin(ctx, input, s.deterministic(), &DDOptions{NoRecheck: true})
		if o := resolved(s.outcome(all)); o != Fail {
			var oe *OutcomeError
			if !errors.As(refErr, &oe) || oe.Got != o || oe.Want != Fail || oe.Config != "input" {
				t.Fatalf("input gives %v; error %v, want an *OutcomeError", o, refErr)
			}
		} else if refErr != nil {
			t.Fatalf("reference run: %v", refErr)
		} else {
			checkOneMinimal(t, ref.Min, s.deterministic())
		}

		r := &ddRun{s: s, calls: map[uint64]int{}}
		got, err := DDMin(ctx, input, r.probe, s.options())
		final, ok := configBits(got.Index, s.n)
		if !ok || !slices.Equal(got.Min, got.Index) {
			t.Fatalf("result %v at %v: not a subset of the input in order", got.Min, got.Index)
		}
		if r.check(t, err, got.Stats, final) {
			if r.s.panicAt > 1 && s.outcome(final) != Fail {
				t.Fatalf("after a panic, result %v does not fail", got.Min)
			}
			return
		}
		if errors.Is(err, ErrTestBudget) {
			// The input, tested first, failed (else the error would say
			// so): the result is a failing configuration.
			if r.total != s.maxTests || s.outcome(final) != Fail {
				t.Fatalf("budget %d: %d tests, result %v (%v)", s.maxTests, r.total, got.Min, s.outcome(final))
			}
			return
		}
		if refErr != nil {
			if fmt.Sprint(err) != fmt.Sprint(refErr) {
				t.Fatalf("error %v, want %v", err, refErr)
			}
			return
		}
		if !slices.Equal(got.Index, ref.Index) {
			t.Fatalf("result %v (parallel %d), want the reference's %v", got.Index, s.parallel, ref.Index)
		}
		if second := s.second(final); second != Fail {
			var fe *FlakyError
			if !errors.As(err, &fe) || fe.First != Fail || fe.Second != second || fe.Size != len(got.Index) {
				t.Fatalf("result %v gives %v when tested again; error %v, want a *FlakyError", got.Min, second, err)
			}
		} else if err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzDD runs DD on a test made from the fuzz input, as FuzzDDMin runs
// DDMin, and checks: Pass passes, Fail fails, Pass is a subset of Fail,
// Diff is their difference and, when it has two elements or more, is
// 1-minimal (adding any one of its elements to Pass does not make it fail,
// removing any one from Fail does not make it pass); the empty or the
// full set of changes with the wrong outcome gives an *OutcomeError;
// flaky tests, panics, budgets and parallel runs as for FuzzDDMin. The
// seeds are in testdata/fuzz/FuzzDD.
func FuzzDD(f *testing.F) {
	f.Fuzz(func(t *testing.T, data []byte) {
		s := newDDSubject(data)
		changes := seq(s.n)
		all, _ := configBits(changes, s.n)
		ctx := context.Background()
		ref, refErr := DD(ctx, changes, s.deterministic(), &DDOptions{NoRecheck: true})
		var oe *OutcomeError
		if o := resolved(s.outcome(0)); o != Pass {
			if !errors.As(refErr, &oe) || oe.Config != "empty changes" || oe.Got != o {
				t.Fatalf("empty changes give %v; error %v, want an *OutcomeError", o, refErr)
			}
		} else if o := resolved(s.outcome(all)); o != Fail {
			if !errors.As(refErr, &oe) || oe.Config != "all changes" || oe.Got != o {
				t.Fatalf("all changes give %v; error %v, want an *OutcomeError", o, refErr)
			}
		} else if refErr != nil {
			t.Fatalf("reference run: %v", refErr)
		} else {
			checkDD(t, ref, s.deterministic())
		}

		r := &ddRun{s: s, calls: map[uint64]int{}}
		got, err := DD(ctx, changes, r.probe, s.options())
		pass, ok1 := configBits(got.PassIndex, s.n)
		fail, ok2 := configBits(got.FailIndex, s.n)
		diff, ok3 := configBits(got.DiffIndex, s.n)
		if !ok1 || !ok2 || !ok3 || pass&^fail != 0 || diff != fail&^pass || !slices.Equal(got.Pass, got.PassIndex) || !slices.Equal(got.Fail, got.FailIndex) || !slices.Equal(got.Diff, got.DiffIndex) {
			t.Fatalf("result Pass %v, Fail %v, Diff %v: not nested subsets of the changes", got.PassIndex, got.FailIndex, got.DiffIndex)
		}
		if r.check(t, err, got.Stats, pass, fail) {
			if r.s.panicAt > 2 && (s.outcome(pass) != Pass || s.outcome(fail) != Fail) {
				t.Fatalf("after a panic, Pass %v gives %v and Fail %v gives %v", got.Pass, s.outcome(pass), got.Fail, s.outcome(fail))
			}
			return
		}
		if errors.Is(err, ErrTestBudget) {
			// Once the empty and the full set are tested (with the
			// outcomes DD needs, else the error would say so), the
			// result is a pair found.
			if r.total != s.maxTests || (r.total >= 2 && (s.outcome(pass) != Pass || s.outcome(fail) != Fail)) {
				t.Fatalf("budget %d: %d tests, Pass %v (%v), Fail %v (%v)", s.maxTests, r.total, got.Pass, s.outcome(pass), got.Fail, s.outcome(fail))
			}
			return
		}
		if refErr != nil {
			if fmt.Sprint(err) != fmt.Sprint(refErr) {
				t.Fatalf("error %v, want %v", err, refErr)
			}
			return
		}
		if !slices.Equal(got.PassIndex, ref.PassIndex) || !slices.Equal(got.FailIndex, ref.FailIndex) {
			t.Fatalf("Pass %v, Fail %v (parallel %d), want the reference's %v, %v", got.PassIndex, got.FailIndex, s.parallel, ref.PassIndex, ref.FailIndex)
		}
		var fe *FlakyError
		switch {
		case s.second(pass) != Pass:
			if !errors.As(err, &fe) || fe.First != Pass || fe.Second != s.second(pass) || fe.Size != len(got.PassIndex) {
				t.Fatalf("Pass %v gives %v when tested again; error %v, want a *FlakyError", got.Pass, s.second(pass), err)
			}
		case s.second(fail) != Fail:
			if !errors.As(err, &fe) || fe.First != Fail || fe.Second != s.second(fail) || fe.Size != len(got.FailIndex) {
				t.Fatalf("Fail %v gives %v when tested again; error %v, want a *FlakyError", got.Fail, s.second(fail), err)
			}
		case err != nil:
			t.Fatal(err)
		}
	})
}
