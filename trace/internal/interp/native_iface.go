package interp

import (
	"io"
	"math/rand"
	"reflect"
)

// Interpreted values as native interfaces, by table: a bridged function
// whose parameter is an interface (rand.New's rand.Source,
// binary.ReadUvarint's io.ByteReader) is given, for an interpreted value
// whose type has the interface's methods, an adapter whose methods call
// the interpreted ones (ifaceAdapter.call, native_fs.go). Go makes no
// type with methods at run time, so each interface has an adapter type;
// adding one takes the type, its one-line methods and a line of
// tableAdapters. The adapters of io.Reader and io.Writer (bridge_gen.go),
// of net/http's interfaces (native_http.go) and of io/fs's (native_fs.go)
// copy buffers back or carry state, and are written apart.

// tableAdapter makes the adapter of one native interface.
type tableAdapter struct {
	rt      reflect.Type             // the interface the adapter implements
	methods []string                 // the methods the interpreted type must have
	adapt   func(a ifaceAdapter) any // the adapter of an interpreted value
}

// tableAdapters lists the adapters, an interface that embeds another
// before it (a rand.Source64 before a rand.Source: rand.New asks its
// source whether it is a Source64, and the answer must be the
// interpreted type's).
var tableAdapters = []tableAdapter{
	{reflect.TypeFor[rand.Source64](), []string{"Int63", "Seed", "Uint64"}, func(a ifaceAdapter) any { return randSource64{randSource{a}} }},
	{reflect.TypeFor[rand.Source](), []string{"Int63", "Seed"}, func(a ifaceAdapter) any { return randSource{a} }},
	{reflect.TypeFor[io.ByteReader](), []string{"ReadByte"}, func(a ifaceAdapter) any { return byteReader{a} }},
	{reflect.TypeFor[io.RuneReader](), []string{"ReadRune"}, func(a ifaceAdapter) any { return runeReader{a} }},
}

// adaptByTable returns the adapter of the first of tableAdapters that
// implements rt and whose methods it's type has.
func (r *run) adaptByTable(fr *frame, in *ins, it *iface, rt reflect.Type) (reflect.Value, bool) {
next:
	for _, t := range tableAdapters {
		if !t.rt.Implements(rt) {
			continue
		}
		for _, m := range t.methods {
			if !r.p.hasMethod(it.t, m) {
				continue next
			}
		}
		return reflect.ValueOf(t.adapt(ifaceAdapter{r, fr, in, it})), true
	}
	return reflect.Value{}, false
}

// randSource is a rand.Source whose methods are interpreted.
type randSource struct{ ifaceAdapter }

func (s randSource) Int63() (n int64) {
	s.call("Int63", nil, &n)
	return n
}

func (s randSource) Seed(seed int64) { s.call("Seed", []Value{Int(seed)}) }

// randSource64 is a rand.Source64 whose methods are interpreted.
type randSource64 struct{ randSource }

func (s randSource64) Uint64() (n uint64) {
	s.call("Uint64", nil, &n)
	return n
}

// byteReader is an io.ByteReader whose ReadByte is interpreted.
type byteReader struct{ ifaceAdapter }

func (a byteReader) ReadByte() (b byte, err error) {
	a.call("ReadByte", nil, &b, &err)
	return b, err
}

// runeReader is an io.RuneReader whose ReadRune is interpreted.
type runeReader struct{ ifaceAdapter }

func (a runeReader) ReadRune() (c rune, size int, err error) {
	a.call("ReadRune", nil, &c, &size, &err)
	return c, size, err
}

var (
	_ rand.Source64 = randSource64{}
	_ io.ByteReader = byteReader{}
	_ io.RuneReader = runeReader{}
)
