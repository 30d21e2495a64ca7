package htmlreport

import (
	"bytes"
	"cmp"
	"fmt"
	"html/template"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/spectra"
)

// Options configure [Write]. The zero value is the default.
type Options struct {
	// Title is the page's title. Default: "faultloc report".
	Title string
	// Base is the directory file names are shown relative to; files
	// outside it keep their full name. Default: the deepest directory
	// holding every file shown.
	Base string
	// Context is the number of lines shown before and after each marked
	// line (a candidate's statement, a line carrying angelic values, a
	// top line of the spectrum); other lines are elided. Default 0: whole
	// files.
	Context int
	// Spectrum is a spectrum ranking of the same program, for example
	// [spectra.Matrix.Rank] over the package's passing and failing tests.
	// Its scores color the source lines of every section as a heat map,
	// and its top entries are listed at the top of the page. Scores are
	// scaled between the ranking's lowest and highest finite score into
	// six tints (+Inf is the hottest, NaN the coldest). Line entries
	// color their line, Block and Instruction entries their lines;
	// Function entries are ignored. A ranking with failing tests only
	// (Failed == Tests > 0) cannot tell lines apart: the page says so
	// instead of drawing it. Default nil: no heat map.
	Spectrum *spectra.Ranking
	// Top is the number of spectrum entries listed in the table; the files
	// holding them are shown even when no candidate lies in them.
	// Default 0: 10.
	Top int
	// ReadFile reads a source file. Default: [os.ReadFile].
	ReadFile func(name string) ([]byte, error)
}

// heatLevels is the number of heat classes above "cold" (h0).
const heatLevels = 5

// Write writes the reports as one self-contained HTML page: no
// external assets, no script. Each report is a section with its test's
// failure, its fix candidates, and the source of the files involved, with
// the candidates' lines highlighted and the angelic values shown at the
// lines whose instances carry them. With opts.Spectrum the source lines
// are also tinted by suspiciousness (a heat map) and the ranking's top
// lines are listed. A nil opts means the zero Options.
//
// The output is deterministic: the same reports, options and sources give
// the same bytes. A source file that cannot be read is shown as a note in
// its place, not as an error; the error is that of the writer.
func Write(w io.Writer, reports []*localize.Report, opts *Options) error {
	if opts == nil {
		opts = &Options{}
	}
	b := &htmlBuilder{opts: opts, src: map[string]*htmlSource{}, heat: map[lineKey]heatCell{}}
	page := b.page(reports)
	var buf bytes.Buffer
	if err := htmlTemplate.Execute(&buf, page); err != nil {
		return fmt.Errorf("localize: html: %w", err)
	}
	_, err := w.Write(buf.Bytes())
	return err
}

type lineKey struct {
	file string
	line int
}

type heatCell struct {
	score float64
	rank  float64
	level int
}

type htmlSource struct {
	lines []string
	err   error
}

type htmlBuilder struct {
	opts *Options
	base string
	src  map[string]*htmlSource
	heat map[lineKey]heatCell
	top  []spectra.Entry
	// topLevel[i] is the heat level of top[i]'s own score.
	topLevel []int
}

