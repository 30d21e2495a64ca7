package loader

import (
	"slices"
	"testing"
)

// TestBuildTags: the tags of the go command's -tags flag, in its
// spellings; the last flag counts.
func TestBuildTags(t *testing.T) {
	for _, c := range []struct {
		flags []string
		want  []string
	}{
		{nil, nil},
		{[]string{"-tags", "a,b"}, []string{"a", "b"}},
		{[]string{"-tags=a b"}, []string{"a", "b"}},
		{[]string{"--tags=x", "-race"}, []string{"x"}},
		{[]string{"-tags=x", "-tags", "y"}, []string{"y"}},
		{[]string{"-mod=mod"}, nil},
	} {
		if got := buildTags(c.flags); !slices.Equal(got, c.want) {
			t.Errorf("buildTags(%q) = %q, want %q", c.flags, got, c.want)
		}
	}
}
