// Package lib is a library outside the package under test (package
// indep), whose functions the encoding's tests call with constants, so
// that their work depends on nothing blamable, or with the package's
// own values.
package lib

// Factor returns 2 to the n, by a loop.
func Factor(n int) int {
	f := 1
	for i := 0; i < n; i++ {
		f = Mul(f, 2)
	}
	return f
}

// Mul returns a times b.
func Mul(a, b int) int { return a * b }

// Even reports whether n is even.
func Even(n int) bool { return n%2 == 0 }

// DivMod returns the quotient and the remainder of a by b.
func DivMod(a, b int) (int, int) { return a / b, a % b }

// Box holds a value.
type Box struct{ V int }

// Get returns b's value.
func Get(b *Box) int { return b.V }
