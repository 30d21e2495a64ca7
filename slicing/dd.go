package slicing

import (
	"context"
	"fmt"
	"runtime/debug"
	"sync"
)

// DDOptions configures [DDMin], [DD] and [DDInputs]. The zero value (or a nil
// pointer) runs sequentially, without a test budget, and rechecks the result.
type DDOptions struct {
	// Parallel is the number of configurations tested at once; 0 or 1 tests
	// one at a time. Probes are launched in waves of this size, in the
	// order the sequential algorithm would try them, and the first
	// configuration in that order with the wanted outcome is taken, so the
	// result equals the sequential one; only Stats.Tests may be larger.
	Parallel int
	// MaxTests bounds the calls of the test callback; 0 means no bound.
	// When the bound is reached, the best result so far is returned with an
	// error wrapping [ErrTestBudget].
	MaxTests int
	// NoRecheck disables the final recheck. By default (false) the result
	// configuration (for DD, both of them) is tested once more without the
	// cache, and a different outcome yields a [*FlakyError].
	NoRecheck bool
}

// engine runs the test callback over configurations given as sorted index
// lists into a universe of elements, with a cache keyed by the index set.
type engine[T any] struct {
	ctx   context.Context
	elems []T
	test  Probe[T]
	opts  DDOptions
	cache map[string]Outcome
	stats Stats
}

func newEngine[T any](ctx context.Context, elems []T, test Probe[T], opts *DDOptions) *engine[T] {
	e := &engine[T]{ctx: ctx, elems: elems, test: test, cache: make(map[string]Outcome)}
	if opts != nil {
		e.opts = *opts
	}
	return e
}

// key encodes an index set as a bitset over the universe.
func (e *engine[T]) key(c []int) string {
	b := make([]byte, (len(e.elems)+7)/8)
	for _, i := range c {
		b[i>>3] |= 1 << (i & 7)
	}
	return string(b)
}

// run calls the test on c, turning a panic into an error (and the
// outcome Unresolved).
func (e *engine[T]) run(c []int) (o Outcome, err error) {
	config := make([]T, len(c))
	for k, i := range c {
		config[k] = e.elems[i]
	}
	defer func() {
		if r := recover(); r != nil {
			o, err = Unresolved, &PanicError{Size: len(c), Value: r, Stack: string(debug.Stack())}
		}
	}()
	o = e.test(e.ctx, config)
	if o != Pass && o != Fail {
		o = Unresolved
	}
	return o, nil
}

func (e *engine[T]) count(o Outcome) {
	e.stats.Tests++
	switch o {
	case Pass:
		e.stats.Pass++
	case Fail:
		e.stats.Fail++
	default:
		e.stats.Unresolved++
	}
}

// budget returns an error if no further test may run.
func (e *engine[T]) budget() error {
	if err := e.ctx.Err(); err != nil {
		return fmt.Errorf("slicing: delta debugging canceled: %w", err)
	}
	if e.opts.MaxTests > 0 && e.stats.Tests >= e.opts.MaxTests {
		return fmt.Errorf("%w after %d tests", ErrTestBudget, e.stats.Tests)
	}
	return nil
}

// outcome tests one configuration, through the cache.
func (e *engine[T]) outcome(c []int) (Outcome, error) {
	k := e.key(c)
	if o, ok := e.cache[k]; ok {
		e.stats.Cached++
		return o, nil
	}
	if err := e.budget(); err != nil {
		return Unresolved, err
	}
	o, err := e.run(c)
	e.count(o) // a call made is counted, whatever becomes of its outcome
	if err != nil {
		return Unresolved, err
	}
	if err := e.ctx.Err(); err != nil {
		return Unresolved, fmt.Errorf("slicing: delta debugging canceled: %w", err)
	}
	e.cache[k] = o
	return o, nil
}

