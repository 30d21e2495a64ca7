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

// FloatArith runs float64, float32 and complex arithmetic, comparisons and
// conversions over a fixed pseudo-random sequence with special values.
func FloatArith() string {
	g := lcg(2)
	var m mixer
	special := []float64{0, -0.0 * 1, 1, -1, 0.1, 1e300, -1e-300, 3.4e38, 1 << 62, -(1 << 63), 2.5, -2.5}
	big := 1e308
	inf := big * 10
	special = append(special, inf, -inf, inf-inf)
	for i := 0; i < 300; i++ {
		a := float64(int64(g.next())) / float64(1+g.next()%1000)
		b := float64(g.next()%2000) - 1000.5
		if i < len(special)*len(special) {
			a, b = special[i%len(special)], special[i/len(special)]
		}
		m.add(fbits(a + b))
		m.add(fbits(a - b))
		m.add(fbits(a * b))
		m.add(fbits(a / b))
		m.add(bits(a < b) | bits(a <= b)<<1 | bits(a == b)<<2 | bits(a != b)<<3 | bits(a > b)<<4)
		x, y := float32(a), float32(b)
		m.add(fbits(float64(x + y)))
		m.add(fbits(float64(x * y)))
		m.add(fbits(float64(x / y)))
		m.add(fbits(float64(-x)))
		c := complex(a, b) * complex(b, 1)
		m.add(fbits(real(c)) ^ fbits(imag(c)))
		if a > -1e18 && a < 1e18 {
			m.add(uint64(int64(a)) ^ uint64(int32(int64(a))) ^ uint64(uint16(int64(a))))
		}
		m.add(fbits(float64(int64(i)*7-1000) / 3))
		m.add(fbits(float64(uint64(i) << 58)))
		m.add(fbits(float64(float32(uint32(i) * 2654435761))))
	}
	return fmt.Sprintf("%x", uint64(m))
}

func fbits(f float64) uint64 {
	if f != f {
		return 0x7ff8 // any NaN
	}
	return uint64(int64(f*1e6)) ^ uint64(int64(f))
}

// StringOps runs string, byte and rune operations over generated strings.
func StringOps() string {
	g := lcg(3)
	alphabet := []string{"a", "b", "é", "世", "\x00", "\xff", " ", "Z", "界"}
	var m mixer
	prev := ""
	for i := 0; i < 200; i++ {
		n := int(g.next() % 8)
		s := ""
		for j := 0; j < n; j++ {
			s += alphabet[g.next()%uint64(len(alphabet))]
		}
		bs := []byte(s)
		rs := []rune(s)
		m.add(uint64(len(s)) ^ uint64(len(bs))<<8 ^ uint64(len(rs))<<16)
		for k, r := range s {
			m.add(uint64(k)<<32 ^ uint64(r))
		}
		for k := 0; k < len(s); k++ {
			m.add(uint64(s[k]) << (k % 50))
		}
		if len(s) > 1 {
			m.add(uint64(len(s[1:])) ^ uint64(len(s[:len(s)-1])))
		}
		m.add(bits(s < prev) | bits(s == prev)<<1 | bits(s >= prev)<<2)
		t := string(rs) + string(bs) + string(rune(int(g.next()%0x11000)))
		m.add(uint64(len(t)))
		for _, r := range t {
			m.add(uint64(r))
		}
		prev = s
	}
	return fmt.Sprintf("%x", uint64(m))
}

// ContainerOps applies random sequences of slice and map operations
// (append with and without spare capacity, copy between overlapping
// slices, reslicing, element and field stores through pointers, map
// inserts, updates and deletes) and digests the resulting contents.
func ContainerOps() string {
	g := lcg(4)
	var m mixer
	type pt struct {
		x    int
		tags [2]int
	}
	s := make([]int, 0, 4)
	ps := []pt{{1, [2]int{2, 3}}}
	mp := map[int]pt{}
	views := [][]int{s}
	for i := 0; i < 600; i++ {
		switch g.next() % 9 {
		case 0:
			s = append(s, int(g.next()%100))
		case 1:
			s = append(s, s...)
		case 2:
			if len(s) > 2 {
				lo := int(g.next() % uint64(len(s)))
				s = s[lo:]
			}
		case 3:
			if len(s) > 1 {
				n := copy(s[1:], s)
				m.add(uint64(n))
			}
		case 4:
			if len(s) > 0 {
				views = append(views, s[:len(s)/2+1])
				p := &s[int(g.next()%uint64(len(s)))]
				*p += 1000
			}
		case 5:
			q := ps[int(g.next()%uint64(len(ps)))]
			q.tags[1]++
			ps = append(ps, q)
			ps[0].tags[0] += q.x
		case 6:
			k := int(g.next() % 16)
			v := mp[k]
			v.x += i
			v.tags[k%2] = i
			mp[k] = v
		case 7:
			delete(mp, int(g.next()%16))
		case 8:
			if len(s) > 0 {
				s = s[: len(s)-1 : len(s)]
				s = append(s, -1)
			}
		}
	}
	for _, v := range s {
		m.add(uint64(v))
	}
	for _, v := range views {
		for _, x := range v {
			m.add(uint64(x) << 1)
		}
		m.add(uint64(len(v))<<32 | uint64(cap(v)))
	}
	for _, p := range ps {
		m.add(uint64(p.x) ^ uint64(p.tags[0])<<16 ^ uint64(p.tags[1])<<32)
	}
	for k := 0; k < 16; k++ {
		if v, ok := mp[k]; ok {
			m.add(uint64(k)<<48 ^ uint64(v.x) ^ uint64(v.tags[0])<<8 ^ uint64(v.tags[1])<<24)
		}
	}
	return fmt.Sprintf("%x %d %d %d", uint64(m), len(s), len(ps), len(mp))
}
