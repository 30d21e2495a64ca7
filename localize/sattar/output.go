package sattar

import (
	"cmp"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/faultloc/faultloc/localize"
)

// WriteText writes the session for a reader: the partition of the
// failing seeds, each core (its check, its statements, the statements
// the formula does not model), the suspects, the tests the rounds
// added, then the final ranking as [localize.Report.WriteText] writes
// it. Files are named relative to r.Output.Dir where possible.
func (r *Result) WriteText(w io.Writer) error {
	var b strings.Builder
	rel := func(f string) string {
		if r.Output.Dir != "" {
			if dir, err := filepath.Abs(r.Output.Dir); err == nil {
				if p, err := filepath.Rel(dir, f); err == nil && filepath.IsAbs(f) {
					return p
				}
			}
		}
		return f
	}
	lines := func(ls []localize.Position) string {
		if len(ls) == 0 {
			return "none"
		}
		var out []string
		file := ""
		for _, l := range ls {
			if l.File != file {
				file = l.File
				out = append(out, fmt.Sprintf("%s:%d", rel(l.File), l.Line))
				continue
			}
			out = append(out, fmt.Sprint(l.Line))
		}
		return strings.Join(out, " ")
	}
	fmt.Fprintf(&b, "# SAT-TAR: %d rounds, %d inputs generated, %d tests\n", r.Rounds, r.Generated, len(r.Tests))
	for i, p := range r.Partition {
		fmt.Fprintf(&b, "partition %d: %s\n", i+1, strings.Join(p, " "))
	}
	for _, c := range r.Cores {
		at := ""
		if c.Pos.Line > 0 {
			at = fmt.Sprintf(" (%s:%d)", rel(c.Pos.File), c.Pos.Line)
		}
		fmt.Fprintf(&b, "core of %q%s: %s; not modeled: %s\n", c.Check, at, lines(c.Lines), lines(c.Unmodeled))
	}
	fmt.Fprintf(&b, "suspects: %s\n", lines(r.Suspects))
	for _, t := range r.Tests {
		if t.Round > 0 {
			verdict := "passes"
			if t.Failed {
				verdict = "fails"
			}
			fmt.Fprintf(&b, "round %d added %s %v: %s\n", t.Round, t.Name, t.Input, verdict)
		}
	}
	if _, err := io.WriteString(w, b.String()); err != nil {
		return err
	}
	if r.Report == nil {
		return nil
	}
	rep := *r.Report
	rep.Output = r.Output
	return rep.WriteText(w)
}

// WriteJSON writes the result as one indented JSON object; the lines'
// scores are those of the report's ranked lines.
func (r *Result) WriteJSON(w io.Writer) error {
	return localize.EncodeJSON(w, r)
}

// WriteHTML writes the result's text as one self-contained HTML page
// ([localize.EncodeHTML]: a session has no view of its own), titled by
// r.Output.Title (default: "SAT-TAR: " and the initial case).
func (r *Result) WriteHTML(w io.Writer) error {
	var text strings.Builder
	if err := r.WriteText(&text); err != nil {
		return err
	}
	test := ""
	if r.Report != nil {
		test = r.Report.Test
	}
	return localize.EncodeHTML(w, cmp.Or(r.Output.Title, "SAT-TAR: "+test), text.String())
}
