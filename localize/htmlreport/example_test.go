package htmlreport_test

import (
	"fmt"
	"strings"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/htmlreport"
)

// A report rendered as a page: here the rows of the source view that
// carry a candidate, with its badge and angelic value. ReadFile stands in
// for the file system; by default the sources are read from disk.
func ExampleWrite() {
	src := "package abs\n\nfunc Abs(x int) int {\n\tif x < 0 {\n\t\treturn x\n\t}\n\treturn x\n}\n"
	rep := &localize.Report{
		Test:    "TestAbs",
		Mode:    "agx",
		Failure: "result 0 = -3, want 3",
		Candidates: []localize.Candidate{{
			Locations: []localize.Location{{Position: localize.Position{File: "/src/abs/abs.go", Line: 5}, Text: "return x"}},
			Angelic:   []localize.AngelicValue{{Position: localize.Position{File: "/src/abs/abs.go", Line: 5}, Instr: "return x", Value: "3"}},
			Verified:  true,
		}},
	}
	var page strings.Builder
	err := htmlreport.Write(&page, []*localize.Report{rep}, &htmlreport.Options{
		ReadFile: func(string) ([]byte, error) { return []byte(src), nil },
	})
	if err != nil {
		panic(err)
	}
	for _, line := range strings.Split(page.String(), "\n") {
		if strings.Contains(line, `class="cand"`) {
			fmt.Println(line)
		}
	}
	// Output:
	// <tr id="t1-f1-L5" class="cand"><td class="heat"></td><td class="ln"><a href="#t1-f1-L5">5</a></td><td class="code">		return x<a class="badge" href="#t1-c1">#1</a><span class="ang">#1 ⇒ <b>3</b> <span class="instr">return x</span></span></td></tr>
}
