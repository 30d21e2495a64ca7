package search

import (
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"strings"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/internal/printf"
	"github.com/faultloc/faultloc/trace"
	"golang.org/x/tools/go/ssa"
)

// An Example's oracle is its output comment, which go test compares with
// what the example printed after it returns: no assertion of the run says
// what went wrong. outputOracle turns the comparison into expectations on
// the run's values (encode.Expectation): it attributes the output to the
// run's fmt.Println, fmt.Printf and fmt.Print calls line by line, and reads, in each
// expected line, the values that the call's arguments must have to print
// it. An argument that is itself the result of fmt.Sprint, fmt.Sprintf or
// fmt.Sprintln is read the same way, through its own arguments.
//
// What it covers, and the errors (wrapping errNoOutputOracle) otherwise:
// every line of the output comes from one such call, printing one line;
// arguments are of basic types without String, Error or Format methods;
// formats use the verbs %v, %d, %s, %t and %q with flags and widths but no
// precision; the comment is "Output:", not "Unordered output:". Integer
// and Boolean arguments become constraints; a string or float argument
// must already print what is expected (encode.AddRunExpect). When the run
// printed more lines than expected, the call printing the first extra line
// may not be reached on the run's path; when fewer, the run's path may not
// end as it did.

// errNoOutputOracle reports an Example whose output the oracle cannot
// attribute or read.
var errNoOutputOracle = errors.New("output not attributable")

// printCall is a call of fmt's printing functions in a run.
type printCall struct {
	ev     trace.EventID
	fn     string // Println, Printf, Sprint, ...
	format string // Printf's and Sprintf's format
	// constFormat: the format is a constant (or there is none).
	constFormat bool
	args        []printArg
	text        string // what it printed in the run
}

// printArg is one argument of a print call.
type printArg struct {
	mk  trace.EventID // the MakeInterface event that boxed it
	x   ssa.Value     // the boxed operand
	val trace.Value   // its value in the run
}

// outputOracle returns the expectations and the events to avoid that
// make the run's output the expected one (see above).
//
// With limit > 0 only the first limit expected lines count (FirstFailure
// for an Example: up to its first wrong line): what the run printed after
// them expects nothing, and until, when not 0, is the number of the run's
// events up to the call that printed the last of them.
func outputOracle(prog *trace.Program, t *trace.Trace, out *trace.ExampleOutput, limit int) ([]encode.Expectation, []trace.EventID, int, error) {
	if out.Unordered {
		return nil, nil, 0, fmt.Errorf("%w: the comment is \"Unordered output:\"", errNoOutputOracle)
	}
	var calls []*printCall
	var got strings.Builder
	for e := trace.EventID(0); int(e) < t.Len(); e++ {
		pc, err := readPrintCall(prog, t, e, "Println", "Printf", "Print")
		if err != nil {
			return nil, nil, 0, err
		}
		if pc == nil {
			continue
		}
		if !strings.HasSuffix(pc.text, "\n") || strings.Count(pc.text, "\n") != 1 {
			return nil, nil, 0, fmt.Errorf("%w: %v: %s printed %q, not one line", errNoOutputOracle, t.Pos(e), pc.fn, pc.text)
		}
		calls = append(calls, pc)
		got.WriteString(pc.text)
	}
	if got.String() != out.Got {
		return nil, nil, 0, fmt.Errorf("%w: the example printed %q, of which fmt.Println, fmt.Printf and fmt.Print calls printed %q", errNoOutputOracle, out.Got, got.String())
	}
	// go test compares the outputs with space trimmed at both ends.
	wantText := strings.TrimSpace(out.Want)
	var want []string
	if wantText != "" {
		want = strings.Split(wantText, "\n")
	}
	// Lines printed empty at either end are trimmed away by the
	// comparison: they expect nothing.
	first, last := 0, len(calls)
	for first < last && strings.TrimSpace(calls[first].text) == "" {
		first++
	}
	for last > first && strings.TrimSpace(calls[last-1].text) == "" {
		last--
	}
	limited := limit > 0 && limit < len(want)
	if limited {
		want = want[:limit]
		last = min(last, first+limit) // what comes after expects nothing
	}
	n := last - first
	until := 0
	if limited && n == len(want) {
		until = int(calls[last-1].ev) + 1
	}
	var avoid []trace.EventID
	switch {
	case n > len(want):
		// One line too many: the call printing it must not be reached.
		avoid = append(avoid, calls[first+len(want)].ev)
		last = first + len(want)
	case n < len(want):
		// Too few lines: the run's path may not end as it did.
		avoid = append(avoid, trace.EventID(t.Len()-1))
	}
	var expect []encode.Expectation
	for i := first; i < last; i++ {
		line := want[i-first]
		pat := "^" + pattern(calls[i]) + "\n$"
		if i == first {
			pat = `^\s*` + pattern(calls[i]) + "\n$"
		}
		if i == last-1 && n == len(want) && !limited {
			pat = strings.TrimSuffix(pat, "\n$") + `\s*$`
		}
		xs, bad, err := expectLine(prog, t, calls[i], pat, line+"\n", 0)
		if err != nil {
			return nil, nil, 0, err
		}
		expect = append(expect, xs...)
		avoid = append(avoid, bad...)
	}
	return expect, avoid, until, nil
}

