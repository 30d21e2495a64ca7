package repair

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/internal/longtest"
	"github.com/faultloc/faultloc/localize/internal/testutil"
	"github.com/faultloc/faultloc/localize/repair/internal/schema"
)

// schemaPatches returns patches of testdata/schema, each the first
// occurrence of a text replaced (an empty text: inserted before the
// marker).
func schemaPatches(t *testing.T) (dir string, ps []*Patch) {
	t.Helper()
	dir = filepath.Join(testutil.Root(), "localize", "repair", "testdata", "schema")
	file := filepath.Join(dir, "schema.go")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ at, orig, repl string }{
		{"good := score > 80", "score > 80", "score >= 80"},                     // 0: the fix, in a declaration
		{"good := score > 80", "score > 80", "score > 79"},                      // 1: a fix too
		{"if x < 0", "x < 0", "x <= 0"},                                         // 2: breaks TestSum, fixes nothing
		{"good := score", "", "if score == 80 {\n\t\treturn \"good\"\n\t}\n\t"}, // 3: a guard that fixes
		{"limit := 50", "50", "\"50\""},                                         // 4: does not build (types)
		{"total += x", "x", "2 * x"},                                            // 5: breaks TestSum
		{"range rows", "rows", "rows[:len(rows)]"},                              // 6: in a labeled statement: left out
		{"h, rem := n/2", "n/2", "n>>1"},                                        // 7: a := reusing a result: left out
		{"if x == v", "x == v", "x >= v"},                                       // 8: beside a continue with a label
		{"good := score > 80", "score > 80", "score >= 80 && score < 100"},      // 9: fixes TestGrade, breaks TestGradeTop
		{"limit := 50", "50", "50 +"},                                           // 10: does not parse
	} {
		i := strings.Index(string(src), c.at)
		if i < 0 {
			t.Fatalf("no %q in %s", c.at, file)
		}
		i += strings.Index(c.at, c.orig)
		ps = append(ps, replace(file, src, i, i+len(c.orig), c.repl))
	}
	return dir, ps
}

// TestSchemaLeavesOut checks which patches a schema holds: not one
// inside a labeled statement, nor a := that reuses a variable of its
// block (a named result).
func TestSchemaLeavesOut(t *testing.T) {
	_, ps := schemaPatches(t)
	s := schema.New(nil, forSchema(ps), make([]bool, len(ps)))
	if s == nil {
		t.Fatal("no schema")
	}
	for i := range ps {
		if in, want := s.Num[i] > 0, i != 6 && i != 7; in != want {
			t.Errorf("patch %d (%s -> %s) in the schema: %v, want %v", i, ps[i].Orig, ps[i].Repl, in, want)
		}
	}
}

// ownSample are the patches of schemaPatches that TestSchemaVerdicts
// validates by their own builds without the build tag long: one of each
// kind (a fix in a declaration, a patch that breaks a test, a guard, one
// that does not build, one the schema leaves out, one that breaks a test
// outside the first case).
var ownSample = []int{0, 2, 3, 4, 6, 9}

// TestSchemaVerdicts checks that the patch schema refutes what builds of
// the patches' own refute and nothing else: each patch of
// testdata/schema validated with the schema and without it has the same
// verdict; in the schema, the refuted ones are refuted there (the one that
// does not build by its build error), those it leaves out and the
// plausible ones are validated by their own builds. A patch's own build
// is a build of the subject's test binary: by default the verdicts by
// own build are those of one patch of each kind (ownSample), with the
// build tag long (.ci/run) of every patch; the schema's are checked for
// every patch.
func TestSchemaVerdicts(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the subject's test binary once a patch")
	}
	dir, ps := schemaPatches(t)
	validate := func(noSchema bool, idx []int) []*Validation {
		v, err := NewValidator(context.Background(), ".", &ValidateOptions{Dir: dir, First: "^TestGrade$", NoSchema: noSchema})
		if err != nil {
			t.Fatal(err)
		}
		defer v.Close()
		sub := make([]*Patch, len(idx))
		for j, i := range idx {
			sub[j] = ps[i]
		}
		out := make([]*Validation, len(ps))
		if err := v.validateRanked(context.Background(), sub, len(sub), func(j int, val *Validation) { out[idx[j]] = val }); err != nil {
			t.Fatal(err)
		}
		return out
	}
	all := make([]int, len(ps))
	for i := range all {
		all[i] = i
	}
	ownIdx := all
	if !longtest.Enabled {
		ownIdx = ownSample
	}
	inSchema, own := validate(false, all), validate(true, ownIdx)
	plausible := map[int]bool{0: true, 1: true, 3: true}
	for i, p := range ps {
		s, o := inSchema[i], own[i]
		if s == nil || o == nil && slices.Contains(ownIdx, i) {
			t.Errorf("patch %d (%s -> %s) not validated: %+v, %+v", i, p.Orig, p.Repl, s, o)
			continue
		}
		if s.Plausible != plausible[i] {
			t.Errorf("patch %d (%s -> %s): plausible %v in the schema, want %v", i, p.Orig, p.Repl, s.Plausible, plausible[i])
		}
		if o != nil && o.Plausible != plausible[i] {
			t.Errorf("patch %d (%s -> %s): plausible %v by its own build, want %v", i, p.Orig, p.Repl, o.Plausible, plausible[i])
		}
		if o != nil && o.Schema {
			t.Errorf("patch %d: validated without a schema, yet Schema is set", i)
		}
		if want := !plausible[i] && i != 6 && i != 7; s.Schema != want {
			t.Errorf("patch %d (%s -> %s): refuted in the schema %v, want %v (%+v)", i, p.Orig, p.Repl, s.Schema, want, s)
		}
	}
	for _, i := range []int{4, 10} {
		if !strings.Contains(inSchema[i].Error, "does not build") {
			t.Errorf("patch %d (50 -> %s): %+v, want a build error", i, ps[i].Repl, inSchema[i])
		}
	}
	if f := inSchema[9].Failed; !inSchema[9].Suite || len(f) != 1 || f[0] != "TestGradeTop" {
		t.Errorf("patch 9: %+v in the schema, want TestGradeTop failed in the whole suite", inSchema[9])
	}
	if f := inSchema[2].Failed; len(f) != 1 || f[0] != "TestGrade" {
		t.Errorf("patch 2 (x < 0 -> x <= 0): failed %q in the schema, want TestGrade, the first case", f)
	}
	if f := inSchema[5].Failed; len(f) != 1 || f[0] != "TestGrade" {
		t.Errorf("patch 5: failed %q in the schema, want TestGrade", f)
	}
}
