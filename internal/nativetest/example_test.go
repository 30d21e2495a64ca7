package nativetest_test

import (
	"fmt"
	"strings"

	"github.com/faultloc/faultloc/internal/nativetest"
)

// Parse reads what a test binary prints under -test.v=test2json; a test
// that never ended (the binary died) counts as failed, as go test -json
// reports it.
func ExampleParse() {
	out := "\x16=== RUN   TestA\n\x16--- PASS: TestA (0.00s)\n\x16=== RUN   TestB\npanic: boom\n"
	results, complete := nativetest.Parse(strings.NewReader(out))
	for _, r := range results {
		fmt.Println(r.Name, r.Status, r.Ended)
	}
	fmt.Println("complete:", complete)
	// Output:
	// TestA pass true
	// TestB fail false
	// complete: false
}
