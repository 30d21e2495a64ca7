package stmtedit

import (
	"go/parser"
	"go/token"
	"slices"

	"github.com/faultloc/faultloc/localize/repair/internal/schema"
)

// Unused returns the local variables that bytes [start, end) of src
// read and that patched, src with those bytes replaced, no longer uses,
// sorted, with the offset of the statement around the bytes before
// which a use of each can go; nil if there is none, or if one of them
// is declared inside that statement (or the sources do not parse).
func Unused(file string, src, patched []byte, start, end int) ([]string, int) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, -1
	}
	orig := usesOf(fset, f)
	g, err := parser.ParseFile(fset, file, patched, parser.SkipObjectResolution)
	if err != nil {
		return nil, -1
	}
	after := usesOf(fset, g)
	tf := fset.File(f.Pos())
	var names []string
	decls := map[string]int{}
	for decl, u := range orig {
		read := slices.ContainsFunc(u.uses, func(off int) bool { return start <= off && off < end })
		if !read || decl >= start || len(after[decl].uses) > 0 {
			continue // not read there, declared in the patched bytes, or still used
		}
		names = append(names, u.name)
		decls[u.name] = decl
	}
	if len(names) == 0 {
		return nil, -1
	}
	stmt := schema.StmtAround(f, tf, start)
	if stmt < 0 {
		return nil, -1
	}
	for _, n := range names {
		if decls[n] >= stmt {
			return nil, -1 // declared in the statement: no use can go before it
		}
	}
	slices.Sort(names)
	return names, stmt
}
