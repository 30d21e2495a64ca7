package testrun

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// Fuzz targets, FuzzXxx(f *testing.F), run as go test runs them without
// -fuzz: f.Fuzz calls the fuzz function on each entry of the seed corpus,
// the values of f.Add calls (subtests "seed#0", "seed#1"...) and the files
// of testdata/fuzz/FuzzXxx (subtests named by file), each as a subtest with
// its own *testing.T.

func (emulation) RunFuzzInput(ctx context.Context, p *interp.Program, pkgPath, target, entry string, args []interp.Value, opts *interp.RunOptions) (*interp.CaseResult, error) {
	gr, _, err := runGoTestCovered(ctx, p, pkgPath, target+"/"+entry, &fuzzEntry{name: entry, vals: args}, opts)
	return gr, err
}

// fuzzEntry is one entry of a seed corpus.
type fuzzEntry struct {
	name string         // "seed#N" or the corpus file's name
	vals []interp.Value // the fuzz function's arguments after the *testing.T
	err  error          // a corpus file that cannot be read
}

func init() {
	interp.RegisterBridge("(*testing.F).Add", func(c interp.Call, args []interp.Value) interp.Value {
		f := testOf(c, args[0])
		vals := make([]interp.Value, args[1].Len())
		for i := range vals {
			vals[i] = args[1].Index(i).Elem()
		}
		f.corpus = append(f.corpus, fuzzEntry{name: fmt.Sprintf("seed#%d", len(f.corpus)), vals: vals})
		return interp.Value{}
	})
	interp.RegisterBridge("(*testing.F).Fuzz", fuzz)
}

// fuzz is the bridge of (*testing.F).Fuzz.
func fuzz(c interp.Call, args []interp.Value) interp.Value {
	f := testOf(c, args[0])
	g := f.g
	if interp.Addr(args[1]) == nil {
		panic(&interp.BridgeError{Func: "(*testing.F).Fuzz", CallSite: c.Pos(), Reason: "nil fuzz function"})
	}
	var sig *types.Signature
	ok := false
	if t := args[1].DynamicType(); t != nil {
		sig, ok = t.Underlying().(*types.Signature)
	}
	if !ok || sig.Params().Len() < 1 || !isTesting(sig.Params().At(0).Type(), "T") {
		panic(&interp.BridgeError{Func: "(*testing.F).Fuzz", CallSite: c.Pos(), Reason: "fuzz function is not a func(*testing.T, ...)"})
	}
	var params []types.Type
	for i := 1; i < sig.Params().Len(); i++ {
		params = append(params, sig.Params().At(i).Type())
	}
	corpus := append(f.corpus, readCorpus(filepath.Join(g.dir, "testdata", "fuzz", f.name), params)...)
	if g.input != nil && f.parent == nil {
		corpus = append(corpus, *g.input)
	}
	path := c.Path()
	for i, e := range corpus {
		if e.err == nil {
			e.err = checkCorpus(e.vals, params)
		}
		if e.err != nil {
			// go test reports a bad corpus entry with f.Fatal.
			f.log(c, e.err.Error())
			f.assert(c, e.err.Error(), true)
			f.exit(c)
		}
		name := f.name + "/" + e.name
		f.hasSub = true
		if !g.selects(name) {
			continue
		}
		t := g.newTest(name, f, g.testingType("T"))
		t.caller = c
		t.path = interp.Mix(path, -6, int32(i))
		g.start(t)
		t.run(c, args[1].Elem(), append([]interp.Value{t.tv}, e.vals...))
		g.lastName = f.name // go test -v prints "=== NAME  f"; -json drops it
	}
	return interp.Value{}
}

// checkCorpus checks the arguments of a corpus entry against the fuzz
// function's parameters.
func checkCorpus(vals []interp.Value, params []types.Type) error {
	if len(vals) != len(params) {
		return fmt.Errorf("wrong number of values in corpus entry: %d, want %d", len(vals), len(params))
	}
	for i, v := range vals {
		if want := corpusKind(params[i]); v.Kind() != want {
			return fmt.Errorf("corpus entry value %d is a %v, want %s", i, v.Kind(), params[i])
		}
	}
	return nil
}

// corpusKind is the kind of the Value of a fuzz argument of type t (the
// types a corpus may hold: []byte, strings, bools, numbers).
func corpusKind(t types.Type) interp.Kind {
	if _, ok := t.Underlying().(*types.Slice); ok {
		return interp.KindSlice
	}
	b, ok := t.Underlying().(*types.Basic)
	switch {
	case !ok:
		return interp.KindInvalid
	case b.Info()&types.IsString != 0:
		return interp.KindString
	case b.Info()&types.IsBoolean != 0:
		return interp.KindBool
	case b.Info()&types.IsFloat != 0:
		return interp.KindFloat
	case b.Info()&types.IsUnsigned != 0:
		return interp.KindUint
	case b.Info()&types.IsInteger != 0:
		return interp.KindInt
	}
	return interp.KindInvalid
}

