package regress

import (
	"cmp"
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/changes"
)

// regressPage is the data of the HTML page of a RegressReport.
type regressPage struct {
	Title string
	R     *Report
	Text  string // the text report
	Files []regressFile
}

// regressFile is one file with changes, its two versions side by side.
type regressFile struct {
	Name     string
	Old, New []regressLine
}

type regressLine struct {
	N     int
	Code  string
	Class string // "root", "aux", "cause", "change" or ""
	IDs   string // the changes on the line
}

var regressTmpl = template.Must(template.New("regress").Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>{{.Title}}</title>
<style>
body{font-family:sans-serif;margin:1em}
pre{margin:0}
table.src{border-collapse:collapse;font-family:monospace;font-size:12px;width:100%}
table.src td{vertical-align:top;padding:0 4px;white-space:pre}
td.n{color:#888;text-align:right}
tr.root td.c,td.c.root{background:#f8b4b4}
td.c.aux{background:#fbd38d}
td.c.cause{background:#fefcbf}
td.c.change{background:#e2e8f0}
.side{display:flex;gap:1em}.side>div{flex:1;overflow-x:auto}
.legend span{padding:0 6px;margin-right:6px}
</style></head><body>
<h1>Regression of {{.R.Package}}</h1>
<p class="legend"><span style="background:#f8b4b4">root cause</span><span style="background:#fbd38d">auxiliary</span><span style="background:#fefcbf">other cause</span><span style="background:#e2e8f0">other change</span></p>
{{range .Files}}<h2>{{.Name}}</h2>
<div class="side"><div><h3>old</h3><table class="src">{{range .Old}}<tr><td class="n">{{.N}}</td><td class="c {{.Class}}" title="{{.IDs}}">{{.Code}}</td></tr>{{end}}</table></div>
<div><h3>new</h3><table class="src">{{range .New}}<tr><td class="n">{{.N}}</td><td class="c {{.Class}}" title="{{.IDs}}">{{.Code}}</td></tr>{{end}}</table></div></div>
{{end}}
<h2>Report</h2>
<pre>{{.Text}}</pre>
</body></html>
`))

// WriteHTML writes the report as one self-contained HTML page: each file
// with changes in its two versions side by side, the root changes, their
// auxiliary changes, the other causes and the other changes marked, then
// the text report, with its durations. The versions' files are read
// from r.OldDir and r.NewDir (the roots the changes were computed
// between); a file that cannot be read is left out.
func (r *Report) WriteHTML(w io.Writer) error {
	timed := *r
	timed.Output.Timing = true
	var text strings.Builder
	if err := timed.WriteText(&text); err != nil {
		return err
	}
	oldRoot, newRoot := r.OldDir, r.NewDir
	class := map[string]string{}
	for _, c := range r.Causes {
		class[c.Change] = "cause"
	}
	for _, id := range r.Aux {
		class[id] = "aux"
	}
	for _, id := range r.Root {
		class[id] = "root"
	}
	byFile := map[string][]*changes.Change{}
	for _, c := range r.Changes {
		byFile[c.File] = append(byFile[c.File], c)
	}
	page := regressPage{Title: cmp.Or(r.Output.Title, "faultloc regress: "+r.Package), R: r, Text: text.String()}
	rank := map[string]int{"": 0, "change": 1, "cause": 2, "aux": 3, "root": 4}
	lines := func(root, file string, cs []*changes.Change, span func(*changes.Change) changes.Span) []regressLine {
		src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
		if err != nil {
			return nil
		}
		var out []regressLine
		for i, l := range strings.Split(strings.TrimSuffix(string(src), "\n"), "\n") {
			rl := regressLine{N: i + 1, Code: l}
			var ids []string
			for _, c := range cs {
				s := span(c)
				if s.StartLine <= i+1 && i+1 <= s.EndLine && (s.End > s.Offset || s.StartLine == i+1) {
					k := class[c.ID]
					if k == "" {
						k = "change"
					}
					if rank[k] > rank[rl.Class] {
						rl.Class = k
					}
					ids = append(ids, c.ID)
				}
			}
			rl.IDs = strings.Join(ids, " ")
			out = append(out, rl)
		}
		return out
	}
	for _, f := range slices.Sorted(func(yield func(string) bool) {
		for f := range byFile {
			if !yield(f) {
				return
			}
		}
	}) {
		cs := byFile[f]
		page.Files = append(page.Files, regressFile{
			Name: f,
			Old:  lines(oldRoot, f, cs, func(c *changes.Change) changes.Span { return c.Old }),
			New:  lines(newRoot, f, cs, func(c *changes.Change) changes.Span { return c.New }),
		})
	}
	if err := regressTmpl.Execute(w, page); err != nil {
		return fmt.Errorf("localize: regress: HTML: %w", err)
	}
	return nil
}