// The view model the template renders; every string in it is plain text,
// escaped by html/template.
type (
	htmlPage struct {
		Title    string
		Sections []*htmlSection
		Spectrum *htmlSpectrum
		Levels   []int
	}
	htmlSpectrum struct {
		Formula string
		Ties    string
		Tests   int
		Failed  int
		Shown   int
		Total   int
		// NoPassing: every test failed, so the ranking is not drawn.
		NoPassing bool
		Rows      []htmlSpectrumRow
	}
	htmlSpectrumRow struct {
		Rank, Score string
		Where, Href string
		Text        string
		Level       int
	}
	htmlSection struct {
		ID, Test, Mode, Failure string
		Partial                 bool
		Reason                  string
		Stats                   string
		Verified, Unverified    int
		Candidates              []*htmlCandidate
		Fixes                   []htmlFix
		Files                   []*htmlFile
	}
	htmlFix struct {
		Where, Href, Op, Orig, Repl string
		Also                        int // other failing tests it fixes
	}
	htmlCandidate struct {
		ID       string
		N        int
		Verified bool
		Locs     []htmlRef
		Angelic  []htmlAngelic
		Path     string
		Flex     string // what the flexibility test found, if it ran
	}
	htmlRef struct {
		Where, Href, Text string
	}
	htmlAngelic struct {
		Where, Href string
		Cand        int // the candidate's number
		Value       string
		Orig        string // the run's value, when it is not a branch's
		Instr       string
		Occurrence  string
	}
	htmlFile struct {
		ID, Name string
		Err      string
		Lines    []*htmlLine
	}
	htmlLine struct {
		Gap                bool // an elision marker: Text says how many lines
		ID                 string
		N                  int
		Text               string
		Cand               bool
		Heat               int // -1: not a program element
		HeatTitle          string
		Badges             []htmlBadge
		Notes              []htmlAngelic
		CandidateRankTitle string
	}
	htmlBadge struct {
		N        int
		Href     string
		Verified bool
	}
)

func (b *htmlBuilder) page(reports []*localize.Report) *htmlPage {
	b.spectrum()
	var files []string
	for _, r := range reports {
		if r != nil {
			files = append(files, reportFiles(r)...)
		}
	}
	for _, e := range b.top {
		files = append(files, e.Element.File)
	}
	b.base = b.opts.Base
	if b.base == "" {
		b.base = commonDir(files)
	}
	p := &htmlPage{Title: cmp.Or(b.opts.Title, "faultloc report")}
	for i := range heatLevels + 1 {
		p.Levels = append(p.Levels, i)
	}
	for _, r := range reports {
		if r != nil {
			p.Sections = append(p.Sections, b.section(len(p.Sections)+1, r))
		}
	}
	if rk := b.opts.Spectrum; rk != nil {
		s := &htmlSpectrum{Formula: rk.Formula, Ties: rk.Ties.String(), Tests: rk.Tests, Failed: rk.Failed, Shown: len(b.top), Total: len(rk.Entries), NoPassing: noPassing(rk)}
		for i, e := range b.top {
			row := htmlSpectrumRow{
				Rank:  spectra.FormatRank(e.Rank),
				Score: spectra.FormatScore(e.Score),
				Where: b.name(e.Element.File) + ":" + strconv.Itoa(e.Element.Line),
				Text:  b.lineText(e.Element.File, e.Element.Line),
				Level: b.topLevel[i],
			}
			if e.Element.Kind != spectra.Line {
				row.Where = e.Element.Format(b.base)
			}
			row.Href = b.firstAnchor(p.Sections, e.Element.File, e.Element.Line)
			s.Rows = append(s.Rows, row)
		}
		p.Spectrum = s
	}
	return p
}

