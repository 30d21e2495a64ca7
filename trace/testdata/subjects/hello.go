package subjects

import (
	"fmt"
	"os"
)

// Hello prints to standard output and standard error.
func Hello(name string) {
	fmt.Println("hello,", name)
	fmt.Fprintf(os.Stdout, "%d\n", len(name))
	fmt.Fprintln(os.Stderr, "done")
	println("raw", 1)
}
