package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// TestRepairTriangleJSON runs faultloc repair on the triangle classifier:
// its first patch, c -> b on line 23, is plausible.
func TestRepairTriangleJSON(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"repair", "-tags=faultloc", "-arith=int", "-run=TestClassify", "-format=json", triangle}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var res struct {
		Failing []string `json:"failing"`
		Patches []struct {
			Rank       int    `json:"rank"`
			File       string `json:"file"`
			Line       int    `json:"line"`
			Orig, Repl string
			Diff       string `json:"diff"`
			Validation *struct {
				Plausible bool `json:"plausible"`
			} `json:"validation"`
		} `json:"patches"`
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatalf("%v:\n%s", err, out.String())
	}
	if len(res.Failing) != 1 || len(res.Patches) == 0 {
		t.Fatalf("failing %v, %d patches:\n%s", res.Failing, len(res.Patches), out.String())
	}
	p := res.Patches[0]
	if p.Rank != 1 || p.Line != 23 || p.Orig != "c" || p.Repl != "b" || p.Validation == nil || !p.Validation.Plausible {
		t.Errorf("first patch %+v, want c -> b on line 23, plausible", p)
	}
	// Named from the module's root, where the test runs the command's
	// package from: cmd/faultloc.
	if p.File != "../../examples/triangle/triangle.go" || !strings.Contains(p.Diff, "+++ b/../../examples/triangle/triangle.go\n") {
		t.Errorf("file %q, diff:\n%s", p.File, p.Diff)
	}
}

// TestRepairSARIF runs faultloc repair on the triangle classifier with
// -format sarif: the log is valid SARIF, with fixes, and its first
// result is the plausible patch c -> b on line 23, its fix replacing
// that c (line 23, columns 11 to 12) with b.
func TestRepairSARIF(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"repair", "-tags=faultloc", "-arith=int", "-run=TestClassify", "-format=sarif", triangle}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	rs := sarifResults(t, "repair -format sarif", out.Bytes())
	if len(rs) == 0 {
		t.Fatalf("no result:\n%s", out.String())
	}
	if got := at(rs[:1], "repair/plausible-patch", "examples/triangle/triangle.go", 23); len(got) != 1 || got[0].Level != "error" || got[0].Properties["repl"] != "b" {
		t.Errorf("first result %+v, want the plausible patch c -> b on line 23", rs[0])
	}
	var log struct {
		Runs []struct {
			Results []struct {
				Fixes []struct {
					ArtifactChanges []struct {
						ArtifactLocation struct{ URI string } `json:"artifactLocation"`
						Replacements     []struct {
							DeletedRegion   struct{ StartLine, StartColumn, EndLine, EndColumn int } `json:"deletedRegion"`
							InsertedContent struct{ Text string }                                    `json:"insertedContent"`
						} `json:"replacements"`
					} `json:"artifactChanges"`
				} `json:"fixes"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(out.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	fixes := log.Runs[0].Results[0].Fixes
	if len(fixes) != 1 || len(fixes[0].ArtifactChanges) != 1 || len(fixes[0].ArtifactChanges[0].Replacements) != 1 {
		t.Fatalf("first result's fixes %+v, want one replacement", fixes)
	}
	ch := fixes[0].ArtifactChanges[0]
	r := ch.Replacements[0]
	if ch.ArtifactLocation.URI != "examples/triangle/triangle.go" || r.DeletedRegion.StartLine != 23 || r.DeletedRegion.EndLine != 23 ||
		r.DeletedRegion.StartColumn != 11 || r.DeletedRegion.EndColumn != 12 || r.InsertedContent.Text != "b" {
		t.Errorf("fix %+v, want c (23:11-12) replaced with b", ch)
	}
}

// TestRepairUsage checks the usage errors.
func TestRepairUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "usage: faultloc repair"},
		{[]string{"-format=html", triangle}, `unknown -format "html"`},
		{[]string{"-arith=real", triangle}, `unknown -arith "real"`},
		{[]string{"-max-size=0", triangle}, "must be at least 1"},
		{[]string{"-run=NoSuchTest", "-tags=faultloc", triangle}, "no test case"},
	} {
		var out, errb bytes.Buffer
		if code := run(context.Background(), append([]string{"repair"}, tc.args...), &out, &errb); code != 1 || !strings.Contains(errb.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q, want 1 and %q", tc.args, code, errb.String(), tc.want)
		}
	}
}
