package interp

import (
	"embed"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"bufio"
	"bytes"
	"compress/flate"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/csv"
	"encoding/pem"
	"io"
	"io/fs"
	"math/big"
	mrand "math/rand"
	"net/url"
	"regexp"
	"text/tabwriter"
	"time"
	"unicode"

	"github.com/faultloc/faultloc/trace/internal/stdtable"
)

// A bridge argument: its Go source (in the generated program) and a
// constructor of the same value natively.
type bridgeArg struct {
	src    string
	native func() any
}

// bridgeArgs are the values of the types a table entry may take that are
// not built from basic values: native types, interfaces and callbacks, by
// reflect.Type.String. Each call gets fresh values.
var bridgeArgs = map[string][]bridgeArg{
	"*regexp.Regexp": {
		{`regexp.MustCompile("a([b-d]+)|x")`, func() any { return regexp.MustCompile("a([b-d]+)|x") }},
		{`regexp.MustCompile("(?i)h(é|e)llo")`, func() any { return regexp.MustCompile("(?i)h(é|e)llo") }},
	},
	"*strings.Builder":  {{`new(strings.Builder)`, func() any { return new(strings.Builder) }}},
	"*strings.Reader":   {{`strings.NewReader("héllo\nabc def")`, func() any { return strings.NewReader("héllo\nabc def") }}},
	"*strings.Replacer": {{`strings.NewReplacer("a", "1", "é", "e")`, func() any { return strings.NewReplacer("a", "1", "é", "e") }}},
	"*bytes.Buffer":     {{`bytes.NewBufferString("héllo\nabc def")`, func() any { return bytes.NewBufferString("héllo\nabc def") }}},
	"*bytes.Reader":     {{`bytes.NewReader([]byte("héllo\nabc"))`, func() any { return bytes.NewReader([]byte("héllo\nabc")) }}},
	"*bufio.Reader":     {{`bufio.NewReader(strings.NewReader("héllo\nabc def"))`, func() any { return bufio.NewReader(strings.NewReader("héllo\nabc def")) }}},
	"*bufio.Writer":     {{`bufio.NewWriter(new(bytes.Buffer))`, func() any { return bufio.NewWriter(new(bytes.Buffer)) }}},
	"*bufio.Scanner":    {{`bufio.NewScanner(strings.NewReader("a b\ncd"))`, func() any { return bufio.NewScanner(strings.NewReader("a b\ncd")) }}},
	"*base64.Encoding":  {{`encoding_base64.URLEncoding`, func() any { return base64.URLEncoding }}},
	"base64.Encoding":   {{`*encoding_base64.StdEncoding`, func() any { return *base64.StdEncoding }}},
	"*tabwriter.Writer": {{`text_tabwriter.NewWriter(new(bytes.Buffer), 4, 8, 1, ' ', 0)`, func() any { return tabwriter.NewWriter(new(bytes.Buffer), 4, 8, 1, ' ', 0) }}},
	"*time.Location":    {{`time.UTC`, func() any { return time.UTC }}, {`time.FixedZone("X", 5400)`, func() any { return time.FixedZone("X", 5400) }}},
	"time.Time": {
		{`time.Date(2024, time.February, 29, 13, 4, 5, 600, time.UTC)`, func() any { return time.Date(2024, time.February, 29, 13, 4, 5, 600, time.UTC) }},
		{`time.Unix(1700000000, 5).In(time.FixedZone("X", 5400))`, func() any { return time.Unix(1700000000, 5).In(time.FixedZone("X", 5400)) }},
	},
	"*time.Time": {{`new(time.Time)`, func() any { return new(time.Time) }}},
	// Data structs (all fields exported): interpreted structs converted
	// field by field.
	"*csv.ParseError":   {{`&encoding_csv.ParseError{StartLine: 1, Line: 2, Column: 3, Err: encoding_csv.ErrQuote}`, func() any { return &csv.ParseError{StartLine: 1, Line: 2, Column: 3, Err: csv.ErrQuote} }}},
	"*io.LimitedReader": {{`&io.LimitedReader{R: strings.NewReader("héllo abc"), N: 4}`, func() any { return &io.LimitedReader{R: strings.NewReader("héllo abc"), N: 4} }}},
	"*strconv.NumError": {{`&strconv.NumError{Func: "Atoi", Num: "x1", Err: strconv.ErrSyntax}`, func() any { return &strconv.NumError{Func: "Atoi", Num: "x1", Err: strconv.ErrSyntax} }}},
	"*time.ParseError":  {{`&time.ParseError{Layout: "2006", Value: "x", LayoutElem: "2006", ValueElem: "x"}`, func() any { return &time.ParseError{Layout: "2006", Value: "x", LayoutElem: "2006", ValueElem: "x"} }}},
	"*url.Error":        {{`&net_url.Error{Op: "parse", URL: "::", Err: errors.New("missing protocol scheme")}`, func() any { return &url.Error{Op: "parse", URL: "::", Err: errors.New("missing protocol scheme")} }}},
	"*url.URL": {
		{`&net_url.URL{Scheme: "https", User: net_url.UserPassword("u", "p"), Host: "example.com:8080", Path: "/a b/c", RawQuery: "x=1&y=2", Fragment: "f"}`, func() any {
			return &url.URL{Scheme: "https", User: url.UserPassword("u", "p"), Host: "example.com:8080", Path: "/a b/c", RawQuery: "x=1&y=2", Fragment: "f"}
		}},
		{`&net_url.URL{Path: "rel/x"}`, func() any { return &url.URL{Path: "rel/x"} }},
	},
	"*flate.ReadError":    {{`&compress_flate.ReadError{Offset: 3, Err: io.ErrUnexpectedEOF}`, func() any { return &flate.ReadError{Offset: 3, Err: io.ErrUnexpectedEOF} }}},
	"*flate.WriteError":   {{`&compress_flate.WriteError{Offset: 4, Err: io.ErrShortWrite}`, func() any { return &flate.WriteError{Offset: 4, Err: io.ErrShortWrite} }}},
	"*fs.PathError":       {{`&io_fs.PathError{Op: "open", Path: "/x", Err: io_fs.ErrNotExist}`, func() any { return &fs.PathError{Op: "open", Path: "/x", Err: fs.ErrNotExist} }}},
	"url.Values":          {{`net_url.Values{"a": {"1", "2"}, "b": {"x y"}}`, func() any { return url.Values{"a": {"1", "2"}, "b": {"x y"}} }}},
	"unicode.CaseRange":   {{`unicode.CaseRange{Lo: 'a', Hi: 'z', Delta: [unicode.MaxCase]rune{-32, 0, -32}}`, func() any { return unicode.CaseRange{Lo: 'a', Hi: 'z', Delta: [unicode.MaxCase]rune{-32, 0, -32}} }}},
	"unicode.SpecialCase": {{`unicode.TurkishCase`, func() any { return unicode.TurkishCase }}},
	"*unicode.RangeTable": {{`unicode.Greek`, func() any { return unicode.Greek }}, {`unicode.Digit`, func() any { return unicode.Digit }}},
	"fs.FS":               {{`io_fs.FS(embed.FS{})`, func() any { return fs.FS(embed.FS{}) }}},
	"embed.FS":            {{`embed.FS{}`, func() any { return embed.FS{} }}},
	"fs.WalkDirFunc": {{`io_fs.WalkDirFunc(func(p string, d io_fs.DirEntry, err error) error { return err })`, func() any {
		return fs.WalkDirFunc(func(p string, d fs.DirEntry, err error) error { return err })
	}}},
	"io.Writer":     {{`io.Writer(new(bytes.Buffer))`, func() any { return io.Writer(new(bytes.Buffer)) }}},
	"io.Reader":     {{`io.Reader(strings.NewReader("héllo\nabc"))`, func() any { return io.Reader(strings.NewReader("héllo\nabc")) }}},
	"io.ByteReader": {{`io.ByteReader(strings.NewReader("héllo\nabc"))`, func() any { return io.ByteReader(strings.NewReader("héllo\nabc")) }}},
	"io.RuneReader": {{`io.RuneReader(strings.NewReader("héllo\nabc"))`, func() any { return io.RuneReader(strings.NewReader("héllo\nabc")) }}},
	"error": {
		{`errors.New("boom")`, func() any { return errors.New("boom") }},
		{`error(nil)`, func() any { return error(nil) }},
		{`io.EOF`, func() any { return io.EOF }},
	},
	"func(int32) bool":      {{`func(r rune) bool { return r%3 == 0 }`, func() any { return func(r rune) bool { return r%3 == 0 } }}},
	"func(int32) int32":     {{`func(r rune) rune { return r + 1 }`, func() any { return func(r rune) rune { return r + 1 } }}},
	"*big.Int":              {{`math_big.NewInt(-42)`, func() any { return big.NewInt(-42) }}, {`math_big.NewInt(1 << 40)`, func() any { return big.NewInt(1 << 40) }}},
	"*big.Float":            {{`math_big.NewFloat(2.5)`, func() any { return big.NewFloat(2.5) }}, {`math_big.NewFloat(-1e10)`, func() any { return big.NewFloat(-1e10) }}},
	"*big.Rat":              {{`math_big.NewRat(3, -4)`, func() any { return big.NewRat(3, -4) }}},
	"rand.Source":           {{`math_rand.NewSource(7)`, func() any { return mrand.NewSource(7) }}},
	"*rand.Rand":            {{`math_rand.New(math_rand.NewSource(7))`, func() any { return mrand.New(mrand.NewSource(7)) }}},
	"*rand.Zipf":            {{`math_rand.NewZipf(math_rand.New(math_rand.NewSource(7)), 1.5, 2, 100)`, func() any { return mrand.NewZipf(mrand.New(mrand.NewSource(7)), 1.5, 2, 100) }}},
	"func(int, int)":        {{`func(i, j int) {}`, func() any { return func(i, j int) {} }}},
	"func(int) int":         {{`func(i int) int { return 5 - i }`, func() any { return func(i int) int { return 5 - i } }}},
	"*io.SectionReader":     {{`io.NewSectionReader(strings.NewReader("héllo\nabc"), 1, 6)`, func() any { return io.NewSectionReader(strings.NewReader("héllo\nabc"), 1, 6) }}},
	"io.ReaderAt":           {{`io.ReaderAt(strings.NewReader("héllo\nabc"))`, func() any { return io.ReaderAt(strings.NewReader("héllo\nabc")) }}},
	"func(int) bool":        {{`func(i int) bool { return i >= 3 }`, func() any { return func(i int) bool { return i >= 3 } }}},
	"func(string) string":   {{`func(s string) string { return "<" + s + ">" }`, func() any { return func(s string) string { return "<" + s + ">" } }}},
	"func([]uint8) []uint8": {{`func(b []byte) []byte { return append([]byte("<"), b...) }`, func() any { return func(b []byte) []byte { return append([]byte("<"), b...) } }}},
	"bufio.SplitFunc":       {{`bufio.ScanWords`, func() any { return bufio.SplitFunc(bufio.ScanWords) }}},
	// crypto: a block cipher and streams over it, keyed and seeded alike.
	"cipher.Block": {{`func() crypto_cipher.Block { b, _ := crypto_aes.NewCipher([]byte("0123456789abcdef")); return b }()`, func() any { return testBlock() }}},
	"cipher.StreamReader": {{`crypto_cipher.StreamReader{S: crypto_cipher.NewCTR(func() crypto_cipher.Block { b, _ := crypto_aes.NewCipher([]byte("0123456789abcdef")); return b }(), []byte("fedcba9876543210")), R: strings.NewReader("héllo\nabc")}`, func() any {
		return cipher.StreamReader{S: cipher.NewCTR(testBlock(), []byte("fedcba9876543210")), R: strings.NewReader("héllo\nabc")}
	}}},
	"cipher.StreamWriter": {{`crypto_cipher.StreamWriter{S: crypto_cipher.NewCTR(func() crypto_cipher.Block { b, _ := crypto_aes.NewCipher([]byte("0123456789abcdef")); return b }(), []byte("fedcba9876543210")), W: new(bytes.Buffer)}`, func() any {
		return cipher.StreamWriter{S: cipher.NewCTR(testBlock(), []byte("fedcba9876543210")), W: new(bytes.Buffer)}
	}}},
	"*ed25519.Options": {{`&crypto_ed25519.Options{Context: "ctx"}`, func() any { return &ed25519.Options{Context: "ctx"} }}},
	"*pem.Block": {{`&encoding_pem.Block{Type: "TEST", Headers: map[string]string{"A": "1"}, Bytes: []byte("héllo")}`, func() any {
		return &pem.Block{Type: "TEST", Headers: map[string]string{"A": "1"}, Bytes: []byte("héllo")}
	}}},
	"func() hash.Hash": {{`crypto_sha256.New`, func() any { return sha256.New }}},
	"func()":           {{`func() {}`, func() any { return func() {} }}},
}