// spectrum fills the heat map and the top entries from opts.Spectrum.
func (b *htmlBuilder) spectrum() {
	rk := b.opts.Spectrum
	if rk == nil || noPassing(rk) {
		return
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, e := range rk.Entries {
		if s := e.Score; !math.IsInf(s, 0) && !math.IsNaN(s) {
			lo, hi = min(lo, s), max(hi, s)
		}
	}
	level := func(s float64) int {
		switch {
		case math.IsNaN(s) || math.IsInf(s, -1):
			return 0
		case math.IsInf(s, 1):
			return heatLevels
		case hi <= lo:
			if s > 0 {
				return heatLevels
			}
			return 0
		}
		return int(math.Round(heatLevels * (s - lo) / (hi - lo)))
	}
	for _, e := range rk.Entries {
		first, last := e.Element.Line, e.Element.Line
		switch e.Element.Kind {
		case spectra.Function:
			continue
		case spectra.Block:
			last = max(e.Element.EndLine, first)
		}
		c := heatCell{score: e.Score, rank: e.Rank, level: level(e.Score)}
		for l := first; l <= last; l++ {
			k := lineKey{e.Element.File, l}
			// Entries come most suspicious first: the first one of a line
			// is its best.
			if _, ok := b.heat[k]; !ok {
				b.heat[k] = c
			}
		}
	}
	top := cmp.Or(b.opts.Top, 10)
	for _, e := range rk.Entries {
		if len(b.top) == top {
			break
		}
		if e.Element.Kind != spectra.Function {
			b.top = append(b.top, e)
			b.topLevel = append(b.topLevel, level(e.Score))
		}
	}
}

// noPassing reports whether a ranking was computed from failing tests
// only; a ranking made by hand may leave Tests zero.
func noPassing(rk *spectra.Ranking) bool { return rk.Tests > 0 && rk.Failed == rk.Tests }

// reportFiles returns the files a report names.
func reportFiles(r *localize.Report) []string {
	var fs []string
	for _, c := range r.Candidates {
		for _, l := range c.Locations {
			fs = append(fs, l.File)
		}
		for _, a := range c.Angelic {
			fs = append(fs, a.File)
		}
	}
	for _, l := range r.Ranking {
		fs = append(fs, l.File)
	}
	for _, m := range r.Fixes {
		fs = append(fs, m.File)
	}
	return fs
}

// commonDir returns the deepest directory holding every file, or "" when
// that is the file system's root or there is none.
func commonDir(files []string) string {
	if len(files) == 0 {
		return ""
	}
	dir := filepath.Dir(files[0])
	for _, f := range files[1:] {
		d := filepath.Dir(f)
		for d != dir && !strings.HasPrefix(d, dir+string(filepath.Separator)) {
			parent := filepath.Dir(dir)
			if parent == dir {
				return ""
			}
			dir = parent
		}
	}
	if dir == "." || dir == string(filepath.Separator) {
		return ""
	}
	return dir
}

// name returns file as shown: relative to the base when below it.
func (b *htmlBuilder) name(file string) string {
	if b.base != "" {
		if r, err := filepath.Rel(b.base, file); err == nil && !filepath.IsAbs(r) && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			return filepath.ToSlash(r)
		}
	}
	return filepath.ToSlash(file)
}

func (b *htmlBuilder) source(file string) *htmlSource {
	if s, ok := b.src[file]; ok {
		return s
	}
	read := b.opts.ReadFile
	if read == nil {
		read = os.ReadFile
	}
	s := &htmlSource{}
	data, err := read(file)
	if err != nil {
		s.err = err
	} else {
		text := strings.ReplaceAll(string(data), "\r\n", "\n")
		text = strings.TrimSuffix(text, "\n")
		s.lines = strings.Split(text, "\n")
	}
	b.src[file] = s
	return s
}

func (b *htmlBuilder) lineText(file string, line int) string {
	s := b.source(file)
	if line >= 1 && line <= len(s.lines) {
		return strings.TrimSpace(s.lines[line-1])
	}
	return ""
}

// firstAnchor returns the link to the first shown instance of a line.
func (b *htmlBuilder) firstAnchor(secs []*htmlSection, file string, line int) string {
	name := b.name(file)
	for _, s := range secs {
		for _, f := range s.Files {
			if f.Name != name {
				continue
			}
			for _, l := range f.Lines {
				if !l.Gap && l.N == line {
					return "#" + l.ID
				}
			}
		}
	}
	return ""
}