// expectLine returns the expectations on the arguments of c that make it
// print text, matched by the regular expression pat of its pattern, and
// the events its run may not reach unchanged: c itself if it cannot print
// text whatever the values of its arguments (its format's text or a
// constant argument differs), or the Return of a constant string that
// differs from the expected one.
func expectLine(prog *trace.Program, t *trace.Trace, c *printCall, pat, text string, depth int) ([]encode.Expectation, []trace.EventID, error) {
	re, err := regexp.Compile(pat)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v: %s's format %q: %v", errNoOutputOracle, t.Pos(c.ev), c.fn, c.format, err)
	}
	m := re.FindStringSubmatch(text)
	if m == nil {
		if !c.constFormat {
			return nil, nil, fmt.Errorf("%w: %v: %s cannot print the expected %q with its format %q, which is not a constant", errNoOutputOracle, t.Pos(c.ev), c.fn, strings.TrimSuffix(text, "\n"), c.format)
		}
		return nil, []trace.EventID{c.ev}, nil
	}
	var out []encode.Expectation
	var avoid []trace.EventID
	strs := 0 // strings read from the text, which can split it several ways
	for _, a := range c.args {
		if _, ok := a.x.(*ssa.Const); !ok && a.val.Kind() == trace.KindString {
			strs++
		}
	}
	for i, a := range c.args {
		tok := m[i+1]
		if c.format != "" {
			if v := verbs(c.format)[i]; v.verb == 'q' {
				s, err := strconv.Unquote(tok)
				if err != nil {
					return nil, nil, fmt.Errorf("%w: %v: the expected %s is not a quoted string", errNoOutputOracle, t.Pos(a.mk), tok)
				}
				tok = s
			}
		}
		// A string that fmt's Sprint functions made: read their
		// arguments instead.
		d := producer(t, a.mk, a.x)
		if depth < 4 && d != trace.NoEvent {
			if sc, err := readPrintCall(prog, t, d, "Sprint", "Sprintf", "Sprintln"); err != nil {
				return nil, nil, err
			} else if sc != nil {
				xs, bad, err := expectLine(prog, t, sc, "^"+pattern(sc)+"$", tok, depth+1)
				if err != nil {
					return nil, nil, err
				}
				out, avoid = append(out, xs...), append(avoid, bad...)
				continue
			}
		}
		w, err := parseToken(a.x.Type(), tok)
		if err != nil {
			return nil, nil, fmt.Errorf("%w: %v: the expected %q for %s: %v", errNoOutputOracle, t.Pos(a.mk), tok, a.x.Type(), err)
		}
		if _, ok := a.x.(*ssa.Const); ok {
			continue // matched as its own text
		}
		if a.val.Kind() == trace.KindString && !trace.Equal(a.val, w) && strs > 1 {
			return nil, nil, fmt.Errorf("%w: %v: %s prints several strings: which part of the expected %q each must be is ambiguous", errNoOutputOracle, t.Pos(c.ev), c.fn, strings.TrimSuffix(text, "\n"))
		}
		if a.val.Kind() == trace.KindString && !trace.Equal(a.val, w) {
			// Strings are not encoded; a function's constant result is
			// read as the path to it.
			if r := constReturn(t, d); r != trace.NoEvent {
				avoid = append(avoid, r)
				continue
			}
		}
		out = append(out, encode.Expectation{Event: a.mk, Operand: a.x, Want: w})
	}
	return out, avoid, nil
}

