package repair

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A patch schema compiles many candidate patches into one build of the
// package (mutant schemata: Untch, Offutt and Harrold, ISSTA 1993): each
// patch's code sits behind a switch on a package-level variable that the
// test binary reads from an environment variable when it starts, so that
// one build runs the suite on every patch in turn, where a build per
// patch costs seconds each.
//
// The switch is at the statement: the innermost statement of a block or
// case S around a patch's replaced source becomes
//
//	if faultlocRepairPatch != 1 && faultlocRepairPatch != 2 { S } else if faultlocRepairPatch == 1 { S1 } else { S2 }
//
// (a plain else last, so that the if terminates where S does)
//
// where S1 and S2 are S patched, laid out on one line (so that the lines
// of the code after keep their numbers); S itself, in the first branch,
// holds the switches of the statements inside it. An if statement, not a
// switch, so that break and continue keep their targets. A statement that
// declares (x := e, var x = e) takes with it the rest of its block, which
// then sees the declaration in each branch; a redeclaring :=, a label or
// a fallthrough in the statements copied leaves the patch out of the
// schema. An inserted guard becomes `if faultlocRepairPatch == k { guard
// }` before its statement. The schema is only a filter: a patch that
// passes the suite in it is validated again by its own build.
const (
	schemaVar  = "faultlocRepairPatch"
	schemaEnv  = "FAULTLOC_REPAIR_PATCH"
	schemaFile = "faultloc_repair_patch.go"
)

// schema is a patch schema's sources.
type schema struct {
	// files are the overlay of the schema: each patched file's schema,
	// and a file declaring schemaVar in each of their directories.
	files map[string][]byte
	// num is, for each patch given, its number in the schema (the value
	// of schemaVar that selects it, from 1), 0 when it was left out.
	num []int
}

// schemaLine is the line a patch's code has in the schema, for patch
// number n: the code of each patch is given lines of its own by a line
// directive (/*line :L:1*/), far past any file's, so that a build error
// names the patch by its line; the code after it gets its own position
// back by another.
func schemaLine(n int) int { return schemaLines + n*schemaLinesEach }

const (
	schemaLines     = 1 << 24
	schemaLinesEach = 1 << 8
)

// edit is a patch as a change of its file: bytes [start, end) replaced
// by text (an insertion, a guard, when start == end).
type edit struct {
	patch      int
	start, end int
	text       string
}

// span is the statement (or a declaration and the rest of its block)
// that the switch between the original and the patches of edits
// replaces.
type span struct {
	start, end int
	edits      []edit
}

