package slicing

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

func TestOutcomeString(t *testing.T) {
	for _, tt := range []struct {
		o    Outcome
		want string
	}{{Unresolved, "unresolved"}, {Pass, "pass"}, {Fail, "fail"}, {Outcome(7), "Outcome(7)"}} {
		if got := tt.o.String(); got != tt.want {
			t.Errorf("Outcome(%d).String() = %q, want %q", int(tt.o), got, tt.want)
		}
	}
}

// containsAll returns a test that fails iff the configuration contains all of need.
func containsAll(need ...int) Probe[int] {
	return func(_ context.Context, c []int) Outcome {
		for _, x := range need {
			if !slices.Contains(c, x) {
				return Pass
			}
		}
		return Fail
	}
}

// uniqueTest wraps a test and records an error if a configuration is tested twice.
func uniqueTest[T any](t *testing.T, test Probe[T]) Probe[T] {
	var mu sync.Mutex
	seen := map[string]bool{}
	return func(ctx context.Context, c []T) Outcome {
		k := fmt.Sprint(c)
		mu.Lock()
		if seen[k] {
			t.Errorf("configuration %v tested twice", c)
		}
		seen[k] = true
		mu.Unlock()
		return test(ctx, c)
	}
}

func seq(n int) []int { return indices(n) }

func TestDDMinKnown(t *testing.T) {
	selectHTML := []rune(`<SELECT NAME="priority" MULTIPLE SIZE=7>`)
	tests := []struct {
		name  string
		input []int
		test  Probe[int]
		want  []int
	}{
		// Zeller & Hildebrandt's running example: 8 changes, the
		// failure needs changes 1, 7 and 8.
		{"zeller178", []int{1, 2, 3, 4, 5, 6, 7, 8}, containsAll(1, 7, 8), []int{1, 7, 8}},
		{"single", seq(100), containsAll(37), []int{37}},
		{"firstAndLast", seq(13), containsAll(0, 12), []int{0, 12}},
		{"all", seq(5), containsAll(0, 1, 2, 3, 4), seq(5)},
		{"emptyFails", seq(7), func(context.Context, []int) Outcome { return Fail }, []int{}},
		{"length1", []int{4}, containsAll(4), []int{4}},
		{"prime17", seq(17), containsAll(2, 5, 11, 16), []int{2, 5, 11, 16}},
		{"unresolvedSmall", seq(20), func(_ context.Context, c []int) Outcome {
			if len(c) < 3 {
				return Unresolved
			}
			return containsAll(9)(nil, c)
		}, nil}, // checked for 1-minimality below
		// The Mozilla example of Zeller & Hildebrandt: the failure
		// needs "<SELECT" in the HTML input (elements are positions in
		// the string, so equal characters stay distinct).
		{"selectTag", seq(len(selectHTML)), func(_ context.Context, c []int) Outcome {
			var sb strings.Builder
			for _, i := range c {
				sb.WriteRune(selectHTML[i])
			}
			if strings.Contains(sb.String(), "<SELECT") {
				return Fail
			}
			return Pass
		}, seq(7)},
	}
	for _, tt := range tests {
		for _, par := range []int{0, 3} {
			t.Run(fmt.Sprintf("%s/parallel=%d", tt.name, par), func(t *testing.T) {
				r, err := DDMin(context.Background(), tt.input, uniqueTest(t, tt.test), &DDOptions{Parallel: par, NoRecheck: true})
				if err != nil {
					t.Fatal(err)
				}
				if tt.want != nil && !slices.Equal(r.Min, tt.want) {
					t.Errorf("DDMin = %v, want %v (stats %+v)", r.Min, tt.want, r.Stats)
				}
				checkOneMinimal(t, r.Min, tt.test)
				for k, i := range r.Index {
					if tt.input[i] != r.Min[k] {
						t.Errorf("Index[%d] = %d does not point at %v", k, i, r.Min[k])
					}
				}
				if r.Stats.Tests != r.Stats.Pass+r.Stats.Fail+r.Stats.Unresolved {
					t.Errorf("inconsistent stats %+v", r.Stats)
				}
			})
		}
	}
}

