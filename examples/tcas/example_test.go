package tcas_test

import (
	"fmt"
	"strings"

	"github.com/faultloc/faultloc/examples/tcas"
)

// The fault-free program on a few tests of the universe, including a
// usage error and an out-of-bounds altitude layer.
func Example() {
	tests, err := tcas.Universe()
	if err != nil {
		fmt.Println(err)
		return
	}
	want, err := tcas.Expected()
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, i := range []int{0, 9, 12, 523, 1580} {
		tc := tests[i]
		got, _ := tcas.Run(tcas.Main, tc.Args)
		fmt.Printf("%s %v: %v (expected %v)\n", tc.Name(), tc.Args, got, want[i])
	}
	// Output:
	// t1 [958 1 1 2597 574 4253 0 399 400 0 0 1]: UNRESOLVED (expected UNRESOLVED)
	// t10 [976 1 1 5378 390 1000 2 641 741 1 0 0]: DOWNWARD_RA (expected DOWNWARD_RA)
	// t13 [967 1 0 659 204 3825 3 500 399 0 0 0]: UPWARD_RA (expected UPWARD_RA)
	// t524 [860 1 1 618 329 574 4 893 914 0 2 0]: panic (expected panic)
	// t1581 [1 581 567 655 0 637 906 0 1 1]: usage (expected usage)
}

// A faulty version: its edits of the port and its ground truth.
func ExampleLookup() {
	v, err := tcas.Lookup(31)
	if err != nil {
		fmt.Println(err)
		return
	}
	src, err := v.Source()
	if err != nil {
		fmt.Println(err)
		return
	}
	lines, err := v.FaultyLines()
	if err != nil {
		fmt.Println(err)
		return
	}
	failing, _, err := v.FailingTests()
	if err != nil {
		fmt.Println(err)
		return
	}
	text := strings.Split(string(src), "\n")
	fmt.Printf("%s, %d failing tests\n", v.Kind, len(failing))
	for _, l := range lines {
		fmt.Printf("%d: %s\n", l, strings.TrimSpace(text[l-1]))
	}
	// Output:
	// added stmts + missing code, 14 failing tests
	// 76: result = result && (Own_Tracked_Alt <= Other_Tracked_Alt)
	// 81: result = result && (Own_Tracked_Alt < Other_Tracked_Alt)
	// 128: need_upward_RA = Non_Crossing_Biased_Climb()
}

// The line of tcas.c that a line of the port stands for.
func ExampleCLine() {
	for _, line := range []int{58, 62, 65, 118} {
		fmt.Println(line, "->", tcas.CLine(line))
	}
	// Output:
	// 58 -> 58
	// 62 -> 63
	// 65 -> 63
	// 118 -> 118
}

// The known repairs: a line other than the faulty ones whose change
// alone fixes the version.
func ExampleRepairs() {
	for _, r := range tcas.Repairs() {
		v, err := tcas.Lookup(r.Version)
		if err != nil {
			panic(err)
		}
		faulty, err := v.FaultyLines()
		if err != nil {
			panic(err)
		}
		fmt.Printf("v%d (faulty lines %v): line %d: %s\n", r.Version, faulty, r.Line, strings.TrimSpace(r.Text))
	}
	// Output:
	// v35 (faulty lines [63 65]): line 62: if !Climb_Inhibit {
	// v40 (faulty lines [75 126]): line 79: result = false
}
