package linkedlist

import (
	"bytes"
	"strings"
	"testing"
)

// TestVersion: each fault changes exactly its line, faults combine, and
// an unknown fault is an error.
func TestVersion(t *testing.T) {
	for _, tt := range []struct {
		names []string
		lines int
		err   string
	}{
		{names: nil},
		{names: []string{"size"}, lines: 1},
		{names: []string{"header"}, lines: 1},
		{names: []string{"remove"}, lines: 1},
		{names: []string{"size", "header"}, lines: 2},
		{names: []string{"nope"}, err: `no fault "nope"`},
	} {
		ov, lines, err := Version(".", tt.names...)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%v: error %v, want %q", tt.names, err, tt.err)
			}
			continue
		}
		if err != nil || len(ov) != 1 || len(lines) != tt.lines {
			t.Fatalf("%v: %d files, lines %v, %v", tt.names, len(ov), lines, err)
		}
		for _, src := range ov {
			got := bytes.Split(src, []byte("\n"))
			want := strings.Split(source, "\n")
			if len(got) != len(want) {
				t.Fatalf("%v: %d lines, want %d", tt.names, len(got), len(want))
			}
			diff := 0
			for i := range want {
				if string(got[i]) != want[i] {
					diff++
					found := false
					for _, f := range Faults {
						found = found || strings.TrimSpace(string(got[i])) == f.Faulty
					}
					if !found {
						t.Errorf("%v: line %d is %q, not a fault", tt.names, i+1, got[i])
					}
				}
			}
			if diff != tt.lines {
				t.Errorf("%v: %d lines differ, want %d", tt.names, diff, tt.lines)
			}
		}
	}
}