// checkOneMinimal verifies, independently of DDMin, that min fails and
// removing any single element does not.
func checkOneMinimal[T any](t *testing.T, min []T, test Probe[T]) {
	t.Helper()
	if o := test(context.Background(), slices.Clone(min)); o != Fail {
		t.Fatalf("result %v does not fail: %v", min, o)
	}
	for i := range min {
		c := slices.Delete(slices.Clone(min), i, i+1)
		if o := test(context.Background(), c); o == Fail {
			t.Fatalf("result %v is not 1-minimal: %v without element %d fails", min, min, i)
		}
	}
}

// randomPredicate returns a seeded random test over subsets of 0..n-1 that
// is not monotone: it fails iff the configuration contains a random "core"
// set and the sum of its elements has a random residue, or contains a second
// core; it is unresolved on some sizes.
func randomPredicate(r *rand.Rand, n int) Probe[int] {
	core1 := r.Perm(n)[:1+r.IntN(min(n, 4))]
	core2 := r.Perm(n)[:1+r.IntN(min(n, 3))]
	mod := 1 + r.IntN(3)
	res := r.IntN(mod)
	unres := -1
	if r.IntN(3) == 0 {
		unres = r.IntN(n + 1)
	}
	return func(_ context.Context, c []int) Outcome {
		if len(c) == unres {
			return Unresolved
		}
		has := func(core []int) bool {
			for _, x := range core {
				if !slices.Contains(c, x) {
					return false
				}
			}
			return true
		}
		sum := 0
		for _, x := range c {
			sum += x
		}
		if (has(core1) && sum%mod == res) || has(core2) {
			return Fail
		}
		return Pass
	}
}

func TestDDMinRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for iter := range 400 {
		n := 1 + r.IntN(40)
		test := randomPredicate(r, n)
		input := seq(n)
		if test(context.Background(), input) != Fail {
			continue
		}
		seqRes, err := DDMin(context.Background(), input, uniqueTest(t, test), &DDOptions{NoRecheck: true})
		if err != nil {
			t.Fatalf("iter %d: %v", iter, err)
		}
		checkOneMinimal(t, seqRes.Min, test)
		parRes, err := DDMin(context.Background(), input, test, &DDOptions{Parallel: 4})
		if err != nil {
			t.Fatalf("iter %d parallel: %v", iter, err)
		}
		if !slices.Equal(seqRes.Min, parRes.Min) {
			t.Fatalf("iter %d: parallel result %v differs from sequential %v", iter, parRes.Min, seqRes.Min)
		}
	}
}

// TestDDMinEveryLength checks the split for every length up to 64 with the
// failure needing the last element, which a split that drops the remainder
// of len/n loses.
func TestDDMinEveryLength(t *testing.T) {
	for n := 1; n <= 64; n++ {
		r, err := DDMin(context.Background(), seq(n), containsAll(n-1, n/2), nil)
		want := []int{n / 2, n - 1}
		if n/2 == n-1 {
			want = want[1:]
		}
		if err != nil || !slices.Equal(r.Min, want) {
			t.Errorf("n=%d: DDMin = %v, %v; want %v", n, r.Min, err, want)
		}
	}
	for _, n := range []int{3, 5, 7, 10, 11, 31, 97} {
		for k := 2; k <= 7; k++ {
			{
				c := split(seq(n), min(k, n))
				var all []int
				for _, p := range c {
					if len(p) < n/min(k, n) || len(p) > n/min(k, n)+1 {
						t.Errorf("split(%d, %d): part of size %d", n, k, len(p))
					}
					all = append(all, p...)
				}
				if !slices.Equal(all, seq(n)) {
					t.Errorf("split(%d, %d) = %v loses or repeats elements", n, k, c)
				}
			}
		}
	}
}

