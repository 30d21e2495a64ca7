package fetch

import (
	"fmt"
	"strings"
	"testing"
)

func TestEvalNested(t *testing.T) {
	v, err := Eval(map[string]any{"a": map[string]any{"b": 1}}, "a", "b")
	if err != nil || v != 1 {
		t.Errorf("Eval(a.b): %v, %v, want 1", v, err)
	}
}

func TestEvalMissing(t *testing.T) {
	v, err := Eval(map[string]any{}, "a")
	if err != nil || v != nil {
		t.Errorf("Eval(a) of {}: %v, %v, want nil", v, err)
	}
}

func TestEvalDefault(t *testing.T) {
	Defaults["a"] = 3
	defer delete(Defaults, "a")
	v, err := Eval(map[string]any{}, "a")
	if err != nil || v != 3 {
		t.Errorf("Eval(a) of {} with default 3: %v, %v, want 3", v, err)
	}
}

func TestEvalPastMissing(t *testing.T) {
	v, err := Eval(map[string]any{}, "a", "b")
	if err != nil || v != nil {
		t.Errorf("Eval(a.b) of {}: %v, %v, want nil", v, err)
	}
}

func TestEvalNotMap(t *testing.T) {
	for _, v := range []any{1, "s", []any{2}, 2.5} {
		t.Run(fmt.Sprint(v), func(t *testing.T) {
			_, err := Eval(map[string]any{"a": v}, "a", "b")
			if err == nil || !strings.Contains(err.Error(), "cannot fetch b") {
				t.Errorf("Eval(a.b) of {a: %v}: %v, want cannot fetch b", v, err)
			}
		})
	}
}
