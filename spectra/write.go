package spectra

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// FormatScore formats a score with four decimals, and non-finite values as
// "+Inf", "-Inf" or "NaN".
func FormatScore(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+Inf"
	case math.IsInf(x, -1):
		return "-Inf"
	case math.IsNaN(x):
		return "NaN"
	}
	return strconv.FormatFloat(x, 'f', 4, 64)
}

// FormatRank formats a rank as an integer when it is one (always, under
// the Worst and Best policies), else with its fraction (Average).
func FormatRank(r float64) string { return strconv.FormatFloat(r, 'f', -1, 64) }

// WriteText writes one line per entry, most suspicious first, in the style
// of go vet: "file:line: score rank", with file names relative to base when
// base is not empty. Entries whose score is below min are left out; give
// math.Inf(-1) to keep all.
func (r *Ranking) WriteText(w io.Writer, base string, min float64) error {
	bw := bufio.NewWriter(w)
	for _, e := range r.Entries {
		if key(e.Score) < min {
			continue
		}
		fmt.Fprintf(bw, "%s: %s %s\n", e.Element.Format(base), FormatScore(e.Score), FormatRank(e.Rank))
	}
	return bw.Flush()
}

// jsonNumber encodes finite numbers as JSON numbers and the others as the
// strings "+Inf", "-Inf", "NaN" (JSON has no such numbers).
type jsonNumber float64

func (x jsonNumber) MarshalJSON() ([]byte, error) {
	f := float64(x)
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return []byte(`"` + FormatScore(f) + `"`), nil
	}
	return strconv.AppendFloat(nil, f, 'g', -1, 64), nil
}

type jsonEntry struct {
	Element    string     `json:"element"`
	Kind       string     `json:"kind"`
	File       string     `json:"file"`
	Line       int        `json:"line"`
	Name       string     `json:"name,omitempty"`
	Score      jsonNumber `json:"score"`
	Confidence jsonNumber `json:"confidence"`
	Rank       jsonNumber `json:"rank"`
	EF         int        `json:"ef"`
	EP         int        `json:"ep"`
	NF         int        `json:"nf"`
	NP         int        `json:"np"`
	Suspect    bool       `json:"suspect,omitempty"`
}

type jsonRanking struct {
	Formula string      `json:"formula"`
	Ties    string      `json:"ties"`
	Tests   int         `json:"tests"`
	Failed  int         `json:"failed"`
	Entries []jsonEntry `json:"elements"`
	Partial bool        `json:"partial,omitempty"`
	Reason  string      `json:"reason,omitempty"`
}

