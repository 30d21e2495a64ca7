package corpus

import (
	"encoding/binary"
	"fmt"
	"io"
	"math/rand"
	"regexp"
	"unicode/utf8"
)

// xorshift is a rand.Source written in the program: property-based and
// randomized tests seed a *rand.Rand with a generator of their own.
type xorshift struct{ s uint64 }

func (x *xorshift) Seed(seed int64) { x.s = uint64(seed)*2654435761 | 1 }

func (x *xorshift) Uint64() uint64 {
	x.s ^= x.s << 13
	x.s ^= x.s >> 7
	x.s ^= x.s << 17
	return x.s
}

func (x *xorshift) Int63() int64 { return int64(x.Uint64() >> 1) }

// counter is a rand.Source without Uint64 (not a rand.Source64), so
// that rand.Rand draws its 64-bit values from Int63.
type counter struct{ n int64 }

func (c *counter) Seed(seed int64) { c.n = seed }
func (c *counter) Int63() int64 {
	c.n = c.n*6364136223846793005 + 1442695040888963407
	return c.n & (1<<63 - 1)
}

// byteSource is an io.ByteReader and io.RuneReader written in the
// program, read by binary's varint decoders and by regexp.
type byteSource struct {
	b []byte
	i int
}

func (s *byteSource) ReadByte() (byte, error) {
	if s.i >= len(s.b) {
		return 0, io.EOF
	}
	s.i++
	return s.b[s.i-1], nil
}

func (s *byteSource) ReadRune() (rune, int, error) {
	if s.i >= len(s.b) {
		return 0, 0, io.EOF
	}
	c, n := utf8.DecodeRune(s.b[s.i:])
	s.i += n
	return c, n, nil
}

// RandSource passes values of the program's types to native functions
// that take an interface they implement: rand.New over a rand.Source and
// a rand.Source64 written in the program (Rand's methods call back into
// them, Seed included), binary's varint functions over an
// io.ByteReader and regexp's over an io.RuneReader; the digest is what they drew and decoded.
func RandSource() string {
	var m mixer
	for _, src := range []rand.Source{&xorshift{s: 88172645463325252}, &counter{n: 5}} {
		rng := rand.New(src)
		for range 40 {
			m.add(uint64(rng.Int63()) ^ rng.Uint64() ^ uint64(rng.Intn(1000)) ^ uint64(rng.Int31n(77)))
		}
		m.add(uint64(len(rng.Perm(9))) ^ uint64(rng.Float64()*1e9))
		rng.Seed(11)
		m.add(uint64(rng.Int63()))
		_, is64 := src.(rand.Source64)
		m.add(bits(is64))
	}
	buf := binary.AppendUvarint(nil, 300)
	buf = binary.AppendVarint(buf, -12345)
	bs := &byteSource{b: buf}
	u, err := binary.ReadUvarint(bs)
	check(err == nil && u == 300, fmt.Sprint("ReadUvarint over an interpreted io.ByteReader: ", u, err))
	v, err := binary.ReadVarint(bs)
	check(err == nil && v == -12345, fmt.Sprint("ReadVarint over an interpreted io.ByteReader: ", v, err))
	_, err = binary.ReadUvarint(bs)
	check(err == io.EOF, fmt.Sprint("ReadUvarint past the end: ", err))
	m.add(u ^ uint64(v))
	re := regexp.MustCompile(`b+é`)
	check(re.MatchReader(&byteSource{b: []byte("aabbbé!")}), "regexp over an interpreted io.RuneReader")
	loc := re.FindReaderIndex(&byteSource{b: []byte("xxbé")})
	check(len(loc) == 2 && loc[0] == 2 && loc[1] == 5, fmt.Sprint("FindReaderIndex over an interpreted io.RuneReader: ", loc))
	return fmt.Sprintf("%x", uint64(m))
}
