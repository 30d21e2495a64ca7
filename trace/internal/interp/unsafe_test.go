package interp

import (
	"errors"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
)

const (
	unsafePkg  = "github.com/faultloc/faultloc/trace/testdata/unsafeops"
	unsafeFile = "../../testdata/unsafeops/unsafeops.go"
)

func runUnsafe(t *testing.T, name string, args ...Value) (*Result, error) {
	t.Helper()
	p := load(t, "./trace/testdata/unsafeops")
	fn := p.Func(unsafePkg, name)
	if fn == nil {
		t.Fatalf("no function %s", name)
	}
	return p.Run(bgContext, fn, args, nil)
}

func bytesValue(s string) Value {
	cs := make([]cell, len(s))
	for i := range cs {
		cs[i] = cell{v: Uint(uint64(s[i])), st: NoEvent}
	}
	return sliceOf(cs)
}

// TestUnsafeIdioms runs the idioms the interpreter follows, with their
// results as compiled code gives them.
func TestUnsafeIdioms(t *testing.T) {
	for i := range 12 {
		res, err := runUnsafe(t, "Offset", String("0123456789ab"), Int(int64(i)))
		if err != nil {
			t.Fatal(err)
		}
		if got := res.Returns[0].Int(); got != int64(i) {
			t.Errorf("Offset(_, %d) = %d", i, got)
		}
	}
	// A store through a header view of a variable is the variable's.
	res, err := runUnsafe(t, "StoreThroughView", String("abc"))
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Returns[0].Int(); got != 1 {
		t.Errorf("StoreThroughView = %d, want 1", got)
	}
	res, err = runUnsafe(t, "Bytes", bytesValue("héllo"))
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Returns[0].Str(); got != "héllo" {
		t.Errorf("Bytes = %q", got)
	}
	// The conversion that reads the slice as a string depends on the
	// store of the slice (the parameter's spill), as a load would.
	tr := res.Trace
	found := false
	for e := EventID(0); int(e) < tr.Len(); e++ {
		conv, ok := tr.Instr(e).(*ssa.Convert)
		if !ok || conv.Type().String() != "*string" {
			continue
		}
		found = true
		stored := false
		for _, d := range tr.Deps(e, nil) {
			if _, ok := tr.Instr(d).(*ssa.Store); ok {
				stored = true
			}
		}
		if !stored {
			t.Errorf("the view's event %d depends on no store", e)
		}
	}
	if !found {
		t.Error("no event of the conversion to *string")
	}
}

// TestUnsafeUnsupported checks that what the interpreter does not follow
// stops the run with an *UnsupportedError naming the construct and its
// line, not a panic of the interpreter.
func TestUnsafeUnsupported(t *testing.T) {
	for _, c := range []struct {
		fn        string
		args      []Value
		construct string
		line      string
	}{
		{"AddrOfVar", nil, "conversion of a uintptr to unsafe.Pointer", "uintptr(unsafe.Pointer(&x))"},
		{"StringAsBytes", []Value{String("abc")}, "of *string to *[]byte", "*(*[]byte)(unsafe.Pointer(&s))"},
		{"IntAsFloat", []Value{Int(1)}, "of *int to *float64", "*(*float64)(unsafe.Pointer(&x))"},
		{"StringOfElem", []Value{bytesValue("abc")}, "unsafe.String of 3 elements", "unsafe.String(&b[0], len(b))"},
		{"ValuePtrField", nil, "the field at offset 8 of a reflect.Value", "*(*unsafe.Pointer)(unsafe.Pointer(uintptr("},
		{"InsideField", nil, "offset 9 inside a struct{a int64; b int64} is not the start", "*(*int8)(unsafe.Pointer(uintptr("},
		{"NativeDeref", nil, "to *int of a pointer of unknown type", "return *(*int)(unsafe.Pointer(v.Pointer()))"},
		{"StrideVariable", nil, "conversion of a uintptr to unsafe.Pointer", "return (*strideNode)(unsafe.Pointer(uintptr("},
		{"StridePastEnd", nil, "conversion of a uintptr to unsafe.Pointer", "return (*strideNode)(unsafe.Pointer(uintptr("},
		{"WordsOfInt", nil, "an interface holding a int to *[2]unsafe.Pointer (the data word of a value that is not a pointer)", "return (*[2]unsafe.Pointer)(unsafe.Pointer(&x))[1]"},
	} {
		t.Run(c.fn, func(t *testing.T) {
			_, err := runUnsafe(t, c.fn, c.args...)
			var u *UnsupportedError
			if !errors.As(err, &u) {
				t.Fatalf("err = %v, want *UnsupportedError", err)
			}
			if !strings.Contains(u.Construct, c.construct) || u.Pos.Line != lineOf(t, unsafeFile, c.line) || !strings.HasSuffix(u.Pos.Filename, "unsafeops.go") {
				t.Errorf("UnsupportedError = %v (construct %q), want %q at the line of %q", u, u.Construct, c.construct, c.line)
			}
		})
	}
}
