package repair

import (
	"go/parser"
	"go/token"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/localize/repair/internal/schema"
)

// replaceUsed returns the patch of src (file's content) that replaces
// bytes [start, end) with repl, as replace does, but one that builds
// where the replacement leaves unused a local variable the replaced
// source read (`n * rate` replaced by `n * tierRate()` after `rate :=
// Base`), which Go refuses ("declared and not used"): `_ = x` is then
// inserted before the statement around the replaced source for each
// such x, so that its declaration, and whatever computing its value
// does, stays as it was. The patch's span then starts at that
// statement (its Inserted holds the uses and the statement's text up
// to the replacement), while Orig and Repl stay the source replaced and
// its replacement. A variable declared inside that statement (`if x :=
// f(); x > 0`) cannot be used before it: such a patch is left as
// replace makes it, and its validation finds it does not build.
func replaceUsed(file string, src []byte, start, end int, repl string) *Patch {
	p := replace(file, src, start, end, repl)
	names, stmt := unusedBy(file, src, p.Source, start, end)
	if len(names) == 0 {
		return p
	}
	ind := indentOf(src, stmt)
	var uses strings.Builder
	for _, n := range names {
		uses.WriteString("_ = " + n + "\n" + ind)
	}
	q := replace(file, src, stmt, end, uses.String()+string(src[stmt:start])+repl)
	q.Orig, q.Repl = p.Orig, p.Repl
	return q
}

// unusedBy returns the local variables that bytes [start, end) of src
// read and that patched, src with those bytes replaced, no longer uses,
// sorted, with the offset of the statement around the bytes before
// which a use of each can go; nil if there is none, or if one of them
// is declared inside that statement (or the sources do not parse).
func unusedBy(file string, src, patched []byte, start, end int) ([]string, int) {
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