func TestDDMinErrors(t *testing.T) {
	ctx := context.Background()
	t.Run("emptyPassing", func(t *testing.T) {
		_, err := DDMin(ctx, []int{}, containsAll(1), nil)
		var oe *OutcomeError
		if !errors.As(err, &oe) || oe.Got != Pass || oe.Config != "input" {
			t.Errorf("err = %v, want *OutcomeError for the input", err)
		}
	})
	t.Run("inputPasses", func(t *testing.T) {
		r, err := DDMin(ctx, seq(5), containsAll(9), nil)
		var oe *OutcomeError
		if !errors.As(err, &oe) || !strings.HasPrefix(err.Error(), "slicing: ") {
			t.Errorf("err = %v, want *OutcomeError", err)
		}
		if len(r.Min) != 5 || r.Stats.Tests != 1 {
			t.Errorf("result %v stats %+v, want the input after one test", r.Min, r.Stats)
		}
	})
	t.Run("panics", func(t *testing.T) {
		r, err := DDMin(ctx, seq(16), func(_ context.Context, c []int) Outcome {
			if len(c) < 4 {
				panic("boom")
			}
			return Fail
		}, nil)
		var pe *PanicError
		if !errors.As(err, &pe) || pe.Value != "boom" || !strings.Contains(pe.Stack, "panic") {
			t.Fatalf("err = %v, want *PanicError", err)
		}
		if len(r.Min) != 4 {
			t.Errorf("partial result %v, want the 4-element configuration", r.Min)
		}
	})
	t.Run("panicsParallel", func(t *testing.T) {
		_, err := DDMin(ctx, seq(16), func(_ context.Context, c []int) Outcome {
			if len(c) < 4 {
				panic(errors.New("boom"))
			}
			return Fail
		}, &DDOptions{Parallel: 4})
		var pe *PanicError
		if !errors.As(err, &pe) || pe.Unwrap() == nil || pe.Unwrap().Error() != "boom" {
			t.Fatalf("err = %v, want *PanicError wrapping boom", err)
		}
	})
	t.Run("flips", func(t *testing.T) {
		// A test that fails the first time it sees a configuration
		// and passes afterwards: the recheck reports it.
		seen := map[string]bool{}
		flip := func(_ context.Context, c []int) Outcome {
			k := fmt.Sprint(c)
			if seen[k] {
				return Pass
			}
			seen[k] = true
			return Fail
		}
		r, err := DDMin(ctx, seq(64), flip, nil)
		var fe *FlakyError
		if !errors.As(err, &fe) || fe.First != Fail || fe.Second != Pass {
			t.Errorf("err = %v, want *FlakyError (result %v, %+v)", err, r.Min, r.Stats)
		}
	})
	t.Run("alternates", func(t *testing.T) {
		// A test that alternates its answer on every call terminates.
		var calls atomic.Int64
		alt := func(context.Context, []int) Outcome {
			if calls.Add(1)%2 == 1 {
				return Fail
			}
			return Pass
		}
		r, err := DDMin(ctx, seq(64), alt, nil)
		var fe *FlakyError
		if err != nil && !errors.As(err, &fe) {
			t.Errorf("err = %v", err)
		}
		if r.Stats.Tests > 64*64 {
			t.Errorf("%d tests", r.Stats.Tests)
		}
	})
	t.Run("randomFlips", func(t *testing.T) {
		r := rand.New(rand.NewPCG(5, 6))
		for range 50 {
			var mu sync.Mutex
			coin := func(context.Context, []int) Outcome {
				mu.Lock()
				defer mu.Unlock()
				return Outcome(r.IntN(3))
			}
			res, _ := DDMin(ctx, seq(50), coin, &DDOptions{Parallel: 2})
			if res.Stats.Tests > 50*50+2 {
				t.Fatalf("%d tests for 50 elements", res.Stats.Tests)
			}
		}
	})
	t.Run("canceled", func(t *testing.T) {
		cctx, cancel := context.WithCancel(ctx)
		n := 0
		r, err := DDMin(cctx, seq(100), func(_ context.Context, c []int) Outcome {
			n++
			if n == 5 {
				cancel()
			}
			return containsAll(3, 60)(nil, c)
		}, nil)
		if !errors.Is(err, context.Canceled) || n != 5 || len(r.Min) == 0 {
			t.Errorf("err = %v after %d calls, result %v", err, n, r.Min)
		}
	})
	t.Run("budget", func(t *testing.T) {
		for _, par := range []int{0, 3} {
			r, err := DDMin(ctx, seq(100), containsAll(3, 60, 99), &DDOptions{MaxTests: 7, Parallel: par})
			if !errors.Is(err, ErrTestBudget) || r.Stats.Tests != 7 {
				t.Errorf("parallel=%d: err = %v, tests = %d", par, err, r.Stats.Tests)
			}
			if o := containsAll(3, 60, 99)(nil, r.Min); o != Fail {
				t.Errorf("partial result %v does not fail", r.Min)
			}
		}
	})
}