// readCorpus reads the corpus files of dir ("go test fuzz v1" files), in
// file name order; a missing dir is an empty corpus.
func readCorpus(dir string, params []types.Type) []fuzzEntry {
	files, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []fuzzEntry
	for _, f := range files {
		if f.IsDir() {
			continue
		}
		e := fuzzEntry{name: f.Name()}
		data, err := os.ReadFile(filepath.Join(dir, f.Name()))
		if err == nil {
			e.vals, err = parseCorpus(data, params)
		}
		if err != nil {
			e.err = fmt.Errorf("%s: %v", filepath.Join(dir, f.Name()), err)
		}
		out = append(out, e)
	}
	return out
}

// parseCorpus parses a corpus file: the line "go test fuzz v1", then one
// value per line written as a Go conversion, for example string("a"),
// []byte("\x00"), int(-3), rune('x'), float64(1.5),
// math.Float64frombits(0x7ff8000000000001), bool(true).
func parseCorpus(data []byte, params []types.Type) ([]interp.Value, error) {
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != "go test fuzz v1" {
		return nil, fmt.Errorf("not a go test fuzz v1 file")
	}
	var vals []interp.Value
	for _, line := range lines[1:] {
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		i := len(vals)
		if i >= len(params) {
			return nil, fmt.Errorf("more values than the fuzz function's %d arguments", len(params))
		}
		v, err := corpusValue(line, params[i])
		if err != nil {
			return nil, fmt.Errorf("value %d %q: %v", i, line, err)
		}
		vals = append(vals, v)
	}
	return vals, nil
}

func corpusValue(line string, t types.Type) (interp.Value, error) {
	x, err := parser.ParseExpr(line)
	if err != nil {
		return interp.Value{}, err
	}
	call, ok := x.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return interp.Value{}, fmt.Errorf("not a conversion")
	}
	arg := call.Args[0]
	if sel, ok := call.Fun.(*ast.SelectorExpr); ok { // math.Float64frombits(bits)
		bits, err := strconv.ParseUint(litText(arg), 0, 64)
		if err != nil {
			return interp.Value{}, err
		}
		switch sel.Sel.Name {
		case "Float64frombits":
			return interp.Float(math.Float64frombits(bits)), nil
		case "Float32frombits":
			return interp.Float(float64(math.Float32frombits(uint32(bits)))), nil
		}
		return interp.Value{}, fmt.Errorf("unknown function %s", sel.Sel.Name)
	}
	if id, ok := arg.(*ast.Ident); ok { // bool(true)
		return interp.Bool(id.Name == "true"), nil
	}
	lit := litText(arg)
	u, _ := t.Underlying().(*types.Basic)
	if _, isSlice := t.Underlying().(*types.Slice); isSlice {
		s, err := strconv.Unquote(lit)
		if err != nil {
			return interp.Value{}, err
		}
		return interp.ValueOf([]byte(s))
	}
	if u == nil {
		return interp.Value{}, fmt.Errorf("unsupported type %s", t)
	}
	switch {
	case u.Info()&types.IsString != 0:
		s, err := strconv.Unquote(lit)
		return interp.String(s), err
	case u.Info()&types.IsFloat != 0:
		f, err := strconv.ParseFloat(lit, 64)
		if u.Kind() == types.Float32 {
			f = float64(float32(f))
		}
		return interp.Float(f), err
	case u.Info()&types.IsInteger != 0:
		var n int64
		if strings.HasPrefix(strings.TrimPrefix(lit, "-"), "'") {
			neg := strings.HasPrefix(lit, "-")
			s, err := strconv.Unquote(strings.TrimPrefix(lit, "-"))
			if err != nil {
				return interp.Value{}, err
			}
			rs := []rune(s)
			if len(rs) != 1 {
				return interp.Value{}, fmt.Errorf("bad character literal")
			}
			n = int64(rs[0])
			if neg {
				n = -n
			}
		} else if u.Info()&types.IsUnsigned != 0 {
			x, err := strconv.ParseUint(lit, 0, 64)
			if err != nil {
				return interp.Value{}, err
			}
			return interp.Uint(x), nil
		} else {
			x, err := strconv.ParseInt(lit, 0, 64)
			if err != nil {
				return interp.Value{}, err
			}
			n = x
		}
		if u.Info()&types.IsUnsigned != 0 {
			return interp.Uint(uint64(n)), nil
		}
		return interp.Int(n), nil
	case u.Kind() == types.Bool:
		return interp.Bool(lit == "true"), nil
	}
	return interp.Value{}, fmt.Errorf("unsupported type %s", t)
}

// litText returns the source of a literal, with a leading minus sign.
func litText(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.BasicLit:
		return x.Value
	case *ast.UnaryExpr:
		if x.Op == token.SUB {
			return "-" + litText(x.X)
		}
	case *ast.ParenExpr:
		return litText(x.X)
	}
	return ""
}
