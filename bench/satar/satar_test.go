package main

import (
	"context"
	"strings"
	"testing"
)

// TestEvaluate runs the evaluation of one version, the linked list's
// size fault, with two rounds and one draw: every ranking places the
// faulty line, SAT-TAR's within the suspects.
func TestEvaluate(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	s := subjects(root)[0]
	r := evaluate(context.Background(), s, []string{"size"}, 2, 1, 1)
	if r.err != nil {
		t.Fatal(r.err)
	}
	if len(r.satar) != 1 || num(r.satar[0]) < 1 || num(r.satar[0]) > r.suspects || num(r.core[0]) != r.suspects || num(r.tarantula[0]) < 1 {
		t.Errorf("row %+v", r)
	}
	var b strings.Builder
	report(&b, []row{r}, []string{"-rounds", "2"}, 2, 1, "")
	if !strings.Contains(b.String(), "go run ./bench/satar -rounds 2") || !strings.Contains(b.String(), "| linkedlist | size | [53] |") {
		t.Errorf("report:\n%s", b.String())
	}
}
