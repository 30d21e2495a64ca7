package interp

import (
	"context"
	"net"
	"reflect"
	"testing"
)

// TestCutResults: a native callback whose run ended returns zero values,
// but a context result is the context it was given, which native code
// that panics on a nil context (http.Server's ConnContext) accepts.
func TestCutResults(t *testing.T) {
	given := context.WithValue(context.Background(), "k", 1)
	for _, tc := range []struct {
		name string
		fn   any
		args []reflect.Value
		want []any // nil: the zero value
	}{
		{"ConnContext", func(context.Context, net.Conn) context.Context { return nil },
			[]reflect.Value{reflect.ValueOf(given), reflect.Zero(reflect.TypeFor[net.Conn]())}, []any{given}},
		{"BaseContext", func(net.Listener) context.Context { return nil },
			[]reflect.Value{reflect.Zero(reflect.TypeFor[net.Listener]())}, []any{nil}},
		{"error", func(context.Context) error { return nil },
			[]reflect.Value{reflect.ValueOf(given)}, []any{nil}},
		{"two", func(int, context.Context) (int, context.Context) { return 0, nil },
			[]reflect.Value{reflect.ValueOf(3), reflect.ValueOf(given)}, []any{0, given}},
	} {
		rt := reflect.TypeOf(tc.fn)
		outs := cutResults(rt, tc.args)
		if len(outs) != rt.NumOut() {
			t.Fatalf("%s: %d results, want %d", tc.name, len(outs), rt.NumOut())
		}
		for i, o := range outs {
			if o.Type() != rt.Out(i) && !o.Type().AssignableTo(rt.Out(i)) {
				t.Errorf("%s: result %d of type %v, want %v", tc.name, i, o.Type(), rt.Out(i))
			}
			want := tc.want[i]
			switch {
			case want == nil && !o.IsZero():
				t.Errorf("%s: result %d = %v, want the zero value", tc.name, i, o)
			case want != nil && o.Interface() != want:
				t.Errorf("%s: result %d = %v, want %v", tc.name, i, o, want)
			}
		}
	}
}
