package spectra

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteGolden renders tieMatrix's D* ranking (with +Inf scores) as
// text, JSON and GZoltar files and compares them with testdata/golden.
func TestWriteGolden(t *testing.T) {
	m := tieMatrix(t)
	m.tests[0].Message = "x_test.go:3: got 1, want 2, \"quoted\""
	f, _ := Lookup("dstar")
	r := m.Rank(f, &Options{Ties: Average, Suspects: []Element{el("x.go", 4)}, Bonus: -1})
	var text, js bytes.Buffer
	if err := r.WriteText(&text, "", math.Inf(-1)); err != nil {
		t.Fatal(err)
	}
	golden(t, "testdata/golden/write.txt", text.Bytes())
	if err := r.WriteJSON(&js, ""); err != nil {
		t.Fatal(err)
	}
	golden(t, "testdata/golden/write.json", js.Bytes())
	var back map[string]any
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatalf("JSON output does not parse: %v", err)
	}
	dir := t.TempDir()
	tar, _ := Lookup("tarantula")
	if err := WriteGZoltar(dir, m, "", r, m.Rank(tar, nil)); err != nil {
		t.Fatal(err)
	}
	var all bytes.Buffer
	for _, name := range []string{"spectra.csv", "tests.csv", "matrix.txt", "dstar.ranking.csv", "tarantula.ranking.csv"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		all.WriteString("== " + name + "\n")
		all.Write(b)
	}
	golden(t, "testdata/golden/gzoltar.txt", all.Bytes())
}

func TestFormatting(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		want string
	}{{0.5, "0.5000"}, {math.Inf(1), "+Inf"}, {math.Inf(-1), "-Inf"}, {math.NaN(), "NaN"}, {-1.0 / 3, "-0.3333"}} {
		if got := FormatScore(tc.x); got != tc.want {
			t.Errorf("FormatScore(%v) = %q, want %q", tc.x, got, tc.want)
		}
	}
	if FormatRank(7) != "7" || FormatRank(5.5) != "5.5" {
		t.Error("FormatRank")
	}
	e := Element{File: "/a/b/c.go", Line: 3}
	for _, tc := range []struct {
		e          Element
		base, want string
	}{
		{e, "", "/a/b/c.go:3"},
		{e, "/a", "b/c.go:3"},
		{e, "/x", "/a/b/c.go:3"},
		{Element{Kind: Block, File: "f.go", Line: 1, Col: 2, EndLine: 3, EndCol: 4}, "", "f.go:1.2,3.4"},
		{Element{Kind: Function, File: "f.go", Line: 1, Name: "(*T).M"}, "", "f.go:1: (*T).M"},
		{Element{Kind: Instruction, File: "f.go", Line: 1, Col: 5, Name: "t1 = a + b"}, "", "f.go:1:5: t1 = a + b"},
	} {
		if got := tc.e.Format(tc.base); got != tc.want {
			t.Errorf("Format(%q) = %q, want %q", tc.base, got, tc.want)
		}
	}
	for _, tc := range []struct {
		e    Element
		want string
	}{
		{Element{File: "/a/f.go", Line: 3}, "f.go:3"},
		{Element{Kind: Block, File: "/a/f.go", Line: 1, Col: 2, EndLine: 3, EndCol: 4}, "f.go#1.2-3.4:1"},
		{Element{Kind: Function, File: "/a/f.go", Line: 7, Name: "(*T).M"}, "f.go#(*T).M:7"},
		{Element{Kind: Instruction, File: "/a/f.go", Line: 9, Col: 5, Name: "t1 = f(a, b); x"}, "f.go#5 t1 = f(a  b)  x:9"},
	} {
		if got := gzName(tc.e, "/a"); got != tc.want {
			t.Errorf("gzName(%v) = %q, want %q", tc.e, got, tc.want)
		}
	}
	for _, s := range []string{"line", "block", "function", "instruction"} {
		if k, err := ParseKind(s); err != nil || k.String() != s {
			t.Errorf("ParseKind(%q) = %v, %v", s, k, err)
		}
	}
	if _, err := ParseKind("page"); err == nil {
		t.Error("ParseKind(page) succeeded")
	}
	for _, s := range []string{"worst", "best", "average"} {
		if p, err := ParseTies(s); err != nil || p.String() != s {
			t.Errorf("ParseTies(%q) = %v, %v", s, p, err)
		}
	}
	if _, err := ParseTies("random"); err == nil || !strings.HasPrefix(err.Error(), "spectra: ") {
		t.Errorf("ParseTies(random): %v", err)
	}
}
