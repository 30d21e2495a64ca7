package regress

import (
	"cmp"
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/faultloc/faultloc/changes"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/slicing"
	"github.com/faultloc/faultloc/trace"
)

// Cause is a change that the semantic analysis of the failing run found
// among the statements the failure depends on.
type Cause struct {
	// Change is the change's ID.
	Change string `json:"change"`
	// Round is the number of critical predicates between the failure and
	// the change's closest statement: 0 for a change among the
	// generators of the failure (the statements whose values it reads,
	// transitively, by data), k+1 for one among the generators of a
	// critical predicate of round k.
	Round int `json:"round"`
	// Lines are the lines of the new version the failing run executed in
	// the change, in order.
	Lines []localize.Position `json:"lines"`
	// Core says that a statement of the change is in a minimal
	// correction set of the failing run's trace formula (AgxFaults,
	// statements up to RegressOptions' bound): changing it alone, or with
	// the others of its set, can avoid the failure. The union of all
	// minimal correction sets is that of all minimal unsat cores.
	Core bool `json:"core,omitempty"`

	event   trace.EventID // the change's event closest to the failure
	offsets []int         // an offset in the new version's file on each of Lines
}

// CriticalPredicate is a branch instance of the failing run that decides
// whether a generator of the failure (or of an earlier critical
// predicate) runs (direct influence), or whose untaken side could have
// redefined a variable such a generator reads (indirect influence), as
// the AFTER paper defines them.
type CriticalPredicate struct {
	localize.Position
	Code      string `json:"code"`
	Round     int    `json:"round"`     // the round of the causes it leads to
	Influence string `json:"influence"` // "direct" or "indirect"
	Change    string `json:"change,omitempty"`
	// Taken is the branch the failing run took at the predicate's first
	// instance reached, named by the block it went to ("if.then",
	// "if.else", "if.done", "for.body", "for.done", ...); Old is the branch the same
	// instance (the same occurrence of the same branch, located through
	// the changes) took in the run with every change reverted, or "not
	// executed", or "" if that run was not made.
	Taken string `json:"taken"`
	Old   string `json:"old,omitempty"`
	// Differs says that Old is known and differs from Taken: the
	// predicate's outcome changed between the versions.
	Differs bool `json:"differs"`

	offset int // in the new version's file
	occ    int // the instance's occurrence
}

// semantic is the semantic analysis of the failing run.
type semantic struct {
	causes []Cause
	preds  []CriticalPredicate
	// upstream holds, for each of the first upstreamCauses causes, the
	// causes whose new code its own reached code depends on by data
	// (through calls and returns), each with the fewest dependences
	// between them.
	upstream map[string]map[string]int
	tree     []*CauseNode // by cause change, from the change to the failure
	why      func(id string) []*CauseNode
	// branches are the branches of changed code the failing run
	// executed, for the switching of the fix sites.
	branches []*branch
}

// hops is the length of the chain from the failure to cause change id
// (its source lines), or a large number if there is none.
func (s *semantic) hops(id string) int {
	if ch := s.why(id); ch != nil {
		return len(ch)
	}
	return 1 << 30
}

