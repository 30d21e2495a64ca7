// Package entry is a regression in one entry of a table: the table's
// other entries change too.
package entry

type op struct {
	name string
	fn   func(int) int
}

var ops = []op{
	{"inc", func(x int) int { return 1 + x }},
	{"half", half},
	{"neg", func(x int) int { return 0 - x }},
	{"double", func(x int) int { return 2 * x }},
}

func half(x int) int { return x >> 1 }

// Apply applies the operation of that name to x (x itself when none is).
func Apply(name string, x int) int {
	for _, o := range ops {
		if o.name == name {
			return o.fn(x)
		}
	}
	return x
}
