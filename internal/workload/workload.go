// Package workload holds CPU-bound workloads for measuring and testing
// package trace's interpreter (bench/interp, trace's tests). It imports
// nothing, not even the standard library, so that the same source runs
// natively, under package trace and under golang.org/x/tools/go/ssa/interp
// (which cannot initialise the real standard library). Each workload takes
// its size and returns a checksum of everything it computed, so that every
// engine's result can be compared with native execution.
package workload

// SumSquares returns the sum of i*i for 0 <= i < n (wrapping on overflow).
func SumSquares(n int) int {
	sum := 0
	for i := 0; i < n; i++ {
		sum += i * i
	}
	return sum
}

// The advisories of the collision-avoidance logic.
const (
	unresolved = 0
	upwardRA   = 1
	downwardRA = 2
)

// aircraft is the input of one collision-avoidance decision, as in TCAS.
type aircraft struct {
	curVerticalSep  int
	highConfidence  bool
	twoOfThreeValid bool
	ownAlt          int
	ownAltRate      int
	otherAlt        int
	altLayer        int
	upSep           int
	downSep         int
	otherRAC        int
	otherCapability int
	climbInhibit    bool
}

// thresholds are the altitude thresholds of the four altitude layers.
var thresholds = [4]int{400, 500, 640, 740}

func (a *aircraft) alim() int { return thresholds[a.altLayer] }

func (a *aircraft) inhibitBiasedClimb() int {
	if a.climbInhibit {
		return a.upSep + 100
	}
	return a.upSep
}

func (a *aircraft) ownBelow() bool { return a.ownAlt < a.otherAlt }

func (a *aircraft) ownAbove() bool { return a.otherAlt < a.ownAlt }

func (a *aircraft) nonCrossingBiasedClimb() bool {
	if a.inhibitBiasedClimb() > a.downSep {
		return !a.ownBelow() || (a.ownBelow() && !(a.downSep >= a.alim()))
	}
	return a.ownAbove() && a.curVerticalSep >= 300 && a.upSep >= a.alim()
}

func (a *aircraft) nonCrossingBiasedDescend() bool {
	if a.inhibitBiasedClimb() > a.downSep {
		return a.ownBelow() && a.curVerticalSep >= 300 && a.downSep >= a.alim()
	}
	return !a.ownAbove() || (a.ownAbove() && a.upSep >= a.alim())
}

// altSepTest is the decision function of the Siemens TCAS program.
func (a *aircraft) altSepTest() int {
	enabled := a.highConfidence && a.ownAltRate <= 600 && a.curVerticalSep > 600
	equipped := a.otherCapability == 1
	intentNotKnown := a.twoOfThreeValid && a.otherRAC == 0
	sep := unresolved
	if enabled && ((equipped && intentNotKnown) || !equipped) {
		up := a.nonCrossingBiasedClimb() && a.ownBelow()
		down := a.nonCrossingBiasedDescend() && a.ownAbove()
		switch {
		case up && down:
			sep = unresolved
		case up:
			sep = upwardRA
		case down:
			sep = downwardRA
		}
	}
	return sep
}

// rng is a linear congruential generator: workloads draw their inputs from
// it so that no engine needs math/rand.
type rng struct{ s uint32 }

func (r *rng) next(n int) int {
	r.s = r.s*1664525 + 1013904223
	return int(r.s>>8) % n
}

// TCAS makes n collision-avoidance decisions on pseudo-random inputs and
// returns a checksum of the advisories.
func TCAS(n int) int {
	r := &rng{s: 1}
	sum := 0
	for i := 0; i < n; i++ {
		a := aircraft{
			curVerticalSep:  r.next(1200),
			highConfidence:  r.next(4) != 0,
			twoOfThreeValid: r.next(4) != 0,
			ownAlt:          r.next(1000),
			ownAltRate:      r.next(1000),
			otherAlt:        r.next(1000),
			altLayer:        r.next(4),
			upSep:           r.next(1000),
			downSep:         r.next(1000),
			otherRAC:        r.next(3),
			otherCapability: r.next(2) + 1,
			climbInhibit:    r.next(2) != 0,
		}
		sum = sum*3 + a.altSepTest()
	}
	return sum
}

// The kinds of triangle.
const (
	illegal = iota
	equilateral
	isosceles
	right
	acute
	obtuse
)

type triangle struct{ a, b, c int }

// kind classifies t, whose sides are in non-increasing order.
func (t triangle) kind() int {
	if t.a >= t.b+t.c {
		return illegal
	}
	if t.a == t.b && t.b == t.c {
		return equilateral
	}
	if t.a == t.b || t.b == t.c {
		return isosceles
	}
	sq := func(x int) int { return x * x }
	switch d := sq(t.a) - sq(t.b) - sq(t.c); {
	case d == 0:
		return right
	case d < 0:
		return acute
	}
	return obtuse
}

// tally counts the triangles classified.
type tally struct {
	kinds [6]int
	perim int
	seen  []triangle // the last few equilateral triangles
}

func (t *tally) add(tr triangle, k int) {
	t.kinds[k]++
	t.perim += tr.a + tr.b + tr.c
	if k == equilateral {
		if len(t.seen) == 4 {
			t.seen = t.seen[1:]
		}
		t.seen = append(t.seen, tr)
	}
}

// Classify classifies n triangles with pseudo-random sides (sorted by a
// closure-driven insertion sort over a slice) and returns a checksum of the
// tally.
func Classify(n int) int {
	r := &rng{s: 7}
	var t tally
	sides := make([]int, 3)
	less := func(i, j int) bool { return sides[i] > sides[j] }
	for i := 0; i < n; i++ {
		for j := range sides {
			sides[j] = r.next(12) + 1
		}
		for j := 1; j < len(sides); j++ {
			for k := j; k > 0 && less(k, k-1); k-- {
				sides[k], sides[k-1] = sides[k-1], sides[k]
			}
		}
		tr := triangle{sides[0], sides[1], sides[2]}
		t.add(tr, tr.kind())
	}
	sum := t.perim
	for i, k := range t.kinds {
		sum = sum*31 + (i+1)*k
	}
	for _, tr := range t.seen {
		sum = sum*7 + tr.a
	}
	return sum
}
