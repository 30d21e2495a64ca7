package corpus

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math"
	"os"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

type point struct {
	X, Y int
}

type color int

type label string

type count uint8

const (
	red color = iota
	green
)

func (c color) String() string { return [...]string{"red", "green"}[c] }

// Formatting exercises fmt on interpreted values.
func Formatting() string {
	p := point{1, -2}
	pp := &p
	var e error
	var nilp *point
	return strings.Join([]string{
		fmt.Sprintf("%v|%+v|%d|%5d|%-4s|%05.2f|%x|%X|%o|%b|%e|%g", p, p, 42, 7, "ab", 3.14159, 255, "hi", 8, 5, 1234.5678, 0.000001),
		fmt.Sprintf("%v %s %d %v", green, red, green, []color{red, green}),
		fmt.Sprintf("%v %v %v %v", pp, []point{{1, 2}}, map[string]int{"b": 2, "a": 1}, [2]bool{true}),
		fmt.Sprintf("%T %T %T %T", p, pp, green, 1.5),
		fmt.Sprintf("%v %v %q %v", e, nilp, 'x', []string{"a", "b"}),
		fmt.Sprint("a", 1, 2, "b", 3.0, true),
		fmt.Sprintln("x", 1),
		fmt.Sprintf("%6.2f|%-6d|%+d|%t|%c|%%", math.Pi, 3, 3, false, 'G'),
		fmt.Sprint(label("a"), label("b"), 1, label("c"), 2, 3),
		fprints(),
		fmt.Sprintf("%v %d %x %T", label("q"), count(7), count(255), count(1)),
	}, "\n")
}

// Stdlib exercises bridged standard-library functions.
func Stdlib() string {
	n, err := strconv.Atoi("123")
	_, err2 := strconv.Atoi("x1")
	f, _ := strconv.ParseFloat("2.5", 64)
	fields := strings.Fields(" a b  c ")
	parts := strings.Split("a,b,c", ",")
	before, after, found := strings.Cut("key=value", "=")
	up := strings.Map(func(r rune) rune {
		if unicode.IsLower(r) {
			return unicode.ToUpper(r)
		}
		return r
	}, "Hello")
	r := strings.NewReplacer("a", "1", "b", "2")
	return fmt.Sprint(n, err, err2 != nil, f, fields, len(parts), strings.Join(parts, "-"), before, after, found, up,
		strings.Repeat("ab", 3), strings.Index("chicken", "ken"), strings.TrimSpace("  x "), strings.Title("go"),
		strconv.Itoa(-45), strconv.Quote("q\n"), strconv.FormatInt(255, 16), math.Max(3, 7), math.Abs(-2), math.Pow(2, 10),
		utf8.RuneCountInString("héllo"), utf8.RuneLen('世'), unicode.IsDigit('5'), r.Replace("abc"),
		slices.Contains([]int{1, 2, 3}, 2), slices.Index([]string{"x", "y"}, "y"), slices.Max([]int{4, 9, 2}))
}

type byLen []string

func (b byLen) Len() int           { return len(b) }
func (b byLen) Less(i, j int) bool { return len(b[i]) < len(b[j]) }
func (b byLen) Swap(i, j int)      { b[i], b[j] = b[j], b[i] }

// Sorting exercises sort and slices sorting.
func Sorting() string {
	xs := []int{5, 2, 8, 1, 9, 3}
	sort.Ints(xs)
	people := []point{{3, 1}, {1, 2}, {2, 3}, {1, 1}}
	sort.Slice(people, func(i, j int) bool {
		if people[i].X != people[j].X {
			return people[i].X < people[j].X
		}
		return people[i].Y < people[j].Y
	})
	words := byLen{"ccc", "a", "bb", "dddd"}
	sort.Sort(words)
	ys := []string{"pear", "apple", "fig"}
	slices.Sort(ys)
	i := sort.SearchInts(xs, 8)
	j := sort.Search(100, func(k int) bool { return k*k >= 50 })
	return fmt.Sprint(xs, people, words, ys, i, j, sort.IntsAreSorted(xs))
}

type notFound struct{ key string }

func (e *notFound) Error() string { return "not found: " + e.key }

