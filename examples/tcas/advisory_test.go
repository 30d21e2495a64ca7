package tcas

import "testing"

// TestAdvisoryIsMain checks that Advisory computes what Main does on every
// universe test with twelve inputs, panics included.
func TestAdvisoryIsMain(t *testing.T) {
	tests, err := Universe()
	if err != nil {
		t.Fatal(err)
	}
	advisory := func(args []int) (int, error) {
		return Advisory(args[0], args[1], args[2], args[3], args[4], args[5],
			args[6], args[7], args[8], args[9], args[10], args[11]), nil
	}
	n := 0
	for _, tc := range tests {
		if len(tc.Args) < 12 {
			continue
		}
		n++
		want, _ := Run(Main, tc.Args)
		got, _ := Run(advisory, tc.Args)
		if got != want {
			t.Errorf("%s: Advisory gives %v, Main %v", tc.Name(), got, want)
		}
	}
	if n != 1578 {
		t.Errorf("%d tests with twelve inputs, want 1578", n)
	}
}
