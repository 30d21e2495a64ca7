package testrun

import (
	"strings"
	"testing"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// TestFuzzCase runs FuzzAbs of testdata/gotest on inputs of the test's
// own: the input's checks decide the case, and an input that does not
// fit the fuzz function fails the target as a bad corpus entry does, so
// that the case does not run.
func TestFuzzCase(t *testing.T) {
	p := loadGoTests(t)
	for _, tt := range []struct {
		name   string
		args   []interp.Value
		failed bool
		msg    string // in the failure
	}{
		{"good", []interp.Value{interp.Int(5), interp.String("x")}, false, ""},
		{"bad", []interp.Value{interp.Int(7), interp.String("bad")}, true, "bad input 7"},
		{"few", []interp.Value{interp.Int(7)}, true, "did not run: FuzzAbs failed"},
		{"kind", []interp.Value{interp.String("7"), interp.String("x")}, true, "did not run: FuzzAbs failed"},
	} {
		c := p.FuzzCase(gotestPkg, "FuzzAbs", "gen#"+tt.name, tt.args)
		if c.Name() != "FuzzAbs/gen#"+tt.name {
			t.Errorf("%s: Name() = %q", tt.name, c.Name())
		}
		r, err := c.Run(bgContext, nil)
		if strings.HasPrefix(tt.name, "few") || tt.name == "kind" {
			if err == nil || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("%s: error %v, want %q", tt.name, err, tt.msg)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var msgs []string
		for _, a := range r.Assertions {
			msgs = append(msgs, a.Message)
		}
		if !r.Ran || r.Failed != tt.failed || !strings.Contains(strings.Join(msgs, "; ")+r.Failure, tt.msg) {
			t.Errorf("%s: ran %v, failed %v, assertions %q, failure %q; want failed %v with %q", tt.name, r.Ran, r.Failed, msgs, r.Failure, tt.failed, tt.msg)
		}
		if len(r.Assertions) > 0 && r.Assertions[0].Pos.Line == 0 {
			t.Errorf("%s: assertion without a position", tt.name)
		}
	}
}
