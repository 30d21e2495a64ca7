package output

import "fmt"

func ExampleAbs() {
	fmt.Println(Abs(-3), Abs(4))
	// Output: 3 4
}

func ExampleAbs_printf() {
	fmt.Printf("|%4d|%-3d|%+d|%v|\n", Abs(-3), Abs(2), Abs(-5), Abs(-1) > 0)
	// Output: |   3|2  |+5|true|
}

func ExampleAbs_sprintf() {
	fmt.Println("result:", fmt.Sprintf("abs=%d", Abs(-7)))
	// Output: result: abs=7
}

func ExampleAbs_path() {
	if Abs(-2) > 0 {
		fmt.Println("positive")
	} else {
		fmt.Println("not positive")
	}
	// Output: positive
}

func ExampleAbs_fewer() {
	for i := 0; i < Abs(-2); i++ {
		fmt.Println(i)
	}
	// Output:
	// 0
	// 1
}

func ExampleAbs_more() {
	for i := Abs(-2); i < 0; i++ {
		fmt.Println("line", i)
	}
	fmt.Println("done")
	// Output: done
}

func ExampleAbs_unordered() {
	fmt.Println(Abs(-1))
	fmt.Println(Abs(-2))
	// Unordered output:
	// 2
	// 1
}

func ExampleCelsius() {
	fmt.Println(Celsius(Abs(-5)))
	// Output: 5°C
}

func ExampleDescribe() {
	fmt.Println(Describe(-1))
	// Output: negative
}

// ExampleAbs_first's second line is wrong whatever the code does (its
// comment expects another constant): only FirstFailure, which counts the
// lines up to the first wrong one, localizes Abs's fault.
func ExampleAbs_first() {
	fmt.Println(Abs(-3))
	fmt.Println("unrelated")
	// Output:
	// 3
	// related
}

func ExampleAbs_print() {
	fmt.Print(Abs(-4), Abs(-5), "\n")
	// Output: 4 5
}
