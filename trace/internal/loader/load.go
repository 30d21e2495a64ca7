package loader

import (
	"context"
	"fmt"
	"go/ast"
	"go/build"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// Config says what [Load] loads. Its fields but the last two mean what
// the fields of the same names of trace.Config mean.
type Config struct {
	Dir        string
	Tests      bool
	BuildFlags []string
	Overlay    map[string][]byte
	Scope      func(pkgPath string) bool
	Module     bool
	Env        []string

	// StandIn reports whether the interpreter's bridge stands in for the
	// non-standard package at path (faultloctest, terminal checks):
	// such a package is neither put in scope by Module nor interpreted
	// from source as a library, and neither is what only it imports.
	// Nil: none.
	StandIn func(path string) bool
	// Sanity builds the SSA with ssa.SanityCheckFunctions.
	Sanity bool
}

// standIn reports whether cfg.StandIn accepts path.
func (cfg *Config) standIn(path string) bool {
	return cfg.StandIn != nil && cfg.StandIn(path)
}

// Program is what [Load] built: the SSA of the packages to interpret and
// the facts about their source that SSA does not keep.
type Program struct {
	// SSA is the SSA program. Functions of packages loaded from source
	// are built in ssa.NaiveForm with generics instantiated and their
	// evaluation order made gc's (gcorder.go).
	SSA *ssa.Program
	// Fset is the file set of all positions.
	Fset *token.FileSet
	// Packages are the in-scope packages, in load order: the targets and
	// the dependencies Config.Scope or Config.Module put in scope.
	Packages []*ssa.Package
	// Targets are the packages the patterns named (their test variants
	// and external test packages with Config.Tests), in load order.
	Targets []*ssa.Package
	// Libraries are the packages interpreted from source out of scope:
	// the non-standard dependencies and the standard packages of
	// sourceStd that a package loaded from source imports.
	Libraries []*ssa.Package
	// Assertions holds the positions of the explicit type assertions x.(T)
	// (their '('); go/ssa's other TypeAsserts are nil checks of method
	// values.
	Assertions map[token.Pos]bool
	// Embeds holds the contents of the string and []byte variables with a
	// //go:embed directive (embed.go).
	Embeds map[*ssa.Global]string
	// EmbedFS holds the files of the embed.FS variables with a //go:embed
	// directive (embed.go).
	EmbedFS map[*ssa.Global][]EmbedFile
	// ElemAddrTypes holds the types T of which the source converts a *T
	// of unknown origin to unsafe.Pointer (elemaddr.go).
	ElemAddrTypes []types.Type
}

// Load loads the packages matching patterns (go/packages patterns, e.g.
// "./examples/foo" or an import path) and what they need interpreted,
// type-checks from source what is interpreted and reads the rest from
// export data (check.go), and builds the SSA. It fails if a package in
// scope has errors.
func Load(ctx context.Context, cfg *Config, patterns ...string) (*Program, error) {
	fset := token.NewFileSet()
	l, err := loadPackages(ctx, cfg, fset, patterns) // check.go
	if err != nil {
		return nil, err
	}
	pkgs := append(append(append([]*packages.Package(nil), l.targets...), l.extras...), l.libs...)
	libs := map[*packages.Package]bool{}
	for _, p := range l.libs {
		libs[p] = true
	}
	mode := ssa.NaiveForm | ssa.InstantiateGenerics
	if cfg.Sanity {
		mode |= ssa.SanityCheckFunctions
	}
	prog := ssa.NewProgram(fset, mode)
	created := map[*types.Package]bool{}
	source := map[*types.Package]*packages.Package{}
	for _, p := range pkgs {
		source[p.Types] = p
	}
	var create func(tp *types.Package)
	create = func(tp *types.Package) {
		if created[tp] {
			return
		}
		created[tp] = true
		for _, imp := range tp.Imports() {
			create(imp)
		}
		if p := source[tp]; p != nil {
			prog.CreatePackage(tp, p.Syntax, p.TypesInfo, true)
		} else {
			prog.CreatePackage(tp, nil, nil, true)
		}
	}
	out := &Program{SSA: prog, Fset: fset}
	for _, p := range pkgs {
		create(p.Types)
		if libs[p] {
			out.Libraries = append(out.Libraries, prog.Package(p.Types))
		} else {
			out.Packages = append(out.Packages, prog.Package(p.Types))
		}
	}
	if err := buildSafely(append(append([]*ssa.Package(nil), out.Packages...), out.Libraries...)); err != nil {
		return nil, err
	}
	var fns []*ssa.Function
	for fn := range ssautil.AllFunctions(prog) {
		if fn.Pkg != nil && source[fn.Pkg.Pkg] != nil || fn.Origin() != nil {
			fns = append(fns, fn)
		}
	}
	if err := parallel(fns, gcOrder); err != nil { // gcorder.go
		return nil, err
	}
	out.ElemAddrTypes = elemAddrTypes(fns)
	out.Assertions = map[token.Pos]bool{}
	for _, p := range pkgs {
		for _, f := range p.Syntax {
			ast.Inspect(f, func(n ast.Node) bool {
				if ta, ok := n.(*ast.TypeAssertExpr); ok {
					out.Assertions[ta.Lparen] = true
				}
				return true
			})
		}
	}
	out.Embeds, out.EmbedFS = embedVars(pkgs, prog)
	for _, p := range l.targets {
		out.Targets = append(out.Targets, prog.Package(p.Types))
	}
	return out, nil
}

// sourceStd lists the standard packages interpreted from source, with
// their standard imports that must be too: those whose API is generic (a
// generic function has no native counterpart for the bridge to call); the
// containers of values of type any, container/list and container/ring (an
// interpreted value held in native memory could not be read back);
// context, whose Done channels interpreted goroutines select on (its
// imports stay native: sync and sync/atomic under the scheduler, time's
// AfterFunc on the virtual clock, internal/reflectlite's TypeOf bridged);
// log, whose Loggers write to interpreted io.Writers, name the
// interpreted caller's file and line (runtime.Caller) and read the
// virtual clock (its atomic.Pointer is bridged, its os.Stderr writes go
// to the run's output); sort, whose Reverse wraps an interpreted
// sort.Interface (its reflective Slice functions keep their hand bridges,
// see the bridge's handBridgedSource); flag, whose FlagSets hold interpreted
// variables and flag.Values; log/slog, whose Loggers call interpreted
// Handlers, LogValuers and ReplaceAttr functions and write to interpreted
// io.Writers; text/template, which executes over interpreted values
// with the interpreter's reflect and calls interpreted funcs and methods
// (with internal/fmtsort, which sorts map keys by reflection);
// encoding/json, which encodes and decodes interpreted values with the
// interpreter's reflect, calls their interpreted MarshalJSON, MarshalText,
// UnmarshalJSON and UnmarshalText methods where json calls them, and
// names the program's own types in its errors; encoding/xml, likewise
// (with interpreted MarshalXML, MarshalXMLAttr, UnmarshalXML,
// UnmarshalXMLAttr and text methods); and html/template, which escapes
// and executes over interpreted values on text/template and calls
// encoding/json on them (its internal/godebug settings stay native,
// bridged); and go/token, go/scanner, go/ast, go/parser, go/printer and
// go/format (with go/build/constraint and go/doc/comment) and go/doc
// (with internal/lazyregexp; kingpin formats its usage with ToText), whose
// FileSets, syntax trees and printers hold interpreted values and walk
// them with the interpreter's reflect (quicktest and gotest.tools print
// a failed check's source with them); testing/fstest, whose MapFS is a
// map of the program's values with methods (a test's file system);
// and mime/multipart (with mime and
// mime/quotedprintable), whose forms write their files through the
// run's sandbox and hold the program's values (its header reads bridged,
// trace/internal/bridge's multipart.go); and encoding/binary, whose Read,
// Write, Size, Encode, Decode and Append walk the program's values with
// the interpreter's reflect and take the program's ByteOrders and
// io.Readers and io.Writers; and encoding/gob (with internal/saferio,
// whose SliceCap is generic), which encodes and decodes the program's
// values with the interpreter's reflect, keeps the program's registered
// types and calls their GobEncode and GobDecode methods (gorilla's
// securecookie and sessions); and net/http/cookiejar (with
// net/http/internal/ascii), whose Jar reads the run's virtual clock to
// expire the cookies the program set by it (given to a native
// http.Client, it crosses as a jar whose methods call it); and
// text/scanner, whose Scanner holds the program's io.Reader and calls
// its Error and IsIdentRune funcs (participle's lexers); and
// database/sql (with database/sql/driver), whose DB drives the
// program's drivers, converts their values to the program's variables
// with the interpreter's reflect and takes the program's driver.Valuers
// and sql.Scanners (SQL builders and mocks). Other standard packages
// stay native.
var sourceStd = map[string][]string{
	"cmp":                      nil,
	"container/list":           nil,
	"container/ring":           nil,
	"context":                  nil,
	"database/sql":             {"database/sql/driver", "maps", "slices"},
	"database/sql/driver":      nil,
	"encoding/binary":          {"slices"},
	"encoding/gob":             {"encoding/binary", "internal/saferio", "maps"},
	"encoding/json":            {"cmp", "slices"},
	"encoding/xml":             nil,
	"flag":                     nil,
	"go/ast":                   {"cmp", "go/scanner", "go/token", "iter", "slices"},
	"go/build/constraint":      nil,
	"go/doc":                   {"cmp", "go/ast", "go/doc/comment", "go/token", "internal/lazyregexp", "slices"},
	"go/doc/comment":           {"slices"},
	"go/format":                {"go/ast", "go/parser", "go/printer", "go/token"},
	"go/internal/scannerhooks": {"go/token"},
	"go/parser":                {"go/ast", "go/build/constraint", "go/internal/scannerhooks", "go/scanner", "go/token"},
	"go/printer":               {"go/ast", "go/build/constraint", "go/doc/comment", "go/token", "slices"},
	"go/scanner":               {"go/internal/scannerhooks", "go/token"},
	"go/token":                 {"cmp", "iter", "slices"},
	"html/template":            {"encoding/json", "maps", "slices", "text/template", "text/template/parse"},
	"internal/fmtsort":         {"cmp", "slices"},
	"internal/lazyregexp":      nil,
	"internal/saferio":         nil,
	"iter":                     nil,
	"log":                      {"log/internal"},
	"log/slog":                 {"context", "log", "log/internal", "log/slog/internal", "log/slog/internal/buffer", "slices"},
	"maps":                     {"iter"},
	"mime":                     {"maps", "slices"},
	"mime/multipart":           {"maps", "mime", "mime/quotedprintable", "slices"},
	"mime/quotedprintable":     nil,
	"net/http/cookiejar":       {"cmp", "net/http/internal/ascii", "slices"},
	"net/http/internal/ascii":  nil,
	"slices":                   {"cmp", "iter"},
	"sort":                     {"slices"},
	"text/scanner":             nil,
	"text/template":            {"internal/fmtsort", "maps", "text/template/parse"},
	"testing/fstest":           {"maps", "slices"},
}

// IsStd reports whether path names a standard package: its first
// element has no dot and GOROOT/src holds it.
func IsStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	if strings.Contains(first, ".") {
		return false
	}
	fi, err := os.Stat(filepath.Join(build.Default.GOROOT, "src", filepath.FromSlash(path)))
	return err == nil && fi.IsDir()
}

