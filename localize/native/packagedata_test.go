package native

import (
	"context"
	"path/filepath"
	"slices"
	"testing"
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
	f, _ := collectIn(t, "testdata/unread", "TestLabel")
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

// TestReadInitsTable: testdata/table's failing TestThree depends on the
// table's entry for "three": the failure's slice reaches that entry's
// line of package initialization.
func TestReadInitsTable(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test natively")
	}
	f, _ := collectIn(t, "testdata/table", "TestThree")
	read := readInits(context.Background(), f)
	var lines []int
	for l := range read {
		if filepath.Base(l.File) == "table.go" {
			lines = append(lines, l.Line)
		}
	}
	slices.Sort(lines)
	if !slices.Contains(lines, 10) {
		t.Errorf("the slice's package-initialization lines of table.go %v, want the faulty entry's line 10 among them", lines)
	}
}
