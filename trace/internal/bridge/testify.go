package bridge

import (
	"cmp"
	"fmt"
	"go/types"
	"math"
	"reflect"
	"strings"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// The most used assertions of github.com/stretchr/testify's assert and
// require packages, bridged by hand: testify is interpreted from source
// like any library, but these stand in for its functions of the same
// name (interp's handBridgedSource), so that a failed assertion is
// recorded at the test's call of it rather than at a call of t.Errorf
// deep in testify; testify's other functions and variables (Equalf, Regexp,
// JSONEq, AnError...) run from its source. Each bridge decides as testify
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
type testifyCheck func(c interp.Call, args []interp.Value) (ok bool, failure string)

// testifyChecks are the bridged assertions by name, with the number of
// their arguments after t and before msgAndArgs.
var testifyChecks = map[string]struct {
	n     int
	check testifyCheck
}{
	"Equal": {2, func(c interp.Call, a []interp.Value) (bool, string) {
		if objectsAreEqual(c, a[0], a[1]) {
			return true, ""
		}
		return false, fmt.Sprintf("Not equal: \nexpected: %s\nactual  : %s", testifyFormat(c, a[0]), testifyFormat(c, a[1]))
	}},
	"NotEqual": {2, func(c interp.Call, a []interp.Value) (bool, string) {
		if !objectsAreEqual(c, a[0], a[1]) {
			return true, ""
		}
		return false, "Should not be: " + testifyFormat(c, a[1])
	}},
	"True": {1, func(c interp.Call, a []interp.Value) (bool, string) { return a[0].Bool(), "Should be true" }},
	"False": {1, func(c interp.Call, a []interp.Value) (bool, string) {
		return !a[0].Bool(), "Should be false"
	}},
	"Nil": {1, func(c interp.Call, a []interp.Value) (bool, string) {
		return testifyIsNil(a[0]), "Expected nil, but got: " + testifyFormat(c, a[0])
	}},
	"NotNil": {1, func(c interp.Call, a []interp.Value) (bool, string) {
		return !testifyIsNil(a[0]), "Expected value not to be nil."
	}},
	"NoError": {1, func(c interp.Call, a []interp.Value) (bool, string) {
		if isNil(a[0]) {
			return true, ""
		}
		return false, "Received unexpected error:\n" + errorText(c, a[0])
	}},
	"Error": {1, func(c interp.Call, a []interp.Value) (bool, string) {
		return !isNil(a[0]), "An error is expected but got nil."
	}},
	"EqualError": {2, func(c interp.Call, a []interp.Value) (bool, string) {
		if isNil(a[0]) {
			return false, "An error is expected but got nil."
		}
		got := errorText(c, a[0])
		return got == a[1].Str(), fmt.Sprintf("Error message not equal:\nexpected: %q\nactual  : %q", a[1].Str(), got)
	}},
	"ErrorIs": {2, func(c interp.Call, a []interp.Value) (bool, string) {
		return c.ErrorsIs(a[0], a[1]), "Target error should be in err chain"
	}},
	"Empty": {1, func(c interp.Call, a []interp.Value) (bool, string) {
		return testifyIsEmpty(c, a[0]), "Should be empty, but was " + testifyFormat(c, a[0])
	}},
	"NotEmpty": {1, func(c interp.Call, a []interp.Value) (bool, string) {
		return !testifyIsEmpty(c, a[0]), "Should NOT be empty, but was " + testifyFormat(c, a[0])
	}},
	"Len": {2, func(c interp.Call, a []interp.Value) (bool, string) {
		n, ok := testifyLen(a[0])
		if !ok {
			return false, fmt.Sprintf("\"%s\" could not be applied builtin len()", testifyFormat(c, a[0]))
		}
		return n == int(a[1].Int()), fmt.Sprintf("\"%s\" should have %d item(s), but has %d", testifyFormat(c, a[0]), a[1].Int(), n)
	}},
	"Same": {2, func(c interp.Call, a []interp.Value) (bool, string) {
		return testifySame(c, a[0], a[1]), "Not same: \nexpected: " + testifyFormat(c, a[0]) + "\nactual  : " + testifyFormat(c, a[1])
	}},
	"NotSame": {2, func(c interp.Call, a []interp.Value) (bool, string) {
		return !testifySame(c, a[0], a[1]), "Expected and actual point to the same object: " + testifyFormat(c, a[0])
	}},
	"Panics": {1, func(c interp.Call, a []interp.Value) (bool, string) {
		panicked, v := testifyDidPanic(c, a[0])
		return panicked, fmt.Sprintf("func %#v should panic\n\tPanic value:\t%s", "(assert.PanicTestFunc)", v)
	}},
	"NotPanics": {1, func(c interp.Call, a []interp.Value) (bool, string) {
		panicked, v := testifyDidPanic(c, a[0])
		return !panicked, fmt.Sprintf("func %#v should not panic\n\tPanic value:\t%s", "(assert.PanicTestFunc)", v)
	}},
	"NotContains": {2, func(c interp.Call, a []interp.Value) (bool, string) {
		found, ok := testifyContains(c, a[0], a[1])
		if !ok {
			return false, fmt.Sprintf("%s could not be applied builtin len()", testifyFormat(c, a[0]))
		}
		return !found, fmt.Sprintf("%s should not contain %s", testifyFormat(c, a[0]), testifyFormat(c, a[1]))
	}},
	"Zero": {1, func(c interp.Call, a []interp.Value) (bool, string) {
		return testifyIsZero(c, a[0]), "Should be zero, but was " + testifyFormat(c, a[0])
	}},
	"NotZero": {1, func(c interp.Call, a []interp.Value) (bool, string) {
		return !testifyIsZero(c, a[0]), "Should not be zero, but was " + testifyFormat(c, a[0])
	}},
	"Greater":        {2, testifyCompare(">", func(c int) bool { return c > 0 })},
	"GreaterOrEqual": {2, testifyCompare(">=", func(c int) bool { return c >= 0 })},
	"Less":           {2, testifyCompare("<", func(c int) bool { return c < 0 })},
	"LessOrEqual":    {2, testifyCompare("<=", func(c int) bool { return c <= 0 })},
	"InDelta": {3, func(c interp.Call, a []interp.Value) (bool, string) {
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
	"ElementsMatch": {2, func(c interp.Call, a []interp.Value) (bool, string) {
		return testifyElementsMatch(c, a[0], a[1]), fmt.Sprintf("elements differ: %s and %s", testifyFormat(c, a[0]), testifyFormat(c, a[1]))
	}},
	"IsType": {2, func(c interp.Call, a []interp.Value) (bool, string) {
		// reflect.TypeOf of both, as testify compares them: a native
		// value (errors.New's) and an interpreted one of one type agree.
		x, _ := c.DynamicType(a[0])
		y, _ := c.DynamicType(a[1])
		return x == y, fmt.Sprintf("Object expected to be of type %s, but was %s", typeName(a[0]), typeName(a[1]))
	}},
	"Contains": {2, func(c interp.Call, a []interp.Value) (bool, string) {
		found, ok := testifyContains(c, a[0], a[1])
		if !ok {
			return false, fmt.Sprintf("%s could not be applied builtin len()", testifyFormat(c, a[0]))
		}
		return found, fmt.Sprintf("%s does not contain %s", testifyFormat(c, a[0]), testifyFormat(c, a[1]))
	}},
}

// testifyDidPanic calls the interpreted func value f and reports whether
// it panicked (recovering it, as testify's didPanic does) and with what.
// runtime.Goexit (t.FailNow) and stops of the run go on unwinding.
func testifyDidPanic(c interp.Call, f interp.Value) (panicked bool, msg string) {
	msg, panicked = c.CatchPanic(func() { c.CallValue(f, nil) })
	return panicked, msg
}

// testifyIsZero is testify's Zero check: nil or the zero value of the
// value's type.
func testifyIsZero(c interp.Call, v interp.Value) bool {
	if isNil(v) {
		return true
	}
	if nat := interp.NativeDynamic(v); nat != nil {
		return reflect.ValueOf(nat).IsZero()
	}
	return c.DeepEqual(v.Elem(), c.Zero(v.DynamicType()))
}

// testifyOrdered returns the basic type of an interface holding an
// ordered value (an integer, float or string), nil for others.
func testifyOrdered(v interp.Value) *types.Basic {
	if isNil(v) || interp.NativeDynamic(v) != nil {
		return nil
	}
	b, ok := v.DynamicType().Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsOrdered == 0 {
		return nil
	}
	return b
}

// testifyCompare is Greater, Less and the like: both values of the same
// ordered type, compared; name is the comparison for the message.
func testifyCompare(name string, holds func(int) bool) testifyCheck {
	return func(c interp.Call, a []interp.Value) (bool, string) {
		bx, by := testifyOrdered(a[0]), testifyOrdered(a[1])
		if bx == nil || by == nil || !types.Identical(a[0].DynamicType(), a[1].DynamicType()) {
			return false, "Elements should be the same type"
		}
		x, y := a[0].Elem(), a[1].Elem()
		cmpXY := 0
		switch {
		case bx.Info()&types.IsString != 0:
			cmpXY = strings.Compare(x.Str(), y.Str())
		case bx.Info()&types.IsFloat != 0:
			cmpXY = cmp.Compare(x.Float(), y.Float())
		case bx.Info()&types.IsUnsigned != 0:
			cmpXY = cmp.Compare(x.Uint(), y.Uint())
		default:
			cmpXY = cmp.Compare(x.Int(), y.Int())
		}
		return holds(cmpXY), fmt.Sprintf("\"%s\" is not %s \"%s\"", testifyFormatPlain(c, a[0]), name, testifyFormatPlain(c, a[1]))
	}
}

// testifyFloat converts a numeric interface value to float64.
func testifyFloat(v interp.Value) (float64, bool) {
	b := testifyOrdered(v)
	if b == nil || b.Info()&types.IsNumeric == 0 {
		return 0, false
	}
	x := v.Elem()
	switch {
	case b.Info()&types.IsFloat != 0:
		return x.Float(), true
	case b.Info()&types.IsUnsigned != 0:
		return float64(x.Uint()), true
	}
	return float64(x.Int()), true
}

// testifyElementsMatch is testify's ElementsMatch: the same elements,
// each as many times, in any order (slices or arrays).
func testifyElementsMatch(c interp.Call, a, b interp.Value) bool {
	elems := func(v interp.Value) ([]interp.Value, bool) {
		if isNil(v) {
			return nil, true
		}
		if interp.NativeDynamic(v) != nil {
			return nil, false
		}
		var et types.Type
		switch u := v.DynamicType().Underlying().(type) {
		case *types.Slice:
			et = u.Elem()
		case *types.Array:
			et = u.Elem()
		default:
			return nil, false
		}
		x := v.Elem()
		out := make([]interp.Value, x.Len())
		for i := range out {
			out[i] = c.Interface(et, x.Index(i))
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
			if !used[j] && objectsAreEqual(c, x, y) {
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
func typeName(v interp.Value) string {
	if isNil(v) {
		return "<nil>"
	}
	if nat := interp.NativeDynamic(v); nat != nil {
		return reflect.TypeOf(nat).String()
	}
	return interp.TypeString(v.DynamicType())
}

// testifyFormatPlain formats an interface value with %v.
func testifyFormatPlain(c interp.Call, v interp.Value) string {
	if isNil(v) {
		return "<nil>"
	}
	return fmt.Sprintf("%v", c.Native(v))
}

// testifySame is testify's samePointers: two pointers of the same type to
// the same variable, as == decides whether native or interpreted code
// made each (time.UTC and a native Time's Location()).
func testifySame(c interp.Call, a, b interp.Value) bool {
	x, xk := c.DynamicType(a)
	y, yk := c.DynamicType(b)
	return xk == reflect.Pointer && yk == reflect.Pointer && x == y && c.Equal(a, b)
}

// objectsAreEqual is testify's ObjectsAreEqual on interpreted interface
// values.
func objectsAreEqual(c interp.Call, a, b interp.Value) bool {
	if isNil(a) || isNil(b) {
		return isNil(a) && isNil(b)
	}
	an, bn := interp.NativeDynamic(a), interp.NativeDynamic(b)
	if an == nil && isByteSlice(a.DynamicType()) {
		if bn != nil || !isByteSlice(b.DynamicType()) {
			return false
		}
		x, y := a.Elem(), b.Elem()
		if isNil(x) != isNil(y) && x.Len()+y.Len() > 0 {
			return false
		}
		if x.Len() != y.Len() {
			return false
		}
		for i := range x.Len() {
			if x.Index(i).Uint() != y.Index(i).Uint() {
				return false
			}
		}
		return true
	}
	return c.DeepEqual(a, b)
}

// isNil reports whether v holds no reference: a nil interface, pointer,
// slice, map, channel or func.
func isNil(v interp.Value) bool { return interp.Addr(v) == nil }

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
func testifyIsNil(v interp.Value) bool {
	if isNil(v) {
		return true
	}
	if nat := interp.NativeDynamic(v); nat != nil {
		rv := reflect.ValueOf(nat)
		switch rv.Kind() {
		case reflect.Chan, reflect.Func, reflect.Interface, reflect.Map, reflect.Pointer, reflect.Slice, reflect.UnsafePointer:
			return rv.IsNil()
		}
		return false
	}
	switch x := v.Elem(); x.Kind() {
	case interp.KindPointer, interp.KindSlice, interp.KindMap, interp.KindChan, interp.KindFunc:
		return isNil(x)
	}
	return false
}

// testifyLen is len of the interpreted value an interface holds.
func testifyLen(v interp.Value) (int, bool) {
	if isNil(v) {
		return 0, false
	}
	if nat := interp.NativeDynamic(v); nat != nil {
		rv := reflect.ValueOf(nat)
		switch rv.Kind() {
		case reflect.Array, reflect.Chan, reflect.Map, reflect.Slice, reflect.String:
			return rv.Len(), true
		}
		return 0, false
	}
	x := v.Elem()
	switch u := v.DynamicType().Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsString != 0 {
			return len(x.Str()), true
		}
	case *types.Slice, *types.Map:
		return x.Len(), true
	case *types.Array:
		return int(u.Len()), true
	case *types.Chan:
		return interp.ChanLen(x), true
	}
	return 0, false
}

// testifyIsEmpty is testify's isEmpty: nil, a collection without
// elements, a nil pointer or one to an empty value, or a zero value.
func testifyIsEmpty(c interp.Call, v interp.Value) bool {
	if isNil(v) {
		return true
	}
	if nat := interp.NativeDynamic(v); nat != nil {
		rv := reflect.ValueOf(nat)
		return rv.IsZero()
	}
	switch u := v.DynamicType().Underlying().(type) {
	case *types.Array, *types.Slice, *types.Map, *types.Chan:
		n, _ := testifyLen(v)
		return n == 0
	case *types.Pointer:
		if isNil(v.Elem()) {
			return true
		}
		return testifyIsEmpty(c, c.Interface(u.Elem(), v.Elem().Elem()))
	}
	return c.DeepEqual(v.Elem(), c.Zero(v.DynamicType()))
}

// testifyContains is testify's includeElement: a substring, an element of
// a slice or array, a key of a map; ok is false for other values.
func testifyContains(c interp.Call, s, elem interp.Value) (found, ok bool) {
	if isNil(s) || interp.NativeDynamic(s) != nil {
		return false, false
	}
	x := s.Elem()
	switch u := s.DynamicType().Underlying().(type) {
	case *types.Basic:
		if u.Info()&types.IsString == 0 || isNil(elem) {
			return false, u.Info()&types.IsString != 0
		}
		// testify compares strings with strings only. A value made by
		// native code (an errors.New error) has no interpreted type.
		if interp.NativeDynamic(elem) != nil {
			return false, true
		}
		if eb, ok := elem.DynamicType().Underlying().(*types.Basic); !ok || eb.Info()&types.IsString == 0 {
			return false, true
		}
		return strings.Contains(x.Str(), elem.Elem().Str()), true
	case *types.Slice:
		for i := range x.Len() {
			if objectsAreEqual(c, c.Interface(u.Elem(), x.Index(i)), elem) {
				return true, true
			}
		}
		return false, true
	case *types.Array:
		for i := range x.Len() {
			if objectsAreEqual(c, c.Interface(u.Elem(), x.Index(i)), elem) {
				return true, true
			}
		}
		return false, true
	case *types.Map:
		for _, k := range interp.MapKeys(x) {
			if objectsAreEqual(c, c.Interface(u.Key(), k), elem) {
				return true, true
			}
		}
		return false, true
	}
	return false, false
}

// testifyFormat formats an interface value as testify's messages do (%#v).
func testifyFormat(c interp.Call, v interp.Value) string {
	if isNil(v) {
		return "<nil>"
	}
	return fmt.Sprintf("%#v", c.Native(v))
}

// errorText returns err.Error() of an interpreted error value.
func errorText(c interp.Call, v interp.Value) string {
	if e, ok := c.Native(v).(error); ok {
		return e.Error()
	}
	return ""
}

// testifyBridge returns the bridge of assertion name of package pkg
// (assert or require).
func testifyBridge(pkg, name string, n int, check testifyCheck) func(c interp.Call, args []interp.Value) interp.Value {
	return func(c interp.Call, args []interp.Value) interp.Value {
		t := args[0]
		ok, failure := check(c, args[1:1+n])
		if !ok {
			if isNil(t) {
				c.RuntimeError("invalid memory address or nil pointer dereference")
			}
			msg := "\n\tError:      \t" + strings.ReplaceAll(failure, "\n", "\n\t            \t")
			if interp.NativeDynamic(t) == nil && c.HasMethod(t, "Name") {
				msg += "\n\tTest:       \t" + c.CallMethod(t, "Name", nil).Str()
			}
			if len(args) > 1+n {
				if m := testifyMessage(c, args[1+n]); m != "" {
					msg += "\n\tMessages:   \t" + m
				}
			}
			arg := c.Interface(types.Typ[types.String], interp.String(msg+"\n"))
			c.CallMethod(t, "Errorf", []interp.Value{interp.String("%s"), interp.Slice(arg)})
			if pkg == "require" {
				c.CallMethod(t, "FailNow", nil)
			}
		}
		if pkg == "require" {
			return interp.Value{}
		}
		return interp.Bool(ok)
	}
}

// testifyMessage is testify's messageFromMsgAndArgs.
func testifyMessage(c interp.Call, msgAndArgs interp.Value) string {
	args := c.VariadicArgs(msgAndArgs)
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
		for name, ch := range testifyChecks {
			f := testifyBridge(pkg, name, ch.n, ch.check)
			interp.RegisterBridge(path+"."+name, f)
			// a := assert.New(t); a.Equal(x, y): the method with the
			// receiver's t first.
			interp.RegisterBridge("(*"+path+".Assertions)."+name, func(c interp.Call, args []interp.Value) interp.Value {
				return f(c, append([]interp.Value{assertionsT(c, args[0])}, args[1:]...))
			})
		}
		interp.RegisterBridge(path+".New", func(c interp.Call, args []interp.Value) interp.Value {
			pt, _ := c.Signature().Results().At(0).Type().(*types.Pointer)
			st, _ := pt.Elem().Underlying().(*types.Struct)
			if st == nil || st.NumFields() != 1 {
				panic(&interp.BridgeError{Func: path + ".New", CallSite: c.Pos(), Reason: "Assertions has not exactly one field (its TestingT)"})
			}
			a := c.New(pt.Elem())
			interp.Store(interp.FieldAddr(a, 0), args[0])
			return a
		})
	}
}

// assertionsT returns the TestingT of an *assert.Assertions (its only
// field).
func assertionsT(c interp.Call, a interp.Value) interp.Value {
	if isNil(a) {
		c.RuntimeError("invalid memory address or nil pointer dereference")
	}
	return a.Elem().Index(0)
}
