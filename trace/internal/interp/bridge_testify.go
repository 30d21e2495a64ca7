package interp

import (
	"cmp"
	"fmt"
	"go/types"
	"math"
	"reflect"
	"strings"
)

// The most used assertions of github.com/stretchr/testify's assert and
// require packages, bridged by hand: testify is loaded from export data
// (it is another module) and needs reflection on the values it compares,
// which interpreted values do not have. Each bridge decides as testify
// does (ObjectsAreEqual: bytes.Equal for []byte, else reflect.DeepEqual
// over interpreted values; isNil, isEmpty, Len, Contains likewise) and, on
// failure, calls the test's Errorf at the assertion's call site (and, for
// require, FailNow), so the verdict and the assertion point are testify's.
// The message is shorter than testify's: "Error:" with what failed and
// the values, the test's name and the messages given, without testify's
// "Error Trace" and diff. assert.New and require.New give an Assertions
// whose methods do the same with its t.

// testifyCheck is one assertion: it decides whether args (after t) pass
// and, if not, what failed.
type testifyCheck func(r *run, fr *frame, in *ins, args []Value) (ok bool, failure string)

// testifyChecks are the bridged assertions by name, with the number of
// their arguments after t and before msgAndArgs.
var testifyChecks = map[string]struct {
	n     int
	check testifyCheck
}{
	"Equal": {2, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		if r.objectsAreEqual(a[0], a[1]) {
			return true, ""
		}
		return false, fmt.Sprintf("Not equal: \nexpected: %s\nactual  : %s", r.testifyFormat(fr, a[0]), r.testifyFormat(fr, a[1]))
	}},
	"NotEqual": {2, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		if !r.objectsAreEqual(a[0], a[1]) {
			return true, ""
		}
		return false, "Should not be: " + r.testifyFormat(fr, a[1])
	}},
	"True": {1, func(r *run, fr *frame, in *ins, a []Value) (bool, string) { return a[0].n != 0, "Should be true" }},
	"False": {1, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		return a[0].n == 0, "Should be false"
	}},
	"Nil": {1, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		return testifyIsNil(a[0]), "Expected nil, but got: " + r.testifyFormat(fr, a[0])
	}},
	"NotNil": {1, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		return !testifyIsNil(a[0]), "Expected value not to be nil."
	}},
	"NoError": {1, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		if a[0].p == nil {
			return true, ""
		}
		return false, "Received unexpected error:\n" + r.errorText(fr, a[0])
	}},
	"Error": {1, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		return a[0].p != nil, "An error is expected but got nil."
	}},
	"EqualError": {2, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		if a[0].p == nil {
			return false, "An error is expected but got nil."
		}
		got := r.errorText(fr, a[0])
		return got == a[1].Str(), fmt.Sprintf("Error message not equal:\nexpected: %q\nactual  : %q", a[1].Str(), got)
	}},
	"ErrorIs": {2, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		return errorsIs(r, fr, in, a).n != 0, "Target error should be in err chain"
	}},
	"Empty": {1, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		return r.testifyIsEmpty(a[0]), "Should be empty, but was " + r.testifyFormat(fr, a[0])
	}},
	"NotEmpty": {1, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		return !r.testifyIsEmpty(a[0]), "Should NOT be empty, but was " + r.testifyFormat(fr, a[0])
	}},
	"Len": {2, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		n, ok := testifyLen(a[0])
		if !ok {
			return false, fmt.Sprintf("\"%s\" could not be applied builtin len()", r.testifyFormat(fr, a[0]))
		}
		return n == int(a[1].Int()), fmt.Sprintf("\"%s\" should have %d item(s), but has %d", r.testifyFormat(fr, a[0]), a[1].Int(), n)
	}},
	"Same": {2, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		return testifySame(a[0], a[1]), "Not same: \nexpected: " + r.testifyFormat(fr, a[0]) + "\nactual  : " + r.testifyFormat(fr, a[1])
	}},
	"NotSame": {2, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		return !testifySame(a[0], a[1]), "Expected and actual point to the same object: " + r.testifyFormat(fr, a[0])
	}},
	"Panics": {1, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		panicked, v := r.testifyDidPanic(fr, in, a[0])
		return panicked, fmt.Sprintf("func %#v should panic\n\tPanic value:\t%s", "(assert.PanicTestFunc)", v)
	}},
	"NotPanics": {1, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		panicked, v := r.testifyDidPanic(fr, in, a[0])
		return !panicked, fmt.Sprintf("func %#v should not panic\n\tPanic value:\t%s", "(assert.PanicTestFunc)", v)
	}},
	"NotContains": {2, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		found, ok := r.testifyContains(a[0], a[1])
		if !ok {
			return false, fmt.Sprintf("%s could not be applied builtin len()", r.testifyFormat(fr, a[0]))
		}
		return !found, fmt.Sprintf("%s should not contain %s", r.testifyFormat(fr, a[0]), r.testifyFormat(fr, a[1]))
	}},
	"Zero": {1, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		return r.testifyIsZero(a[0]), "Should be zero, but was " + r.testifyFormat(fr, a[0])
	}},
	"NotZero": {1, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		return !r.testifyIsZero(a[0]), "Should not be zero, but was " + r.testifyFormat(fr, a[0])
	}},
	"Greater":        {2, testifyCompare(">", func(c int) bool { return c > 0 })},
	"GreaterOrEqual": {2, testifyCompare(">=", func(c int) bool { return c >= 0 })},
	"Less":           {2, testifyCompare("<", func(c int) bool { return c < 0 })},
	"LessOrEqual":    {2, testifyCompare("<=", func(c int) bool { return c <= 0 })},
	"InDelta": {3, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		x, okx := testifyFloat(a[0])
		y, oky := testifyFloat(a[1])
		if !okx || !oky {
			return false, "Parameters must be numerical"
		}
		if math.IsNaN(x) && math.IsNaN(y) {
			return true, ""
		}
		d := x - y
		if math.IsNaN(d) || d < -a[2].Float() || d > a[2].Float() {
			return false, fmt.Sprintf("Max difference between %v and %v allowed is %v, but difference was %v", x, y, a[2].Float(), d)
		}
		return true, ""
	}},
	"ElementsMatch": {2, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		return r.testifyElementsMatch(a[0], a[1]), fmt.Sprintf("elements differ: %s and %s", r.testifyFormat(fr, a[0]), r.testifyFormat(fr, a[1]))
	}},
	"IsType": {2, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		same := a[0].p != nil && a[1].p != nil && (*iface)(a[0].p).nat == nil && (*iface)(a[1].p).nat == nil && (*iface)(a[0].p).t.id == (*iface)(a[1].p).t.id
		return same, fmt.Sprintf("Object expected to be of type %s, but was %s", r.typeName(a[0]), r.typeName(a[1]))
	}},
	"Contains": {2, func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		found, ok := r.testifyContains(a[0], a[1])
		if !ok {
			return false, fmt.Sprintf("%s could not be applied builtin len()", r.testifyFormat(fr, a[0]))
		}
		return found, fmt.Sprintf("%s does not contain %s", r.testifyFormat(fr, a[0]), r.testifyFormat(fr, a[1]))
	}},
}

