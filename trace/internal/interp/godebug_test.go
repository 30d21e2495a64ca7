package interp

import (
	"strings"
	"testing"

	"github.com/faultloc/faultloc/trace/internal/corpus"
)

// TestGodebugSetting runs corpus.HTMLTemplate with the GODEBUG setting
// that turns off html/template's filtering of a meta refresh's URL, and
// without it: the interpreted run reads the setting from the run's
// environment (package bridge's godebug.go) as the native run does from
// the process's, and the setting changes the output.
func TestGodebugSetting(t *testing.T) {
	p := load(t, "./trace/internal/corpus")
	fn := p.Func(corpusPkg, "HTMLTemplate")
	outputs := map[string]string{}
	for _, env := range []string{"", "htmlmetacontenturlescape=0"} {
		t.Setenv("GODEBUG", env)
		want := corpus.HTMLTemplate()
		res, err := p.Run(bgContext, fn, nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Outcome != Returned {
			t.Fatalf("GODEBUG=%s: %v\n%v", env, res, res.Panic.Stack)
		}
		if got := res.Returns[0].Str(); got != want {
			t.Errorf("GODEBUG=%s: interpreted:\n%s\nnative:\n%s", env, got, want)
		}
		outputs[env] = want
	}
	if outputs[""] == outputs["htmlmetacontenturlescape=0"] {
		t.Errorf("the setting did not change html/template's output:\n%s", outputs[""])
	}
	if !strings.Contains(outputs[""], "ZgotmplZ") {
		t.Errorf("no URL filtered by default:\n%s", outputs[""])
	}
}
