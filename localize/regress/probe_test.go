package regress

import "testing"

// TestErrPos: a type checker's error is placed by its file and line,
// whether its message spans one line or several.
func TestErrPos(t *testing.T) {
	tests := []struct {
		in, file, line, col string
	}{
		{"/m/a.go:12:5: undefined: x", "/m/a.go", "12", "5"},
		{"/m/a.go:12: undefined: x", "/m/a.go", "12", ""},
		{"/m/b.go:7:2: not enough return values\n\thave (reflect.Type)\n\twant (reflect.Type, info)", "/m/b.go", "7", "2"},
		{"-: no Go files", "", "", ""},
		{"x\n/m/a.go:3:1: y", "", "", ""}, // the position opens the text or it is none
	}
	for _, tt := range tests {
		m := errPos.FindStringSubmatch(tt.in)
		var file, line, col string
		if m != nil {
			file, line, col = m[1], m[2], m[3]
		}
		if file != tt.file || line != tt.line || col != tt.col {
			t.Errorf("errPos(%q) = %q, %q, %q; want %q, %q, %q", tt.in, file, line, col, tt.file, tt.line, tt.col)
		}
	}
}