// testifyDidPanic calls the interpreted func value f and reports whether
// it panicked (recovering it, as testify's didPanic does) and with what.
// runtime.Goexit (t.FailNow) and stops of the run go on unwinding.
func (r *run) testifyDidPanic(fr *frame, in *ins, f Value) (panicked bool, msg string) {
	func() {
		defer func() {
			x := recover()
			if x == nil {
				return
			}
			ip, ok := x.(*interpPanic)
			if !ok || isGoexit(ip.v) {
				panic(x)
			}
			r.cur = fr
			panicked, msg = true, formatPanic(ip.v)
		}()
		r.callValue(fr, in, f, nil)
	}()
	return panicked, msg
}

// testifyIsZero is testify's Zero check: nil or the zero value of the
// value's type.
func (r *run) testifyIsZero(v Value) bool {
	if v.p == nil {
		return true
	}
	it := (*iface)(v.p)
	if it.nat != nil {
		return reflect.ValueOf(it.nat).IsZero()
	}
	return deepEqual(it.v, r.p.zero(it.t.t), 0)
}

// testifyOrdered returns the basic type of an interface holding an
// ordered value (an integer, float or string), nil for others.
func testifyOrdered(v Value) *types.Basic {
	if v.p == nil || (*iface)(v.p).nat != nil {
		return nil
	}
	b, ok := (*iface)(v.p).t.t.Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsOrdered == 0 {
		return nil
	}
	return b
}

