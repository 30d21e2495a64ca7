package slicing_test

import (
	"context"
	"fmt"
	"strings"

	"github.com/faultloc/faultloc/slicing"
)

// A parser that fails on any input containing "<SELECT".
func crashes(_ context.Context, in []byte) slicing.Outcome {
	if strings.Contains(string(in), "<SELECT") {
		return slicing.Fail
	}
	return slicing.Pass
}

func ExampleDDMin() {
	input := []byte(`<SELECT NAME="priority" MULTIPLE SIZE=7>`)
	r, err := slicing.DDMin(context.Background(), input, crashes, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%q\n", r.Min)
	// Output:
	// "<SELECT"
}

func ExampleDD() {
	// Eight changes; the failure needs changes 1, 7 and 8 together
	// (Zeller and Hildebrandt's example). dd keeps one of them as the
	// difference, the other two already in the passing configuration.
	changes := []int{1, 2, 3, 4, 5, 6, 7, 8}
	test := func(_ context.Context, c []int) slicing.Outcome {
		n := 0
		for _, x := range c {
			if x == 1 || x == 7 || x == 8 {
				n++
			}
		}
		if n == 3 {
			return slicing.Fail
		}
		return slicing.Pass
	}
	r, err := slicing.DD(context.Background(), changes, test, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("pass:", r.Pass, "fail:", r.Fail, "difference:", r.Diff)
	// Output:
	// pass: [5 6 7 8] fail: [1 5 6 7 8] difference: [1]
}

func ExampleDDInputs() {
	// A file name longer than 1024 bytes overflows a buffer (the chops
	// paper's gzip case). dd isolates one character as the cause.
	overflow := func(_ context.Context, name []byte) slicing.Outcome {
		if len(name) > 1024 {
			return slicing.Fail
		}
		return slicing.Pass
	}
	pass := []byte(strings.Repeat("f", 1000))
	fail := []byte(strings.Repeat("f", 1100))
	r, err := slicing.DDInputs(context.Background(), pass, fail, overflow, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(r.Pass), len(r.Fail), len(r.Edits), r.Marked)
	// Output:
	// 1024 1025 1 [1000]
}

func ExampleOutcome_String() {
	fmt.Println(slicing.Unresolved, slicing.Pass, slicing.Fail)
	// Output:
	// unresolved pass fail
}
