// Package gotestflags's tests read package flag's CommandLine as go test
// leaves it: parsed before the tests run, with the package's own flags at
// their defaults, and its flags copied into another FlagSet, as flag
// libraries do with the standard one's.
package gotestflags

import (
	"flag"
	"testing"
)

var golden = flag.Bool("golden", false, "rewrite golden files")

func TestCommandLine(t *testing.T) {
	if !flag.Parsed() || !flag.CommandLine.Parsed() {
		t.Error("flag.CommandLine not parsed")
	}
	if flag.NArg() != 0 || len(flag.Args()) != 0 {
		t.Errorf("arguments %q, want none", flag.Args())
	}
	f := flag.Lookup("golden")
	if f == nil || f.Value.String() != "false" || *golden {
		t.Fatalf("flag golden: %v", f)
	}
}

func TestCopyCommandLine(t *testing.T) {
	copied := flag.String("copied", "x", "a flag defined during the test")
	fs := flag.NewFlagSet("copy", flag.ContinueOnError)
	n := 0
	flag.CommandLine.VisitAll(func(f *flag.Flag) {
		if f.Name == "golden" || f.Name == "copied" {
			fs.Var(f.Value, f.Name, f.Usage)
			n++
		}
	})
	if err := fs.Parse([]string{"-copied=y", "-golden", "rest"}); err != nil {
		t.Fatal(err)
	}
	if n != 2 || *copied != "y" || !*golden || fs.Arg(0) != "rest" {
		t.Errorf("copied %d flags: copied %q, golden %v, args %q", n, *copied, *golden, fs.Args())
	}
}
