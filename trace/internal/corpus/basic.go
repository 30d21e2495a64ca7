package corpus

import (
	"fmt"
	"math"
	"strings"
)

// Ints exercises every integer kind with wrap-around, division and shifts.
func Ints() string {
	var i8 int8 = 127
	i8++
	check(i8 == -128, "int8 wraps")
	var u8 uint8 = 0
	u8--
	check(u8 == 255, "uint8 wraps")
	var i16 int16 = -32768
	i16 = -i16
	var u16 uint16 = 65535
	u16 += 2
	var i32 int32 = math.MaxInt32
	i32 += 10
	var u32 uint32 = 1 << 31
	u32 *= 2
	var i64 int64 = math.MinInt64
	i64 /= -1
	var u64 uint64 = math.MaxUint64
	u64 += 3
	x := 7
	y := -3
	q, r := x/y, x%y
	check(q == -2 && r == 1, "truncated division")
	var sh uint = 70
	s1 := x << sh
	s2 := y >> sh
	s3 := uint8(200) >> 3
	s4 := int8(-100) >> 2
	v100 := int8(100)
	s5 := v100 << 1
	m := ^x
	a := x &^ 5
	c := uint16(0xfff0) | 0x0f
	xor := 0x55 ^ 0xff
	conv := int8(u16) + int8(300&0xff)
	bigU := uint64(1<<63) + uint64(u32)
	fv := -3.9
	f2i := int(fv)
	u2f := float64(uint64(1<<63)) / 2
	return fmt.Sprint(i8, u8, i16, u16, i32, u32, i64, u64, q, r, s1, s2, s3, s4, s5, m, a, c, xor, conv, bigU, f2i, u2f)
}

// Floats exercises float32 rounding, float64 arithmetic, NaN and infinities.
func Floats() string {
	var f32 float32 = 0.1
	f32 = f32 * 3
	f := 0.1 * 3
	nan := math.NaN()
	inf := math.Inf(1)
	check(nan != nan, "NaN != NaN")
	z := 0.0
	neg := -z
	div := 1 / (z - 1)
	var acc float64
	for i := 1; i <= 10; i++ {
		acc += 1 / float64(i)
	}
	c := complex(1, 2)
	c = c * c
	return fmt.Sprint(f32, f, nan, inf, -inf, neg, div, acc, math.Sqrt(2), math.Floor(-2.5), real(c), imag(c), float32(1)/3, int64(float32(16777217)))
}

// Strings exercises strings, bytes and runes.
func Strings() string {
	s := "héllo, 世界"
	n := 0
	var runes []rune
	for i, r := range s {
		n += i
		runes = append(runes, r)
	}
	b := []byte(s)
	b[0] = 'H'
	t := string(b)
	sub := s[1:3]
	r := []rune(s)
	r[1] = 'e'
	back := string(r)
	cat := s + "!" + string(rune(65)) + string(rune(-1))
	check(len(s) == 14, "len in bytes")
	check(strings.HasPrefix(t, "H"), "bytes to string")
	cmp := "abc" < "abd" && "b" > "abc"
	var sb strings.Builder
	for i := 0; i < 3; i++ {
		sb.WriteString("x")
		sb.WriteByte('0' + byte(i))
	}
	return fmt.Sprint(n, len(runes), t, len(sub), back, cat, cmp, s[7], sb.String(), sb.Len(), fmt.Sprintf("%q %x %c %U", "a\tb", "hi", 'é', 0x4e16))
}

// Recursion exercises recursive calls and multiple results.
func Recursion() string {
	var fib func(int) int
	fib = func(n int) int {
		if n < 2 {
			return n
		}
		return fib(n-1) + fib(n-2)
	}
	q, r := divmod(17, 5)
	return fmt.Sprint(fib(15), ackermann(2, 3), q, r, gcd(1071, 462))
}

func divmod(a, b int) (q, r int) {
	q = a / b
	r = a - q*b
	return
}

func ackermann(m, n int) int {
	switch {
	case m == 0:
		return n + 1
	case n == 0:
		return ackermann(m-1, 1)
	}
	return ackermann(m-1, ackermann(m, n-1))
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
