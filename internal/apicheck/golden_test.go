package apicheck

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

var update = flag.Bool("update", false, "rewrite the api/*.txt files from the current API")

const updateCmd = "go test ./internal/apicheck -run TestAPI -update"

// apiFile returns the api/ file of a package: api/<path in module>.txt,
// api/faultloc.txt for the root package.
func apiFile(t testing.TB, importPath string) string {
	r, _ := rel(importPath)
	if r == "" {
		r = "faultloc"
	}
	return filepath.Join(root(t), "api", filepath.FromSlash(r)+".txt")
}

// TestAPI compares the exported API of every public package with its file
// under api/. Any change fails until the files are rewritten with -update.
func TestAPI(t *testing.T) {
	pub := public(t)
	var patterns []string
	for _, p := range pub {
		patterns = append(patterns, p.ImportPath)
	}
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedTypes, Dir: root(t)}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		t.Fatal(err)
	}
	if packages.PrintErrors(pkgs) > 0 {
		t.Fatal("packages do not type-check")
	}
	slices.SortFunc(pkgs, func(a, b *packages.Package) int { return strings.Compare(a.PkgPath, b.PkgPath) })

	wantFiles := map[string]bool{}
	var failures []string
	for _, p := range pkgs {
		file := apiFile(t, p.PkgPath)
		wantFiles[file] = true
		got := API(p.Types)
		text := strings.Join(got, "\n")
		if len(got) > 0 {
			text += "\n"
		}
		if *update {
			if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		data, err := os.ReadFile(file)
		if err != nil {
			failures = append(failures, fmt.Sprintf("%s: no API file for package %s (%v)", relFile(t, file), p.PkgPath, err))
			continue
		}
		if diff := lineDiff(strings.Split(strings.TrimSuffix(string(data), "\n"), "\n"), got); diff != "" {
			failures = append(failures, fmt.Sprintf("%s: the exported API of %s changed (- removed or changed, + added):\n%s", relFile(t, file), p.PkgPath, diff))
		}
	}
	// Files of packages that no longer exist.
	apiDir := filepath.Join(root(t), "api")
	filepath.WalkDir(apiDir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".txt") || wantFiles[path] {
			return err
		}
		if *update {
			return os.Remove(path)
		}
		failures = append(failures, fmt.Sprintf("%s: no public package has this API any more", relFile(t, path)))
		return nil
	})
	if len(failures) > 0 {
		t.Errorf("%s\n\nThe exported API is a promise: review the change above. If it is deliberate, record it by rewriting the API files and commit them with the change:\n\n\t%s\n", strings.Join(failures, "\n\n"), updateCmd)
	}
}

// lineDiff lists the lines of want missing from got ("-") and those of got
// missing from want ("+"), or "" when both hold the same lines.
func lineDiff(want, got []string) string {
	in := func(set []string) map[string]bool {
		m := map[string]bool{}
		for _, s := range set {
			if s != "" {
				m[s] = true
			}
		}
		return m
	}
	w, g := in(want), in(got)
	var sb strings.Builder
	for _, s := range want {
		if s != "" && !g[s] {
			sb.WriteString("-" + s + "\n")
		}
	}
	for _, s := range got {
		if s != "" && !w[s] {
			sb.WriteString("+" + s + "\n")
		}
	}
	return sb.String()
}

func TestLineDiff(t *testing.T) {
	tests := []struct {
		want, got []string
		diff      string
	}{
		{[]string{"a", "b"}, []string{"a", "b"}, ""},
		{[]string{"a", "b"}, []string{"b", "a"}, ""},
		{[]string{"a", "b"}, []string{"a", "c"}, "-b\n+c\n"},
		{[]string{""}, nil, ""},
		{nil, []string{"x"}, "+x\n"},
	}
	for _, tt := range tests {
		if got := lineDiff(tt.want, tt.got); got != tt.diff {
			t.Errorf("lineDiff(%q, %q) = %q, want %q", tt.want, tt.got, got, tt.diff)
		}
	}
}
