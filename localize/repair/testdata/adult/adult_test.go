package adult

import "testing"

func TestAdult(t *testing.T) {
	for _, tc := range []struct {
		name string
		age  int
		want bool
	}{
		{"eighteen", 18, true},
		{"seventeen", 17, false},
		{"thirty", 30, true},
		{"five", 5, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Adult(tc.age); got != tc.want {
				t.Errorf("Adult(%d) = %v, want %v", tc.age, got, tc.want)
			}
		})
	}
}
