package repair

import (
	"cmp"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/repair/internal/udiff"
)

// WriteText writes the result for a reader: the failing cases, each
// site with what its synthesis found, then the patches in rank order,
// each with its validation and its unified diff. File names are
// relative to r.Output.Dir ("": as they are).
func (r *Result) WriteText(w io.Writer) error {
	rel := relativeTo(r.Output.Dir)
	var sb strings.Builder
	fmt.Fprintf(&sb, "# repair of %s: %d failing (%s), %d passing\n", r.Package, len(r.Failing), strings.Join(r.Failing, ", "), r.Passing)
	for _, e := range r.Errors {
		fmt.Fprintf(&sb, "left out: %s\n", e)
	}
	for i, s := range r.Sites {
		fmt.Fprintf(&sb, "%s:%d:%d: site %d: %s", rel(s.Site.File), s.Site.Line, s.Site.Column, i+1, s.Site.Expr)
		if s.Site.Type != "" {
			fmt.Fprintf(&sb, " (%s, %s, spectrum %.2f)", s.Site.Kind, s.Site.Type, s.Score)
		} else {
			fmt.Fprintf(&sb, " (spectrum %.2f)", s.Score)
		}
		if len(s.Inhibitors) > 0 {
			fmt.Fprintf(&sb, " (inhibited by %s)", strings.Join(s.Inhibitors, ", "))
		}
		switch {
		case s.Error != "":
			fmt.Fprintf(&sb, ": %s\n", s.Error)
		case s.Synthesis == nil:
			fmt.Fprintf(&sb, ": rescues %d of %d failing runs; not synthesized\n", s.Rescued, s.Failing)
		default:
			fmt.Fprintf(&sb, ": rescues %d of %d failing runs; %s", s.Rescued, s.Failing, plural(len(s.Synthesis.Fixes), "replacement fits", "replacements fit"))
			if n := len(s.Synthesis.Guards); n > 0 {
				fmt.Fprintf(&sb, ", %s", plural(n, "guard", "guards"))
			}
			if s.Synthesis.Partial {
				fmt.Fprintf(&sb, " (cut: %s)", s.Synthesis.Reason)
			}
			sb.WriteString("\n")
		}
	}
	for _, p := range r.Patches {
		change := p.Orig + " -> " + p.Repl
		if p.Orig == "" {
			change = "insert " + p.Repl
		}
		fmt.Fprintf(&sb, "%s:%d: patch %d (%s; %s, size %d, distance %d): %s\n", rel(p.File), p.Line, p.Rank, verdict(p.Validation), p.Origin, p.Size, p.Distance, change)
		sb.WriteString(udiff.Rename(p.Diff, p.File, rel(p.File)))
	}
	if len(r.Patches) == 0 {
		sb.WriteString("no patch found\n")
	}
	if r.Partial {
		fmt.Fprintf(&sb, "partial: %s\n", r.Reason)
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// verdict says what a validation found.
func verdict(v *Validation) string {
	switch {
	case v == nil:
		return "not validated"
	case v.Plausible:
		return "plausible: the whole suite passes, " + plural(v.Passed, "test", "tests")
	case v.Error != "" && v.Schema:
		return "refuted in the patch schema: " + v.Error
	case v.Error != "":
		return "refuted: " + v.Error
	}
	names := v.Failed
	if len(names) > 3 {
		names = append(names[:3:3], "...")
	}
	switch {
	case v.Schema && !v.Suite:
		return fmt.Sprintf("refuted in the patch schema: failing test %s still fails, the rest of the suite not run", strings.Join(names, ", "))
	case v.Schema:
		return fmt.Sprintf("refuted in the patch schema: %s fails, after %s", strings.Join(names, ", "), plural(v.Passed, "test passed", "tests passed"))
	}
	if !v.Suite {
		return fmt.Sprintf("refuted: %s (%s), the rest of the suite not run", plural(len(v.Failed), "failing test still fails", "failing tests still fail"), strings.Join(names, ", "))
	}
	return fmt.Sprintf("refuted: %d of the suite's %d tests %s (%s)", len(v.Failed), len(v.Failed)+v.Passed, map[bool]string{true: "fails", false: "fail"}[len(v.Failed) == 1], strings.Join(names, ", "))
}

// plural returns "n one" or "n many".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// RelativeTo rewrites the result's file names, and its diffs' paths,
// relative to dir, as the text shows them.
func (r *Result) RelativeTo(dir string) {
	rel := relativeTo(dir)
	for i := range r.Sites {
		r.Sites[i].Site.File = rel(r.Sites[i].Site.File)
	}
	for i := range r.Patches {
		p := &r.Patches[i]
		p.Diff = udiff.Rename(p.Diff, p.File, rel(p.File))
		p.File = rel(p.File)
	}
}

// WriteJSON writes the result as indented JSON (localize.EncodeJSON),
// with the file names it was made with (RelativeTo rewrites them).
func (r *Result) WriteJSON(w io.Writer) error { return localize.EncodeJSON(w, r) }

// WriteHTML writes the result's text as one self-contained HTML page
// ([localize.EncodeHTML]: a repair has no view of its own), titled by
// r.Output.Title (default: "repair: " and the package).
func (r *Result) WriteHTML(w io.Writer) error {
	var text strings.Builder
	if err := r.WriteText(&text); err != nil {
		return err
	}
	return localize.EncodeHTML(w, cmp.Or(r.Output.Title, "repair: "+r.Package), text.String())
}

// relativeTo returns a function that names absolute files relative to
// dir (filepath.Rel), as localize's reports do.
func relativeTo(dir string) func(string) string {
	if dir == "" {
		return func(f string) string { return f }
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = dir
	}
	return func(f string) string {
		if r, err := filepath.Rel(abs, f); err == nil && filepath.IsAbs(f) {
			return r
		}
		return f
	}
}