func (b *htmlBuilder) section(n int, r *localize.Report) *htmlSection {
	s := &htmlSection{
		ID:      "t" + strconv.Itoa(n),
		Test:    r.Test,
		Mode:    r.Mode,
		Failure: r.Failure,
		Partial: r.Partial,
		Reason:  r.Reason,
		Stats:   statsText(r.Stats),
	}
	// The files, in order of first mention, then their ids.
	var files []string
	addFile := func(f string) {
		if !slices.Contains(files, f) {
			files = append(files, f)
		}
	}
	for _, f := range reportFiles(r) {
		addFile(f)
	}
	for _, e := range b.top {
		addFile(e.Element.File)
	}
	slices.SortStableFunc(files, func(x, y string) int { return cmp.Compare(b.name(x), b.name(y)) })
	fileID := map[string]string{}
	for i, f := range files {
		fileID[f] = fmt.Sprintf("%s-f%d", s.ID, i+1)
	}
	anchor := func(file string, line int) string {
		return fmt.Sprintf("#%s-L%d", fileID[file], line)
	}

	// Per line: the candidates touching it and the angelic values it carries.
	type mark struct {
		badges []htmlBadge
		notes  []htmlAngelic
		cand   bool
	}
	marks := map[lineKey]*mark{}
	markOf := func(f string, l int) *mark {
		k := lineKey{f, l}
		if marks[k] == nil {
			marks[k] = &mark{}
		}
		return marks[k]
	}
	for i, c := range r.Candidates {
		hc := &htmlCandidate{ID: fmt.Sprintf("%s-c%d", s.ID, i+1), N: i + 1, Verified: c.Verified}
		if c.Verified {
			s.Verified++
		} else {
			s.Unverified++
		}
		for _, l := range c.Locations {
			hc.Locs = append(hc.Locs, htmlRef{Where: b.name(l.File) + ":" + strconv.Itoa(l.Line), Href: anchor(l.File, l.Line), Text: l.Text})
			m := markOf(l.File, l.Line)
			m.cand = true
			if !slices.ContainsFunc(m.badges, func(x htmlBadge) bool { return x.N == i+1 }) {
				m.badges = append(m.badges, htmlBadge{N: i + 1, Href: "#" + hc.ID, Verified: c.Verified})
			}
		}
		angelic, path := c.Angelic, c.Path
		if len(angelic) > localize.MaxWritten {
			angelic = angelic[:localize.MaxWritten]
		}
		if len(path) > localize.MaxWritten {
			path = path[:localize.MaxWritten]
		}
		for _, a := range angelic {
			v := a.Text()
			ha := htmlAngelic{Cand: i + 1, Where: b.name(a.File) + ":" + strconv.Itoa(a.Line), Href: anchor(a.File, a.Line), Value: v, Instr: a.Instr}
			// What the source says: "a == c is false", "retval = 4".
			switch {
			case a.Expr != "" && a.Branch:
				ha.Value, ha.Instr = a.Expr+" is "+a.Value, ""
			case a.Expr != "" && a.Expr != "return":
				ha.Value, ha.Instr = a.Expr+" = "+a.Value, ""
			case a.Expr == "return":
				ha.Value, ha.Instr = "return "+a.Value, ""
			}
			if !a.Branch && a.Orig != "" && a.Orig != a.Value {
				ha.Orig = a.Orig
			}
			if a.Occurrence > 0 {
				ha.Occurrence = "execution " + strconv.Itoa(a.Occurrence+1)
			}
			if a.Instance != "" {
				ha.Occurrence = a.Instance
			}
			hc.Angelic = append(hc.Angelic, ha)
			m := markOf(a.File, a.Line)
			m.notes = append(m.notes, ha)
		}
		if fl := c.Flex; fl != nil {
			hc.Flex = fl.String()
		}
		var decisions []string
		for _, d := range path {
			decisions = append(decisions, fmt.Sprintf("%s:%d %s", b.name(d.File), d.Line, thenElseBool(d.Taken)))
		}
		if n := len(c.Path) - len(path) + c.PathOmitted; n > 0 {
			decisions = append(decisions, fmt.Sprintf("… (%d more)", n))
		}
		hc.Path = strings.Join(decisions, " → ")
		s.Candidates = append(s.Candidates, hc)
	}
	for _, m := range r.Fixes {
		s.Fixes = append(s.Fixes, htmlFix{Where: fmt.Sprintf("%s:%d:%d", b.name(m.File), m.Line, m.Column), Href: anchor(m.File, m.Line),
			Op: m.Op, Orig: m.Orig, Repl: m.Repl, Also: m.FailToPass - 1})
		markOf(m.File, m.Line) // shown in its file's excerpt
	}
	candRank := map[lineKey]int{}
	for _, l := range r.Ranking {
		candRank[lineKey{l.File, l.Line}] = l.Rank
	}
	topLines := map[lineKey]bool{}
	for _, e := range b.top {
		topLines[lineKey{e.Element.File, e.Element.Line}] = true
	}

	for _, f := range files {
		hf := &htmlFile{ID: fileID[f], Name: b.name(f)}
		src := b.source(f)
		if src.err != nil {
			hf.Err = "source unavailable: " + src.err.Error()
			s.Files = append(s.Files, hf)
			continue
		}
		show := make([]bool, len(src.lines)+1)
		for i := range show {
			show[i] = b.opts.Context <= 0
		}
		if b.opts.Context > 0 {
			for k := range marks {
				if k.file == f {
					showAround(show, k.line, b.opts.Context)
				}
			}
			for k := range topLines {
				if k.file == f {
					showAround(show, k.line, b.opts.Context)
				}
			}
		}
		gap := 0
		flush := func() {
			if gap > 0 {
				hf.Lines = append(hf.Lines, &htmlLine{Gap: true, Text: fmt.Sprintf("⋯ %d lines", gap)})
				gap = 0
			}
		}
		for n := 1; n <= len(src.lines); n++ {
			if !show[n] {
				gap++
				continue
			}
			flush()
			k := lineKey{f, n}
			hl := &htmlLine{ID: fmt.Sprintf("%s-L%d", hf.ID, n), N: n, Text: src.lines[n-1], Heat: -1}
			if h, ok := b.heat[k]; ok {
				hl.Heat = h.level
				hl.HeatTitle = fmt.Sprintf("%s %s, rank %s of %d", b.opts.Spectrum.Formula, spectra.FormatScore(h.score), spectra.FormatRank(h.rank), len(b.opts.Spectrum.Entries))
			}
			if cr, ok := candRank[k]; ok {
				hl.CandidateRankTitle = fmt.Sprintf("fix-candidate rank %d", cr)
			}
			if m := marks[k]; m != nil {
				hl.Cand = m.cand
				hl.Badges = m.badges
				hl.Notes = m.notes
			}
			hf.Lines = append(hf.Lines, hl)
		}
		flush()
		s.Files = append(s.Files, hf)
	}
	return s
}

