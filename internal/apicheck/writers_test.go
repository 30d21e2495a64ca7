package apicheck

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// reportWriters are the writers every report of localize's packages has,
// with their one signature (localize's doc, "Reports").
var reportWriters = []string{"WriteText(io.Writer) error", "WriteJSON(io.Writer) error", "WriteHTML(io.Writer) error"}

// writerMethod matches an api/ line of a method named Write<Kind> of a
// report's writers: the package, the receiver's type and the method.
var writerMethod = regexp.MustCompile(`^pkg (\S+), method \(\*?(\w+)\) (Write(?:Text|JSON|HTML)\(.*)$`)

// writerProblems returns, for api/ lines, each type that has one of the
// report writers but not all three with their signatures, sorted.
func writerProblems(lines []string) []string {
	has := map[string][]string{} // "pkg.Type": its writer methods
	for _, l := range lines {
		if m := writerMethod.FindStringSubmatch(l); m != nil {
			typ := m[1] + "." + m[2]
			has[typ] = append(has[typ], m[3])
		}
	}
	var out []string
	for typ, methods := range has {
		for _, w := range reportWriters {
			if !slices.Contains(methods, w) {
				out = append(out, typ+" lacks "+w+" (it has "+strings.Join(methods, ", ")+")")
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestReportWriters: every type of localize's packages with one of the
// report writers has all three, as WriteText(io.Writer) error,
// WriteJSON(io.Writer) error and WriteHTML(io.Writer) error.
func TestReportWriters(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(root(t), "api", "localize", "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	files = append(files, filepath.Join(root(t), "api", "localize.txt"))
	var lines []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, strings.Split(string(data), "\n")...)
	}
	if !slices.ContainsFunc(lines, writerMethod.MatchString) {
		t.Fatalf("no report writer in the API files of localize's packages")
	}
	for _, p := range writerProblems(lines) {
		t.Error(p)
	}
}

// TestWriterProblems: a type with the three writers passes; one missing,
// or of another signature, is named.
func TestWriterProblems(t *testing.T) {
	const p = "pkg example.com/m/localize/x, "
	lines := []string{
		p + "method (*Good) WriteText(io.Writer) error",
		p + "method (*Good) WriteJSON(io.Writer) error",
		p + "method (*Good) WriteHTML(io.Writer) error",
		p + "method (*NoHTML) WriteText(io.Writer) error",
		p + "method (*NoHTML) WriteJSON(io.Writer) error",
		p + "method (Other) WriteText(io.Writer, string, bool) error",
		p + "method (Other) WriteJSON(io.Writer) error",
		p + "method (Other) WriteHTML(io.Writer) error",
		p + "method (*Unrelated) WriteTo(io.Writer) (int64, error)",
	}
	want := []string{
		"example.com/m/localize/x.NoHTML lacks WriteHTML(io.Writer) error (it has WriteText(io.Writer) error, WriteJSON(io.Writer) error)",
		"example.com/m/localize/x.Other lacks WriteText(io.Writer) error (it has WriteText(io.Writer, string, bool) error, WriteJSON(io.Writer) error, WriteHTML(io.Writer) error)",
	}
	if got := writerProblems(lines); !slices.Equal(got, want) {
		t.Errorf("writerProblems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
