package tally

import (
	"slices"
	"testing"
)

func TestCounts(t *testing.T) {
	stats := map[string]int{}
	Words("the cat saw the dog.", stats)
	if stats["the"] != 2 || stats["dog"] != 1 {
		t.Errorf("stats %v, want the: 2, dog: 1", stats)
	}
}

func TestWords(t *testing.T) {
	if ws := Words("Hello, world!", map[string]int{}); !slices.Equal(ws, []string{"hello", "world"}) {
		t.Errorf("Words: %q, want hello world", ws)
	}
}

func TestPunctuation(t *testing.T) {
	if ws := Words("a ; b", map[string]int{}); !slices.Equal(ws, []string{"a", "b"}) {
		t.Errorf("Words: %q, want a b", ws)
	}
}

func TestNoStats(t *testing.T) {
	defer func() {
		if r := recover(); r != nil {
			t.Errorf("Words with nil stats panicked: %v", r)
		}
	}()
	if ws := Words("well-known words", nil); !slices.Equal(ws, []string{"well", "known", "words"}) {
		t.Errorf("Words: %q, want well known words", ws)
	}
}