// testBlock is an AES block cipher of a fixed key.
func testBlock() cipher.Block {
	b, err := aes.NewCipher([]byte("0123456789abcdef"))
	if err != nil {
		panic(err)
	}
	return b
}

// Basic values the generated calls draw from.
var (
	bridgeStrings = []string{"", "Hello, wörld", "a,b,,c", "  x\ty  ", "123", "-7.5e3", "true", "héllo\n\"q\"", "aaa", "\xff", "2024-02-29T13:04:05Z", "1h2m3.5s", "ab/../c.go", "0x1F"}
	bridgeInts    = []int64{-1, 0, 1, 2, 3, 7, 10, 16, 36}
	bridgeInt64s  = []int64{-12345678901, 1 << 40, 1700000000}
	bridgeUints   = []uint64{1 << 63, 0xdeadbeef, 1<<32 + 5}
	bridgeRunes   = []int32{'a', 'Z', 'é', '0', ' ', '\n', 'ß', 'Σ', 0x110000}
	bridgeFloats  = []float64{0, 1.5, -2.25, 3, 1e-9, 123456.789, math.Pi, -0.5}
)

// argGen builds arguments of a reflect.Type.
type argGen struct {
	rng     *rand.Rand
	imports map[string]bool
	missing map[string]bool
	small   bool // only small numbers: math/big would compute for ever on large ones
}

