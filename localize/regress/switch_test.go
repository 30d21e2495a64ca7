package regress

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/faultloc/faultloc/changes"
	"github.com/faultloc/faultloc/trace"
)

// switchSubject analyzes testdata/switchfix's failing case and returns
// what switchSites needs: the regression, the new version's program and
// the branches, and every cause as a fix site, in the causes' order.
func switchSubject(t *testing.T) (*regression, *trace.Program, []*branch, []FixSite) {
	t.Helper()
	dir, _ := filepath.Abs("testdata/switchfix")
	set, err := changes.Dirs(filepath.Join(dir, "old"), filepath.Join(dir, "new"), nil)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := trace.Load(context.Background(), &trace.Config{Tests: true, Module: true}, "./testdata/switchfix/new")
	if err != nil {
		t.Fatal(err)
	}
	pkgPath, err := prog.TargetPackage()
	if err != nil {
		t.Fatal(err)
	}
	sem, err := analyze(context.Background(), prog, pkgPath, "TestPiped", set)
	if err != nil {
		t.Fatal(err)
	}
	var sites []FixSite
	for _, c := range sem.causes {
		if ch := set.ByID(c.Change); ch.Kind == changes.Added && ch.Unit != "decl" {
			sites = append(sites, FixSite{Change: c.Change, Round: c.Round, Lines: c.Lines})
		}
	}
	return &regression{opts: &Options{}, set: set, pkgPath: pkgPath}, prog, sem.branches, sites
}

// TestSwitchSitesBounded: the switching stops when its context ends or
// its share of the time left is spent, saying so, with the sites it
// did not try left as they were; with time, the faulty if alone is
// switched to a pass.
func TestSwitchSitesBounded(t *testing.T) {
	g, prog, branches, sites := switchSubject(t)
	if len(branches) == 0 || len(sites) == 0 {
		t.Fatalf("branches %d, sites %d: want some of both", len(branches), len(sites))
	}
	ended, cancel := context.WithCancel(context.Background())
	cancel()
	spent, cancel2 := context.WithTimeout(context.Background(), time.Nanosecond)
	defer cancel2()
	for _, tt := range []struct {
		name   string
		ctx    context.Context
		reason string
	}{
		{"ended", ended, "context canceled"},
		{"share spent", spent, ""}, // ended or its share spent, whichever is seen first
	} {
		s := append([]FixSite(nil), sites...)
		sw := switchSites(tt.ctx, g, prog, "TestPiped", branches, s, 0)
		if !sw.Partial || sw.Runs != 0 || sw.Tried != 1 || !strings.Contains(sw.Reason, tt.reason) {
			t.Errorf("%s: switching %+v, want partial with no run, after the first site with a branch", tt.name, sw)
		}
		for i := range s {
			if s[i].Switched {
				t.Errorf("%s: site %s switched with no run", tt.name, s[i].Change)
			}
		}
	}
	s := append([]FixSite(nil), sites...)
	sw := switchSites(context.Background(), g, prog, "TestPiped", branches, s, 0)
	if sw.Partial || sw.Tried != sw.Sites || sw.Runs == 0 {
		t.Errorf("switching %+v, want every site with a branch tried", sw)
	}
	var switched []string
	for _, x := range s {
		if x.Switched {
			c := g.set.ByID(x.Change)
			line, _, _ := strings.Cut(strings.TrimSpace(c.NewText), "\n")
			switched = append(switched, line)
		}
	}
	if len(switched) != 1 || !strings.HasPrefix(switched[0], "if len(name) < 6 {") {
		t.Errorf("switched sites %q, want the faulty if alone", switched)
	}
}
