package stdtypes

import "testing"

func TestAliasLit(t *testing.T) {
	if s, n := AliasLit(); s != "lit" || n != 3 {
		t.Errorf("AliasLit() = %q, %d", s, n)
	}
}

func TestAliasNew(t *testing.T) {
	if s, n := AliasNew(); s != "new!" || n != 4 {
		t.Errorf("AliasNew() = %q, %d", s, n)
	}
}

func TestAliasVar(t *testing.T) {
	if s, n := AliasVar(); s != "var 1" || n != 5 {
		t.Errorf("AliasVar() = %q, %d", s, n)
	}
}

func TestAliasOfAlias(t *testing.T) {
	if s := AliasOfAlias(); s != "twice" {
		t.Errorf("AliasOfAlias() = %q", s)
	}
}

func TestAliasBuffer(t *testing.T) {
	if a, b := AliasBuffer(); a != "hello" || b != "world!" {
		t.Errorf("AliasBuffer() = %q, %q", a, b)
	}
}

func TestEmbedded(t *testing.T) {
	if s, n, lines := Embedded(); s != "a\nbc\n" || n != 5 || lines != 2 {
		t.Errorf("Embedded() = %q, %d, %d", s, n, lines)
	}
}

func TestEmbeddedBuffer(t *testing.T) {
	if a, b := EmbeddedBuffer(); a != "top" || b != "spare3" {
		t.Errorf("EmbeddedBuffer() = %q, %q", a, b)
	}
}

func TestCompositeLiterals(t *testing.T) {
	if s := CompositeLiterals(); s != "abcde" {
		t.Errorf("CompositeLiterals() = %q", s)
	}
}

func TestLocalAlias(t *testing.T) {
	type local = sb
	b := local{}
	b.WriteString("local")
	if b.String() != "local" || b.Len() != 5 {
		t.Errorf("local alias: %q", b.String())
	}
}