// typeSrc returns the Go source of rt (packages named by their path with
// "/" replaced by "_", as the generated program imports them).
func (g *argGen) typeSrc(rt reflect.Type) string {
	if rt.Name() != "" {
		if rt.PkgPath() == "" {
			return rt.Name()
		}
		alias := strings.ReplaceAll(rt.PkgPath(), "/", "_")
		g.imports[rt.PkgPath()] = true
		return alias + "." + rt.Name()
	}
	switch rt.Kind() {
	case reflect.Slice:
		return "[]" + g.typeSrc(rt.Elem())
	case reflect.Array:
		return fmt.Sprintf("[%d]%s", rt.Len(), g.typeSrc(rt.Elem()))
	case reflect.Pointer:
		return "*" + g.typeSrc(rt.Elem())
	case reflect.Map:
		return "map[" + g.typeSrc(rt.Key()) + "]" + g.typeSrc(rt.Elem())
	}
	return rt.String()
}

// arg returns an argument of type rt: its source and a native constructor;
// ok is false if the test has no values of that type.
func (g *argGen) arg(rt reflect.Type) (bridgeArg, bool) {
	if pool, ok := bridgeArgs[rt.String()]; ok {
		a := pool[g.rng.IntN(len(pool))]
		for _, imp := range []string{"regexp", "strings", "bytes", "bufio", "encoding/base64", "text/tabwriter", "time", "unicode", "io", "errors", "math/big", "math/rand", "encoding/csv", "strconv", "net/url", "io/fs", "embed", "crypto/aes", "crypto/cipher", "crypto/ed25519", "crypto/sha256", "encoding/pem"} {
			if regexp.MustCompile(`\b` + strings.ReplaceAll(imp, "/", "_") + `\.`).MatchString(a.src) {
				g.imports[imp] = true
			}
		}
		return a, true
	}
	if rt.Kind() == reflect.Pointer && rt.Elem().Kind() == reflect.Struct && stdtable.Types[rt.Elem().PkgPath()+"."+rt.Elem().Name()] != nil {
		// a zero value of a native type (atomic.Int32, big.Int...)
		src := "new(" + g.typeSrc(rt.Elem()) + ")"
		return bridgeArg{src, func() any { return reflect.New(rt.Elem()).Interface() }}, true
	}
	if rt.Kind() == reflect.Struct && stdtable.Types[rt.PkgPath()+"."+rt.Name()] != nil {
		src := g.typeSrc(rt) + "{}"
		return bridgeArg{src, func() any { return reflect.Zero(rt).Interface() }}, true
	}
	var lit string
	var val any
	switch rt.Kind() {
	case reflect.Bool:
		b := g.rng.IntN(2) == 0
		lit, val = strconv.FormatBool(b), b
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		n := bridgeInts[g.rng.IntN(len(bridgeInts))]
		switch {
		case rt.Kind() == reflect.Int32 && g.rng.IntN(2) == 0:
			n = int64(bridgeRunes[g.rng.IntN(len(bridgeRunes))])
		case rt.Kind() == reflect.Int64 && !g.small && g.rng.IntN(3) == 0:
			n = bridgeInt64s[g.rng.IntN(len(bridgeInt64s))]
		}
		lit, val = strconv.FormatInt(n, 10), reflect.ValueOf(n).Convert(rt).Interface()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		n := uint64(g.rng.IntN(40))
		if rt.Kind() == reflect.Uint8 && g.rng.IntN(2) == 0 {
			n = uint64("a .Z\xff"[g.rng.IntN(5)])
		}
		if (rt.Kind() == reflect.Uint64 || rt.Kind() == reflect.Uint) && !g.small && g.rng.IntN(3) == 0 {
			n = bridgeUints[g.rng.IntN(len(bridgeUints))]
		}
		lit, val = strconv.FormatUint(n, 10), reflect.ValueOf(n).Convert(rt).Interface()
	case reflect.Float32, reflect.Float64:
		f := bridgeFloats[g.rng.IntN(len(bridgeFloats))]
		lit, val = strconv.FormatFloat(f, 'g', -1, 64), reflect.ValueOf(f).Convert(rt).Interface()
	case reflect.Complex64, reflect.Complex128:
		re, im := bridgeFloats[g.rng.IntN(len(bridgeFloats))], bridgeFloats[g.rng.IntN(len(bridgeFloats))]
		lit = fmt.Sprintf("complex(%s, %s)", strconv.FormatFloat(re, 'g', -1, 64), strconv.FormatFloat(im, 'g', -1, 64))
		val = reflect.ValueOf(complex(re, im)).Convert(rt).Interface()
	case reflect.String:
		s := bridgeStrings[g.rng.IntN(len(bridgeStrings))]
		lit, val = strconv.Quote(s), reflect.ValueOf(s).Convert(rt).Interface()
	case reflect.Slice, reflect.Array:
		var k int
		if rt.Kind() == reflect.Array {
			k = rt.Len()
		} else {
			k = g.rng.IntN(4)
			if rt.Elem().Kind() == reflect.Uint8 {
				// a byte slice: the bytes of a string of the pool
				s := bridgeStrings[g.rng.IntN(len(bridgeStrings))]
				src := g.typeSrc(rt) + "(" + strconv.Quote(s) + ")"
				return bridgeArg{src, func() any { return reflect.ValueOf([]byte(s)).Convert(rt).Interface() }}, true
			}
		}
		elems := make([]bridgeArg, k)
		for i := range elems {
			e, ok := g.arg(rt.Elem())
			if !ok {
				return bridgeArg{}, false
			}
			elems[i] = e
		}
		srcs := make([]string, k)
		for i, e := range elems {
			srcs[i] = e.src
		}
		src := g.typeSrc(rt) + "{" + strings.Join(srcs, ", ") + "}"
		return bridgeArg{src, func() any {
			v := reflect.New(rt).Elem()
			if rt.Kind() == reflect.Slice {
				v = reflect.MakeSlice(rt, k, k)
			}
			for i, e := range elems {
				x := reflect.ValueOf(e.native())
				if !x.IsValid() {
					x = reflect.Zero(rt.Elem())
				}
				v.Index(i).Set(x)
			}
			return v.Interface()
		}}, true
	default:
		g.missing[rt.String()] = true
		return bridgeArg{}, false
	}
	if rt.Name() != "" && rt.PkgPath() != "" {
		lit = g.typeSrc(rt) + "(" + lit + ")"
	} else if rt.Kind() != reflect.Bool && rt.Kind() != reflect.String && rt.Kind() != reflect.Int {
		lit = rt.String() + "(" + lit + ")"
	}
	return bridgeArg{lit, func() any { return val }}, true
}

