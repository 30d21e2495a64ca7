package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/faultloc/faultloc/bench/internal/historical"
)

// historicalSubjects returns the historical bugs of o, in the bench's
// order, each made when its turn comes: its make fetches the release
// into dir, checks the bug (its test passes as released and fails with
// the bug put back) and puts it back. The evidence is the bug's test
// functions with their subtests; the reference fix, the release's file.
// A name of -bugs that is no bug's is an error.
func historicalSubjects(ctx context.Context, o options, dir string) ([]pending, error) {
	for _, name := range o.Bugs {
		if !slices.ContainsFunc(historical.Bugs, func(b historical.Bug) bool { return b.Name == name }) {
			return nil, fmt.Errorf("-bugs: no historical bug is named %q", name)
		}
	}
	var out []pending
	for _, b := range historical.Bugs {
		if len(o.Bugs) > 0 && !slices.Contains(o.Bugs, b.Name) {
			continue
		}
		out = append(out, pending{kind: "historical", name: b.Name, make: func() subject {
			return historicalSubject(ctx, b, filepath.Join(dir, strings.ReplaceAll(b.Name, "/", "_")), true)
		}})
	}
	return out, nil
}

// historicalSubject makes bug b's copy in dir. With validate, it checks
// the bug and puts it back (historical.Validate); without, the copy is
// the release, which tests of what reads the faulty file through an
// overlay (the reference fix, its patches) need no more than.
func historicalSubject(ctx context.Context, b historical.Bug, dir string, validate bool) subject {
	s := subject{kind: "historical", name: b.Name, desc: b.Kind.String() + ": " + b.Desc, evidence: historical.LocalizeRun(b.Run)}
	if err := historical.Prepare(ctx, b.Module, dir); err != nil {
		s.err = err.Error()
		return s
	}
	s.file = filepath.Join(dir, b.File)
	ref, err := os.ReadFile(s.file)
	if err != nil {
		s.err = err.Error()
		return s
	}
	s.reference = ref
	if validate {
		if _, invalid := historical.Validate(ctx, b, dir); invalid != "" {
			s.err = "invalid: " + invalid
			return s
		}
	}
	s.dir = filepath.Join(dir, b.Package())
	path, _, _ := strings.Cut(b.Module, "@")
	s.pkg = strings.TrimSuffix(path+"/"+strings.TrimPrefix(b.Package(), "./"), "/.")
	return s
}
