package foo_test

import (
	"fmt"

	"github.com/faultloc/faultloc/examples/foo"
)

// Foo on the paper's path through the fault (x < y, then a < y), where
// the fault does not show: Foo(0, 4) is 4 with the fault and without it.
// The failing test, Foo(3, 5) (8 where 2 is wanted), is TestFoo's, under
// the faultloc build tag.
func Example() {
	fmt.Println(foo.Foo(0, 4))
	// Output:
	// 4
}