func TestDDKnown(t *testing.T) {
	tests := []struct {
		name     string
		n        int
		test     Probe[int]
		wantDiff []int
	}{
		{"one", 8, containsAll(5), []int{5}},
		{"pairNeedsBoth", 8, containsAll(1, 6), nil}, // either element may be the difference
		{"threeOf16", 16, containsAll(2, 9, 15), nil},
		{"all", 1, containsAll(0), []int{0}},
		{"odd", 11, containsAll(10), []int{10}},
	}
	for _, tt := range tests {
		for _, par := range []int{0, 4} {
			t.Run(fmt.Sprintf("%s/parallel=%d", tt.name, par), func(t *testing.T) {
				r, err := DD(context.Background(), seq(tt.n), uniqueTest(t, tt.test), &DDOptions{Parallel: par, NoRecheck: true})
				if err != nil {
					t.Fatal(err)
				}
				if tt.wantDiff != nil && !slices.Equal(r.Diff, tt.wantDiff) {
					t.Errorf("Diff = %v, want %v", r.Diff, tt.wantDiff)
				}
				checkDD(t, r, tt.test)
			})
		}
	}
}

// checkDD verifies dd's guarantees independently: Pass passes, Fail fails,
// Pass ⊂ Fail, Diff = Fail − Pass, and the difference is 1-minimal.
func checkDD(t *testing.T, r DiffResult[int], test Probe[int]) {
	t.Helper()
	ctx := context.Background()
	if o := test(ctx, r.Pass); o != Pass {
		t.Fatalf("Pass %v gives %v", r.Pass, o)
	}
	if o := test(ctx, r.Fail); o != Fail {
		t.Fatalf("Fail %v gives %v", r.Fail, o)
	}
	var d []int
	for _, x := range r.Fail {
		if !slices.Contains(r.Pass, x) {
			d = append(d, x)
		}
	}
	for _, x := range r.Pass {
		if !slices.Contains(r.Fail, x) {
			t.Fatalf("Pass %v not a subset of Fail %v", r.Pass, r.Fail)
		}
	}
	if !slices.Equal(d, r.Diff) || len(d) == 0 {
		t.Fatalf("Diff %v, want %v", r.Diff, d)
	}
	if len(d) == 1 {
		return // a single-element difference is 1-minimal by definition
	}
	for _, x := range d {
		plus := slices.Sorted(slices.Values(append(slices.Clone(r.Pass), x)))
		if test(ctx, plus) == Fail {
			t.Fatalf("difference %v not 1-minimal: Pass+%d fails", d, x)
		}
		less := slices.DeleteFunc(slices.Clone(r.Fail), func(y int) bool { return y == x })
		if test(ctx, less) == Pass {
			t.Fatalf("difference %v not 1-minimal: Fail-%d passes", d, x)
		}
	}
}

func TestDDRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	runs := 0
	for iter := range 600 {
		n := 1 + r.IntN(40)
		test := randomPredicate(r, n)
		if test(context.Background(), nil) != Pass || test(context.Background(), seq(n)) != Fail {
			continue
		}
		runs++
		s, err := DD(context.Background(), seq(n), uniqueTest(t, test), &DDOptions{NoRecheck: true})
		if err != nil {
			t.Fatalf("iter %d: %v", iter, err)
		}
		checkDD(t, s, test)
		p, err := DD(context.Background(), seq(n), test, &DDOptions{Parallel: 3})
		if err != nil || !slices.Equal(p.Diff, s.Diff) || !slices.Equal(p.Pass, s.Pass) {
			t.Fatalf("iter %d: parallel %v/%v differs from sequential %v/%v (%v)", iter, p.Pass, p.Diff, s.Pass, s.Diff, err)
		}
	}
	if runs < 100 {
		t.Errorf("only %d usable random predicates", runs)
	}
}

func TestDDErrors(t *testing.T) {
	ctx := context.Background()
	for _, tt := range []struct {
		name    string
		n       int
		test    Probe[int]
		wantCfg string
	}{
		{"emptyFails", 4, func(context.Context, []int) Outcome { return Fail }, "empty changes"},
		{"allPasses", 4, func(context.Context, []int) Outcome { return Pass }, "all changes"},
		{"noChanges", 0, func(_ context.Context, c []int) Outcome { return Pass }, "all changes"},
		{"unresolved", 3, func(_ context.Context, c []int) Outcome {
			if len(c) == 0 {
				return Pass
			}
			return Unresolved
		}, "all changes"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DD(ctx, seq(tt.n), tt.test, nil)
			var oe *OutcomeError
			if !errors.As(err, &oe) || oe.Config != tt.wantCfg {
				t.Errorf("err = %v, want *OutcomeError for %s", err, tt.wantCfg)
			}
		})
	}
	t.Run("panics", func(t *testing.T) {
		_, err := DD(ctx, seq(8), func(_ context.Context, c []int) Outcome {
			if len(c) == 4 {
				panic("at four")
			}
			return containsAll(7)(nil, c)
		}, nil)
		var pe *PanicError
		if !errors.As(err, &pe) || pe.Size != 4 {
			t.Errorf("err = %v, want *PanicError on 4 elements", err)
		}
	})
}

// TestDDInputsGzip is the chops paper's gzip case: a file name longer than
// the 1024-byte buffer crashes; starting from a passing and a failing
// length, dd isolates a single character as the failure-inducing difference.
func TestDDInputsGzip(t *testing.T) {
	crash := func(_ context.Context, name []byte) Outcome {
		if len(name) > 1024 {
			return Fail
		}
		return Pass
	}
	pass := []byte(strings.Repeat("ab", 500))
	fail := []byte(strings.Repeat("ab", 550))
	r, err := DDInputs(context.Background(), pass, fail, crash, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Pass) != 1024 || len(r.Fail) != 1025 || len(r.Edits) != 1 || len(r.Marked) != 1 {
		t.Fatalf("got pass %d, fail %d bytes, edits %v, marked %v", len(r.Pass), len(r.Fail), r.Edits, r.Marked)
	}
	t.Logf("gzip: %d tests", r.Stats.Tests)
}