// bridgeCall is one generated call of a table entry.
type bridgeCall struct {
	name    string
	fn      string // the wrapper in the generated program
	f       reflect.Value
	args    []bridgeArg
	results int
}

// TestBridgeTable calls every function and method of the generated bridge
// table from interpreted code, with seeded arguments, and compares its
// results (and the slices it may change in place) with the same call made
// natively: every entry must be callable, and its arguments and results
// must convert both ways.
func TestBridgeTable(t *testing.T) {
	const callsPerEntry = 2
	g := &argGen{rng: rand.New(rand.NewPCG(1, 2)), imports: map[string]bool{}, missing: map[string]bool{}}
	names := slices.Sorted(func(yield func(string) bool) {
		for n := range stdtable.Funcs {
			if networkEntry(n) || keyEntry(n) {
				continue
			}
			if !yield(n) {
				return
			}
		}
	})
	var src strings.Builder
	var calls []bridgeCall
	for i, name := range names {
		f := reflect.ValueOf(stdtable.Funcs[name])
		ft := f.Type()
		expr := strings.ReplaceAll(name, "/", "_")
		if v := statelessVar(name); v != "" {
			expr = strings.ReplaceAll(v, "/", "_") + name[strings.LastIndex(name, "."):]
		}
		pkg := name
		if strings.HasPrefix(name, "(") {
			pkg = strings.TrimLeft(name[:strings.Index(name, ")")], "(*")
		}
		g.imports[pkg[:strings.LastIndex(pkg, ".")]] = true
		g.small = strings.HasPrefix(pkg, "math/big.")
	tuples:
		for k := range callsPerEntry {
			c := bridgeCall{name: name, fn: fmt.Sprintf("C%d_%d", i, k), f: f, results: ft.NumOut()}
			var decls, uses, rets []string
			for j := 0; j < ft.NumIn(); j++ {
				a, ok := g.arg(ft.In(j))
				if !ok {
					t.Errorf("%s: no argument values of type %s", name, ft.In(j))
					break tuples
				}
				c.args = append(c.args, a)
				decls = append(decls, fmt.Sprintf("\ta%d := %s\n", j, a.src))
				use := fmt.Sprintf("a%d", j)
				if ft.IsVariadic() && j == ft.NumIn()-1 {
					use += "..."
				}
				uses = append(uses, use)
			}
			var resTypes []string
			for j := 0; j < ft.NumOut(); j++ {
				resTypes = append(resTypes, g.typeSrc(ft.Out(j)))
				rets = append(rets, fmt.Sprintf("r%d", j))
			}
			// Slices the call may change in place come back as extra results.
			for j := 0; j < ft.NumIn(); j++ {
				if ft.In(j).Kind() == reflect.Slice && ft.In(j).Elem().Kind() <= reflect.Complex128 {
					resTypes = append(resTypes, g.typeSrc(ft.In(j)))
					rets = append(rets, fmt.Sprintf("a%d", j))
				}
			}
			fmt.Fprintf(&src, "\nfunc %s() (%s) {\n%s", c.fn, strings.Join(resTypes, ", "), strings.Join(decls, ""))
			call := fmt.Sprintf("%s(%s)", expr, strings.Join(uses, ", "))
			if ft.NumOut() > 0 {
				fmt.Fprintf(&src, "\t%s := %s\n", strings.Join(rets[:ft.NumOut()], ", "), call)
			} else {
				fmt.Fprintf(&src, "\t%s\n", call)
			}
			fmt.Fprintf(&src, "\treturn %s\n}\n", strings.Join(rets, ", "))
			calls = append(calls, c)
		}
	}
	if len(g.missing) > 0 {
		t.Fatalf("no argument values of types %v", slices.Sorted(func(yield func(string) bool) {
			for m := range g.missing {
				yield(m)
			}
		}))
	}
	var file strings.Builder
	file.WriteString("package bt\n\nimport (\n")
	for _, imp := range slices.Sorted(func(yield func(string) bool) {
		for m := range g.imports {
			if !yield(m) {
				return
			}
		}
	}) {
		fmt.Fprintf(&file, "\t%s %q\n", strings.ReplaceAll(imp, "/", "_"), imp)
	}
	file.WriteString(")\n")
	file.WriteString(src.String())
	p := loadSource(t, "bt", file.String())
	r := &run{p: p}
	exercised := map[string]bool{}
	for _, c := range calls {
		res, err := p.Run(bgContext, p.Func("bt", c.fn), nil, &RunOptions{NoTrace: true, MaxSteps: 1e6})
		if err != nil {
			t.Errorf("%s (%s): %v", c.name, c.fn, err)
			continue
		}
		exercised[c.name] = true
		nargs := make([]reflect.Value, len(c.args))
		for i, a := range c.args {
			nargs[i] = reflect.ValueOf(a.native())
			if !nargs[i].IsValid() {
				nargs[i] = reflect.Zero(c.f.Type().In(i))
			}
		}
		out, panicked := callNative(c.f, nargs)
		if panicked != nil {
			if res.Outcome != Panicked {
				t.Errorf("%s (%s): native call panicked (%v), interpreted %v", c.name, c.fn, panicked, res.Outcome)
			}
			continue
		}
		if res.Outcome != Returned {
			t.Errorf("%s (%s): interpreted %v %v, native returned", c.name, c.fn, res.Outcome, res.Panic)
			continue
		}
		for _, a := range nargs {
			if a.Kind() == reflect.Slice && a.Type().Elem().Kind() <= reflect.Complex128 {
				out = append(out, a)
			}
		}
		if len(out) != len(res.Returns) {
			t.Errorf("%s (%s): %d results, native %d", c.name, c.fn, len(res.Returns), len(out))
			continue
		}
		for i := range out {
			if why := r.matchNative(res.Returns[i], out[i], 0); why != "" {
				t.Errorf("%s (%s): result %d: %s", c.name, c.fn, i, why)
			}
		}
	}
	t.Logf("%d table entries (%d of them exercised), %d calls", len(names), len(exercised), len(calls))
}

