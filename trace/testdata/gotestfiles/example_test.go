package gotestfiles

import (
	"fmt"
	"os"
)

// fixture is read as the package initializes, relative to the package's
// directory, where go test runs an Example as it runs a Test.
var fixture, fixtureErr = os.ReadFile("testdata/a.txt")

// Example reads a file relative to the package's directory, during the
// example and before it (fixture).
func Example() {
	b, err := os.ReadFile("testdata/b.txt")
	wd, _ := os.Getwd()
	_, statErr := os.Stat(wd + "/files_test.go")
	fmt.Printf("%q %v %q %v %v\n", fixture, fixtureErr, b, err, statErr)
	// Output: "alpha\nbeta\n" <nil> "one two three\n" <nil> <nil>
}
