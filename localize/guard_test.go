package localize

import (
	"errors"
	"strings"
	"testing"
)

// TestGuard: a stage's panic becomes a StagePanicError with its value and
// stack; a panic raised again from another goroutine (RaisedPanic) keeps
// that goroutine's value and stack.
func TestGuard(t *testing.T) {
	for _, tt := range []struct {
		name      string
		panicWith any
		value     any
		stack     string
	}{
		{"own panic", "bug", "bug", "TestGuard"},
		{"raised again", &RaisedPanic{Value: "bug", Stack: "the other goroutine's stack"}, "bug", "the other goroutine's stack"},
	} {
		err := Guard("stage", func() error { panic(tt.panicWith) })
		pe, ok := errors.AsType[*StagePanicError](err)
		if !ok {
			t.Errorf("%s: Guard = %v, want a *StagePanicError", tt.name, err)
			continue
		}
		if pe.Stage != "stage" || pe.Value != tt.value || !strings.Contains(pe.Stack, tt.stack) {
			t.Errorf("%s: stage %q, value %v, stack %q; want stage, value %v, a stack with %q", tt.name, pe.Stage, pe.Value, pe.Stack, tt.value, tt.stack)
		}
	}
	if err := Guard("stage", func() error { return nil }); err != nil {
		t.Errorf("Guard of a stage that returns nil = %v", err)
	}
}