var errBase = errors.New("base")

// Errors exercises errors, wrapping and errors.Is/As.
func Errors() string {
	lookup := func(k string) error {
		if k == "" {
			return errBase
		}
		return &notFound{k}
	}
	e1 := lookup("k")
	var nf *notFound
	as := errors.As(e1, &nf)
	wrapped := fmt.Errorf("context: %w", errBase)
	is := errors.Is(wrapped, errBase)
	isNot := errors.Is(e1, errBase)
	_, perr := strconv.Atoi("zz")
	var numErr *strconv.NumError
	asNum := errors.As(perr, &numErr)
	return fmt.Sprint(e1, as, nf.key, wrapped, is, isNot, errors.Unwrap(wrapped) == errBase, asNum, perr)
}

// lines is an io.Writer that collects what is written, one entry per Write.
type lines struct{ got []string }

func (l *lines) Write(p []byte) (int, error) {
	l.got = append(l.got, string(p))
	return len(p), nil
}

// fprints writes with fmt.Fprint* to a strings.Builder and to an
// interpreted io.Writer.
func fprints() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "%d-%s|", 7, "x")
	fmt.Fprint(&sb, "a", 1, "|")
	n, err := fmt.Fprintln(&sb, point{1, 2})
	var l lines
	fmt.Fprintf(&l, "%v", []int{1})
	fmt.Fprintln(&l, "two", green)
	return fmt.Sprint(sb.String(), n, err, l.got, sb.Len())
}

// Error types of ErrorsIs: a comparable struct sentinel, one matching
// another through its Is method, a wrapper and a multi-wrapper.
type (
	isErr    struct{ msg string }
	isTooFew struct{ isErr }
	isWrap   struct{ inner error }
	isMulti  struct{ errs []error }
	isUncomp struct{ list []int }
	asFirst  struct{ errs []error } // As looks into the last error only
)

func (a asFirst) Error() string { return "as-first" }

func (a asFirst) As(target any) bool {
	if p, ok := target.(*isErr); ok {
		if f, ok := a.errs[len(a.errs)-1].(isTooFew); ok {
			*p = f.isErr
			return true
		}
	}
	return false
}

func (e isErr) Error() string           { return e.msg }
func (isTooFew) Is(target error) bool   { return target == errIsEmpty }
func (w *isWrap) Error() string         { return "wrap: " + w.inner.Error() }
func (w *isWrap) Unwrap() error         { return w.inner }
func (m isMulti) Error() string         { return "multi" }
func (m isMulti) Unwrap() []error       { return m.errs }
func (u isUncomp) Error() string        { return "uncomparable" }
func (u isUncomp) Is(target error) bool { return target == errIsNative }

var (
	errIsEmpty  = isErr{"empty"}
	errIsFew    = isTooFew{isErr{"too few"}}
	errIsNative = errors.New("native")
)

// ErrorsIs checks errors.Is on interpreted errors: struct sentinels
// compared with ==, Is methods, Unwrap chains through interpreted and
// native wrappers, several wrapped errors, and uncomparable targets.
func ErrorsIs() string {
	var out []bool
	add := func(b bool) { out = append(out, b) }
	add(errors.Is(errIsFew, errIsEmpty))
	add(errors.Is(errIsFew, errIsFew))
	add(errors.Is(errIsEmpty, errIsFew))
	add(errors.Is(isErr{"empty"}, errIsEmpty))
	add(errors.Is(&isWrap{&isWrap{errIsEmpty}}, errIsEmpty))
	add(errors.Is(fmt.Errorf("ctx: %w", &isWrap{errIsNative}), errIsNative))
	add(errors.Is(&isWrap{fmt.Errorf("ctx: %w", errIsEmpty)}, errIsEmpty))
	add(errors.Is(isMulti{[]error{errIsNative, errIsFew}}, errIsEmpty))
	add(errors.Is(errors.Join(errIsNative, &isWrap{errIsEmpty}), errIsEmpty))
	add(errors.Is(isUncomp{[]int{1}}, errIsNative))
	add(errors.Is(errIsNative, isUncomp{}))
	add(errors.Is(nil, errIsEmpty))
	add(errors.Is(nil, nil))
	add(errors.Unwrap(&isWrap{errIsEmpty}) == errIsEmpty)
	add(errors.Unwrap(isMulti{[]error{errIsEmpty}}) == nil)
	add(errors.Unwrap(fmt.Errorf("x: %w", &isWrap{errIsNative})).(*isWrap).inner == errIsNative)
	add(errors.Unwrap(errIsEmpty) == nil)
	add(errors.Unwrap(errIsNative) == nil)
	// errors.As through As methods and several wrapped errors.
	var w *isWrap
	add(errors.As(isMulti{[]error{errIsNative, &isWrap{errIsEmpty}}}, &w) && w.inner == errIsEmpty)
	var e isErr
	add(errors.As(asFirst{[]error{errIsNative, errIsFew}}, &e) && e.msg == "too few")
	add(errors.As(errors.Join(errIsNative, fmt.Errorf("x: %w", &isWrap{errIsFew})), &w))
	var te isTooFew
	add(errors.As(isMulti{[]error{errIsEmpty}}, &te))
	return fmt.Sprint(out)
}