// newSchema lays the patches not left out over base (the overlay the
// package is built with: absolute path to content) as one patch schema.
// A patch whose change cannot be put behind a switch (outside a
// function, no statement of its own to switch, or a patch built by hand
// whose change is not its span's) is left out: its number is 0. nil when
// no patch is in the schema.
func newSchema(base map[string][]byte, patches []*Patch, left []bool) *schema {
	byFile := map[string][]int{}
	var files []string
	for i, p := range patches {
		if left[i] || p.File == "" || p.Line < 1 {
			continue
		}
		if _, ok := byFile[p.File]; !ok {
			files = append(files, p.File)
		}
		byFile[p.File] = append(byFile[p.File], i)
	}
	s := &schema{files: map[string][]byte{}, num: make([]int, len(patches))}
	pkgs := map[string]string{} // directory: package name
	for _, file := range files {
		src, ok := base[file]
		if !ok {
			var err error
			if src, err = os.ReadFile(file); err != nil {
				continue
			}
		}
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		tf := fset.File(f.Pos())
		lists := listStmts(f)
		spans := map[[2]int]*span{}
		guards := map[int][]edit{}
		for _, i := range byFile[file] {
			e, ok := editOf(patches[i], i, src)
			if !ok {
				continue
			}
			if e.start == e.end {
				if !guardFits(lists, tf, e.start) {
					continue
				}
				guards[e.start] = append(guards[e.start], e)
			} else {
				start, end, ok := spanAround(lists, tf, e.start, e.end)
				if !ok {
					continue
				}
				k := [2]int{start, end}
				if spans[k] == nil {
					spans[k] = &span{start: start, end: end}
				}
				spans[k].edits = append(spans[k].edits, e)
			}
			s.num[i] = -1 // numbered below, in the order given
		}
		if len(spans)+len(guards) == 0 {
			continue
		}
		for i := range s.num {
			if s.num[i] == -1 {
				s.num[i] = i + 1
			}
		}
		r := &renderer{src: src, guards: guards, num: s.num, lines: lineStarts(src)}
		for _, sp := range spans {
			r.spans = append(r.spans, sp)
		}
		slices.SortFunc(r.spans, func(a, b *span) int {
			if a.start != b.start {
				return a.start - b.start
			}
			return b.end - a.end
		})
		for o := range guards {
			r.offs = append(r.offs, o)
		}
		slices.Sort(r.offs)
		r.render(0, len(src), false)
		s.files[file] = r.out.Bytes()
		pkgs[filepath.Dir(file)] = f.Name.Name
	}
	if len(s.files) == 0 {
		return nil
	}
	for dir, name := range pkgs {
		path := filepath.Join(dir, schemaFile)
		if _, err := os.Stat(path); err == nil {
			return nil // the name is taken: no schema
		}
		s.files[path] = []byte("package " + name + "\n\nimport (\n\tfaultlocOS \"os\"\n\tfaultlocStrconv \"strconv\"\n)\n\n" +
			"// " + schemaVar + " selects the patch of faultloc repair's patch schema that runs.\n" +
			"var " + schemaVar + ", _ = faultlocStrconv.Atoi(faultlocOS.Getenv(\"" + schemaEnv + "\"))\n")
	}
	return s
}

// editOf returns patch p (the i-th) as an edit of src, the file it
// patches; false when p.Source is not src with p's span replaced by its
// inserted text.
func editOf(p *Patch, i int, src []byte) (edit, bool) {
	start := offsetOf(src, p.Line, p.Column)
	end := offsetOf(src, p.EndLine, p.EndColumn)
	if start < 0 || end < start {
		return edit{}, false
	}
	e := edit{patch: i, start: start, end: end, text: p.inserted}
	if string(src[start:end]) != p.Orig || len(p.Source) != len(src)-(end-start)+len(e.text) ||
		!bytes.Equal(p.Source[:start], src[:start]) || string(p.Source[start:start+len(e.text)]) != e.text || !bytes.Equal(p.Source[start+len(e.text):], src[end:]) {
		return edit{}, false
	}
	return e, true
}

// offsetOf returns the offset in src of line and column (1-based, in
// bytes); -1 if src has no such place.
func offsetOf(src []byte, line, column int) int {
	off := lineOffset(src, line)
	if off < 0 || column < 1 || off+column-1 > len(src) {
		return -1
	}
	return off + column - 1
}

// listStmt is a statement of a block's or a case's list.
type listStmt struct {
	list []ast.Stmt
	i    int
	// sig is the signature of the function whose body the list is, if
	// it is one; typeSwitch says the list is a type switch's case.
	sig        *ast.FuncType
	typeSwitch bool
}

// listStmts returns the statements of every statement list of f.
func listStmts(f *ast.File) []listStmt {
	var out []listStmt
	var stack []ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		var list []ast.Stmt
		var sig *ast.FuncType
		ts := false
		switch n := n.(type) {
		case *ast.BlockStmt:
			list = n.List
			if len(stack) > 0 {
				switch p := stack[len(stack)-1].(type) {
				case *ast.FuncDecl:
					sig = p.Type
				case *ast.FuncLit:
					sig = p.Type
				}
			}
		case *ast.CaseClause:
			list = n.Body
			if len(stack) > 1 {
				_, ts = stack[len(stack)-2].(*ast.TypeSwitchStmt)
			}
		case *ast.CommClause:
			list = n.Body
		}
		for i := range list {
			out = append(out, listStmt{list: list, i: i, sig: sig, typeSwitch: ts})
		}
		stack = append(stack, n)
		return true
	})
	return out
}

