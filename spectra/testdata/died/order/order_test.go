package order

import "testing"

func TestA(t *testing.T) { Note(t.Name()) }

func TestB(t *testing.T) {
	for _, s := range []string{"x", "y"} {
		t.Run(s, func(t *testing.T) {
			Note(t.Name())
			if s == "y" {
				t.Error("fails")
			}
		})
	}
}

func TestC(t *testing.T) { Note(t.Name()) }

func TestD(t *testing.T) {
	Note(t.Name())
	t.Error("fails")
}
