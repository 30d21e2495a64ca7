package testmatch_test

import (
	"fmt"

	"github.com/faultloc/faultloc/internal/testmatch"
)

func Example() {
	m, err := testmatch.Compile("^TestParse$/empty")
	if err != nil {
		panic(err)
	}
	for _, name := range []string{"TestParse", "TestParse/empty_input", "TestParse/long", "TestParseAll/empty"} {
		fmt.Println(name, m.Match(name))
	}
	// Output:
	// TestParse true
	// TestParse/empty_input true
	// TestParse/long false
	// TestParseAll/empty false
}
