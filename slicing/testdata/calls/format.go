package calls

import "fmt"

// Format formats through the standard library, which the interpreter runs
// natively: fmt.Sprint reads its variadic arguments from memory.
func Format(x, y, z int) string {
	d := x * 2              // line 8
	_ = z                   // line 9
	return fmt.Sprint(d, y) // line 10
}
