package example

import "fmt"

func ExampleMid() {
	fmt.Println(Mid(3, 3, 5))
	fmt.Println(Mid(2, 3, 1))
	fmt.Println(Mid(2, 1, 3))
	// Output:
	// 3
	// 2
	// 2
}

func ExampleMid_sprintf() {
	fmt.Println(fmt.Sprintf("mid=%d", Mid(2, 1, 3)))
	// Output:
	// mid=2
}
