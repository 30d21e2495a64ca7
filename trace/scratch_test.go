package trace

import (
	"os"
	"sort"
	"strings"
	"testing"
)

func TestScratchXtools(t *testing.T) {
	ents, _ := os.ReadDir(os.Getenv("ICDIR"))
	var names []string
	for _, e := range ents {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	pass := 0
	for _, n := range names {
		p, err := Load(bgContext, &Config{Dir: os.Getenv("ICDIR")}, "./"+n)
		if err != nil {
			t.Logf("%-28s LOAD %v", n, firstLine(err.Error()))
			continue
		}
		fn := p.Func(os.Getenv("ICMOD")+"/"+n, "main")
		if fn == nil {
			t.Logf("%-28s no main", n)
			continue
		}
		res, err := p.Run(bgContext, fn, nil, &RunOptions{MaxSteps: 50_000_000})
		switch {
		case err != nil:
			t.Logf("%-28s ERR %v", n, firstLine(err.Error()))
		case res.Outcome != Returned:
			msg := ""
			if res.Panic != nil {
				msg = res.Panic.Message + " at " + res.Panic.Pos.String()
			}
			t.Logf("%-28s %v %s", n, res.Outcome, firstLine(msg))
		default:
			pass++
			t.Logf("%-28s ok (%d steps)", n, res.Steps)
		}
	}
	t.Logf("passed %d of %d", pass, len(names))
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 160 {
		s = s[:160]
	}
	return s
}
