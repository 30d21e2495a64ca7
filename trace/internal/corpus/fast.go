package corpus

import "fmt"

// FastPaths exercises what the trace interpreter's fast form (trace's
// fast.go) runs in fused operations: indexing through pointers to arrays
// (in range, out of range, nil), integer operations of every width that
// divide by zero or shift by a negative count, and their panics recovered.
func FastPaths() string {
	var out []any
	table := &[4]int{400, 500, 640, 740}
	sum := 0
	for i := 0; i < 8; i++ {
		table[i%4] += i
		sum += table[(i*3)%4]
	}
	out = append(out, sum, *table)
	var nilTable *[4]int
	for _, i := range []int{-1, 3, 4, 1 << 40, 1 << 50, -1 << 62} {
		out = append(out, recovered(func() { sum += table[i] }), recovered(func() { table[i] = sum }))
	}
	for _, i := range []uint{2, 4, 1 << 63} {
		out = append(out, recovered(func() { sum += table[i] }), recovered(func() { sum += table[:][i] }))
	}
	out = append(out, recovered(func() { sum += nilTable[1] }), recovered(func() { nilTable[2] = 1 }))
	var np *span
	var ip *int
	var pp **span
	out = append(out, recovered(func() { sum += np.lo }), recovered(func() { np.hi = sum }),
		recovered(func() { out = append(out, *np) }), recovered(func() { q := &np.inner; out = append(out, q != nil) }),
		recovered(func() { sum += *ip }), recovered(func() { *ip = sum }), recovered(func() { sum += (*pp).hi }))

	var u8 uint8 = 200
	var i8 int8 = -100
	var u32 uint32 = 1
	var i16 int16 = 300
	for i := 0; i < 20; i++ {
		u8 = u8*3 + 7
		i8 = i8*5 - 3
		u32 = u32*1664525 + 1013904223
		i16 = i16<<3 | i16>>2
		out = append(out, u8, i8, u32>>8, i16, u8/(u8|1), i8%(i8|1), int(u32%97)-int(i8)/3)
	}
	zero, neg := 0, -1
	var min8 int8 = -128
	var z8 uint8
	out = append(out,
		recovered(func() { sum /= zero }), recovered(func() { sum %= zero }),
		recovered(func() { u8 /= z8 }), recovered(func() { sum <<= neg }), recovered(func() { sum >>= neg }),
		-1<<63/neg, (-1<<63)%neg, u32>>(zero+40), sum>>(zero+70), min8/int8(neg), min8%int8(neg))
	out = append(out, localAggregates(), pointersToLocals())
	return fmt.Sprint(out...)
}

type span struct {
	lo, hi int
	tags   [3]int8
	inner  struct{ a [2]int }
}

// width takes a span by value: its parameter is a local aggregate.
func width(s span) int {
	s.hi -= s.lo
	s.inner.a[1] = s.hi
	return s.inner.a[1] + int(s.tags[2])
}

// nest recurses with a local aggregate in every frame, each read after the
// calls below it returned.
func nest(d int) int {
	s := span{lo: d, hi: 2 * d}
	s.tags[d%3] = int8(d)
	if d == 0 {
		return width(s)
	}
	r := nest(d - 1)
	return r*3 + width(s) + s.lo
}

// boom panics from a frame holding a local aggregate.
func boom(d int) int {
	var s span
	s.lo = d
	if d > 2 {
		panic(fmt.Sprint("boom ", s.lo, s.inner.a))
	}
	return boom(d+1) + s.lo
}

// safeBoom recovers boom's panic in a frame with a local aggregate of its
// own, which must survive the frames the panic unwound.
func safeBoom() (res string) {
	s := span{lo: 7}
	defer func() { res = fmt.Sprint(recover(), s.lo) }()
	s.hi = boom(0)
	return "no panic"
}

// localAggregates runs local aggregates (structs and arrays whose
// addresses never escape) in loops, where each iteration's variable starts
// from zero, partly assigned, copied, passed by value, across recursion,
// panics, defers and goroutines.
func localAggregates() string {
	var out []any
	total := 0
	for i := 0; i < 6; i++ {
		var s span // zero each iteration, though assigned below
		if i%2 == 0 {
			s.lo = i
			s.tags[i%3] = int8(i)
		}
		s.inner.a[i%2] += i
		t := s // a copy
		t.hi = 100
		u := span{hi: i, tags: [3]int8{1, 2, 3}}
		u.inner = s.inner
		total += width(s) + width(t) + width(u) + s.hi + int(s.tags[0])
		out = append(out, s, t.hi, u)
	}
	var grid [3][2]int
	for i := range 3 {
		var row [2]int
		row[i%2] = i + 1
		grid[i] = row
	}
	out = append(out, total, grid, nest(5), safeBoom())
	ch := make(chan int)
	for g := range 3 {
		go func() {
			var s span
			s.lo = g
			for k := 0; k < 3; k++ {
				var t span
				t.hi = s.lo + k
				ch <- width(t)
			}
		}()
	}
	sum := 0
	for range 9 {
		sum += <-ch
	}
	return fmt.Sprint(append(out, sum)...)
}

// The callees of pointersToLocals take pointers to their callers' local
// aggregates; some keep them.

func (s *span) grow(d int) int {
	s.hi += d
	t := s // a pointer held in the callee's own variable
	t.tags[1]++
	return t.size()
}

func (s *span) size() int { return s.hi - s.lo + int(s.tags[1]) }

var kept *span

func keep(s *span) int { kept = s; return s.lo }

func ret(s *span) *span { s.lo++; return s }

func keepInSlice(s *span, all []*span) []*span { return append(all, s) }

func keepInClosure(s *span) func() int { return func() int { return s.hi } }

func walk(s *span, d int) int {
	if d == 0 {
		return s.size()
	}
	s.hi++
	return walk(s, d-1) + 1
}

// pointersToLocals passes pointers to aggregates declared in a loop to
// functions that only use them, that keep them (a global, a result, a
// slice, a closure), and to a recursive function; the kept ones must be
// distinct variables, one per iteration.
func pointersToLocals() string {
	var out []any
	var all []*span
	var fs []func() int
	var rets []*span
	for i := 0; i < 4; i++ {
		var a span // only used by its callees
		a.lo = i
		out = append(out, a.grow(i), a.grow(1), walk(&a, i), a.size())
		b := span{lo: i, hi: 2 * i} // kept in a global
		out = append(out, keep(&b))
		c := span{hi: i} // kept in a slice
		all = keepInSlice(&c, all)
		d := span{hi: 10 * i} // kept in a closure
		fs = append(fs, keepInClosure(&d))
		e := span{lo: -i} // returned
		rets = append(rets, ret(&e))
		b.hi, c.hi, d.hi, e.hi = -1, -2, -3, -4
		out = append(out, kept.hi)
	}
	for i := range all {
		out = append(out, all[i].hi, fs[i](), rets[i].lo, rets[i].hi)
	}
	var first *span // points to the first iteration's variable
	for i := 0; i < 3; i++ {
		var s span
		s.lo = i + 1
		if i == 0 {
			first = &s
		}
		out = append(out, first.lo, first.size())
	}
	return fmt.Sprint(out...)
}