// first returns the index of the first configuration in cs whose outcome is
// want, or -1. Sequentially it stops at that configuration; in parallel it
// tests waves of uncached configurations concurrently.
func (e *engine[T]) first(cs [][]int, want Outcome) (int, error) {
	if e.opts.Parallel <= 1 {
		for i, c := range cs {
			o, err := e.outcome(c)
			if err != nil {
				return -1, err
			}
			if o == want {
				return i, nil
			}
		}
		return -1, nil
	}
	for start := 0; start < len(cs); {
		// Collect the next wave: cached answers are free and taken in
		// order; uncached configurations are gathered up to Parallel.
		type probe struct {
			i   int
			key string
			o   Outcome
			err error
		}
		var wave []*probe
		seen := map[string]bool{}
		end := start
		for ; end < len(cs) && len(wave) < e.opts.Parallel; end++ {
			k := e.key(cs[end])
			if _, ok := e.cache[k]; ok || seen[k] {
				continue
			}
			seen[k] = true
			wave = append(wave, &probe{i: end, key: k})
		}
		if e.opts.MaxTests > 0 {
			left := e.opts.MaxTests - e.stats.Tests
			if left < len(wave) {
				wave = wave[:max(left, 0)]
				if len(wave) > 0 {
					end = wave[len(wave)-1].i + 1
				}
			}
		}
		var wg sync.WaitGroup
		for _, p := range wave {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p.o, p.err = e.run(cs[p.i])
			}()
		}
		wg.Wait()
		for _, p := range wave {
			e.count(p.o)
		}
		if err := e.ctx.Err(); err != nil {
			return -1, fmt.Errorf("slicing: delta debugging canceled: %w", err)
		}
		for _, p := range wave {
			if p.err != nil {
				return -1, p.err
			}
			e.cache[p.key] = p.o
		}
		// Now every configuration in [start, end) is cached, except
		// those cut by the budget; outcome reports the budget error.
		for i := start; i < end; i++ {
			o, err := e.outcome(cs[i])
			if err != nil {
				return -1, err
			}
			if o == want {
				return i, nil
			}
		}
		start = end
	}
	return -1, nil
}

// recheck tests c again without the cache.
func (e *engine[T]) recheck(c []int, want Outcome) error {
	if e.opts.NoRecheck {
		return nil
	}
	if err := e.budget(); err != nil {
		return err
	}
	o, err := e.run(c)
	e.count(o)
	if err != nil {
		return err
	}
	if o != want {
		return &FlakyError{Size: len(c), First: want, Second: o}
	}
	return nil
}

func (e *engine[T]) pick(c []int) []T {
	out := make([]T, len(c))
	for k, i := range c {
		out[k] = e.elems[i]
	}
	return out
}

// split divides c into n parts of nearly equal size (sizes differ by at most
// one), in order; every element lands in exactly one part whatever the
// remainder of len(c)/n.
func split(c []int, n int) [][]int {
	parts := make([][]int, n)
	for i := range n {
		parts[i] = c[i*len(c)/n : (i+1)*len(c)/n]
	}
	return parts
}

// minus returns the sorted difference a \ b of sorted index lists.
func minus(a, b []int) []int {
	out := make([]int, 0, len(a))
	j := 0
	for _, x := range a {
		for j < len(b) && b[j] < x {
			j++
		}
		if j < len(b) && b[j] == x {
			continue
		}
		out = append(out, x)
	}
	return out
}

// union returns the sorted union of sorted index lists.
func union(a, b []int) []int {
	out := make([]int, 0, len(a)+len(b))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case j == len(b) || (i < len(a) && a[i] < b[j]):
			out = append(out, a[i])
			i++
		case i == len(a) || b[j] < a[i]:
			out = append(out, b[j])
			j++
		default:
			out = append(out, a[i])
			i++
			j++
		}
	}
	return out
}

func indices(n int) []int {
	c := make([]int, n)
	for i := range c {
		c[i] = i
	}
	return c
}

// MinResult is the result of [DDMin].
type MinResult[T any] struct {
	Min   []T   // the 1-minimal failing configuration, in input order
	Index []int // the positions of Min's elements in the input
	Stats Stats
}

// DDMin simplifies a failing input with Zeller and Hildebrandt's ddmin
// ("Simplifying and Isolating Failure-Inducing Input", TSE 2002): it returns
// a subset of input, in order, that still fails and is 1-minimal: removing
// any single element makes the test pass or unresolved.
//
// The input is split into n parts of nearly equal size (starting with n = 2;
// lengths that do not divide evenly are fine); if a part fails, ddmin
// continues on it with n = 2; else if a complement fails, on that complement
// with n - 1 parts; else it doubles n, up to one element per part. Each
// configuration is tested at most once (outcomes are cached); a one-element
// result has its complement, the empty configuration, tested too. At worst
// ddmin makes O(len(input)²) tests; when the failure needs one element, about
// 2·log2(len(input)).
//
// The input must fail, else DDMin returns an [*OutcomeError]. An empty input
// that fails is returned as is. A panicking test yields a [*PanicError],
// cancellation of ctx the context's error (wrapped), an exhausted budget
// [ErrTestBudget]; in those cases the result holds the smallest failing
// configuration found so far. A non-deterministic test is caught only if it
// changes the final configuration's outcome ([*FlakyError]); since no
// configuration is tested twice otherwise, a flipping test never makes DDMin
// loop.
func DDMin[T any](ctx context.Context, input []T, test Probe[T], opts *DDOptions) (MinResult[T], error) {
	e := newEngine(ctx, input, test, opts)
	c := indices(len(input))
	res := func(err error) (MinResult[T], error) {
		return MinResult[T]{Min: e.pick(c), Index: c, Stats: e.stats}, err
	}
	o, err := e.outcome(c)
	if err != nil {
		return res(err)
	}
	if o != Fail {
		return res(&OutcomeError{Config: "input", Got: o, Want: Fail})
	}
	n := 2
	for len(c) > 0 {
		n = min(n, len(c))
		parts := split(c, n)
		if n > 1 {
			i, err := e.first(parts, Fail)
			if err != nil {
				return res(err)
			}
			if i >= 0 {
				c, n = parts[i], 2
				continue
			}
		}
		comps := make([][]int, n)
		for i, p := range parts {
			comps[i] = minus(c, p)
		}
		i, err := e.first(comps, Fail)
		if err != nil {
			return res(err)
		}
		if i >= 0 {
			c, n = comps[i], max(n-1, 2)
			continue
		}
		if n < len(c) {
			n = min(2*n, len(c))
			continue
		}
		break
	}
	return res(e.recheck(c, Fail))
}

