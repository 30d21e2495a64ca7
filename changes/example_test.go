package changes_test

import (
	"fmt"

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
