package repair

import (
	"strings"

	"github.com/faultloc/faultloc/localize/repair/internal/stmtedit"
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
	names, stmt := stmtedit.Unused(file, src, p.Source, start, end)
	if len(names) == 0 {
		return p
	}
	ind := stmtedit.Indent(src, stmt)
	var uses strings.Builder
	for _, n := range names {
		uses.WriteString("_ = " + n + "\n" + ind)
	}
	q := replace(file, src, stmt, end, uses.String()+string(src[stmt:start])+repl)
	q.Orig, q.Repl = p.Orig, p.Repl
	return q
}