// testifyCompare is Greater, Less and the like: both values of the same
// ordered type, compared; name is the comparison for the message.
func testifyCompare(name string, holds func(int) bool) testifyCheck {
	return func(r *run, fr *frame, in *ins, a []Value) (bool, string) {
		bx, by := testifyOrdered(a[0]), testifyOrdered(a[1])
		if bx == nil || by == nil || (*iface)(a[0].p).t.id != (*iface)(a[1].p).t.id {
			return false, "Elements should be the same type"
		}
		x, y := (*iface)(a[0].p).v, (*iface)(a[1].p).v
		c := 0
		switch {
		case bx.Info()&types.IsString != 0:
			c = strings.Compare(x.Str(), y.Str())
		case bx.Info()&types.IsFloat != 0:
			c = cmp.Compare(x.Float(), y.Float())
		case bx.Info()&types.IsUnsigned != 0:
			c = cmp.Compare(x.n, y.n)
		default:
			c = cmp.Compare(x.Int(), y.Int())
		}
		return holds(c), fmt.Sprintf("\"%s\" is not %s \"%s\"", r.testifyFormatPlain(fr, a[0]), name, r.testifyFormatPlain(fr, a[1]))
	}
}

// testifyFloat converts a numeric interface value to float64.
func testifyFloat(v Value) (float64, bool) {
	b := testifyOrdered(v)
	if b == nil || b.Info()&types.IsNumeric == 0 {
		return 0, false
	}
	x := (*iface)(v.p).v
	switch {
	case b.Info()&types.IsFloat != 0:
		return x.Float(), true
	case b.Info()&types.IsUnsigned != 0:
		return float64(x.n), true
	}
	return float64(x.Int()), true
}

