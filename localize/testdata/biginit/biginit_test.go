package biginit

import "testing"

func TestSquare(t *testing.T) {
	if got := Square(12); got != 144 {
		t.Errorf("Square(12) = %d, want 144", got)
	}
}

func TestLimit(t *testing.T) {
	if got := Limit(); got != 200 {
		t.Errorf("Limit() = %d, want 200", got)
	}
}

func TestTable(t *testing.T) {
	if got := Table(12); got != 144 {
		t.Errorf("Table(12) = %d, want 144", got)
	}
}
