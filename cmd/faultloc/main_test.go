package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestRunUnknownCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"nosuch"}, &out, &errb); code != 1 {
		t.Fatalf("exit = %d, want 1", code)
	}
	if !strings.Contains(errb.String(), `unknown command "nosuch"`) {
		t.Fatalf("stderr = %q", errb.String())
	}
}

func TestRunHelp(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"help"}, &out, &errb); code != 0 {
		t.Fatalf("exit = %d, want 0", code)
	}
	if !strings.Contains(out.String(), "Usage:") {
		t.Fatalf("stdout = %q", out.String())
	}
	for name := range commands {
		if !strings.Contains(out.String(), name) {
			t.Errorf("help does not list %q", name)
		}
	}
}
