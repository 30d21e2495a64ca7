package schema

import (
	"bytes"
	"fmt"
	"go/scanner"
	"go/token"
	"slices"
	"strings"
)

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