// analyze records the failing case on the new version and walks its
// dynamic dependences back from the failure in rounds: the data
// dependences of what is reached (the generators, as in a weakest
// precondition) stay in a round; a control parent (direct influence) or
// a potential dependence (indirect influence) is a critical predicate and
// starts the next round. Each change of set whose new code an event
// reached is a cause, at the lowest round reached.
func analyze(ctx context.Context, prog *trace.Program, pkgPath, name string, set *changes.Set) (*semantic, error) {
	f := &localize.Failure{Program: prog, Package: pkgPath, Case: prog.GoTestCase(pkgPath, name)}
	g, crit, release, err := localize.FailureGraph(ctx, f, trace.RunOptions{})
	if err != nil {
		return nil, err
	}
	defer release()
	t := g.Trace()
	n := g.Len()
	dist := make([]int32, n)
	how := make([]int8, n) // 0 data, 1 direct, 2 indirect: how the event was first reached
	for i := range dist {
		dist[i] = -1
	}
	// 0-1 breadth-first search: data edges cost 0, predicates 1.
	var cur, next []trace.EventID
	for _, e := range crit {
		if dist[e] < 0 {
			dist[e] = 0
			cur = append(cur, e)
		}
	}
	var buf []trace.EventID
	for round := int32(0); len(cur) > 0; round++ {
		for len(cur) > 0 {
			e := cur[len(cur)-1]
			cur = cur[:len(cur)-1]
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			buf = g.Deps(e, buf[:0])
			for _, d := range buf {
				if dist[d] < 0 || dist[d] > round {
					dist[d], how[d] = round, 0
					cur = append(cur, d)
				}
			}
			if p := g.ControlParent(e); p != trace.NoEvent {
				if _, branch := t.StaticInfo(t.Static(p)).Instr.(*ssa.If); !branch {
					// The call that created e's frame: part of
					// the same generators, not a predicate.
					if dist[p] < 0 || dist[p] > round {
						dist[p], how[p] = round, 0
						cur = append(cur, p)
					}
				} else if dist[p] < 0 {
					dist[p], how[p] = round+1, 1
					next = append(next, p)
				}
			}
			buf = g.PotentialDeps(e, buf[:0])
			for _, d := range buf {
				if dist[d] < 0 {
					dist[d], how[d] = round+1, 2
					next = append(next, d)
				}
			}
		}
		cur, next = next, nil
	}
	// Map the reached events to the changes.
	byFile := map[string][]*changes.Change{}
	for _, c := range set.Changes {
		if c.New.End > c.New.Offset {
			byFile[filepath.Join(set.New, filepath.FromSlash(c.File))] = append(byFile[filepath.Join(set.New, filepath.FromSlash(c.File))], c)
		}
	}
	s := &semantic{}
	if s.branches, err = changedBranches(ctx, t, byFile); err != nil {
		return nil, err
	}
	best := map[*changes.Change]*Cause{}
	inChange := map[int]*changes.Change{}             // a reached event's innermost change
	lines := map[*changes.Change]map[trace.Line]int{} // each line reached, with an offset on it
	predSeen := map[trace.Line]bool{}
	reached := map[string][]reachedAt{} // by file, the reached events' offsets
	for e := range n {
		if dist[e] < 0 {
			continue
		}
		st := t.StaticInfo(t.Static(trace.EventID(e)))
		pos := st.Position
		if !pos.IsValid() {
			continue
		}
		reached[pos.Filename] = append(reached[pos.Filename], reachedAt{pos.Offset, int(dist[e]), trace.EventID(e)})
		var in *changes.Change // the innermost change holding pos: the last, as nested ones follow
		for _, c := range byFile[pos.Filename] {
			if c.New.Offset <= pos.Offset && pos.Offset < c.New.End {
				in = c
			}
		}
		if how[e] != 0 && !localize.IsTestFile(pos.Filename) {
			l := trace.Line{File: pos.Filename, Line: pos.Line}
			if !predSeen[l] {
				predSeen[l] = true
				p := CriticalPredicate{Position: localize.At(l), Code: sourceLine(pos.Filename, pos.Line), Round: int(dist[e]), Influence: "direct",
					Taken: decision(t, trace.EventID(e)), offset: pos.Offset, occ: t.Occurrence(trace.EventID(e))}
				if how[e] == 2 {
					p.Influence = "indirect"
				}
				if in != nil {
					p.Change = in.ID
				}
				s.preds = append(s.preds, p)
			}
		}
		if in == nil {
			continue
		}
		inChange[e] = in
		if lines[in] == nil {
			lines[in] = map[trace.Line]int{}
		}
		l := trace.Line{File: pos.Filename, Line: pos.Line}
		if _, seen := lines[in][l]; !seen {
			lines[in][l] = pos.Offset
		}
		if b := best[in]; b == nil || int(dist[e]) < b.Round {
			best[in] = &Cause{Change: in.ID, Round: int(dist[e]), event: trace.EventID(e)}
		}
	}
	for c, at := range recoveredCauses(t, byFile) {
		if best[c] == nil {
			best[c] = &Cause{Change: c.ID, event: trace.NoEvent}
		}
		best[c].Round = 0
		if lines[c] == nil {
			lines[c] = map[trace.Line]int{}
		}
		if _, seen := lines[c][at.line]; !seen {
			lines[c][at.line] = at.offset
		}
	}
	for c, b := range removedCauses(set, reached) {
		if best[c] == nil {
			best[c] = b
		}
	}
	for c, b := range best {
		ls := slices.Collect(maps.Keys(lines[c]))
		slices.SortFunc(ls, func(a, b trace.Line) int { return cmp.Compare(a.Line, b.Line) }) // one file: the change's
		b.Lines = localize.Positions(ls)
		for _, l := range ls {
			b.offsets = append(b.offsets, lines[c][l])
		}
		s.causes = append(s.causes, *b)
	}
	slices.SortFunc(s.causes, func(a, b Cause) int {
		return cmp.Or(cmp.Compare(a.Round, b.Round), cmp.Compare(set.Index(set.ByID(a.Change)), set.Index(set.ByID(b.Change))))
	})
	s.upstream = upstream(g, s.causes, inChange)
	slices.SortFunc(s.preds, func(a, b CriticalPredicate) int {
		return cmp.Or(cmp.Compare(a.Round, b.Round), cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line))
	})
	// The chains from the failure to each cause, for the tree.
	chains := map[string][]*CauseNode{}
	for _, c := range s.causes {
		for _, crit1 := range crit {
			if c.event == trace.NoEvent {
				break
			}
			edges, err := g.Why(crit1, c.event, true)
			if err != nil || edges == nil {
				continue
			}
			chains[c.Change] = chainNodes(t, edges, byFile)
			break
		}
	}
	s.why = func(id string) []*CauseNode { return chains[id] }
	return s, nil
}

