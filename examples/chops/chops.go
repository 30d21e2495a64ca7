// Package chops is the subject of the failure-inducing chops pipeline,
// written in the spirit of the running example of Gupta, He, Zhang and Gupta,
// "Locating Faulty Code Using Failure-Inducing Chops" (ASE 2005): a program
// with two outputs, bitter and sweet, one statement of which is wrong so
// that, for some inputs, one output (sweet) is wrong while the other
// (bitter) stays right.
//
// Delta debugging between a passing recipe ("cch") and a failing one
// ("ccmh") isolates the single ingredient 'm' as the failure-inducing input
// difference. The forward dynamic slice of that byte and the backward
// dynamic slice of the wrong sweetness intersect in a chop that holds the
// faulty statement and leaves out both the bitterness computations (in the
// forward slice only) and the loop bookkeeping (in the backward slice only).
package chops

// Taste scores a recipe, one ingredient code per byte, and returns its
// bitterness and sweetness:
//
//	c  cocoa: bitterness +3
//	h  honey: sweetness +2
//	s  sugar: sweetness +1
//	m  milk: halves the bitterness, sweetness +1
//	2…9  repeats the previous ingredient that many times
//
// Other bytes are ignored.
func Taste(recipe string) (bitter, sweet int) {
	var prev byte
	for i := 0; i < len(recipe); i++ {
		c := recipe[i]
		n := 1
		if c >= '2' && c <= '9' {
			n = int(c - '0')
			c = prev
		}
		for k := 0; k < n; k++ {
			switch c {
			case 'c':
				bitter += 3
			case 'h':
				sweet += 2
			case 's':
				sweet++
			case 'm':
				bitter /= 2
				sweet += 2 //fault: should be sweet++
			}
		}
		prev = c
	}
	return bitter, sweet
}

// Spec is the specification of Taste (Taste without the fault): the oracle
// that tells delta debugging whether a recipe makes Taste fail.
func Spec(recipe string) (bitter, sweet int) {
	var prev byte
	for i := 0; i < len(recipe); i++ {
		c := recipe[i]
		n := 1
		if c >= '2' && c <= '9' {
			n = int(c - '0')
			c = prev
		}
		for range n {
			switch c {
			case 'c':
				bitter += 3
			case 'h':
				sweet += 2
			case 's':
				sweet++
			case 'm':
				bitter /= 2
				sweet++
			}
		}
		prev = c
	}
	return bitter, sweet
}

// Case is one test of Taste.
type Case struct {
	Name              string
	Recipe            string
	Bitter, Sweet     int // expected results (from Spec)
	FailsWithTheFault bool
}

// Cases are the subject's tests: "milky" is the failing run of the chops
// example, "dark" the passing run it is compared with.
var Cases = []Case{
	{"dark", "cch", 6, 2, false},
	{"milky", "ccmh", 3, 3, true},
	{"sugared", "cs3h", 3, 6, false},
	{"latte", "c3m2", 1, 3, true},
	{"empty", "", 0, 0, false},
}
