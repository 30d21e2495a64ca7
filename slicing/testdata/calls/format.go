package calls

import "fmt"

// Format formats through the standard library, which the interpreter runs
// natively: fmt.Sprint reads its variadic arguments from memory.
func Format(x, y, z int) string {
	d := x * 2              // line 8
	_ = z                   // line 9
	return fmt.Sprint(d, y) // line 10
}

// Overwrite passes an array whose first element was overwritten to the
// standard library, through a slice inside the variadic array.
func Overwrite(x, y int) string {
	a := [2]int{x, 0}       // line 16
	a[0] = y                // line 17
	return fmt.Sprint(a[:]) // line 18
}

// CountA counts the bytes 'a' in b, reading them by index.
func CountA(b []byte) int {
	n := 0
	for i := 0; i < len(b); i++ {
		if b[i] == 'a' {
			n++
		}
	}
	return n
}

func reset(p *int) { *p = 0 }

// MaybeReset returns x, which a call not made could have reset.
func MaybeReset(x int, clear bool) int {
	if clear { // line 36
		reset(&x)
	}
	return x // line 39
}

// Vowels counts the vowels of s with a range loop.
func Vowels(s string) int {
	n := 0
	for _, r := range s {
		if r == 'a' || r == 'e' {
			n++
		}
	}
	return n
}