// constReturn returns the event that made the value of event d a
// constant: following calls to their Return, a Return or a load to what
// it read, it is the Return or the Store (in naive-form SSA a function
// stores its result before returning it) whose operand is a constant.
// It is trace.NoEvent if the chain leads elsewhere.
func constReturn(t *trace.Trace, d trace.EventID) trace.EventID {
	for range 8 {
		if d == trace.NoEvent {
			return trace.NoEvent
		}
		switch in := t.Instr(d).(type) {
		case *ssa.Call:
			_, ret, ok := t.Callee(d)
			if !ok {
				return trace.NoEvent
			}
			d = ret
		case *ssa.Return:
			if len(in.Results) != 1 {
				return trace.NoEvent
			}
			if _, ok := in.Results[0].(*ssa.Const); ok {
				return d
			}
			d = producer(t, d, in.Results[0])
		case *ssa.UnOp:
			if in.Op != token.MUL {
				return trace.NoEvent
			}
			next := trace.NoEvent
			for _, dd := range t.Deps(d, nil) {
				if _, ok := t.Instr(dd).(*ssa.Store); ok {
					next = dd
				}
			}
			d = next
		case *ssa.Store:
			if _, ok := in.Val.(*ssa.Const); ok {
				return d
			}
			d = producer(t, d, in.Val)
		default:
			return trace.NoEvent
		}
	}
	return trace.NoEvent
}

// producer returns the event that produced operand v of event ev: for
// the result of a call with a body, the call event (whose value is the
// result, and whose callee constReturn follows), not the callee's Return
// that trace.Producer names; trace.NoEvent if none.
func producer(t *trace.Trace, ev trace.EventID, v ssa.Value) trace.EventID {
	d := t.Producer(ev, v)
	if d == trace.NoEvent {
		return d
	}
	if _, ok := t.Instr(d).(*ssa.Return); ok && t.SSAValue(d) != v {
		return t.CallOf(d)
	}
	return d
}

// readPrintCall returns event e of t as a call of one of fmt's functions
// names, nil if it is none, or an error if it is one whose arguments the
// oracle cannot read.
func readPrintCall(prog *trace.Program, t *trace.Trace, e trace.EventID, names ...string) (*printCall, error) {
	call, ok := t.Instr(e).(*ssa.Call)
	if !ok {
		return nil, nil
	}
	fn := call.Call.StaticCallee()
	if fn == nil || fn.Pkg == nil || fn.Pkg.Pkg.Path() != "fmt" || fn.Signature.Recv() != nil {
		return nil, nil
	}
	name := fn.Name()
	found := false
	for _, n := range names {
		found = found || n == name
	}
	if !found {
		return nil, nil
	}
	pc := &printCall{ev: e, fn: "fmt." + name, constFormat: true}
	args := call.Call.Args
	if strings.HasSuffix(name, "f") {
		_, pc.constFormat = args[0].(*ssa.Const)
		f, ok := argValue(prog, t, e, args[0])
		if !ok || f.Kind() != trace.KindString {
			return nil, fmt.Errorf("%w: %v: %s's format is not known", errNoOutputOracle, t.Pos(e), pc.fn)
		}
		pc.format = f.Str()
		if pc.format == "" {
			pc.format = "%!" // an empty format matches only empty text
		}
	}
	boxes, err := varargs(t, e, call)
	if err != nil {
		return nil, fmt.Errorf("%w: %v: %s: %v", errNoOutputOracle, t.Pos(e), pc.fn, err)
	}
	var vals []any
	for _, b := range boxes {
		a, err := readArg(prog, t, b)
		if err != nil {
			return nil, fmt.Errorf("%w: %v: %s: %v", errNoOutputOracle, t.Pos(e), pc.fn, err)
		}
		pc.args = append(pc.args, a)
		vals = append(vals, a.val.Interface())
	}
	switch name {
	case "Println", "Sprintln":
		pc.text = fmt.Sprintln(vals...)
	case "Printf", "Sprintf":
		vs := verbs(pc.format)
		if len(vs) != len(pc.args) {
			return nil, fmt.Errorf("%w: %v: %s's format %q has %d verbs for %d arguments", errNoOutputOracle, t.Pos(e), pc.fn, pc.format, len(vs), len(pc.args))
		}
		for i, v := range vs {
			if !v.ok || !verbFits(v.verb, pc.args[i].x.Type()) {
				return nil, fmt.Errorf("%w: %v: %s's verb %q for %s", errNoOutputOracle, t.Pos(e), pc.fn, v.text, pc.args[i].x.Type())
			}
		}
		pc.text = fmt.Sprintf(pc.format, vals...)
	case "Print", "Sprint":
		pc.text = fmt.Sprint(vals...)
	}
	// The interpreter's fmt printed the same text: the run's value of
	// the call (for Sprint*) is what it made.
	if strings.HasPrefix(name, "S") {
		if v := t.Value(e); v.Kind() != trace.KindString || v.Str() != pc.text {
			return nil, fmt.Errorf("%w: %v: %s made %v, formatting its arguments gives %q", errNoOutputOracle, t.Pos(e), pc.fn, v, pc.text)
		}
	}
	return pc, nil
}