func buildSafely(pkgs []*ssa.Package) error {
	return parallel(pkgs, func(p *ssa.Package) { p.Build() })
}

// parallel calls f on each of xs, on GOMAXPROCS goroutines; it returns
// the first panic of a call as an error.
func parallel[T any](xs []T, f func(T)) error {
	var mu sync.Mutex
	var first error
	var wg sync.WaitGroup
	next := make(chan T)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for x := range next {
				func() {
					defer func() {
						if r := recover(); r != nil {
							mu.Lock()
							if first == nil {
								first = fmt.Errorf("trace: building SSA: %v", r)
							}
							mu.Unlock()
						}
					}()
					f(x)
				}()
			}
		}()
	}
	for _, x := range xs {
		next <- x
	}
	close(next)
	wg.Wait()
	return first
}

// chooseVariants keeps one package per path: with tests, the test variant
// ("p [p.test]") replaces the plain package, external test packages are
// kept, and generated test mains are dropped.
func chooseVariants(pkgs []*packages.Package, tests bool) []*packages.Package {
	if !tests {
		return pkgs
	}
	hasTestVariant := map[string]bool{}
	for _, p := range pkgs {
		if strings.Contains(p.ID, " [") && !strings.HasSuffix(p.PkgPath, "_test") {
			hasTestVariant[p.PkgPath] = true
		}
	}
	var out []*packages.Package
	for _, p := range pkgs {
		switch {
		case strings.HasSuffix(p.ID, ".test") && p.Name == "main":
			continue
		case !strings.Contains(p.ID, " [") && hasTestVariant[p.PkgPath]:
			continue
		}
		out = append(out, p)
	}
	return out
}

