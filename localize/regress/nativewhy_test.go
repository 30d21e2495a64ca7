package regress

import (
	"errors"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/localize"
)

// TestNativeWhy: the versions run natively when the interpreter ran no
// failing case of the new version: it could not run one, or, by
// default, every one passed, where go test decides.
func TestNativeWhy(t *testing.T) {
	notRun := []*localize.CaseError{{Case: "TestA", Err: errors.New("no bridge for net.Listen")}}
	for _, tt := range []struct {
		name              string
		trials            Trials
		selected, failing int
		notRun            []*localize.CaseError
		want              string // a part of the reason; "" for none
	}{
		{"one fails", TrialsAuto, 2, 1, nil, ""},
		{"one fails, one not run", TrialsAuto, 2, 1, notRun, ""},
		{"not run", TrialsAuto, 1, 0, notRun, "could not run the selected cases (TestA: no bridge for net.Listen)"},
		{"all pass", TrialsAuto, 3, 0, nil, "does not reproduce the failure"},
		{"all pass, interpreter asked for", TrialsInterp, 3, 0, nil, ""},
		{"none selected", TrialsAuto, 0, 0, nil, ""},
	} {
		got := nativeWhy(tt.trials, tt.selected, tt.failing, tt.notRun)
		if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}
