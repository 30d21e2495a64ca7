package nativeonly

import "testing"

func TestSize(t *testing.T) {
	for _, c := range []struct {
		in   string
		want float64
	}{{"2k", 2000}, {"1.5M", 1.5e6}, {"7", 7}} {
		if got, err := Size(c.in); err != nil || got != c.want {
			t.Errorf("Size(%q) = %v, %v; want %v", c.in, got, err, c.want)
		}
	}
}

func TestAbs(t *testing.T) {
	if got := Abs(-3); got != 3 {
		t.Errorf("Abs(-3) = %v, want 3", got)
	}
}

func TestDistance(t *testing.T) {
	if got, err := Distance("1M", "1G"); err != nil || got != 999e6 {
		t.Errorf("Distance(1M, 1G) = %v, %v; want 9.99e+08", got, err)
	}
}
