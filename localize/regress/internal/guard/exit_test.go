package guard

import "testing"

func TestExitCheck(t *testing.T) {
	for _, tc := range []struct {
		code string
		want bool
	}{
		{"if _, ok := m[k]; ok {\n\terr = errSet\n\treturn\n}", true},
		{"if x > n {\n\tbreak\n}", true},
		{"if x > n {\n\tcontinue\n}", true},
		{"if x == nil {\n\tpanic(\"nil\")\n}", true},
		{"if x < 0 {\n\tx = -x\n\tx++\n}", false},
		{"if x < 0 {\n\treturn 0\n} else {\n\tx++\n}", false},
		{"if x < 0 {\n}", false},
		{"for x < 0 {\n\treturn\n}", false},
		{"if x < 0 {\n\tlog.Panic(x)\n}", false},
		{"if x < {", false},
	} {
		if got := exitCheck(tc.code); got != tc.want {
			t.Errorf("exitCheck(%q) = %v, want %v", tc.code, got, tc.want)
		}
	}
}
