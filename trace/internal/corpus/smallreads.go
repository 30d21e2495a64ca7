package corpus

import (
	"bufio"
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"strings"
	"testing/iotest"
)

// srSource is the program's reader: a byte at a time, failing with srErr
// at the end; with junk, it writes junk past the byte it reads (which
// io.Reader allows: p is scratch space).
type srSource struct {
	data []byte
	off  int
	junk bool
}

var srErr = errors.New("source ended")

func (s *srSource) Read(p []byte) (int, error) {
	if s.off == len(s.data) {
		return 0, srErr
	}
	if len(p) == 0 {
		return 0, nil
	}
	p[0] = s.data[s.off]
	for i := 1; s.junk && i < len(p) && i < 3; i++ {
		p[i] = 0xEE
	}
	s.off++
	return 1, nil
}

// srRead reads r into a 4096-byte buffer filled with 0xAA, at offset off
// and on, one Read at a time until an error, and describes what it read:
// the counts, the error, the bytes' checksum, and whether the bytes past
// those read kept their 0xAA.
func srRead(r io.Reader, off int) string {
	buf := bytes.Repeat([]byte{0xAA}, 4096)
	var ns []int
	at := off
	var err error
	for len(ns) < 10000 {
		var n int
		n, err = r.Read(buf[at:])
		ns = append(ns, n)
		at += n
		if err != nil || at == len(buf) {
			break
		}
	}
	kept := 0
	for _, b := range buf[at:] {
		if b == 0xAA {
			kept++
		}
	}
	if len(ns) > 6 {
		ns = append(ns[:3], ns[len(ns)-3:]...)
	}
	return fmt.Sprintf("reads %v err %v at %d crc %08x kept %d/%d", ns, err, at, crc32.ChecksumIEEE(buf[:at]), kept, len(buf)-at)
}

// SmallReads reads a few bytes at a time into large buffers, from native
// readers (bytes', strings', iotest's wrappers of them, io's
// LimitedReader, bufio's Reader over one, a flate reader) and through
// native readers over the program's own reader, which writes junk past
// what it reads: the bytes read, the counts and errors must be native
// Go's, and the buffer past the bytes read untouched.
func SmallReads() string {
	data := make([]byte, 3000)
	for i := range data {
		data[i] = byte(i * 7)
	}
	var out []string
	add := func(name string, s string) { out = append(out, name+": "+s) }
	add("one byte", srRead(iotest.OneByteReader(bytes.NewReader(data)), 10))
	add("half", srRead(iotest.HalfReader(strings.NewReader(string(data))), 0))
	add("one byte of half", srRead(iotest.OneByteReader(iotest.HalfReader(bytes.NewBuffer(data[:100]))), 5))
	add("data err", srRead(iotest.DataErrReader(bytes.NewReader(data[:50])), 1))
	add("timeout", srRead(iotest.TimeoutReader(bytes.NewReader(data[:50])), 0))
	add("err", srRead(iotest.ErrReader(srErr), 0))
	add("limited", srRead(io.LimitReader(iotest.OneByteReader(bytes.NewReader(data)), 33), 0))
	add("bufio", srRead(bufio.NewReaderSize(iotest.HalfReader(bytes.NewReader(data)), 16), 3))
	add("bufio, large reads", srRead(bufio.NewReaderSize(bytes.NewReader(data), 16), 0))
	// Native readers over the program's reader. What it writes past the
	// bytes it reads stays in its interpreted buffer (the bridge copies
	// the n bytes read to the native one): it shows in a native caller's
	// buffer only when that is the caller's own, as bufio's large reads'.
	add("one byte over the program's", srRead(iotest.OneByteReader(&srSource{data: data[:40], junk: true}), 0))
	add("bufio over the program's", srRead(bufio.NewReaderSize(&srSource{data: data[:40]}, 16), 0))
	add("bufio over the program's, small reads", srRead(io.LimitReader(bufio.NewReaderSize(&srSource{data: data[:40], junk: true}, 64), 25), 0))
	br := bufio.NewReaderSize(&srSource{data: data[:40], junk: true}, 16)
	b, err := br.ReadByte()
	check(err == nil && br.UnreadByte() == nil, "bufio ReadByte, UnreadByte")
	line, err := br.ReadSlice(byte(data[9]))
	add("bufio ReadSlice", fmt.Sprint(b, len(line), err, br.Buffered()))
	// A statically called method: a bytes.Buffer lives natively.
	var bb bytes.Buffer
	bb.Write(data[:20])
	p := bytes.Repeat([]byte{0xAA}, 64)
	n, err := bb.Read(p[2:])
	add("bytes.Buffer.Read", fmt.Sprint(n, err, p[:4], p[22:24], bb.Len()))
	// A reader not known to leave its buffer alone: converted whole.
	var z bytes.Buffer
	zw, _ := flate.NewWriter(&z, flate.BestSpeed)
	zw.Write(data)
	zw.Close()
	add("flate", srRead(iotest.OneByteReader(flate.NewReader(&z)), 0))
	return strings.Join(out, "\n")
}

// OneByteReads reads 4000 bytes a byte at a time into a 4096-byte buffer
// through iotest.OneByteReader over a bytes.Reader, then reads them back
// a byte at a time through a 4096-byte bufio.Reader over the program's
// reader, which reads a byte at a time: 8000 reads of a byte into about
// 2 KB, as a framing protocol's test does.
func OneByteReads() string {
	data := make([]byte, 4000)
	for i := range data {
		data[i] = byte(i * 13)
	}
	buf := make([]byte, 4096)
	r := iotest.OneByteReader(bytes.NewReader(data))
	at := 0
	for {
		n, err := r.Read(buf[at:])
		at += n
		if err != nil {
			break
		}
	}
	br := bufio.NewReaderSize(&srSource{data: buf[:at]}, 4096)
	sum := 0
	for {
		b, err := br.ReadByte()
		if err != nil {
			break
		}
		sum = sum*31 + int(b)
	}
	return fmt.Sprint(at, crc32.ChecksumIEEE(buf[:at]), sum)
}