func TestEditsApply(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	gen := func() []byte {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = "abc"[r.IntN(3)]
		}
		return b
	}
	for range 2000 {
		a, b := gen(), gen()
		es := Edits(a, b)
		all, ins := Apply(a, es)
		if string(all) != string(b) {
			t.Fatalf("Apply(%q, Edits(%q, %q)) = %q", a, a, b, all)
		}
		none, _ := Apply(a, nil)
		if string(none) != string(a) {
			t.Fatalf("Apply(%q, nil) = %q", a, none)
		}
		// Minimal: deletions = len(a) - LCS, insertions = len(b) - LCS.
		l := lcsLen(a, b)
		nIns := 0
		for _, e := range es {
			if e.Kind == Insert {
				nIns++
			}
		}
		if len(es) != len(a)+len(b)-2*l || nIns != len(b)-l || len(ins) != nIns {
			t.Fatalf("Edits(%q, %q) = %v, not minimal (lcs %d)", a, b, es, l)
		}
		for k, e := range slices.DeleteFunc(slices.Clone(es), func(e Edit[byte]) bool { return e.Kind == Delete }) {
			if all[ins[k]] != e.Elem {
				t.Fatalf("inserted position %d holds %q, want %q", ins[k], all[ins[k]], e.Elem)
			}
		}
	}
	// The wholesale fallback on long middles is still a correct script.
	a := []byte(strings.Repeat("ab", 1500) + "X")
	b := []byte("X" + strings.Repeat("ba", 1500))
	if got, _ := Apply(a, Edits(a, b)); string(got) != string(b) {
		t.Error("fallback edit script does not produce the failing input")
	}
	if Insert.String() != "insert" || Delete.String() != "delete" {
		t.Error("EditKind.String")
	}
}

// lcsLen is an independent recursive-memo LCS length.
func lcsLen(a, b []byte) int {
	memo := map[[2]int]int{}
	var f func(i, j int) int
	f = func(i, j int) int {
		if i == len(a) || j == len(b) {
			return 0
		}
		k := [2]int{i, j}
		if v, ok := memo[k]; ok {
			return v
		}
		v := max(f(i+1, j), f(i, j+1))
		if a[i] == b[j] {
			v = max(v, 1+f(i+1, j+1))
		}
		memo[k] = v
		return v
	}
	return f(0, 0)
}

// TestDDInputsRandom checks DDInputs on seeded random strings against its
// contract: the returned Pass passes, Fail fails, Fail is Pass with the
// returned edits applied to the original passing input, and Marked points
// at the inserted elements.
func TestDDInputsRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	gen := func(n int) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = "abxy"[r.IntN(4)]
		}
		return b
	}
	// Fails iff the input holds "xy" or ends in 'x'.
	test := func(_ context.Context, in []byte) Outcome {
		s := string(in)
		if strings.Contains(s, "xy") || strings.HasSuffix(s, "x") {
			return Fail
		}
		return Pass
	}
	ctx := context.Background()
	runs := 0
	for range 300 {
		pass, fail := gen(r.IntN(15)), gen(r.IntN(15))
		if test(ctx, pass) != Pass || test(ctx, fail) != Fail {
			continue
		}
		runs++
		d, err := DDInputs(ctx, pass, fail, test, nil)
		if err != nil {
			t.Fatalf("DDInputs(%q, %q): %v", pass, fail, err)
		}
		if test(ctx, d.Pass) != Pass || test(ctx, d.Fail) != Fail {
			t.Fatalf("DDInputs(%q, %q): pass %q / fail %q have the wrong outcomes", pass, fail, d.Pass, d.Fail)
		}
		if len(d.Edits) == 0 {
			t.Fatalf("DDInputs(%q, %q): no edits", pass, fail)
		}
		delta := 0
		for _, e := range d.Edits {
			if e.Kind == Insert {
				delta++
			} else {
				delta--
			}
		}
		if len(d.Fail)-len(d.Pass) != delta {
			t.Fatalf("DDInputs(%q, %q): %q and %q do not differ by %v", pass, fail, d.Pass, d.Fail, d.Edits)
		}
		for _, m := range d.Marked {
			found := false
			for _, e := range d.Edits {
				found = found || (e.Kind == Insert && e.Elem == d.Fail[m])
			}
			if !found {
				t.Fatalf("marked position %d of %q is not an inserted element of %v", m, d.Fail, d.Edits)
			}
		}
	}
	if runs < 50 {
		t.Errorf("only %d usable pairs", runs)
	}
}
