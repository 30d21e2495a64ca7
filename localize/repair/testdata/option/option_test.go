package option

import "testing"

func TestOption(t *testing.T) {
	if n, v, err := Option("size = 3"); err != nil || n != "size" || v != "3" {
		t.Errorf("Option(size = 3): %q, %q, %v, want size, 3", n, v, err)
	}
}

func TestEmptyValue(t *testing.T) {
	if n, v, err := Option("name="); err != nil || n != "name" || v != "" {
		t.Errorf("Option(name=): %q, %q, %v, want name and no value", n, v, err)
	}
}

func TestTwoEquals(t *testing.T) {
	if n, v, err := Option("eq = a=b"); err != nil || n != "eq" || v != "a=b" {
		t.Errorf("Option(eq = a=b): %q, %q, %v, want eq, a=b", n, v, err)
	}
}

func TestBlank(t *testing.T) {
	if n, v, err := Option("  "); err != nil || n != "" || v != "" {
		t.Errorf("Option of a blank line: %q, %q, %v, want none", n, v, err)
	}
}

func TestComment(t *testing.T) {
	if n, v, err := Option("just words"); err != nil || n != "" || v != "" {
		t.Errorf("Option(just words): %q, %q, %v, want none", n, v, err)
	}
}