// callNative calls f, returning its results or what it panicked with.
func callNative(f reflect.Value, args []reflect.Value) (out []reflect.Value, panicked any) {
	defer func() {
		if x := recover(); x != nil {
			out, panicked = nil, x
		}
	}()
	if f.Type().IsVariadic() {
		return f.CallSlice(args), nil
	}
	return f.Call(args), nil
}

// matchNative says how the interpreted v differs from the native rv, or
// returns "" if they are the same value.
func (r *run) matchNative(v Value, rv reflect.Value, depth int) string {
	if depth > 10 {
		return ""
	}
	differ := func() string { return fmt.Sprintf("interpreted %s, native %#v", v, rv) }
	switch rv.Kind() {
	case reflect.Float32, reflect.Float64:
		a, b := v.Float(), rv.Float()
		if a != b && !(math.IsNaN(a) && math.IsNaN(b)) || math.Signbit(a) != math.Signbit(b) {
			return differ()
		}
	case reflect.Complex64, reflect.Complex128:
		a, b := v.Complex(), rv.Complex()
		if a != b && !(cmplxNaN(a) && cmplxNaN(b)) {
			return differ()
		}
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr, reflect.String:
		w, _ := valueOfReflect(rv)
		if !Equal(v, w) {
			return differ()
		}
	case reflect.Slice, reflect.Array:
		if rv.Kind() == reflect.Slice && rv.IsNil() != (v.p == nil) {
			return differ()
		}
		var cs []cell
		if rv.Kind() == reflect.Slice {
			cs = v.slice()
		} else {
			cs = v.cells()
		}
		if len(cs) != rv.Len() {
			return differ()
		}
		for i := range cs {
			if why := r.matchNative(cs[i].v, rv.Index(i), depth+1); why != "" {
				return fmt.Sprintf("[%d]: %s", i, why)
			}
		}
	case reflect.Interface:
		if rv.IsNil() || v.p == nil {
			if rv.IsNil() != (v.p == nil) {
				return differ()
			}
			return ""
		}
		it := (*iface)(v.p)
		if it.nat != nil {
			if !nativeEqual(reflect.ValueOf(it.nat), rv.Elem(), 0) {
				return fmt.Sprintf("interpreted %#v, native %#v", it.nat, rv.Elem().Interface())
			}
			return ""
		}
		return r.matchNative(it.v, rv.Elem(), depth+1)
	case reflect.Pointer, reflect.Struct:
		if rv.Kind() == reflect.Pointer && rv.IsNil() {
			if !v.IsNil() {
				return differ()
			}
			return ""
		}
		switch {
		case rv.Kind() == reflect.Pointer && v.k == KindPointer && v.p != nil:
			// A pointer to a data struct: a new interpreted variable.
			return r.matchNative((*cell)(v.p).v, rv.Elem(), depth+1)
		case rv.Kind() == reflect.Struct && v.k == KindStruct:
			cs := v.cells()
			if len(cs) != rv.NumField() {
				return differ()
			}
			for i := range cs {
				if why := r.matchNative(cs[i].v, rv.Field(i), depth+1); why != "" {
					return fmt.Sprintf(".%s: %s", rv.Type().Field(i).Name, why)
				}
			}
			return ""
		}
		if v.k != KindNative || v.p == nil {
			return differ()
		}
		if x := (*nativeBox)(v.p).rv.Interface(); !nativeEqual(reflect.ValueOf(x), rv, 0) {
			return fmt.Sprintf("interpreted %#v, native %#v", x, rv.Interface())
		}
	case reflect.Map:
		w, err := r.fromNative(rv, nil)
		if err != nil || !(*run)(nil).deepEqual(nil, nil, v, w) {
			return differ()
		}
	case reflect.Func:
		if rv.IsNil() != (v.p == nil) {
			return differ()
		}
	default:
		return "cannot compare native " + rv.Type().String()
	}
	return ""
}

