package cfg_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"

	"github.com/faultloc/faultloc/internal/cfg"
	"golang.org/x/tools/go/ssa/ssautil"
)

const src = `package p

func abs(x int) int {
	if x < 0 {
		x = -x
	}
	return x
}
`

func Example() {
	fset := token.NewFileSet()
	f, _ := parser.ParseFile(fset, "p.go", src, 0)
	pkg, _, err := ssautil.BuildPackage(&types.Config{}, fset, types.NewPackage("p", "p"), []*ast.File{f}, 0)
	if err != nil {
		fmt.Println(err)
		return
	}
	fn := pkg.Func("abs")
	tree := cfg.PostDominators(fn)
	deps := cfg.ControlDeps(fn)
	for i, b := range fn.Blocks {
		fmt.Printf("%d %-7s ipdom=%2d deps=%v\n", i, b.Comment, tree.Ipdom(i), deps[i])
	}
	// Output:
	// 0 entry   ipdom= 2 deps=[]
	// 1 if.then ipdom= 2 deps=[{0 0}]
	// 2 if.done ipdom=-1 deps=[]
}
