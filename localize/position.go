package localize

import (
	"cmp"
	"fmt"
	"go/token"
	"path/filepath"

	"github.com/faultloc/faultloc/trace"
)

// Position is a place in the source: a file, a line and, where known, a
// column. Every result of localize's packages that points at code
// embeds it (Location, AngelicValue, Decision, RankedLine, MutantResult,
// FlexValue, and the techniques' own results), so that its JSON has the
// same keys everywhere.
type Position struct {
	File   string `json:"file"`             // absolute, or relative after RelativeTo
	Line   int    `json:"line"`             // 1-based
	Column int    `json:"column,omitempty"` // 1-based byte column; 0: unknown
}

// At returns the position of a source line (no column).
func At(l trace.Line) Position { return Position{File: l.File, Line: l.Line} }

// Positions returns the positions of source lines, in their order; nil
// for nil.
func Positions(ls []trace.Line) []Position {
	if ls == nil {
		return nil
	}
	out := make([]Position, len(ls))
	for i, l := range ls {
		out[i] = At(l)
	}
	return out
}

// PositionOf returns the position go/token gives (its offset dropped).
func PositionOf(p token.Position) Position {
	return Position{File: p.Filename, Line: p.Line, Column: p.Column}
}

// SourceLine returns the position's line, as trace names lines (the
// key of [LineScores]): the column dropped.
func (p Position) SourceLine() trace.Line { return trace.Line{File: p.File, Line: p.Line} }

// String formats the position for messages: "file.go:12" or
// "file.go:12:5", the file by its base name.
func (p Position) String() string {
	if p.Column > 0 {
		return fmt.Sprintf("%s:%d:%d", filepath.Base(p.File), p.Line, p.Column)
	}
	return fmt.Sprintf("%s:%d", filepath.Base(p.File), p.Line)
}

// comparePositions orders positions by file, line and column.
func comparePositions(a, b Position) int {
	return cmp.Or(cmp.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Column, b.Column))
}