func cmplxNaN(c complex128) bool { return math.IsNaN(real(c)) || math.IsNaN(imag(c)) }

// nativeEqual is reflect.DeepEqual, except that two non-nil funcs are
// equal: native values made by separate calls (a bufio.Scanner and its
// split function) are compared by what they hold.
func nativeEqual(a, b reflect.Value, depth int) bool {
	if !a.IsValid() || !b.IsValid() {
		return a.IsValid() == b.IsValid()
	}
	if a.Type() != b.Type() {
		return false
	}
	if depth > 20 {
		return true
	}
	switch a.Kind() {
	case reflect.Func, reflect.Chan, reflect.UnsafePointer:
		return a.IsNil() == b.IsNil()
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return nativeEqual(a.Elem(), b.Elem(), depth+1)
	case reflect.Struct:
		for i := range a.NumField() {
			if !nativeEqual(a.Field(i), b.Field(i), depth+1) {
				return false
			}
		}
		return true
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() || a.Kind() == reflect.Slice && a.IsNil() != b.IsNil() {
			return false
		}
		for i := range a.Len() {
			if !nativeEqual(a.Index(i), b.Index(i), depth+1) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.Len() != b.Len() || a.IsNil() != b.IsNil() {
			return false
		}
		for _, k := range a.MapKeys() {
			if !nativeEqual(a.MapIndex(k), b.MapIndex(k), depth+1) {
				return false
			}
		}
		return true
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	case reflect.Float32, reflect.Float64:
		return a.Float() == b.Float() || math.IsNaN(a.Float()) && math.IsNaN(b.Float())
	case reflect.Complex64, reflect.Complex128:
		return a.Complex() == b.Complex()
	case reflect.String:
		return a.String() == b.String()
	}
	return false
}

// statelessVar returns the variable of stdtable.Vars whose type is the
// unexported receiver type of method name ("encoding/binary.BigEndian" for
// "(encoding/binary.bigEndian).Uint16"), or "".
func statelessVar(name string) string {
	if !strings.HasPrefix(name, "(") {
		return ""
	}
	recv := strings.TrimLeft(name[:strings.Index(name, ")")], "(*")
	dot := strings.LastIndex(recv, ".")
	if r := recv[dot+1]; r < 'a' || r > 'z' {
		return ""
	}
	for v, p := range stdtable.Vars {
		if t := reflect.TypeOf(p).Elem(); t.PkgPath() == recv[:dot] && t.Name() == recv[dot+1:] {
			return v
		}
	}
	return ""
}

// keyEntry reports whether table entry name takes keys: crypto/rsa's and
// crypto/ecdsa's functions and methods, the Equal methods of ed25519's
// keys, x509's marshalling of keys. Their calls need keys rather than
// seeded values, so the corpus's differential program of keys
// (corpus.RSAKeys) checks them.
func keyEntry(name string) bool {
	pkg := strings.TrimLeft(name, "(*")
	return strings.HasPrefix(pkg, "crypto/rsa.") || strings.HasPrefix(pkg, "crypto/ecdsa.") ||
		strings.HasPrefix(pkg, "crypto/ed25519.") && strings.HasSuffix(name, ".Equal") ||
		strings.HasPrefix(name, "crypto/x509.Marshal")
}

// networkEntry reports whether table entry name is of net, net/http and
// the packages under them but net/url, or crypto/tls's client and its
// connections: their calls need servers, handlers, connections and
// contexts rather than seeded values, so the corpus's differential HTTP
// and TLS programs (corpus.HTTP, corpus.TLSClient) and the HTTP routers'
// suites (testrun's realModules) check them instead.
func networkEntry(name string) bool {
	pkg := strings.TrimLeft(name, "(*")
	return strings.HasPrefix(pkg, "net.") || strings.HasPrefix(pkg, "net/") && !strings.HasPrefix(pkg, "net/url.") ||
		name == "crypto/tls.Client" || strings.HasPrefix(name, "(*crypto/tls.Conn).")
}
