package regress_test

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/faultloc/faultloc/localize/regress"
)

// ExampleExplain explains the regression of examples/max3: its test passes
// on the version in examples/max3/correct and fails on examples/max3. The
// root cause is two changes together; reverting them makes the test pass.
func ExampleExplain() {
	root, _ := filepath.Abs("../..") // the module
	rep, err := regress.Explain(context.Background(), &regress.Options{
		Old:        filepath.Join(root, "examples/max3/correct"),
		New:        filepath.Join(root, "examples/max3"),
		Package:    "./examples/max3",
		Dir:        root,
		BuildFlags: []string{"-tags=faultloc"},
		NoSolver:   true,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("root cause:", rep.Root, "verified:", rep.Verified)
	// Output:
	// root cause: [c2 c3] verified: true
}
