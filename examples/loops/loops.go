// Package loops holds loop subjects for the scaling experiments of
// formula-based fault localization: each function has one seeded fault,
// marked below, and the number of loop iterations grows with its input, so
// the loop-unwinding bound a program formula needs grows with it too.
package loops

// Sum returns 0 + 1 + ... + n-1.
func Sum(n int) int {
	sum := 1 //fault: should be sum := 0
	for i := 0; i < n; i++ {
		sum += i
	}
	return sum
}

// Isqrt returns the integer square root of n >= 0, by subtracting the odd
// numbers 1, 3, 5, ... (their partial sums are the squares).
func Isqrt(n int) int {
	k := 0
	odd := 0 //fault: should be odd := 1
	for n >= odd {
		n -= odd
		odd += 2
		k++
	}
	return k
}

// BinarySearch returns the index of x in the sorted slice a, or -1.
func BinarySearch(a []int, x int) int {
	lo, hi := 0, len(a)-2 //fault: should be len(a)-1
	for lo <= hi {
		mid := (lo + hi) / 2
		if a[mid] < x {
			lo = mid + 1
		} else if a[mid] > x {
			hi = mid - 1
		} else {
			return mid
		}
	}
	return -1
}

// Case is one test of the package's functions.
type Case struct {
	Name string
	Func string // "Sum", "Isqrt" or "BinarySearch"
	N    int    // the argument of Sum and Isqrt; the length of the slice 0, 2, 4, ... for BinarySearch
	X    int    // the value BinarySearch looks for
	Want int
}

// Cases are tests of the three functions; those named "...Fails" fail.
var Cases = []Case{
	{"SumZeroFails", "Sum", 0, 0, 0},
	{"SumFails", "Sum", 10, 0, 45},
	{"IsqrtTen", "Isqrt", 10, 0, 3},
	{"IsqrtTwoFails", "Isqrt", 2, 0, 1},
	{"IsqrtZeroFails", "Isqrt", 0, 0, 0},
	{"SearchFirst", "BinarySearch", 5, 0, 0},
	{"SearchLastFails", "BinarySearch", 5, 8, 4},
	{"SearchMissing", "BinarySearch", 5, 3, -1},
}

// Evens returns the sorted slice 0, 2, ..., 2(n-1).
func Evens(n int) []int {
	a := make([]int, n)
	for i := range a {
		a[i] = 2 * i
	}
	return a
}

// Run runs the function a case names on its inputs.
func Run(c Case) int {
	switch c.Func {
	case "Sum":
		return Sum(c.N)
	case "Isqrt":
		return Isqrt(c.N)
	}
	return BinarySearch(Evens(c.N), c.X)
}