// argValue returns the value of argument v of the call at event e.
func argValue(prog *trace.Program, t *trace.Trace, e trace.EventID, v ssa.Value) (trace.Value, bool) {
	if c, ok := v.(*ssa.Const); ok {
		return prog.Const(c), true
	}
	if d := producer(t, e, v); d != trace.NoEvent {
		return t.Value(d), true
	}
	return trace.Value{}, false
}

// varargs returns the events that boxed the arguments call passes in its
// variadic parameter (see printf.Args), in order, in the run of the call
// at event e.
func varargs(t *trace.Trace, e trace.EventID, call *ssa.Call) ([]trace.EventID, error) {
	stores, err := printf.Args(call)
	if err != nil {
		return nil, err
	}
	out := make([]trace.EventID, len(stores))
	for i, st := range stores {
		mk, ok := st.Val.(*ssa.MakeInterface)
		if !ok {
			return nil, fmt.Errorf("argument %d is an interface value", i+1)
		}
		// The boxing event of this call: the last one before it in the
		// same frame.
		out[i] = trace.NoEvent
		for d := e - 1; d >= 0; d-- {
			if t.Depth(d) == t.Depth(e) && t.Goroutine(d) == t.Goroutine(e) && t.Instr(d) == ssa.Instruction(mk) {
				out[i] = d
				break
			}
			if t.Depth(d) < t.Depth(e) {
				break
			}
		}
		if out[i] == trace.NoEvent {
			return nil, fmt.Errorf("argument %d not found in the run", i+1)
		}
	}
	return out, nil
}

// readArg reads the argument boxed at event mk.
func readArg(prog *trace.Program, t *trace.Trace, mk trace.EventID) (printArg, error) {
	x := t.Instr(mk).(*ssa.MakeInterface).X
	typ := x.Type()
	if _, ok := typ.Underlying().(*types.Basic); !ok {
		return printArg{}, fmt.Errorf("an argument of type %s", typ)
	}
	if m := printf.Method(typ); m != "" {
		return printArg{}, fmt.Errorf("an argument of type %s, which has a %s method", typ, m)
	}
	var v trace.Value
	if c, ok := x.(*ssa.Const); ok {
		v = prog.Const(c)
	} else if d := producer(t, mk, x); d != trace.NoEvent {
		v = t.Value(d)
	} else {
		return printArg{}, fmt.Errorf("an argument of type %s not found in the run", typ)
	}
	if v.Interface() == nil {
		return printArg{}, fmt.Errorf("an argument of type %s without a value", typ)
	}
	return printArg{mk: mk, x: x, val: v}, nil
}

// verb is one verb of a format, as the oracle reads it.
type verb struct {
	text  string // as written, for messages
	verb  rune
	minus bool // '-' flag: padded on the right
	ok    bool // supported: no precision, no argument index, no '*', no '#'
}

// verbOf returns the oracle's view of v.
func verbOf(v printf.Verb) verb {
	return verb{text: v.Text, verb: v.Letter, minus: v.Flag('-'), ok: v.Plain() && !v.Flag('#')}
}

// verbs returns the verbs of format f that take an argument.
func verbs(f string) []verb {
	var out []verb
	for _, v := range printf.Verbs(f) {
		out = append(out, verbOf(v))
	}
	return out
}

// verbFits reports whether verb v prints a value of type typ in a way
// the oracle reads back.
func verbFits(v rune, typ types.Type) bool {
	b := typ.Underlying().(*types.Basic)
	info := b.Info()
	switch v {
	case 'v':
		return true
	case 'd':
		return info&types.IsInteger != 0
	case 's', 'q':
		return info&types.IsString != 0
	case 't':
		return info&types.IsBoolean != 0
	}
	return false
}