// recoveredCauses returns the causes among the changes holding where a
// panic without an event was raised: a native panic inside a bridged
// call (strings.Repeat of a negative count, reflect's Index out of
// range) records none, so the recover() call that stopped it depends on
// nothing, though a library that turns panics into errors fails the
// case with that error and leaves no other mark of where it failed.
// Each is a cause of round 0, as the panic's operands would be had they
// been recorded, with the line of the raise; those raised in test files
// are none. byFile holds the changes by file (absolute paths, as the
// trace names them).
func recoveredCauses(t *trace.Trace, byFile map[string][]*changes.Change) map[*changes.Change]raisedAt {
	out := map[*changes.Change]raisedAt{}
	for _, p := range t.Panics() {
		if p.Event != trace.NoEvent || !p.Pos.IsValid() || localize.IsTestFile(p.Pos.Filename) {
			continue
		}
		var in *changes.Change // the innermost change holding the raise
		for _, c := range byFile[p.Pos.Filename] {
			if c.New.Offset <= p.Pos.Offset && p.Pos.Offset < c.New.End {
				in = c
			}
		}
		if _, seen := out[in]; in != nil && !seen {
			out[in] = raisedAt{trace.Line{File: p.Pos.Filename, Line: p.Pos.Line}, p.Pos.Offset}
		}
	}
	return out
}

// raisedAt is where a panic was raised: its line and offset.
type raisedAt struct {
	line   trace.Line
	offset int
}

// reachedAt is an event the walk back from the failure reached: its
// offset in its file, its round and its ID.
type reachedAt struct {
	offset, round int
	event         trace.EventID
}

// removedCauses returns the causes among the changes that removed code
// from a function body: no event reaches removed code, but a statement
// removed from a function whose code the walk back from the failure
// reached could have redefined what that code reads, had it stayed (the
// paper's indirect influence of a statement not executed, here one not
// there). Each is a cause one round after the earliest round of the
// reached code of its innermost function (a function literal, or a
// declaration), its event that code's event of that round; a removal
// outside any function body (a declaration), or in a function the walk
// did not reach, is none. reached holds the reached events by file
// (absolute paths, as the trace names them).
func removedCauses(set *changes.Set, reached map[string][]reachedAt) map[*changes.Change]*Cause {
	out := map[*changes.Change]*Cause{}
	bodies := map[string][]*ast.BlockStmt{} // by file, the function bodies, parsed once
	for _, c := range set.Changes {
		if c.Kind != changes.Removed || c.New.End != c.New.Offset || c.Unit == "file" {
			continue
		}
		file := filepath.Join(set.New, filepath.FromSlash(c.File))
		if len(reached[file]) == 0 {
			continue
		}
		bs, ok := bodies[file]
		if !ok {
			bs = funcBodies(set, c.File)
			bodies[file] = bs
		}
		var body *ast.BlockStmt // the innermost holding the removal
		for _, b := range bs {
			if int(b.Lbrace) <= c.New.Offset && c.New.Offset <= int(b.Rbrace) && (body == nil || b.Rbrace-b.Lbrace < body.Rbrace-body.Lbrace) {
				body = b
			}
		}
		if body == nil {
			continue
		}
		var first *reachedAt
		for i, r := range reached[file] {
			if int(body.Lbrace) < r.offset && r.offset < int(body.Rbrace) && (first == nil || r.round < first.round) {
				first = &reached[file][i]
			}
		}
		if first != nil {
			out[c] = &Cause{Change: c.ID, Round: first.round + 1, Lines: []localize.Position{}, event: first.event}
		}
	}
	return out
}