func showAround(show []bool, line, ctx int) {
	for l := max(1, line-ctx); l <= min(len(show)-1, line+ctx); l++ {
		show[l] = true
	}
}

func thenElseBool(taken bool) string {
	if taken {
		return "then"
	}
	return "else"
}

// statsText summarizes the work done; durations are left out when zero.
func statsText(st localize.Stats) string {
	parts := []string{
		plural(st.Runs, "run"),
		plural(st.Refinements, "refinement"),
		plural(st.MCSes, "correction set"),
		plural(st.SolverCalls, "solver call"),
		plural(st.Constraints, "constraint"),
		plural(st.Statements, "statement"),
	}
	if st.Solve > 0 {
		parts = append(parts, "solving "+st.Solve.String())
	}
	if st.Total > 0 {
		parts = append(parts, "total "+st.Total.String())
	}
	return strings.Join(parts, ", ")
}

func plural(n int, s string) string {
	if n == 1 {
		return "1 " + s
	}
	return strconv.Itoa(n) + " " + s + "s"
}

var htmlTemplate = template.Must(template.New("report").Funcs(template.FuncMap{
	"heatClass": func(l int) string {
		if l < 0 {
			return ""
		}
		return "h" + strconv.Itoa(l)
	},
}).Parse(htmlPageText))

