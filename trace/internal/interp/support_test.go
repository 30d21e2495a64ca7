package interp

import (
	"testing"
)

// TestSupport: of the packages in scope of testdata/support/a, loaded
// with its tests and its module's packages, internal/testutil (imported
// by the test only, named as test code is) is a test helper, and its
// code's events say so (Static.Support); testenv, named so but imported
// by a's own file, is code under test; helper, imported by the test
// only but not named so, is neither.
func TestSupport(t *testing.T) {
	const root = "github.com/faultloc/faultloc/trace/testdata/support/"
	p, err := Load(bgContext, &Config{Dir: modRoot, Tests: true, Module: true}, "./trace/testdata/support/a")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		pkg                string
		support, underTest bool
		run                string // a function of pkg whose events' Static.Support is support
	}{
		{pkg: "a", underTest: true, run: "Double"},
		{pkg: "testenv", underTest: true, run: "Offset"},
		{pkg: "helper", run: "Three"},
		{pkg: "internal/testutil", support: true, run: "Diff"},
	} {
		t.Run(tt.pkg, func(t *testing.T) {
			pk := p.Package(root + tt.pkg)
			if pk == nil {
				t.Fatalf("%s not in scope: %v", tt.pkg, packagePaths(p))
			}
			if got := p.Support(pk.Pkg); got != tt.support {
				t.Errorf("Support = %v, want %v", got, tt.support)
			}
			if got := p.UnderTest(pk.Pkg); got != tt.underTest {
				t.Errorf("UnderTest = %v, want %v", got, tt.underTest)
			}
			fn := p.Func(root+tt.pkg, tt.run)
			var args []Value
			for range fn.Signature.Params().Len() {
				args = append(args, Int(1))
			}
			res, err := p.Run(bgContext, fn, args, nil)
			if err != nil {
				t.Fatal(err)
			}
			own := 0
			for e := range res.Trace.Len() {
				st := res.Trace.StaticInfo(res.Trace.Static(EventID(e)))
				if st.Func != fn {
					continue
				}
				own++
				if st.Support != tt.support {
					t.Errorf("event %d of %s: Support %v, want %v", e, tt.run, st.Support, tt.support)
				}
			}
			if own == 0 {
				t.Errorf("no event of %s", tt.run)
			}
		})
	}
}

func TestTestNamed(t *testing.T) {
	for _, tt := range []struct {
		path string
		want bool
	}{
		{"github.com/x/y/internal/testutil", true},
		{"github.com/expr-lang/expr/internal/testify/require", true},
		{"github.com/expr-lang/expr/test/mock", true},
		{"github.com/BurntSushi/toml/internal/toml-test", true},
		{"example.com/m/fixtures_test", true},
		{"github.com/x/y/internal/latest", false},
		{"github.com/x/contest", false},
		{"github.com/x/y/testdata/subject", false},
		{"github.com/x/y/testdata/subject/internal/testutil", true},
		{"github.com/x/y/checker", false},
	} {
		if got := testNamed(tt.path); got != tt.want {
			t.Errorf("testNamed(%q) = %v, want %v", tt.path, got, tt.want)
		}
	}
}
