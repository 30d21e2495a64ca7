package corpus

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"
)

// binHeader is a fixed-size struct of the program's, as binary.Write,
// Read, Size, Encode, Decode and Append walk it by reflection: nested
// arrays and structs, blank fields (skipped: zeros written, left alone
// read), bools and floats.
type binHeader struct {
	Magic   [4]byte
	Version uint16
	Flags   int8
	_       [3]byte
	Count   uint32
	Ratio   float64
	Ok      bool
	Pt      struct{ X, Y int32 }
	Words   [2]uint64
}

// binCountingWriter is an io.Writer of the program's that Write writes
// through.
type binCountingWriter struct {
	buf    bytes.Buffer
	writes int
}

func (w *binCountingWriter) Write(p []byte) (int, error) {
	w.writes++
	return w.buf.Write(p)
}

// binOrder is a ByteOrder of the program's: little-endian under another
// name.
type binOrder struct{ binary.ByteOrder }

func (binOrder) String() string { return "binOrder" }

// Binary runs encoding/binary over the program's values, byte orders
// held in a variable of type ByteOrder (as a library keeps its choice),
// writers and readers, with its errors.
func Binary() string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }

	var order binary.ByteOrder = binary.BigEndian
	h := binHeader{Magic: [4]byte{'F', 'L', 0, 1}, Version: 3, Flags: -2, Count: 1 << 20, Ratio: 0.25, Ok: true, Words: [2]uint64{1, 1 << 63}}
	h.Pt.X, h.Pt.Y = -7, 9
	for _, o := range []binary.ByteOrder{order, binary.LittleEndian, binary.NativeEndian, binOrder{binary.LittleEndian}} {
		w := &binCountingWriter{}
		err := binary.Write(w, o, &h)
		add("%v write %v %d %x", o, err, w.writes, w.buf.Bytes())
		var back binHeader
		err = binary.Read(bytes.NewReader(w.buf.Bytes()), o, &back)
		add("%v read %v %+v %v", o, err, back, back == h)
	}
	add("size %d %d %d %d", binary.Size(h), binary.Size(&h), binary.Size([]uint16{1, 2, 3}), binary.Size("x"))

	// Fixed-size scalars and slices of them, through the fast paths.
	var buf bytes.Buffer
	for _, v := range []any{uint8(1), int16(-2), uint32(3), int64(-4), float32(1.5), true, []int32{5, -6}, []bool{true, false}, []float64{0.5}} {
		add("%T %v", v, binary.Write(&buf, order, v))
	}
	add("% x", buf.Bytes())
	var (
		u8  uint8
		i16 int16
		u32 uint32
		i64 int64
		f32 float32
		b   bool
		s   = make([]int32, 2)
	)
	for _, p := range []any{&u8, &i16, &u32, &i64, &f32, &b, s} {
		if err := binary.Read(&buf, order, p); err != nil {
			add("read %T: %v", p, err)
		}
	}
	add("%v %v %v %v %v %v %v", u8, i16, u32, i64, f32, b, s)

	// Encode, Decode and Append into the program's buffers.
	small := make([]byte, 4)
	n, err := binary.Encode(small, order, &h)
	add("encode short %d %v", n, err)
	big := make([]byte, binary.Size(h))
	n, err = binary.Encode(big, binary.LittleEndian, h)
	add("encode %d %v", n, err)
	var dec binHeader
	n, err = binary.Decode(big, binary.LittleEndian, &dec)
	add("decode %d %v %v", n, err, dec == h)
	app, err := binary.Append([]byte("hdr:"), order, h.Pt)
	add("append %q %v", app, err)

	// Errors: a type of no fixed size, a short input, a non-pointer.
	add("%v", binary.Write(io.Discard, order, struct{ S string }{"x"}))
	add("%v", binary.Write(io.Discard, order, map[int]int{}))
	var short binHeader
	err = binary.Read(strings.NewReader("FL"), order, &short)
	add("%v %v", err, errors.Is(err, io.ErrUnexpectedEOF))
	err = binary.Read(strings.NewReader(""), order, &u32)
	add("%v %v", err, err == io.EOF)
	add("%v", binary.Read(strings.NewReader("abcd"), order, u32))

	// The orders' own methods and varints.
	p := binary.BigEndian.AppendUint32(nil, 0xdeadbeef)
	p = binary.LittleEndian.AppendUint16(p, 0x0102)
	p = binary.AppendUvarint(p, 300)
	p = binary.AppendVarint(p, -300)
	add("% x %x %x", p, order.Uint32(p), binary.LittleEndian.Uint16(p[4:]))
	uv, k := binary.Uvarint(p[6:])
	v, m := binary.Varint(p[6+k:])
	add("%d %d %d %d %s %s %#v", uv, k, v, m, order, binary.LittleEndian, binary.BigEndian)
	rv, err := binary.ReadUvarint(bytes.NewReader([]byte{0xff, 0xff}))
	add("%d %v", rv, err)
	check(h.Pt.X == -7 && dec.Pt.Y == 9, "binary round trip")
	return strings.Join(out, "\n")
}
