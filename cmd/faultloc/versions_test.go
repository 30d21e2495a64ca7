package main

import "testing"

func TestIsModuleVersion(t *testing.T) {
	tests := []struct {
		spec string
		want bool
	}{
		{"github.com/Masterminds/semver/v3@v3.2.1", true},
		{"golang.org/x/tools@latest", true},
		{"example.com/m@master", true},
		{"HEAD@{1}", false},       // a git reflog entry
		{"v1.2.3", false},         // a tag: a git revision
		{"main@v1.0.0", false},    // no dot in the first path element
		{"./dir@v1.0.0", false},   // a relative path
		{"example.com/m@", false}, // no version
		{"example.com/m@v1/x", false},
		{"example.com/m", false},
	}
	for _, tt := range tests {
		if got := isModuleVersion(tt.spec); got != tt.want {
			t.Errorf("isModuleVersion(%q) = %v, want %v", tt.spec, got, tt.want)
		}
	}
}
