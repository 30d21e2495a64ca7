package bridge

import (
	"context"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/examples"
	"github.com/faultloc/faultloc/trace/internal/interp"
)

// TestBridgeFaultloc runs the faultloctest subject, whose subtests call
// defer faultloctest.Explain(t): inside the interpreter Explain is a
// bridged no-op, so each case ends as its own assertions decide, and the
// helper adds nothing to its log (Load leaves faultloctest out, so
// without the bridge its calls would be a *BridgeError).
func TestBridgeFaultloc(t *testing.T) {
	const pkg = "github.com/faultloc/faultloc/faultloctest/testdata/subject"
	p, err := interp.Load(context.Background(), &interp.Config{Dir: "../../..", Tests: true, BuildFlags: []string{"-tags=" + examples.Tag}}, "./faultloctest/testdata/subject")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		failed bool
		msg    string // the first assertion's message
	}{
		{"TestAbs/positive", false, ""},
		{"TestAbs/negative", true, "Abs(-2) = -2, want 2"},
		{"TestMax", false, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := p.RunGoTest(context.Background(), pkg, tt.name, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !r.Ran || r.Failed != tt.failed || r.Outcome == interp.Panicked {
				t.Fatalf("ran %v, failed %v, outcome %v; want ran, failed %v", r.Ran, r.Failed, r.Outcome, tt.failed)
			}
			if tt.failed && (len(r.Assertions) != 1 || r.Assertions[0].Message != tt.msg) {
				t.Errorf("assertions %+v, want one: %q", r.Assertions, tt.msg)
			}
			if strings.Contains(r.Log, "faultloc") {
				t.Errorf("the helper logged inside the interpreter:\n%s", r.Log)
			}
		})
	}
}
