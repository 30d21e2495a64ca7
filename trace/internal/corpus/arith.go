package corpus

import "fmt"

// lcg is a tiny deterministic generator, so the programs need no std rand.
type lcg uint64

func (g *lcg) next() uint64 {
	*g = *g*6364136223846793005 + 1442695040888963407
	x := uint64(*g)
	return x ^ x>>29
}

// mixer folds results into a digest.
type mixer uint64

func (m *mixer) add(x uint64) { *m = (*m ^ mixer(x)) * 1099511628211 }

// IntArith runs every integer operator on every integer kind over a fixed
// pseudo-random sequence (including extreme values) and digests the results.
func IntArith() string {
	g := lcg(1)
	var m mixer
	special := []uint64{0, 1, 2, 7, 1 << 7, 1<<7 - 1, 1 << 15, 1 << 31, 1<<31 - 1, 1 << 63, 1<<63 - 1, ^uint64(0), ^uint64(0) - 1}
	for i := 0; i < 400; i++ {
		a, b := g.next(), g.next()
		if i < len(special)*len(special) {
			a, b = special[i%len(special)], special[i/len(special)]
		}
		s := uint(g.next() % 80)
		m.add(ops8(int8(a), int8(b), s))
		m.add(opsU8(uint8(a), uint8(b), s))
		m.add(ops16(int16(a), int16(b), s))
		m.add(opsU16(uint16(a), uint16(b), s))
		m.add(ops32(int32(a), int32(b), s))
		m.add(opsU32(uint32(a), uint32(b), s))
		m.add(ops64(int64(a), int64(b), s))
		m.add(opsU64(a, b, s))
		m.add(uint64(int(a)/max(1, int(b)%1000) + int(uint(a)%7)))
		m.add(convs(a))
	}
	return fmt.Sprintf("%x", uint64(m))
}

func bits(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}

func ops8(a, b int8, s uint) uint64 {
	var q, r int8
	if b != 0 {
		q, r = a/b, a%b
	}
	return uint64(a+b) ^ uint64(a-b)<<8 ^ uint64(a*b)<<16 ^ uint64(q)<<24 ^ uint64(r)<<32 ^ uint64(a<<s)<<40 ^ uint64(a>>s)<<48 ^
		uint64(a&^b)<<56 ^ uint64(-a) ^ uint64(^b) ^ bits(a < b)<<1 ^ bits(a <= b)<<2 ^ bits(a > b)<<3 ^ bits(a == b)<<4
}

func opsU8(a, b uint8, s uint) uint64 {
	var q, r uint8
	if b != 0 {
		q, r = a/b, a%b
	}
	return uint64(a+b) ^ uint64(a-b)<<8 ^ uint64(a*b)<<16 ^ uint64(q)<<24 ^ uint64(r)<<32 ^ uint64(a<<s)<<40 ^ uint64(a>>s)<<48 ^
		uint64(a|b)<<56 ^ uint64(-a) ^ uint64(^b) ^ bits(a < b)<<1 ^ bits(a >= b)<<2
}

func ops16(a, b int16, s uint) uint64 {
	var q, r int16
	if b != 0 {
		q, r = a/b, a%b
	}
	return uint64(a+b) ^ uint64(a-b)<<8 ^ uint64(a*b)<<16 ^ uint64(q)<<24 ^ uint64(r)<<32 ^ uint64(a<<s)<<40 ^ uint64(a>>s)<<48 ^
		uint64(a^b)<<56 ^ uint64(-a) ^ bits(a < b)<<1
}

func opsU16(a, b uint16, s uint) uint64 {
	var q, r uint16
	if b != 0 {
		q, r = a/b, a%b
	}
	return uint64(a+b) ^ uint64(a-b)<<8 ^ uint64(a*b)<<16 ^ uint64(q)<<24 ^ uint64(r)<<32 ^ uint64(a<<s)<<40 ^ uint64(a>>s)<<48 ^
		uint64(a&b)<<56 ^ uint64(-a) ^ bits(a > b)<<1
}

func ops32(a, b int32, s uint) uint64 {
	var q, r int32
	if b != 0 {
		q, r = a/b, a%b
	}
	return uint64(a+b) ^ uint64(a-b)<<8 ^ uint64(a*b)<<16 ^ uint64(q)<<24 ^ uint64(r)<<32 ^ uint64(a<<s)<<40 ^ uint64(a>>s)<<48 ^
		uint64(-a) ^ bits(a < b)<<1
}

func opsU32(a, b uint32, s uint) uint64 {
	var q, r uint32
	if b != 0 {
		q, r = a/b, a%b
	}
	return uint64(a+b) ^ uint64(a-b)<<8 ^ uint64(a*b)<<16 ^ uint64(q)<<24 ^ uint64(r)<<32 ^ uint64(a<<s)<<40 ^ uint64(a>>s)<<48 ^
		uint64(-a) ^ bits(a < b)<<1
}

func ops64(a, b int64, s uint) uint64 {
	var q, r int64
	if b != 0 {
		q, r = a/b, a%b
	}
	return uint64(a+b) ^ uint64(a-b)<<8 ^ uint64(a*b)<<16 ^ uint64(q)<<24 ^ uint64(r)<<32 ^ uint64(a<<s)<<40 ^ uint64(a>>s)<<48 ^
		uint64(-a) ^ bits(a < b)<<1 ^ bits(a != b)<<2
}

func opsU64(a, b uint64, s uint) uint64 {
	var q, r uint64
	if b != 0 {
		q, r = a/b, a%b
	}
	return (a + b) ^ (a-b)<<8 ^ (a*b)<<16 ^ q<<24 ^ r<<32 ^ (a<<s)<<40 ^ (a>>s)<<48 ^ -a ^ bits(a < b)<<1
}

// convs converts x through every integer and float kind.
func convs(x uint64) uint64 {
	i := int64(x)
	f := float64(i) / 3
	f32 := float32(f)
	return uint64(int8(x)) ^ uint64(uint8(i))<<1 ^ uint64(int16(x))<<2 ^ uint64(uint16(i))<<3 ^ uint64(int32(x))<<4 ^
		uint64(uint32(i))<<5 ^ uint64(int64(int8(x))) ^ uint64(int(int16(i))) ^ uint64(uint(uint8(x))) ^
		uint64(int64(f32)) ^ uint64(int32(f/1e9)) ^ uint64(float32(int16(x))) ^ uint64(uint8(x)%3)
}