const htmlPageText = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="faultloc">
<title>{{.Title}}</title>
<style>
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d2330; background: #fafbfc; margin: 0 auto; max-width: 78rem; padding: 1rem 2rem 3rem; }
h1 { font-size: 1.5rem; margin: .5rem 0; }
h2 { font-size: 1.25rem; margin: 0 0 .4rem; }
h3 { font-size: 1rem; margin: 1.2rem 0 .4rem; }
a { color: #0b57d0; text-decoration: none; }
a:hover { text-decoration: underline; }
code, pre, .src { font-family: ui-monospace, "SFMono-Regular", "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 13px; }
.meta { color: #5c6370; }
nav ul { margin: .2rem 0; padding-left: 1.2rem; }
section { background: #fff; border: 1px solid #d8dde6; border-radius: 6px; padding: 1rem 1.2rem; margin: 1.2rem 0; }
.failure { background: #fdecea; border-left: 4px solid #c62828; padding: .4rem .7rem; margin: .4rem 0; white-space: pre-wrap; }
.partial { background: #fff4e0; border-left: 4px solid #ef8f00; padding: .4rem .7rem; margin: .4rem 0; }
table { border-collapse: collapse; }
table.list { width: 100%; margin: .3rem 0; }
table.list th, table.list td { text-align: left; vertical-align: top; padding: .25rem .6rem; border-bottom: 1px solid #eceff3; }
table.list th { font-weight: 600; color: #5c6370; }
.ok { color: #1b7f3b; font-weight: 600; }
.no { color: #b3261e; font-weight: 600; }
.path { color: #5c6370; font-size: 12px; }
.file { border: 1px solid #d8dde6; border-radius: 4px; margin: .5rem 0 1rem; overflow-x: auto; }
.file h3 { margin: 0; padding: .35rem .7rem; background: #eef1f5; border-bottom: 1px solid #d8dde6; font-size: 13px; }
table.src { width: 100%; }
table.src td { padding: 0 .5rem; white-space: pre; tab-size: 4; -moz-tab-size: 4; vertical-align: top; }
table.src td.heat { width: .55rem; padding: 0; }
table.src td.ln { width: 3rem; text-align: right; color: #8a919c; user-select: none; border-right: 1px solid #eceff3; }
table.src td.ln a { color: inherit; }
table.src tr.cand td.code { background: #fff3b0; }
table.src tr.cand td.ln { color: #1d2330; font-weight: 700; background: #ffe46b; }
table.src tr.gap td { color: #8a919c; background: #f3f5f8; font-style: italic; }
table.src tr:target td { outline: 2px solid #0b57d0; outline-offset: -2px; }
.badge { display: inline-block; font: 600 11px/1.5 system-ui, sans-serif; padding: 0 .35rem; margin-left: .3rem; border-radius: 3px; color: #fff; background: #1b7f3b; vertical-align: 1px; }
.badge.unverified { background: #8a919c; }
.ang { display: inline-block; margin-left: 1rem; padding: 0 .4rem; border-radius: 3px; background: #e3edff; color: #0b3a8c; font: 12px/1.5 system-ui, sans-serif; white-space: normal; }
.ang b { font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
.instr { color: #5c6370; font-family: ui-monospace, "DejaVu Sans Mono", monospace; }
.h0 { background: #f1f3f6; }
.h1 { background: #fde0c5; }
.h2 { background: #fbc08f; }
.h3 { background: #f79a5a; }
.h4 { background: #ee6a34; }
.h5 { background: #d2311b; }
.legend span.h { display: inline-block; width: 1.4rem; height: .8rem; vertical-align: middle; border: 1px solid #d8dde6; }
</style>
</head>
<body>
<header>
<h1>{{.Title}}</h1>
<p class="meta">{{len .Sections}} failing test case{{if ne (len .Sections) 1}}s{{end}}.</p>
{{- if gt (len .Sections) 1}}
<nav><ul>
{{- range .Sections}}
<li><a href="#{{.ID}}">{{.Test}}</a> <span class="meta">({{.Mode}})</span></li>
{{- end}}
</ul></nav>
{{- end}}
</header>
{{- with .Spectrum}}
<section id="spectrum" class="spectrum">
<h2>Spectrum ranking</h2>
{{- if .NoPassing}}
<p class="meta">{{.Formula}} over {{.Tests}} test{{if ne .Tests 1}}s{{end}}, all failing: without a passing test the spectrum cannot tell lines apart, so no heat map is drawn.</p>
{{- else}}
<p class="meta">{{.Formula}} over {{.Tests}} test{{if ne .Tests 1}}s{{end}} ({{.Failed}} failing), ties ranked {{.Ties}}; top {{.Shown}} of {{.Total}} elements. Source lines below are tinted by score:
<span class="legend">{{range $.Levels}}<span class="h {{heatClass .}}"></span>{{end}}</span> low to high.</p>
<table class="list">
<tr><th>rank</th><th>score</th><th>line</th><th>source</th></tr>
{{- range .Rows}}
<tr><td>{{.Rank}}</td><td><span class="legend"><span class="h {{heatClass .Level}}"></span></span> {{.Score}}</td><td>{{if .Href}}<a href="{{.Href}}">{{.Where}}</a>{{else}}{{.Where}}{{end}}</td><td><code>{{.Text}}</code></td></tr>
{{- end}}
</table>
{{- end}}
</section>
{{- end}}
{{- range .Sections}}
<section id="{{.ID}}" class="test">
<h2>{{.Test}} <span class="meta">({{.Mode}})</span></h2>
<div class="failure">{{.Failure}}</div>
{{- if .Partial}}
<div class="partial">Partial result: {{.Reason}}</div>
{{- end}}
<p class="meta">{{len .Candidates}} fix candidate{{if ne (len .Candidates) 1}}s{{end}} ({{.Verified}} verified{{if .Unverified}}, {{.Unverified}} not verified{{end}}); {{.Stats}}.</p>
{{- if .Candidates}}
<table class="list candidates">
<tr><th>#</th><th>statements</th><th>angelic values</th><th>verified</th></tr>
{{- range .Candidates}}
<tr id="{{.ID}}"><td>{{.N}}</td><td>
{{- range .Locs}}<div><a href="{{.Href}}">{{.Where}}</a> <code>{{.Text}}</code></div>{{end -}}
</td><td>
{{- range .Angelic}}<div><a href="{{.Href}}">{{.Where}}</a>: <b>{{.Value}}</b>{{with .Orig}} <span class="meta">(was {{.}})</span>{{end}} <span class="instr">{{.Instr}}</span>{{with .Occurrence}} <span class="meta">({{.}})</span>{{end}}</div>{{end -}}
{{- with .Path}}<div class="path">path: {{.}}</div>{{end -}}
{{- with .Flex}}<div class="meta">{{.}}</div>{{end -}}
</td><td>{{if .Verified}}<span class="ok">yes</span>{{else}}<span class="no">no</span>{{end}}</td></tr>
{{- end}}
</table>
{{- else}}
<p>No fix candidate found.</p>
{{- end}}
{{- if .Fixes}}
<p class="meta">Plausible fixes found by mutation: the test passes and no passing test fails (the tests accept them, which does not make them correct).</p>
<table class="list fixes">
<tr><th>where</th><th>change</th><th>operator</th></tr>
{{- range .Fixes}}
<tr><td><a href="{{.Href}}">{{.Where}}</a></td><td><code>{{.Orig}}</code> → <code>{{.Repl}}</code>{{if .Also}} <span class="meta">(also fixes {{.Also}} other failing test{{if ne .Also 1}}s{{end}})</span>{{end}}</td><td>{{.Op}}</td></tr>
{{- end}}
</table>
{{- end}}
{{- range .Files}}
<div class="file" id="{{.ID}}">
<h3>{{.Name}}</h3>
{{- if .Err}}
<p class="meta">{{.Err}}</p>
{{- else}}
<table class="src">
{{- range .Lines}}
{{- if .Gap}}
<tr class="gap"><td class="heat"></td><td class="ln"></td><td>{{.Text}}</td></tr>
{{- else}}
<tr id="{{.ID}}"{{if .Cand}} class="cand"{{end}}><td class="heat{{with heatClass .Heat}} {{.}}{{end}}"{{with .HeatTitle}} title="{{.}}"{{end}}></td><td class="ln"{{with .CandidateRankTitle}} title="{{.}}"{{end}}><a href="#{{.ID}}">{{.N}}</a></td><td class="code">{{.Text}}
{{- range .Badges}}<a class="badge{{if not .Verified}} unverified{{end}}" href="{{.Href}}">#{{.N}}</a>{{end}}
{{- range .Notes}}<span class="ang">#{{.Cand}} ⇒ <b>{{.Value}}</b>{{with .Orig}} (was {{.}}){{end}} <span class="instr">{{.Instr}}</span>{{with .Occurrence}} ({{.}}){{end}}</span>{{end -}}
</td></tr>
{{- end}}
{{- end}}
</table>
{{- end}}
</div>
{{- end}}
</section>
{{- end}}
</body>
</html>
`