// pattern returns a regular expression matching what print call c can
// print, with one group per argument.
func pattern(c *printCall) string {
	if c.format == "" {
		var sb strings.Builder
		for i, a := range c.args {
			// Println separates operands by spaces; Print and Sprint
			// only two operands neither of which is a string.
			if i > 0 && (strings.HasSuffix(c.fn, "ln") || !isString(c.args[i-1]) && !isString(a)) {
				sb.WriteString(" ")
			}
			sb.WriteString(argPattern(a, verb{verb: 'v', text: "%v"}))
		}
		return sb.String()
	}
	var sb strings.Builder
	k := 0
	for _, p := range printf.Parse(c.format) {
		switch {
		case !p.IsVerb():
			sb.WriteString(regexp.QuoteMeta(p.Lit))
		case p.Verb.Letter == '%':
			sb.WriteString("%") // fmt ignores its flags and width
		default:
			sb.WriteString(argPattern(c.args[k], verbOf(p.Verb)))
			k++
		}
	}
	return sb.String()
}

// isString reports whether argument a is a string, as fmt's Print sees it.
func isString(a printArg) bool {
	return a.x.Type().Underlying().(*types.Basic).Info()&types.IsString != 0
}

// argPattern returns the group matching argument a printed with verb v,
// padding included. A constant argument matches only its own text.
func argPattern(a printArg, v verb) string {
	if _, ok := a.x.(*ssa.Const); ok && a.val.IsValid() {
		return "(" + regexp.QuoteMeta(fmt.Sprintf(v.text, a.val.Interface())) + ")"
	}
	info := a.x.Type().Underlying().(*types.Basic).Info()
	var g string
	switch {
	case info&types.IsBoolean != 0:
		g = `(true|false)`
	case info&types.IsInteger != 0:
		g = `([+-]?[0-9]+)`
	case info&types.IsString != 0 && v.verb == 'q':
		g = `("(?:[^"\\]|\\.)*")`
	case info&types.IsString != 0:
		g = `(.*?)`
	default:
		g = `(\S+)`
	}
	if v.minus {
		return g + ` *`
	}
	return ` *` + g
}

// parseToken reads token tok as a value of type typ.
func parseToken(typ types.Type, tok string) (trace.Value, error) {
	info := typ.Underlying().(*types.Basic).Info()
	switch {
	case info&types.IsBoolean != 0:
		b, err := strconv.ParseBool(tok)
		return trace.Bool(b), err
	case info&types.IsUnsigned != 0:
		u, err := strconv.ParseUint(strings.TrimPrefix(tok, "+"), 10, 64)
		return trace.Int(int64(u)), err
	case info&types.IsInteger != 0:
		i, err := strconv.ParseInt(tok, 10, 64)
		return trace.Int(i), err
	case info&types.IsString != 0:
		return trace.String(tok), nil
	case info&types.IsFloat != 0:
		f, err := strconv.ParseFloat(tok, 64)
		return trace.Float(f), err
	}
	return trace.Value{}, fmt.Errorf("values of type %s are not read", typ)
}

// outputDiff describes how an Example's output differs from its comment:
// its first differing line, as go test compares them (space trimmed at
// both ends of the whole output).
func outputDiff(out *trace.ExampleOutput) string {
	if out.Unordered {
		return "the output differs from the output comment (unordered)"
	}
	i, gl, wl := firstDiff(out)
	switch {
	case i < 0:
		return "the output differs from the output comment"
	case i >= len(gl):
		return fmt.Sprintf("output line %d: missing, want %q", i+1, wl[i])
	case i >= len(wl):
		return fmt.Sprintf("output line %d: got %q, want no more lines", i+1, gl[i])
	}
	return fmt.Sprintf("output line %d: got %q, want %q", i+1, gl[i], wl[i])
}

// firstDiff returns the index of the first line where an Example's output
// and its comment differ, as go test compares them, or -1 if none does,
// with both outputs' lines.
func firstDiff(out *trace.ExampleOutput) (int, []string, []string) {
	got, want := strings.TrimSpace(out.Got), strings.TrimSpace(out.Want)
	gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
	if got == "" {
		gl = nil
	}
	if want == "" {
		wl = nil
	}
	for i := 0; i < max(len(gl), len(wl)); i++ {
		if i >= len(gl) || i >= len(wl) || gl[i] != wl[i] {
			return i, gl, wl
		}
	}
	return -1, gl, wl
}

// firstLinesAgree reports whether an Example's first k output lines are
// those its comment expects.
func firstLinesAgree(out *trace.ExampleOutput, k int) bool {
	i, _, wl := firstDiff(out)
	return k <= len(wl) && (i < 0 || i >= k)
}