type listFlag []string

func (l *listFlag) String() string     { return strings.Join(*l, ",") }
func (l *listFlag) Set(s string) error { *l = append(*l, s); return nil }

// Flags parses arguments with a flag.FlagSet (package flag is interpreted
// from source): typed flags, a Value of the program's, an undefined flag's
// error and the usage PrintDefaults writes.
func Flags() string {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	var sb strings.Builder
	fs.SetOutput(&sb)
	n := fs.Int("n", 3, "count")
	s := fs.String("s", "a", "a `name`")
	d := fs.Duration("d", time.Second, "wait")
	var l listFlag
	fs.Var(&l, "l", "list")
	b := fs.Bool("v", false, "verbose")
	err := fs.Parse([]string{"-n", "5", "-s=zz", "-l", "p", "-l", "q", "-v", "-d", "2m", "rest", "x"})
	out := fmt.Sprint(*n, *s, *d, l, *b, err, fs.Args(), fs.NArg(), fs.Parsed())
	err = fs.Parse([]string{"-bogus"})
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name+"="+f.Value.String()+"/"+f.DefValue) })
	return out + "|" + fmt.Sprint(err) + "|" + sb.String() + "|" + strings.Join(names, " ")
}

// codeErr is an error type of the program's, wrapped below.
type codeErr struct{ code int }

func (e *codeErr) Error() string { return "code " + strconv.Itoa(e.code) }

// ErrorsAsType finds errors by type with errors.AsType (Go 1.26): through
// fmt.Errorf's %w, errors.Join, to an interface type, and not at all.
func ErrorsAsType() string {
	base := &codeErr{7}
	wrapped := fmt.Errorf("ctx: %w", base)
	joined := errors.Join(errors.New("other"), wrapped)
	e1, ok1 := errors.AsType[*codeErr](wrapped)
	e2, ok2 := errors.AsType[*codeErr](joined)
	e3, ok3 := errors.AsType[interface{ Error() string }](joined)
	e4, ok4 := errors.AsType[*codeErr](errors.New("plain"))
	_, ok5 := errors.AsType[*codeErr](nil)
	_, pathErr := os.Open("/nonexistent/faultloc")
	pe, ok6 := errors.AsType[*fs.PathError](fmt.Errorf("w: %w", pathErr))
	return fmt.Sprint(e1.code, ok1, e2 == base, ok2, e3 != nil, ok3, e4 == nil, ok4, ok5, ok6, pe.Op)
}

// NativeTypeOf asks reflect for the types of standard types whose values
// live natively in the interpreter (time.Time), alone and in composites,
// as kylelemons/godebug's pretty printer does.
func NativeTypeOf() string {
	tt := reflect.TypeOf(time.Time{})
	return fmt.Sprint(tt, tt.Kind() == reflect.Struct, tt.Kind(), reflect.TypeOf(&time.Time{}).Kind().String(), tt.PkgPath(), tt == reflect.TypeOf(time.Now()), reflect.TypeOf(map[string]*time.Time{}), reflect.TypeOf([]time.Location{}).Elem().Name())
}
