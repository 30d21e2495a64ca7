package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/examples/linkedlist"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/sattar"
)

// TestLocalizeSATTAR: -mode sat-tar on the linked list's size fault,
// seeded through -overlay, ranks the faulty line first of Delete's lines
// in a JSON report of mode sat-tar.
func TestLocalizeSATTAR(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ov, lines, err := linkedlist.Version("../../examples/linkedlist", "size")
	if err != nil {
		t.Fatal(err)
	}
	replace := map[string]string{}
	for path, src := range ov {
		to := filepath.Join(dir, "list.go")
		if err := os.WriteFile(to, src, 0o644); err != nil {
			t.Fatal(err)
		}
		replace[path] = to
	}
	data, _ := json.Marshal(struct{ Replace map[string]string }{replace})
	file := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	// -probe=false: the ranking checked is SAT-TAR's own (the fix probe
	// finds the fault's fix, l.Size - 1, and would put it first anyway).
	args := []string{"localize", "-overlay", file, "-probe=false", "-mode", "sat-tar", "-under", "(*List).Delete", "-rounds", "2", "-format", "json", "-run", "FuzzDelete/seed#0", "../../examples/linkedlist"}
	if code := run(context.Background(), args, &out, &errb); code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errb.String())
	}
	var reps []*localize.Report
	if err := json.Unmarshal(out.Bytes(), &reps); err != nil || len(reps) != 1 {
		t.Fatalf("%v: %s", err, out.String())
	}
	rep := reps[0]
	if rep.Mode != sattar.Mode || len(rep.Ranking) == 0 || rep.Ranking[0].Line != lines[0] || rep.Ranking[0].Evidence != sattar.EvidenceSATTAR {
		t.Errorf("report %+v, want sat-tar ranking line %d first", rep, lines[0])
	}
}

// TestOverlayErrors: a bad -overlay is a usage error naming the file.
func TestOverlayErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tt := range []struct {
		name, file, want string
	}{
		{"missing", filepath.Join(dir, "none.json"), "none.json: no such file"},
		{"not json", write("bad.json", "{"), "bad.json: unexpected end of JSON input"},
		{"delete", write("del.json", `{"Replace": {"a.go": ""}}`), "deleting a.go is not supported"},
		{"no replacement", write("gone.json", `{"Replace": {"a.go": "/nonexistent/b.go"}}`), "replacement of a.go"},
	} {
		var out, errb bytes.Buffer
		code := run(context.Background(), []string{"localize", "-overlay", tt.file, "../../examples/foo"}, &out, &errb)
		if code != 1 || !strings.Contains(errb.String(), tt.want) {
			t.Errorf("%s: exit %d, stderr %q; want 1 and %q", tt.name, code, errb.String(), tt.want)
		}
	}
}
