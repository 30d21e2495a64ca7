package main

import (
	"bytes"
	"context"
	"os"
	"testing"
)

// TestTableUpToDate checks that trace/bridge_table.go is what the command
// writes with the toolchain running the test (run go generate in trace
// when it is not).
func TestTableUpToDate(t *testing.T) {
	want, err := Generate(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../../trace/bridge_table.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("trace/bridge_table.go is stale: run go generate ./trace")
	}
}
