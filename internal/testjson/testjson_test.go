package testjson

import (
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
)

const pkg = "example.com/p"

// ev writes one event line of package pkg.
func ev(action, test string) string {
	s := `{"Action":"` + action + `","Package":"` + pkg + `"`
	if test != "" {
		s += `,"Test":"` + test + `"`
	}
	return s + "}\n"
}

func TestParse(t *testing.T) {
	tests := []struct {
		name             string
		in               string
		failing, passing []string
		failed           []string // packages
	}{
		{"subtest fails, its parent too: the subtest is the case",
			ev("run", "TestA") + ev("run", "TestA/x") + ev("fail", "TestA/x") + ev("run", "TestA/y") + ev("pass", "TestA/y") + ev("fail", "TestA") + ev("fail", ""),
			[]string{"TestA/x"}, []string{"TestA/y"}, []string{pkg}},
		{"a test fails without subtests; skips are neither",
			ev("run", "TestB") + ev("fail", "TestB") + ev("run", "TestC") + ev("skip", "TestC") + ev("run", "TestD") + ev("pass", "TestD"),
			[]string{"TestB"}, []string{"TestD"}, nil},
		{"nested subtests: the innermost failing",
			ev("run", "TestE") + ev("run", "TestE/a") + ev("run", "TestE/a/b") + ev("fail", "TestE/a/b") + ev("fail", "TestE/a") + ev("fail", "TestE"),
			[]string{"TestE/a/b"}, nil, nil},
		{"a test that never ended (crash, timeout) failed",
			ev("run", "TestF") + ev("pass", "TestF") + ev("run", "TestG") + ev("output", "TestG") + ev("fail", ""),
			[]string{"TestG"}, []string{"TestF"}, []string{pkg}},
		{"pause and cont change nothing; non-JSON lines skipped",
			"# example.com/p\nbuild noise\n" + ev("run", "TestH") + ev("pause", "TestH") + ev("cont", "TestH") + ev("pass", "TestH") + ev("pass", ""),
			nil, []string{"TestH"}, nil},
		{"the package failed with no failing test (TestMain, build)",
			ev("start", "") + ev("fail", ""),
			nil, nil, []string{pkg}},
		{"other packages' cases are left out",
			strings.ReplaceAll(ev("run", "TestZ")+ev("fail", "TestZ"), pkg, "example.com/other") + ev("run", "TestI") + ev("pass", "TestI"),
			nil, []string{"TestI"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Parse(strings.NewReader(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if got := r.Failing(pkg); !slices.Equal(got, tt.failing) {
				t.Errorf("Failing = %q, want %q", got, tt.failing)
			}
			if got := r.Passing(pkg); !slices.Equal(got, tt.passing) {
				t.Errorf("Passing = %q, want %q", got, tt.passing)
			}
			if !slices.Equal(r.Failed, tt.failed) {
				t.Errorf("Failed = %q, want %q", r.Failed, tt.failed)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	var se *SyntaxError
	_, err := Parse(strings.NewReader(ev("run", "TestA") + "{\"Action\": \n"))
	if !errors.As(err, &se) || se.Line != 2 || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("a broken line 2: %v, want a SyntaxError at line 2", err)
	}
	_, err = Parse(strings.NewReader(`{"Package":"p"}` + "\n"))
	if !errors.As(err, &se) || se.Line != 1 {
		t.Errorf("an event without Action: %v, want a SyntaxError at line 1", err)
	}
	for _, in := range []string{"", "ok  \texample.com/p\t0.1s\n", "PASS\n"} {
		if _, err := Parse(strings.NewReader(in)); !errors.Is(err, ErrNoEvents) {
			t.Errorf("Parse(%q) = %v, want ErrNoEvents", in, err)
		}
	}
}

// TestRecorded reads a stream go test -json wrote for the example foo
// (its Time fields removed): testFoo fails, the other cases pass.
func TestRecorded(t *testing.T) {
	f, err := os.Open("testdata/foo.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := Parse(f)
	if err != nil {
		t.Fatal(err)
	}
	const foo = "github.com/faultloc/faultloc/examples/foo"
	if got := r.Failing(foo); !slices.Equal(got, []string{"TestFoo/testFoo"}) {
		t.Errorf("Failing = %q", got)
	}
	if got := r.Passing(foo); len(got) != 3 || !slices.Equal(r.Packages(), []string{foo}) {
		t.Errorf("Passing = %q, packages %q", got, r.Packages())
	}
}