// scopeDeps lists the transitive imports of the listed packages pkgs
// (the patterns' packages, with their tests if Config.Tests) that
// cfg.Scope accepts, or that belong to a target's module (cfg.Module).
func scopeDeps(cfg *Config, pkgs []*packages.Package) []string {
	seen := map[string]bool{}
	for _, p := range pkgs {
		seen[p.PkgPath] = true // the targets, loaded with their tests
	}
	isTest := func(p *packages.Package) bool {
		return strings.HasSuffix(p.PkgPath, "_test") || strings.HasSuffix(p.PkgPath, ".test")
	}
	var out []string
	add := func(p *packages.Package) {
		if !seen[p.PkgPath] && !isTest(p) {
			seen[p.PkgPath] = true
			out = append(out, p.PkgPath)
		}
	}
	if cfg.Scope != nil {
		packages.Visit(pkgs, nil, func(p *packages.Package) {
			if cfg.Scope(p.PkgPath) {
				add(p)
			}
		})
	}
	if cfg.Module {
		mods := map[string]bool{}
		for _, p := range pkgs {
			if p.Module != nil {
				mods[p.Module.Path] = true
			}
		}
		packages.Visit(pkgs, func(p *packages.Package) bool {
			return !cfg.standIn(p.PkgPath)
		}, func(p *packages.Package) {
			if p.Module != nil && mods[p.Module.Path] && !cfg.standIn(p.PkgPath) {
				add(p)
			}
		})
	}
	sort.Strings(out)
	return out
}