// innermost returns the index in lists of the innermost statement
// around bytes [start, end) of tf, -1 if none is.
func innermost(lists []listStmt, tf *token.File, start, end int) int {
	best, size := -1, 0
	for j, l := range lists {
		st := l.list[l.i]
		if tf.Offset(st.Pos()) <= start && end <= tf.Offset(st.End()) {
			if n := int(st.End() - st.Pos()); best < 0 || n < size {
				best, size = j, n
			}
		}
	}
	return best
}

// guardFits reports whether offset off starts a statement of a list, so
// that a statement inserted there is one of the list.
func guardFits(lists []listStmt, tf *token.File, off int) bool {
	for _, l := range lists {
		if tf.Offset(l.list[l.i].Pos()) == off {
			return true
		}
	}
	return false
}

// spanAround returns the span whose switch holds a change of bytes
// [start, end): the innermost statement of a list around them, or for a
// declaration, it and the rest of its list; false if there is none or it
// cannot be copied into the branches of an if (see the package's schema
// comment).
func spanAround(lists []listStmt, tf *token.File, start, end int) (int, int, bool) {
	best := innermost(lists, tf, start, end)
	if best < 0 {
		return 0, 0, false
	}
	l := lists[best]
	st := l.list[l.i]
	copied := []ast.Stmt{st}
	var declared []string
	switch st := st.(type) {
	case *ast.DeclStmt:
		copied = l.list[l.i:]
	case *ast.AssignStmt:
		if st.Tok == token.DEFINE {
			copied = l.list[l.i:]
			for _, e := range st.Lhs {
				if id, ok := e.(*ast.Ident); ok && id.Name != "_" {
					declared = append(declared, id.Name)
				}
			}
		}
	}
	for _, c := range copied {
		if hasLabel(c) {
			return 0, 0, false
		}
		if b, ok := c.(*ast.BranchStmt); ok && b.Tok == token.FALLTHROUGH {
			return 0, 0, false
		}
	}
	if len(declared) > 0 {
		// x, err := f() reuses an err of the same block: in the if's
		// branches it would declare a new one.
		if l.typeSwitch {
			return 0, 0, false
		}
		before := []ast.Node{}
		for _, s := range l.list[:l.i] {
			before = append(before, s)
		}
		if l.sig != nil {
			before = append(before, l.sig)
		}
		for _, n := range before {
			if mentions(n, declared) {
				return 0, 0, false
			}
		}
	}
	return tf.Offset(st.Pos()), tf.Offset(copied[len(copied)-1].End()), true
}

// hasLabel reports whether n holds a labeled statement.
func hasLabel(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if _, ok := n.(*ast.LabeledStmt); ok {
			found = true
		}
		return !found
	})
	return found
}

// mentions reports whether an identifier of n has one of the names.
func mentions(n ast.Node, names []string) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && slices.Contains(names, id.Name) {
			found = true
		}
		return !found
	})
	return found
}

// renderer writes a file's schema.
type renderer struct {
	src    []byte
	lines  []int   // the offsets of src's lines
	spans  []*span // by start, outer first
	guards map[int][]edit
	offs   []int // the guards' offsets, sorted
	num    []int
	out    bytes.Buffer
}

// render writes src[lo:hi] with the switches of the spans and guards in
// it; inner says [lo, hi) is a span, whose guards at lo are written
// before its switch.
func (r *renderer) render(lo, hi int, inner bool) {
	pos := lo
	text := func(to int) {
		for _, o := range r.offs {
			if o < pos || o >= to || inner && o == lo {
				continue
			}
			r.out.Write(r.src[pos:o])
			pos = o
			r.guardsAt(o)
		}
		r.out.Write(r.src[pos:to])
		pos = to
	}
	for _, sp := range r.spans {
		if sp.start < pos || sp.end > hi || sp.start == lo && sp.end == hi {
			continue
		}
		text(sp.start)
		if !inner || sp.start != lo {
			r.guardsAt(sp.start)
		}
		r.chain(sp)
		pos = sp.end
	}
	text(hi)
}

