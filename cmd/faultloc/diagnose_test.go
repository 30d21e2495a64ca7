package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/localize"
)

// TestLocalizeAll runs localize -all on examples/tax: the text report is
// a golden file (-update rewrites it), the JSON report reads back as one
// DiagnosisReport whose one diagnosis is the fault and explains both
// failing tests, and flags that -all does not take are refused.
func TestLocalizeAll(t *testing.T) {
	t.Parallel()
	var out, errb bytes.Buffer
	code := run(context.Background(), []string{"localize", "-all", "-tags", "faultloc", "../../examples/tax"}, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errb.String())
	}
	got := filepath.ToSlash(out.String())
	path := filepath.Join("testdata", "localize_all_tax.golden")
	if *update {
		os.WriteFile(path, []byte(got), 0o644)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (-update rewrites it):\n%s", path, got)
	}

	out.Reset()
	errb.Reset()
	if code := run(context.Background(), []string{"localize", "-all", "-format", "json", "-tags", "faultloc", "../../examples/tax"}, &out, &errb); code != 0 {
		t.Fatalf("-format json: exit %d, stderr:\n%s", code, errb.String())
	}
	var rep localize.DiagnosisReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("-format json: %v\n%s", err, out.String())
	}
	ds := rep.Diagnoses()
	if len(ds) != 1 || !ds[0].Verified || !ds[0].OneFix || len(ds[0].Explains) != 2 || len(ds[0].Locations) != 1 ||
		filepath.Base(ds[0].Locations[0].File) != "tax.go" || ds[0].Locations[0].Line != 11 {
		t.Errorf("-format json: diagnoses %+v, want tax.go:11, one fix, explaining both tests", ds)
	}

	// -consistent=false: verified, without the check.
	out.Reset()
	if code := run(context.Background(), []string{"localize", "-all", "-consistent=false", "-format", "json", "-tags", "faultloc", "../../examples/tax"}, &out, &errb); code != 0 {
		t.Fatalf("-consistent=false: exit %d, stderr:\n%s", code, errb.String())
	}
	rep = localize.DiagnosisReport{}
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if ds := rep.Diagnoses(); len(ds) != 1 || !ds[0].Verified || ds[0].OneFix {
		t.Errorf("-consistent=false: diagnoses %+v, want one verified, not checked as one fix", ds)
	}
	errb.Reset()
	if code := run(context.Background(), []string{"localize", "-consistent", "../../examples/tax"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "-consistent needs -all") {
		t.Errorf("-consistent without -all: exit %d, stderr %q", code, errb.String())
	}

	for _, flags := range [][]string{{"-first"}, {"-mode", "angelic"}, {"-format", "html"}, {"-tiebreak", "ochiai"}} {
		errb.Reset()
		args := append(append([]string{"localize", "-all"}, flags...), "../../examples/tax")
		if code := run(context.Background(), args, &out, &errb); code != 1 || !strings.Contains(errb.String(), "-all cannot be combined") {
			t.Errorf("%v: exit %d, stderr %q", flags, code, errb.String())
		}
	}
}