// funcBodies returns the bodies of the functions (declarations and
// literals) of file (relative path) in the new version, their positions
// offsets (the file parsed alone, base 0); none if it does not parse.
func funcBodies(set *changes.Set, file string) []*ast.BlockStmt {
	src, err := set.Source(file, nil)
	if err != nil {
		return nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	base := fset.File(f.Pos()).Base()
	var out []*ast.BlockStmt
	ast.Inspect(f, func(n ast.Node) bool {
		var b *ast.BlockStmt
		switch n := n.(type) {
		case *ast.FuncDecl:
			b = n.Body
		case *ast.FuncLit:
			b = n.Body
		}
		if b != nil {
			// Offsets, not positions: the file's base subtracted.
			out = append(out, &ast.BlockStmt{Lbrace: b.Lbrace - token.Pos(base), Rbrace: b.Rbrace - token.Pos(base)})
		}
		return true
	})
	return out
}

// upstreamCauses bounds the causes whose upstream causes analyze finds:
// each costs a walk of the failing run's dependences.
const upstreamCauses = 32

// upstream returns, for each of the first upstreamCauses causes (in
// order), the other causes its reached events depend on by data,
// transitively, each with the number of dependences between them (the
// fewest): the walk, breadth first, follows the dependences (and the
// call that created a frame) back from the cause's events, as the first
// round of analyze does, never a predicate. inChange maps each reached
// event to the innermost change holding it.
func upstream(g *slicing.Graph, causes []Cause, inChange map[int]*changes.Change) map[string]map[string]int {
	byChange := map[string][]trace.EventID{}
	for e, c := range inChange {
		byChange[c.ID] = append(byChange[c.ID], trace.EventID(e))
	}
	t := g.Trace()
	out := map[string]map[string]int{}
	seen := make([]int32, g.Len()) // the walk's number + 1 that reached an event
	var buf []trace.EventID
	for i, c := range causes[:min(len(causes), upstreamCauses)] {
		mark := int32(i + 1)
		up := map[string]int{}
		cur := slices.Clone(byChange[c.Change])
		for _, e := range cur {
			seen[e] = mark
		}
		for depth := 0; len(cur) > 0; depth++ {
			var next []trace.EventID
			for _, e := range cur {
				if d := inChange[int(e)]; d != nil && d.ID != c.Change {
					if _, ok := up[d.ID]; !ok {
						up[d.ID] = depth
					}
				}
				buf = g.Deps(e, buf[:0])
				if p := g.ControlParent(e); p != trace.NoEvent {
					if _, branch := t.StaticInfo(t.Static(p)).Instr.(*ssa.If); !branch {
						buf = append(buf, p)
					}
				}
				for _, d := range buf {
					if seen[d] != mark {
						seen[d] = mark
						next = append(next, d)
					}
				}
			}
			cur = next
		}
		out[c.Change] = up
	}
	return out
}

// upstreamDepth returns the fewest dependences from the reached code of
// root to cause id's (the most over root's changes), and whether every
// root change depends on id by data (see upstream); false when that is
// not known.
func (s *semantic) upstreamDepth(root []*changes.Change, id string) (int, bool) {
	most := 0
	for _, r := range root {
		d, ok := s.upstream[r.ID][id]
		if !ok {
			return 0, false
		}
		most = max(most, d)
	}
	return most, len(root) > 0
}

// decision names the block an If event branched to, as go/ssa names
// it ("if.then", "if.else", "if.done", "for.body", "for.done", ...): the
// source's branch, which the If's own condition may not say (go/ssa
// builds if !c as a branch on c with its targets swapped).
func decision(t *trace.Trace, e trace.EventID) string {
	in, ok := t.Instr(e).(*ssa.If)
	if !ok || len(in.Block().Succs) != 2 {
		return "?"
	}
	b := in.Block().Succs[1]
	if t.Value(e).String() == "true" {
		b = in.Block().Succs[0]
	}
	if b.Comment == "" {
		return fmt.Sprintf("block %d", b.Index)
	}
	return b.Comment
}

// compareOutcomes runs the failing case on the new version with
// reverted reverted (the old version, with the kept changes) and sets
// each predicate's Old and Differs from the same occurrence of the same
// branch there.
func compareOutcomes(ctx context.Context, g *regression, reverted []*changes.Change, preds []CriticalPredicate) error {
	overlay, err := g.revert(reverted)
	if err != nil {
		return err
	}
	prog, err := trace.Load(ctx, &trace.Config{Dir: g.opts.dir(), Tests: true, Module: true, BuildFlags: g.opts.BuildFlags, Overlay: overlay}, g.pattern)
	if err != nil {
		return err
	}
	rctx, cancel := context.WithTimeout(ctx, g.opts.runTimeout())
	defer cancel()
	r, err := prog.GoTestCase(g.pkgPath, g.cases[0]).Run(rctx, &trace.RunOptions{})
	if err != nil {
		return err
	}
	if r.Trace == nil {
		return fmt.Errorf("the run with every change reverted recorded no trace")
	}
	defer r.Trace.Release()
	t := r.Trace
	for i := range preds {
		p := &preds[i]
		rel, err := filepath.Rel(g.set.New, p.File)
		if err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		rel = filepath.ToSlash(rel)
		off := g.set.Forward(rel, reverted, p.offset)
		src, ok := overlay[p.File]
		if !ok {
			src, err = os.ReadFile(p.File)
			if err != nil {
				continue
			}
		}
		line := 1 + strings.Count(string(src[:min(off, len(src))]), "\n")
		p.Old = "not executed"
		for _, e := range t.Events(p.File, line) {
			if _, ok := t.Instr(e).(*ssa.If); ok && t.Occurrence(e) == p.occ {
				p.Old = decision(t, e)
				break
			}
		}
		p.Differs = p.Old != p.Taken
	}
	return nil
}

// chainNodes turns a chain of dependence edges (from the failure back to
// a cause) into one node per source line, from the failure on.
func chainNodes(t *trace.Trace, edges []slicing.Edge, byFile map[string][]*changes.Change) []*CauseNode {
	var out []*CauseNode
	add := func(e trace.EventID, kind string) {
		st := t.StaticInfo(t.Static(e))
		pos := st.Position
		if !pos.IsValid() {
			return
		}
		l := trace.Line{File: pos.Filename, Line: pos.Line}
		if len(out) > 0 && out[len(out)-1].SourceLine() == l {
			return
		}
		n := &CauseNode{Position: localize.At(l), Code: sourceLine(pos.Filename, pos.Line), Dep: kind}
		for _, c := range byFile[pos.Filename] {
			if c.New.Offset <= pos.Offset && pos.Offset < c.New.End {
				n.Change = c.ID
			}
		}
		out = append(out, n)
	}
	if len(edges) == 0 {
		return nil
	}
	add(edges[0].From, "failure")
	for _, e := range edges {
		kind := e.Kind.String()
		if e.Kind == slicing.Control {
			kind = "predicate"
		}
		add(e.To, kind)
	}
	return out
}

// sourceLine returns line of file, trimmed, or "".
func sourceLine(file string, line int) string {
	src, err := os.ReadFile(file)
	if err != nil {
		return ""
	}
	ls := strings.Split(string(src), "\n")
	if line < 1 || line > len(ls) {
		return ""
	}
	return strings.TrimSpace(ls[line-1])
}

// CauseNode is a statement on the chain from a cause change to the
// failure: the cause tree's nodes. The tree's root is the failure; each
// node's children are the statements it depends on (by data, or as the
// critical predicate that decides whether it runs), down to the changes.
type CauseNode struct {
	localize.Position
	Code     string       `json:"code"`
	Dep      string       `json:"dep"` // how its parent depends on it: "data", "predicate", "potential"; "failure" at the root
	Change   string       `json:"change,omitempty"`
	Children []*CauseNode `json:"children,omitempty"`
}

// causeTree merges the chains (each from the failure to a root change)
// into one tree rooted at the failure.
func causeTree(chains [][]*CauseNode) *CauseNode {
	var root *CauseNode
	for _, ch := range chains {
		if len(ch) == 0 {
			continue
		}
		if root == nil {
			c := *ch[0]
			c.Children = nil
			root = &c
		}
		at := root
		for _, n := range ch[1:] {
			var found *CauseNode
			for _, k := range at.Children {
				if k.Line == n.Line {
					found = k
				}
			}
			if found == nil {
				c := *n
				c.Children = nil
				at.Children = append(at.Children, &c)
				found = &c
			}
			at = found
		}
	}
	return root
}

// writeTree writes the tree indented, files relative to dir.
func writeTree(b *strings.Builder, n *CauseNode, depth int, dir string) {
	if n == nil {
		return
	}
	file := n.File
	if r, err := filepath.Rel(dir, file); err == nil && !strings.HasPrefix(r, "..") {
		file = r
	}
	mark := ""
	if n.Change != "" {
		mark = " [" + n.Change + "]"
	}
	fmt.Fprintf(b, "%s%s %s:%d: %s%s\n", strings.Repeat("  ", depth), n.Dep, file, n.Line, n.Code, mark)
	for _, k := range n.Children {
		writeTree(b, k, depth+1, dir)
	}
}