// DiffResult is the result of [DD].
type DiffResult[T any] struct {
	Pass      []T   // a passing subset of the changes, in order
	PassIndex []int // positions of Pass's elements among the changes
	Fail      []T   // a failing superset of Pass
	FailIndex []int // positions of Fail's elements
	Diff      []T   // Fail minus Pass: the 1-minimal failure-inducing difference
	DiffIndex []int // positions of Diff's elements
	Stats     Stats
}

// DD isolates a minimal failure-inducing difference with Zeller and
// Hildebrandt's dd algorithm. Configurations are subsets of changes: the
// empty subset must pass (it is the passing input) and the full set must fail
// (the failing input), else DD returns an [*OutcomeError]. DD narrows the
// pair (Pass, Fail) from (∅, changes) until their difference is 1-minimal:
// a single element, or elements none of which makes Pass fail when added
// to it or Fail pass when removed from it. It tries, for each part of the
// difference split into n parts, Pass plus the part (failing: new Fail)
// and Fail minus the part (passing: new Pass), then the same
// configurations with the other outcome (narrowing with n - 1 parts), and
// else doubles n.
//
// Outcomes are cached, so no configuration is tested twice. Errors and
// partial results are as for [DDMin]; on error the result holds the closest
// pair found so far. Use [DDInputs] to isolate the difference between two
// inputs rather than between two sets of changes.
func DD[T any](ctx context.Context, changes []T, test Probe[T], opts *DDOptions) (DiffResult[T], error) {
	e := newEngine(ctx, changes, test, opts)
	var cp []int
	cf := indices(len(changes))
	res := func(err error) (DiffResult[T], error) {
		d := minus(cf, cp)
		return DiffResult[T]{
			Pass: e.pick(cp), PassIndex: cp,
			Fail: e.pick(cf), FailIndex: cf,
			Diff: e.pick(d), DiffIndex: d,
			Stats: e.stats,
		}, err
	}
	for _, chk := range []struct {
		c    []int
		want Outcome
		name string
	}{{cp, Pass, "empty changes"}, {cf, Fail, "all changes"}} {
		o, err := e.outcome(chk.c)
		if err != nil {
			return res(err)
		}
		if o != chk.want {
			return res(&OutcomeError{Config: chk.name, Got: o, Want: chk.want})
		}
	}
	n := 2
	for {
		delta := minus(cf, cp)
		if len(delta) <= 1 {
			break
		}
		n = min(n, len(delta))
		parts := split(delta, n)
		plus := make([][]int, n) // cp ∪ Δi
		less := make([][]int, n) // cf − Δi
		for i, p := range parts {
			plus[i] = union(cp, p)
			less[i] = minus(cf, p)
		}
		i, err := e.first(plus, Fail)
		if err != nil {
			return res(err)
		}
		if i >= 0 {
			cf, n = plus[i], 2
			continue
		}
		if i, err = e.first(less, Pass); err != nil {
			return res(err)
		}
		if i >= 0 {
			cp, n = less[i], 2
			continue
		}
		if i, err = e.first(plus, Pass); err != nil {
			return res(err)
		}
		if i >= 0 {
			cp, n = plus[i], max(n-1, 2)
			continue
		}
		if i, err = e.first(less, Fail); err != nil {
			return res(err)
		}
		if i >= 0 {
			cf, n = less[i], max(n-1, 2)
			continue
		}
		if n < len(delta) {
			n = min(2*n, len(delta))
			continue
		}
		break
	}
	if err := e.recheck(cp, Pass); err != nil {
		return res(err)
	}
	return res(e.recheck(cf, Fail))
}