// WriteJSON writes the ranking as one indented JSON object:
// {"formula", "ties", "tests", "failed", "elements": [{"element", "kind",
// "file", "line", "name", "score", "confidence", "rank", "ef", "ep", "nf",
// "np", "suspect"}], "partial", "reason"} (the last two only when the
// ranking is partial), file names relative to base when base is not empty.
// Non-finite scores are the strings "+Inf", "-Inf" and "NaN".
func (r *Ranking) WriteJSON(w io.Writer, base string) error {
	out := jsonRanking{Formula: r.Formula, Ties: r.Ties.String(), Tests: r.Tests, Failed: r.Failed,
		Entries: make([]jsonEntry, len(r.Entries)), Partial: r.Partial, Reason: r.Reason}
	for i, e := range r.Entries {
		file := e.Element.File
		if base != "" {
			if rel, err := filepath.Rel(base, file); err == nil && !startsWithDotDot(rel) {
				file = rel
			}
		}
		out.Entries[i] = jsonEntry{
			Element: e.Element.Format(base), Kind: e.Element.Kind.String(), File: file, Line: e.Element.Line,
			Name: e.Element.Name, Score: jsonNumber(e.Score), Confidence: jsonNumber(e.Confidence),
			Rank: jsonNumber(e.Rank), EF: e.Counts.EF, EP: e.Counts.EP, NF: e.Counts.NF, NP: e.Counts.NP,
			Suspect: e.Suspect,
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

// WriteGZoltar writes m and the rankings into dir (created if missing) in
// the file formats of GZoltar's command-line reports, so the scripts
// written for the Java tool read them:
//
//   - spectra.csv: header "name", then one element per line;
//   - tests.csv: header "name,outcome,runtime,stacktrace", one test per
//     line, outcome PASS or FAIL, runtime in nanoseconds;
//   - matrix.txt: one line per test (in tests.csv order), a 0 or 1 per
//     element (in spectra.csv order) separated by spaces, then "+" for a
//     passing test or "-" for a failing one;
//   - <formula>.ranking.csv for each ranking: header
//     "name;suspiciousness_value", most suspicious first.
//
// Element names end in ":line" as GZoltar's do, which is what its scripts
// parse: "file:line" for a Line, "file#L.C-L.C:line" for a Block,
// "file#Name:line" for a Function and "file#C instruction:line" for an
// Instruction (with ',' and ';', GZoltar's separators, replaced by
// spaces); file names are relative to base when base is not empty.
// Infinite scores are written as Java prints them ("Infinity").
func WriteGZoltar(dir string, m *Matrix, base string, rankings ...*Ranking) error {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return fmt.Errorf("spectra: %w", err)
	}
	write := func(name string, body func(w *bufio.Writer)) error {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			return fmt.Errorf("spectra: %w", err)
		}
		bw := bufio.NewWriter(f)
		body(bw)
		return errors.Join(bw.Flush(), f.Close())
	}
	err := write("spectra.csv", func(w *bufio.Writer) {
		w.WriteString("name\n")
		for _, e := range m.elems {
			w.WriteString(gzName(e, base) + "\n")
		}
	})
	if err == nil {
		err = write("tests.csv", func(w *bufio.Writer) {
			w.WriteString("name,outcome,runtime,stacktrace\n")
			for _, t := range m.tests {
				o := "PASS"
				if t.Failed {
					o = "FAIL"
				}
				fmt.Fprintf(w, "%s,%s,%d,%s\n", csvField(t.Name), o, t.Duration.Nanoseconds(), csvField(t.Message))
			}
		})
	}
	if err == nil {
		err = write("matrix.txt", func(w *bufio.Writer) {
			for t, r := range m.rows {
				for e := range m.elems {
					if r.has(e) {
						w.WriteString("1 ")
					} else {
						w.WriteString("0 ")
					}
				}
				if m.tests[t].Failed {
					w.WriteString("-\n")
				} else {
					w.WriteString("+\n")
				}
			}
		})
	}
	for _, r := range rankings {
		if err != nil {
			break
		}
		err = write(r.Formula+".ranking.csv", func(w *bufio.Writer) {
			w.WriteString("name;suspiciousness_value\n")
			for _, e := range r.Entries {
				w.WriteString(gzName(e.Element, base) + ";" + javaDouble(e.Score) + "\n")
			}
		})
	}
	return err
}

// csvField quotes s for CSV when needed.
func csvField(s string) string {
	if !strings.ContainsAny(s, ",\"\n\r") {
		return s
	}
	return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
}

// javaDouble formats x the way GZoltar's rankings show doubles.
func javaDouble(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "Infinity"
	case math.IsInf(x, -1):
		return "-Infinity"
	case math.IsNaN(x):
		return "NaN"
	}
	return strconv.FormatFloat(x, 'g', -1, 64)
}

// gzName names e for GZoltar's files.
func gzName(e Element, base string) string {
	file := Element{File: e.File}.Format(base)
	file = file[:strings.LastIndexByte(file, ':')]
	var mid string
	switch e.Kind {
	case Block:
		mid = fmt.Sprintf("#%d.%d-%d.%d", e.Line, e.Col, e.EndLine, e.EndCol)
	case Function:
		mid = "#" + e.Name
	case Instruction:
		mid = fmt.Sprintf("#%d %s", e.Col, e.Name)
	}
	mid = strings.NewReplacer(",", " ", ";", " ", "\n", " ").Replace(mid)
	return file + mid + ":" + strconv.Itoa(e.Line)
}
