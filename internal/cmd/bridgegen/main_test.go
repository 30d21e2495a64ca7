package main

import (
	"bytes"
	"context"
	"os"
	"testing"
)

// TestTableUpToDate checks that trace/internal/stdtable/table.go is what
// the command writes with the toolchain running the test (run go generate
// in trace/internal/stdtable when it is not).
func TestTableUpToDate(t *testing.T) {
	want, err := Generate(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../../trace/internal/stdtable/table.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("trace/internal/stdtable/table.go is stale: run go generate ./trace/internal/stdtable")
	}
}
