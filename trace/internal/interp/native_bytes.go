package interp

import "reflect"

// Byte slices and arrays across the bridge: a []byte argument (a
// buffer a native Read or Write is given) is converted, and written back
// after the call, byte by byte, without the reflect.Value of each element
// the general conversions (toNative, fromNative) make. The values are the
// ones those make: a byte is a KindUint.

// nativeBytes returns the native bytes of rv, a slice or array whose elements
// are of kind uint8, and whether it could: an array must be addressable.
func nativeBytes(rv reflect.Value) ([]byte, bool) {
	if rv.Type().Elem().Kind() != reflect.Uint8 || rv.Kind() == reflect.Array && !rv.CanAddr() {
		return nil, false
	}
	return rv.Bytes(), true
}

// bytesToNative copies the interpreted bytes cs into dst, a native slice
// or addressable array of their length; false if a cell holds no byte.
func bytesToNative(cs []cell, dst reflect.Value) bool {
	b, ok := nativeBytes(dst)
	if !ok || len(b) != len(cs) {
		return false
	}
	for i := range cs {
		if cs[i].v.k != KindUint {
			return false
		}
		b[i] = byte(cs[i].v.n)
	}
	return true
}

// bytesFromNative returns the cells of the native bytes of rv, or false
// if rv is not such a slice or addressable array.
func bytesFromNative(rv reflect.Value) ([]cell, bool) {
	b, ok := nativeBytes(rv)
	if !ok {
		return nil, false
	}
	cs := make([]cell, len(b))
	for i, x := range b {
		cs[i] = cell{v: Uint(uint64(x)), st: NoEvent}
	}
	return cs, true
}

// bytesWriteBack stores into cs the bytes of rv that differ, each with
// event ev, and reports whether rv was such a slice.
func bytesWriteBack(cs []cell, rv reflect.Value, ev EventID) bool {
	b, ok := nativeBytes(rv)
	if !ok {
		return false
	}
	for j := 0; j < len(cs) && j < len(b); j++ {
		if c := &cs[j]; c.v.k == KindUint && c.v.n != uint64(b[j]) {
			c.v, c.st = Uint(uint64(b[j])), ev
		}
	}
	return true
}
