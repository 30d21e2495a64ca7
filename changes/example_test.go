package changes_test

import (
	"fmt"
	"strings"

	"github.com/faultloc/faultloc/changes"
)

// Two versions of a file differ by an if's condition and a statement;
// reverting the first alone gives a version with the second only.
func Example() {
	old := map[string][]byte{"max.go": []byte(`package max

func Max(x, y int) int {
	m := y
	if x > y {
		m = x
	}
	return m
}
`)}
	nw := map[string][]byte{"max.go": []byte(`package max

func Max(x, y int) int {
	m := y
	if x < y {
		m = x
	}
	return m + 0
}
`)}
	s, err := changes.Diff(old, nw)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range s.Changes {
		fmt.Println(c)
	}
	overlay, err := s.Revert(s.Changes[:1])
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(string(overlay["max.go"]))
	// Output:
	// c1 max.go:5 (Max) modified if header: if x < y ⇐ if x > y
	// c2 max.go:8 (Max) modified stmt: return m + 0 ⇐ return m
	// package max
	//
	// func Max(x, y int) int {
	// 	m := y
	// 	if x > y {
	// 		m = x
	// 	}
	// 	return m + 0
	// }
}

// An if added inside an existing function is a header with its
// statements nested in it: reverting the inner statement alone deletes
// it and keeps the if; reverting the header deletes the whole if.
func ExampleSet_Revert_nested() {
	old := map[string][]byte{"abs.go": []byte(`package abs

func Abs(x int) int {
	return x
}
`)}
	nw := map[string][]byte{"abs.go": []byte(`package abs

func Abs(x int) int {
	if x < 0 {
		x = -x
		x++
	}
	return x
}
`)}
	s, err := changes.Diff(old, nw)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range s.Changes {
		fmt.Printf("%v (parent %q)\n", c, c.Parent)
	}
	// A deleted statement leaves its line's indentation: trim it.
	show := func(src []byte) {
		for _, l := range strings.Split(strings.TrimSuffix(string(src), "\n"), "\n") {
			fmt.Println(strings.TrimRight(l, " \t"))
		}
	}
	inner, _ := s.Revert([]*changes.Change{s.ByID("c3")})
	show(inner["abs.go"])
	whole, _ := s.Revert([]*changes.Change{s.ByID("c1"), s.ByID("c3")})
	show(whole["abs.go"])
	// Output:
	// c1 abs.go:4-7 (Abs) added if header: if x < 0 { x = -x x++ } ⇐ ∅ (parent "")
	// c2 abs.go:5 (Abs) added stmt: x = -x ⇐ ∅ (parent "c1")
	// c3 abs.go:6 (Abs) added stmt: x++ ⇐ ∅ (parent "c1")
	// package abs
	//
	// func Abs(x int) int {
	// 	if x < 0 {
	// 		x = -x
	//
	// 	}
	// 	return x
	// }
	// package abs
	//
	// func Abs(x int) int {
	//
	// 	return x
	// }
}
