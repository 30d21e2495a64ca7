package main

import (
	"io"
	"strings"
	"testing"
)

// The default tie policies need the universe's spectra: turning spectra off
// drops them, while asking for one explicitly without spectra is an error.
func TestParseFlagsTiebreakSpectra(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		ties    string // names of the policies, comma-separated
		wantErr string
	}{
		{args: nil, ties: "ochiai,tarantula"},
		{args: []string{"-spectra=false"}, ties: ""},
		{args: []string{"-spectra=false", "-tiebreak", "guards"}, ties: "guards"},
		{args: []string{"-spectra=false", "-tiebreak", "ochiai"}, wantErr: "-tiebreak ochiai needs the spectra"},
		{args: []string{"-tiebreak", "none"}, ties: ""},
	} {
		o, err := parseFlags(tc.args, io.Discard)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%q: error %v, want one containing %q", tc.args, err, tc.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.args, err)
			continue
		}
		var names []string
		for _, p := range o.Ties {
			names = append(names, p.Name)
		}
		if got := strings.Join(names, ","); got != tc.ties {
			t.Errorf("%q: tie policies %q, want %q", tc.args, got, tc.ties)
		}
	}
}
