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
