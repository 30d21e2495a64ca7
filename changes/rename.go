package changes

import (
	"cmp"
	"go/ast"
	"path"
	"slices"
	"strings"
)

// renames pairs the files only the old version has with those only the
// new version has that are the same file renamed: of one directory,
// with the same build constraints (file name suffixes and //go:build
// lines), and sharing at least half the top-level declarations of the
// smaller of the two (imports not counted), the pairs sharing most
// first. Each paired file of files gets its old version, and is diffed
// as one file whose old version lies at another path; the result is the
// set of the old paths paired. A file that does not parse is not
// paired. Without this, a renamed file is a removed file, which comes
// back whole, and an added one: the version with the removal reverted
// and any declaration of the added file kept declares the old ones
// twice.
func renames(files []*fileVersions, oldFiles map[string][]byte) map[string]bool {
	type cand struct {
		shared int
		old    string
		fv     *fileVersions
	}
	type oldFile struct {
		side *side
		its  []*item
		keys map[string]bool
	}
	inNew := map[string]bool{}
	for _, fv := range files {
		inNew[fv.rel] = true
	}
	olds := map[string]*oldFile{}
	for rel, src := range oldFiles {
		if inNew[rel] {
			continue
		}
		s, err := parseSide("old", rel, src)
		if err != nil {
			continue
		}
		its := items(s.f)
		olds[rel] = &oldFile{side: s, its: its, keys: declKeys(its)}
	}
	var cands []cand
	for _, fv := range files {
		if fv.old != nil {
			continue
		}
		nk := declKeys(fv.ni)
		for rel, o := range olds {
			if path.Dir(rel) != path.Dir(fv.rel) || constraints(rel, o.side.f) != constraints(fv.rel, fv.new.f) {
				continue
			}
			shared := 0
			for k := range nk {
				if o.keys[k] {
					shared++
				}
			}
			if shared > 0 && 2*shared >= min(len(o.keys), len(nk)) {
				cands = append(cands, cand{shared, rel, fv})
			}
		}
	}
	slices.SortFunc(cands, func(a, b cand) int {
		return cmp.Or(cmp.Compare(b.shared, a.shared), cmp.Compare(a.fv.rel, b.fv.rel), cmp.Compare(a.old, b.old))
	})
	paired := map[string]bool{}
	for _, c := range cands {
		if paired[c.old] || c.fv.old != nil {
			continue
		}
		paired[c.old] = true
		o := olds[c.old]
		c.fv.old, c.fv.oi, c.fv.oldRel = o.side, o.its, c.old
	}
	return paired
}

// declKeys are the keys of the items that are not imports.
func declKeys(its []*item) map[string]bool {
	out := map[string]bool{}
	for _, it := range its {
		if !it.importDecl {
			out[it.key] = true
		}
	}
	return out
}

// constraints returns what decides, besides its package, whether the
// go command compiles the file rel: whether it is a test file, its
// GOOS and GOARCH name suffixes and its build constraint lines.
func constraints(rel string, f *ast.File) string {
	name := strings.TrimSuffix(path.Base(rel), ".go")
	var b strings.Builder
	if n, ok := strings.CutSuffix(name, "_test"); ok {
		b.WriteString("test ")
		name = n
	}
	parts := strings.Split(name, "_")
	if n := len(parts); n >= 3 && knownOS[parts[n-2]] && knownArch[parts[n-1]] {
		b.WriteString(parts[n-2] + "_" + parts[n-1])
	} else if n >= 2 && (knownOS[parts[n-1]] || knownArch[parts[n-1]]) {
		b.WriteString(parts[n-1])
	}
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			if strings.HasPrefix(c.Text, "//go:build") || strings.HasPrefix(c.Text, "// +build") {
				b.WriteString("\n" + strings.Join(strings.Fields(c.Text), " "))
			}
		}
	}
	return b.String()
}

// knownOS and knownArch are the GOOS and GOARCH values a file name's
// suffix restricts it to (the go command's lists).
var knownOS = setOf("aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris wasip1 windows zos")
var knownArch = setOf("386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm")

func setOf(words string) map[string]bool {
	out := map[string]bool{}
	for _, w := range strings.Fields(words) {
		out[w] = true
	}
	return out
}
