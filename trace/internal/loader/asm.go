package loader

import (
	"go/build"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Libraries written partly in assembly. A function implemented in
// assembly has no body to interpret; libraries that have one usually
// also have a pure-Go version of it, which the build tags purego or noasm
// select (klauspost/cpuid's CPU detection, which zeebo/xxh3 and so
// go-chi/httprate call, asks the CPU through assembly unless noasm).
// A library interpreted from source (out of scope, not standard) whose
// package holds assembly is type-checked from the files the build
// selects with those two tags added, when that selection imports
// nothing the package did not import already. So is a package in scope
// (a hash whose tests are the cases: cespare/xxhash), when the tags
// select the same test files: its tests are the cases, and a tag must
// not change which there are; the native go test run keeps the
// assembly.

// noAsmTags are the build tags that select pure-Go versions.
var noAsmTags = []string{"purego", "noasm"}

// preferPureGo gives p, a package with assembly, the Go files the build
// selects with noAsmTags added to cfg's, if they differ from its own,
// import only what it imports and, for a package in scope, hold the
// same test files; it reports whether it did.
func preferPureGo(cfg *Config, p *packages.Package, inScope bool) bool {
	if !hasAsm(p) || len(p.GoFiles) == 0 || !slices.Equal(p.GoFiles, p.CompiledGoFiles) {
		return false // no assembly, or cgo: its compiled files are generated
	}
	for _, f := range append(slices.Clone(p.GoFiles), p.IgnoredFiles...) {
		if _, ok := cfg.Overlay[f]; ok {
			return false
		}
	}
	ctxt := build.Default
	ctxt.CgoEnabled = false
	for _, kv := range cfg.Env {
		if v, ok := strings.CutPrefix(kv, "GOOS="); ok && v != "" {
			ctxt.GOOS = v
		}
		if v, ok := strings.CutPrefix(kv, "GOARCH="); ok && v != "" {
			ctxt.GOARCH = v
		}
	}
	ctxt.BuildTags = append(buildTags(cfg.BuildFlags), noAsmTags...)
	var files []string
	isTest := func(f string) bool { return strings.HasSuffix(f, "_test.go") }
	for _, f := range append(slices.Clone(p.GoFiles), p.IgnoredFiles...) {
		if !strings.HasSuffix(f, ".go") || isTest(f) && !inScope || slices.Contains(files, f) {
			continue
		}
		ok, err := ctxt.MatchFile(filepath.Dir(f), filepath.Base(f))
		if err != nil {
			return false
		}
		if ok {
			files = append(files, f)
		}
	}
	slices.Sort(files)
	own := slices.Sorted(slices.Values(p.GoFiles))
	if len(files) == 0 || slices.Equal(files, own) || !importsWithin(files, p) {
		return false
	}
	if inScope && !slices.Equal(slices.DeleteFunc(slices.Clone(files), func(f string) bool { return !isTest(f) }),
		slices.DeleteFunc(slices.Clone(own), func(f string) bool { return !isTest(f) })) {
		return false // the tags change the cases
	}
	p.GoFiles, p.CompiledGoFiles = files, files
	return true
}

// hasAsm reports whether p's files include assembly.
func hasAsm(p *packages.Package) bool {
	for _, f := range p.OtherFiles {
		if strings.HasSuffix(f, ".s") {
			return true
		}
	}
	return false
}

// importsWithin reports whether files import only packages p imports
// (nor C).
func importsWithin(files []string, p *packages.Package) bool {
	fset := token.NewFileSet()
	for _, name := range files {
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			return false
		}
		for _, spec := range f.Imports {
			path, err := strconv.Unquote(spec.Path.Value)
			if err != nil || path == "C" {
				return false
			}
			if path != "unsafe" && p.Imports[path] == nil {
				return false
			}
		}
	}
	return true
}

// buildTags returns the tags of flags' -tags flag (the last one counts,
// as for the go command), comma- or space-separated.
func buildTags(flags []string) []string {
	var tags string
	for i := 0; i < len(flags); i++ {
		f := strings.TrimPrefix(flags[i], "-")
		switch {
		case f == "-tags" || f == "tags":
			if i+1 < len(flags) {
				tags = flags[i+1]
				i++
			}
		case strings.HasPrefix(f, "-tags=") || strings.HasPrefix(f, "tags="):
			_, tags, _ = strings.Cut(f, "=")
		}
	}
	return strings.FieldsFunc(tags, func(r rune) bool { return r == ',' || r == ' ' })
}
