package corpus

import (
	"encoding"
	"fmt"
	"net/url"
	"reflect"
	"time"
)

// indirectValue follows pointers with reflect and returns the value they
// lead to as an interface, as msgpack's tests do before require.Equal.
func indirectValue(x any) any {
	v := reflect.ValueOf(x)
	for v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	return v.Interface()
}

// DeepEqualNative compares with reflect.DeepEqual values of standard
// types that native code made (url.Parse's, reflect's Elem().Interface())
// with ones the program made (new(url.URL) filled by UnmarshalBinary
// through reflect), as decoders' tests do.
func DeepEqualNative() string {
	u, _ := url.Parse("https://example.com/a/b?q=1")
	data, err := reflect.ValueOf(u).Interface().(encoding.BinaryMarshaler).MarshalBinary()
	check(err == nil, "MarshalBinary")
	o1 := new(url.URL)
	check(reflect.ValueOf(o1).Interface().(encoding.BinaryUnmarshaler).UnmarshalBinary(data) == nil, "UnmarshalBinary")
	o2 := new(*url.URL)
	v2 := reflect.ValueOf(o2).Elem()
	v2.Set(reflect.New(v2.Type().Elem()))
	check(v2.Interface().(encoding.BinaryUnmarshaler).UnmarshalBinary(data) == nil, "UnmarshalBinary through a new pointer")
	other, _ := url.Parse("https://example.com/other")
	out := []string{fmt.Sprint(
		reflect.DeepEqual(indirectValue(u), indirectValue(o1)),
		reflect.DeepEqual(indirectValue(u), indirectValue(o2)),
		reflect.DeepEqual(indirectValue(o1), indirectValue(other)),
		reflect.DeepEqual(*u, *o1),
		reflect.DeepEqual(u, o1),
		reflect.DeepEqual(indirectValue(u), *o1),
		reflect.DeepEqual(indirectValue(u), "https://example.com/a/b?q=1"),
	)}
	t0 := time.Date(2024, 5, 6, 7, 8, 9, 0, time.UTC)
	t1 := new(time.Time)
	check(t1.UnmarshalBinary(must(t0.MarshalBinary())) == nil, "time UnmarshalBinary")
	out = append(out, fmt.Sprint(reflect.DeepEqual(indirectValue(&t0), indirectValue(t1)), reflect.DeepEqual(indirectValue(t1), t0.Add(time.Second))))
	return fmt.Sprint(out)
}

func must(b []byte, err error) []byte {
	check(err == nil, "must")
	return b
}
