package native

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// TestPackageDataUnsliced: testdata/unread's failing TestLabel reads a
// table its failure does not depend on, so the recorded run's dynamic
// slice reaches no line of package initialization; PackageData then
// keeps the static rule, every line of the table its ranked lines read,
// as it does without a recorded run, rather than dropping them all.
func TestPackageDataUnsliced(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	ctx := context.Background()
	prog, err := trace.Load(ctx, &trace.Config{Dir: "testdata/unread", Tests: true}, ".")
	if err != nil {
		t.Fatal(err)
	}
	pkg, err := prog.TargetPackage()
	if err != nil {
		t.Fatal(err)
	}
	n, err := Collect(ctx, prog, pkg, nil)
	if err != nil {
		t.Fatal(err)
	}
	f := &localize.Failure{Program: prog, Package: pkg, Case: prog.GoTestCase(pkg, "TestLabel"), Native: n}
	if read := readInits(ctx, f); read != nil {
		t.Fatalf("the slice's package-initialization lines: %v, want none (nil)", read)
	}
	rep := Report(ctx, f, "test")
	var data []int
	for _, rl := range rep.Ranking {
		if rl.Evidence == EvidencePackageData {
			data = append(data, rl.Line)
		}
	}
	slices.Sort(data)
	if want := []int{7, 8, 9}; !slices.Equal(data, want) {
		dir, _ := filepath.Abs("testdata/unread")
		t.Errorf("package data lines of %s %v, want %v: the table's declaration and entries", dir, data, want)
	}
}