// testifyElementsMatch is testify's ElementsMatch: the same elements,
// each as many times, in any order (slices or arrays).
func (r *run) testifyElementsMatch(a, b Value) bool {
	elems := func(v Value) ([]Value, bool) {
		if v.p == nil {
			return nil, true
		}
		it := (*iface)(v.p)
		if it.nat != nil {
			return nil, false
		}
		var et types.Type
		var cs []cell
		switch u := it.t.t.Underlying().(type) {
		case *types.Slice:
			et, cs = u.Elem(), it.v.slice()
		case *types.Array:
			et, cs = u.Elem(), it.v.cells()
		default:
			return nil, false
		}
		out := make([]Value, len(cs))
		for i := range cs {
			out[i] = Value{k: KindInterface, p: ptrOf(&iface{t: r.p.internLocked(et), v: cs[i].v})}
		}
		return out, true
	}
	xs, okx := elems(a)
	ys, oky := elems(b)
	if !okx || !oky || len(xs) != len(ys) {
		return false
	}
	used := make([]bool, len(ys))
	for _, x := range xs {
		found := false
		for j, y := range ys {
			if !used[j] && r.objectsAreEqual(x, y) {
				used[j], found = true, true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// typeName names the dynamic type of an interface value.
func (r *run) typeName(v Value) string {
	if v.p == nil {
		return "<nil>"
	}
	if it := (*iface)(v.p); it.nat == nil {
		return runtimeTypeString(it.t.t)
	}
	return reflect.TypeOf((*iface)(v.p).nat).String()
}

// testifyFormatPlain formats an interface value with %v.
func (r *run) testifyFormatPlain(fr *frame, v Value) string {
	if v.p == nil {
		return "<nil>"
	}
	return fmt.Sprintf("%v", r.ifaceToNative(fr, (*iface)(v.p)))
}

// testifySame is testify's samePointers: two pointers of the same type to
// the same variable.
func testifySame(a, b Value) bool {
	if a.p == nil || b.p == nil {
		return false
	}
	ai, bi := (*iface)(a.p), (*iface)(b.p)
	if ai.nat != nil || bi.nat != nil {
		// Native pointers (an errors.New error): the same type and address.
		x, y := reflect.ValueOf(ai.nat), reflect.ValueOf(bi.nat)
		return ai.nat != nil && bi.nat != nil && x.Kind() == reflect.Pointer && x.Type() == y.Type() && x.Pointer() == y.Pointer()
	}
	if ai.t.id != bi.t.id || ai.v.k != KindPointer {
		return false
	}
	return ai.v.p == bi.v.p
}

// objectsAreEqual is testify's ObjectsAreEqual on interpreted interface
// values.
func (r *run) objectsAreEqual(a, b Value) bool {
	if a.p == nil || b.p == nil {
		return a.p == b.p
	}
	ai, bi := (*iface)(a.p), (*iface)(b.p)
	if ai.nat == nil && isByteSlice(ai.t.t) {
		if bi.nat != nil || !isByteSlice(bi.t.t) {
			return false
		}
		x, y := ai.v.slice(), bi.v.slice()
		if (ai.v.p == nil) != (bi.v.p == nil) && len(x)+len(y) > 0 {
			return false
		}
		if len(x) != len(y) {
			return false
		}
		for i := range x {
			if x[i].v.n != y[i].v.n {
				return false
			}
		}
		return true
	}
	return deepEqual(a, b, 0)
}

func isByteSlice(t types.Type) bool {
	s, ok := types.Unalias(t).(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Uint8
}

// testifyIsNil is testify's isNil: a nil interface, or one holding a nil
// pointer, slice, map, channel or func.
func testifyIsNil(v Value) bool {
	if v.p == nil {
		return true
	}
	it := (*iface)(v.p)
	if it.nat != nil {
		rv := reflect.ValueOf(it.nat)
		switch rv.Kind() {
		case reflect.Chan, reflect.Func, reflect.Interface, reflect.Map, reflect.Pointer, reflect.Slice, reflect.UnsafePointer:
			return rv.IsNil()
		}
		return false
	}
	switch it.v.k {
	case KindPointer, KindSlice, KindMap, KindChan, KindFunc:
		return it.v.p == nil
	}
	return false
}

// testifyLen is len of the interpreted value an interface holds.
func testifyLen(v Value) (int, bool) {
	if v.p == nil {
		return 0, false
	}
	it := (*iface)(v.p)
	if it.nat != nil {
		rv := reflect.ValueOf(it.nat)
		switch rv.Kind() {
		case reflect.Array, reflect.Chan, reflect.Map, reflect.Slice, reflect.String:
			return rv.Len(), true
		}
		return 0, false
	}
	switch u := it.t.t.Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			return len(it.v.Str()), true
		}
	case *types.Slice:
		return len(it.v.slice()), true
	case *types.Array:
		return int(u.Len()), true
	case *types.Map:
		if it.v.p == nil {
			return 0, true
		}
		return (*mapObj)(it.v.p).len(), true
	case *types.Chan:
		if it.v.p == nil {
			return 0, true
		}
		return len((*chanObj)(it.v.p).buf), true
	}
	return 0, false
}

// testifyIsEmpty is testify's isEmpty: nil, a collection without
// elements, a nil pointer or one to an empty value, or a zero value.
func (r *run) testifyIsEmpty(v Value) bool {
	if v.p == nil {
		return true
	}
	it := (*iface)(v.p)
	if it.nat != nil {
		rv := reflect.ValueOf(it.nat)
		return rv.IsZero()
	}
	switch u := it.t.t.Underlying().(type) {
	case *types.Array, *types.Slice, *types.Map, *types.Chan:
		n, _ := testifyLen(v)
		return n == 0
	case *types.Pointer:
		if it.v.p == nil {
			return true
		}
		return r.testifyIsEmpty(Value{k: KindInterface, p: ptrOf(&iface{t: r.p.internLocked(u.Elem()), v: (*cell)(it.v.p).v})})
	}
	return deepEqual(it.v, r.p.zero(it.t.t), 0)
}

// testifyContains is testify's includeElement: a substring, an element of
// a slice or array, a key of a map; ok is false for other values.
func (r *run) testifyContains(s, elem Value) (found, ok bool) {
	if s.p == nil {
		return false, false
	}
	it := (*iface)(s.p)
	if it.nat != nil {
		return false, false
	}
	wrap := func(t types.Type, v Value) Value {
		return Value{k: KindInterface, p: ptrOf(&iface{t: r.p.internLocked(t), v: v})}
	}
	switch u := it.t.t.Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsString == 0 || elem.p == nil {
			return false, u.Info()&types.IsString != 0
		}
		ei := (*iface)(elem.p)
		if eb, ok := ei.t.t.Underlying().(*types.Basic); ei.nat != nil || !ok || eb.Info()&types.IsString == 0 {
			return false, true // testify compares strings with strings only
		}
		return strings.Contains(it.v.Str(), ei.v.Str()), true
	case *types.Slice:
		for _, c := range it.v.slice() {
			if r.objectsAreEqual(wrap(u.Elem(), c.v), elem) {
				return true, true
			}
		}
		return false, true
	case *types.Array:
		for _, c := range it.v.cells() {
			if r.objectsAreEqual(wrap(u.Elem(), c.v), elem) {
				return true, true
			}
		}
		return false, true
	case *types.Map:
		if it.v.p == nil {
			return false, true
		}
		for _, e := range (*mapObj)(it.v.p).live() {
			if r.objectsAreEqual(wrap(u.Key(), e.k), elem) {
				return true, true
			}
		}
		return false, true
	}
	return false, false
}

// testifyFormat formats an interface value as testify's messages do (%#v).
func (r *run) testifyFormat(fr *frame, v Value) string {
	if v.p == nil {
		return "<nil>"
	}
	return fmt.Sprintf("%#v", r.ifaceToNative(fr, (*iface)(v.p)))
}

// errorText returns err.Error() of an interpreted error value.
func (r *run) errorText(fr *frame, v Value) string {
	if e, ok := r.ifaceToNative(fr, (*iface)(v.p)).(error); ok {
		return e.Error()
	}
	return ""
}

// testifyBridge returns the bridge of assertion name of package pkg
// (assert or require).
func testifyBridge(pkg, name string, n int, check testifyCheck) extFunc {
	return func(r *run, fr *frame, in *ins, args []Value) Value {
		t := args[0]
		ok, failure := check(r, fr, in, args[1:1+n])
		if !ok {
			if t.p == nil {
				r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
			}
			ti := (*iface)(t.p)
			msg := "\n\tError:      \t" + strings.ReplaceAll(failure, "\n", "\n\t            \t")
			if ti.nat == nil && r.p.hasMethod(ti.t, "Name") {
				msg += "\n\tTest:       \t" + r.callMethod(fr, in, ti, "Name", nil).Str()
			}
			if len(args) > 1+n {
				if m := r.testifyMessage(fr, args[1+n]); m != "" {
					msg += "\n\tMessages:   \t" + m
				}
			}
			arg := Value{k: KindInterface, p: ptrOf(&iface{t: r.p.internLocked(types.Typ[types.String]), v: String(msg + "\n")})}
			r.callMethod(fr, in, ti, "Errorf", []Value{String("%s"), sliceOf([]cell{{v: arg, st: NoEvent}})})
			if pkg == "require" {
				r.callMethod(fr, in, ti, "FailNow", nil)
			}
		}
		if pkg == "require" {
			return Value{}
		}
		return Bool(ok)
	}
}

// testifyMessage is testify's messageFromMsgAndArgs.
func (r *run) testifyMessage(fr *frame, msgAndArgs Value) string {
	args := r.variadicArgs(fr, msgAndArgs)
	switch {
	case len(args) == 0:
		return ""
	case len(args) == 1:
		if s, ok := args[0].(string); ok {
			return s
		}
		return fmt.Sprintf("%+v", args[0])
	}
	if format, ok := args[0].(string); ok {
		return fmt.Sprintf(format, args[1:]...)
	}
	return ""
}

func init() {
	for _, pkg := range []string{"assert", "require"} {
		path := "github.com/stretchr/testify/" + pkg
		for name, c := range testifyChecks {
			f := testifyBridge(pkg, name, c.n, c.check)
			bridges[path+"."+name] = f
			// a := assert.New(t); a.Equal(x, y): the method with the
			// receiver's t first.
			bridges["(*"+path+".Assertions)."+name] = func(r *run, fr *frame, in *ins, args []Value) Value {
				return f(r, fr, in, append([]Value{assertionsT(r, fr, in, args[0])}, args[1:]...))
			}
		}
		bridges[path+".New"] = func(r *run, fr *frame, in *ins, args []Value) Value {
			pt, _ := calleeSig(in).Results().At(0).Type().(*types.Pointer)
			st, _ := pt.Elem().Underlying().(*types.Struct)
			if st == nil || st.NumFields() != 1 {
				panic(&BridgeError{Func: path + ".New", CallSite: r.pos(in), Reason: "Assertions has not exactly one field (its TestingT)"})
			}
			r.allocCells(2)
			c := newCell(r.p.zero(pt.Elem()), NoEvent)
			c.v.cells()[0].v = args[0]
			return Value{k: KindPointer, p: ptrOf(c)}
		}
	}
}

// assertionsT returns the TestingT of an *assert.Assertions (its only
// field).
func assertionsT(r *run, fr *frame, in *ins, a Value) Value {
	if a.p == nil {
		r.rtPanic(fr, in, "invalid memory address or nil pointer dereference")
	}
	return (*cell)(a.p).v.cells()[0].v
}
