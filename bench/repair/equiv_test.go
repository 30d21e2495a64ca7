package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/repair"
)

// TestSameBound checks the correctness check's integer bounds: a
// comparison with a constant rewritten to hold for the same integers is
// the reference, one on floats or with another bound is not, and
// neither is a patch with another difference beside it.
func TestSameBound(t *testing.T) {
	dir := t.TempDir()
	const reference = `package m

const limit = 5

func f(s string, n int64, x float64) bool {
	return len(s) >= 2 && n <= limit-1 && x >= 2
}

func g(n int) int { return n + 1 }
`
	file := filepath.Join(dir, "m.go")
	for name, src := range map[string]string{"go.mod": "module m\n\ngo 1.22\n", "m.go": reference} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		from, to string
		want     bool
	}{
		{"len(s) >= 2", "len(s) > 1", true},
		{"len(s) >= 2", "1 < len(s)", true},
		{"n <= limit-1", "n < limit", true},
		{"n <= limit-1", "n < 5", true},
		{"len(s) >= 2", "len(s) > 2", false},
		{"len(s) >= 2", "len(s) >= 1+1", false}, // another syntax tree than a comparison with its bound: not normalized
		{"x >= 2", "x > 1", false},              // floats
		{"len(s) >= 2", "len(s) <= 1", false},
		{"len(s) >= 2 && n <= limit-1", "len(s) > 1 && n < limit", true},
		{"len(s) >= 2 && n <= limit-1", "len(s) > 1 && n < limit-1", false},
		{"n + 1", "n + 2", false},
		{"len(s) >= 2", "len(s) > undeclared", false}, // no type-check: not the reference
	} {
		patched := strings.Replace(reference, c.from, c.to, 1)
		got, err := sameBound(context.Background(), dir, file, []byte(patched), []byte(reference))
		if err != nil || got != c.want {
			t.Errorf("%s → %s: sameBound = %v, %v; want %v", c.from, c.to, got, err, c.want)
		}
	}
}

// TestHistoricalSameBound checks the correctness check on a historical
// bug: gjson/empty-value-query's fix `len(value) >= 2` is found as
// `len(value) > 1`, the same bound, and the bug's `len(value) > 2` is
// not.
func TestHistoricalSameBound(t *testing.T) {
	if testing.Short() {
		t.Skip("fetches a module and type-checks it")
	}
	t.Parallel()
	ctx := context.Background()
	s := historicalSubjectOf(t, "gjson/empty-value-query")
	for _, c := range []struct {
		to   string
		want string
	}{{"len(value) > 1 &&", "same bound"}, {"len(value) > 2 &&", ""}} {
		patched := strings.Replace(string(s.reference), "len(value) >= 2 &&", c.to, 1)
		if patched == string(s.reference) {
			t.Fatal("gjson.go has no len(value) >= 2 to replace")
		}
		got, err := s.correct(ctx, &repair.Patch{Position: localize.Position{File: s.file}, Source: []byte(patched)})
		if err != nil || got != c.want {
			t.Errorf("%s: correct = %q, %v; want %q", c.to, got, err, c.want)
		}
	}
}
