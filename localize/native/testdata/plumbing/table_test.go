package plumbing

import "testing"

// check puts v under k in a new table and reads it back.
func check(t *testing.T, k string, v int) {
	t.Helper()
	tb := New(-1)
	tb.Put(k, v)
	if got := tb.Get(k); got != v {
		t.Errorf("Get(%q) = %d, want %d", k, got, v)
	}
}

func TestPutOne(t *testing.T)   { check(t, "one", 1) }
func TestPutTwo(t *testing.T)   { check(t, "two", 2) }
func TestPutThree(t *testing.T) { check(t, "three", 3) }
func TestPutFour(t *testing.T)  { check(t, "four", 4) }
func TestPutFive(t *testing.T)  { check(t, "five", 5) }
func TestPutSix(t *testing.T)   { check(t, "six", 6) }
func TestPutSeven(t *testing.T) { check(t, "seven", 7) }
func TestPutEight(t *testing.T) { check(t, "eight", 8) }
func TestPutNine(t *testing.T)  { check(t, "nine", 9) }
func TestPutTen(t *testing.T)   { check(t, "ten", 10) }

func TestMissing(t *testing.T) {
	if got := New(7).Get("x"); got != 7 {
		t.Errorf("Get of a missing key = %d, want the default 7", got)
	}
}