// guardsAt writes the guards inserted at offset o, each behind its
// switch.
func (r *renderer) guardsAt(o int) {
	for _, e := range r.guards[o] {
		fmt.Fprintf(&r.out, "if %s == %d { ", schemaVar, r.num[e.patch])
		r.put(e.patch, flatten(e.text))
		r.out.WriteString(" }; ")
		r.resume(o)
	}
}

// chain writes the switch of span sp: the original first, then each
// patch.
func (r *renderer) chain(sp *span) {
	r.out.WriteString("if ")
	for i, e := range sp.edits {
		if i > 0 {
			r.out.WriteString(" && ")
		}
		fmt.Fprintf(&r.out, "%s != %d", schemaVar, r.num[e.patch])
	}
	r.out.WriteString(" { ")
	r.render(sp.start, sp.end, true)
	r.out.WriteString(" }")
	for i, e := range sp.edits {
		// The last branch is a plain else: an if ending a function must
		// have one to be a terminating statement.
		if i < len(sp.edits)-1 {
			fmt.Fprintf(&r.out, " else if %s == %d { ", schemaVar, r.num[e.patch])
		} else {
			r.out.WriteString(" else { ")
		}
		r.put(e.patch, flatten(string(r.src[sp.start:e.start])+e.text+string(r.src[e.end:sp.end])))
		r.out.WriteString(" }")
	}
	r.resume(sp.end)
}

// put writes patch i's code at its line (schemaLine).
func (r *renderer) put(i int, code string) {
	fmt.Fprintf(&r.out, "/*line :%d:1*/", schemaLine(r.num[i]))
	r.out.WriteString(code)
}

// resume gives the text that follows, at offset off of the source, its
// position in the source back.
func (r *renderer) resume(off int) {
	line, _ := slices.BinarySearch(r.lines, off+1)
	fmt.Fprintf(&r.out, "/*line :%d:%d*/", line, off-r.lines[line-1]+1)
}

// flatten returns Go statements on one line: their tokens, separated by
// spaces, with the semicolons the line ends stand for written out, and
// without comments (a raw string keeps its lines).
func flatten(code string) string {
	var s scanner.Scanner
	fset := token.NewFileSet()
	s.Init(fset.AddFile("", -1, len(code)), []byte(code), nil, 0)
	var parts []string
	for {
		_, tok, lit := s.Scan()
		switch {
		case tok == token.EOF:
			return strings.Join(parts, " ")
		case tok == token.SEMICOLON:
			parts = append(parts, ";")
		case lit != "":
			parts = append(parts, lit)
		default:
			parts = append(parts, tok.String())
		}
	}
}

// lineStarts returns the offsets of src's lines.
func lineStarts(src []byte) []int {
	out := []int{0}
	for i, b := range src {
		if b == '\n' {
			out = append(out, i+1)
		}
	}
	return out
}

// buildError matches a compiler error: its line and message.
var buildError = regexp.MustCompile(`(?m)^\S+\.go:(\d+)(?::\d+)?: (.*)$`)

// blame returns, for a build of the schema that failed with output out,
// the patches whose code the errors point into, by their lines
// (schemaLine), each with its first error. An error elsewhere is left:
// the build without the patches blamed tells whether the schema itself
// is at fault.
func (s *schema) blame(out string) map[int]string {
	blamed := map[int]string{}
	for _, m := range buildError.FindAllStringSubmatch(out, -1) {
		line, _ := strconv.Atoi(m[1])
		n := (line - schemaLines) / schemaLinesEach
		if line < schemaLines+schemaLinesEach || n > len(s.num) || s.num[n-1] != n {
			continue
		}
		if _, ok := blamed[n-1]; !ok {
			blamed[n-1] = m[2]
		}
	}
	return blamed
}
