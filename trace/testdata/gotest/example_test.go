package gotest_test

import (
	"encoding/json"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"runtime"

	"github.com/faultloc/faultloc/trace/testdata/gotest"
)

// init prints before any case runs: go test prints it before the first
// case, and no example's output holds it.
func init() { fmt.Println("initialised") }

func Example() {
	fmt.Println(gotest.Abs(-2))
	// Output: 2
}

// ExampleAbs fails by design: its output comment is wrong.
func ExampleAbs() {
	for _, x := range []int{-1, 0, 1} {
		fmt.Println(x, gotest.Abs(x))
	}
	// Output:
	// -1 1
	// 0 0
	// 1 -1
}

func ExampleAbs_unordered() {
	for _, x := range []int{3, -2, 1} {
		fmt.Println(gotest.Abs(x))
	}
	// Unordered output:
	// 1
	// 2
	// 3
}

// ExampleAbs_noOutput is compiled, not run.
func ExampleAbs_noOutput() {
	fmt.Println(gotest.Abs(1))
}

// ExampleAbs_writers prints through native writers given os.Stdout (a
// logger, an encoder, io.WriteString): go test captures it all as the
// example's output.
func ExampleAbs_writers() {
	log.New(os.Stdout, "abs: ", 0).Println(gotest.Abs(-3))
	json.NewEncoder(os.Stdout).Encode(map[string]int{"abs": gotest.Abs(-4)})
	io.WriteString(os.Stdout, "done\n")
	fmt.Fprintln(os.Stderr, "not part of the output")
	// Output:
	// abs: 3
	// {"abs":4}
	// done
}

// ExampleCallers prints the frames above it as runtime.CallersFrames
// gives them (the directory of each file, but the test binary's main,
// whose _testmain.go go test generates in a directory of its own): an
// Example runs on go test's main goroutine, under testing's runExample,
// runExamples and M.Run, and each frame but the last has more frames
// after it, which a logger looking for its caller relies on.
func ExampleCallers() {
	pcs := make([]uintptr, 16)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(1, pcs)])
	for f, more := frames.Next(); more; f, more = frames.Next() {
		if f.Function == "main.main" {
			fmt.Println(f.Function)
			continue
		}
		fmt.Println(f.Function, filepath.Base(filepath.Dir(f.File)), f.Line > 0)
	}
	// Output:
	// github.com/faultloc/faultloc/trace/testdata/gotest_test.ExampleCallers gotest true
	// testing.runExample testing true
	// testing.runExamples testing true
	// testing.(*M).Run testing true
	// main.main
	// runtime.main runtime true
}
