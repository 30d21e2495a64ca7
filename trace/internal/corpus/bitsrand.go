package corpus

import (
	"fmt"
	"math"
	"math/big"
	mbits "math/bits"
	"math/rand"
	"strconv"
	"strings"
)

// BitsRand runs the inner loops of bit-set and property-based tests: the
// functions of math/bits at every width, math's bit conversions and
// classifications, strconv's integer formatting, a seeded *rand.Rand's
// methods, a rand.Source held in an interface, and the integer methods
// of strings.Builder and big.Int.
func BitsRand() string {
	var m mixer
	rng := rand.New(rand.NewSource(42))
	for i := 0; i < 300; i++ {
		x, y := rng.Uint64(), rng.Uint64()
		k := rng.Intn(130) - 65
		m.add(uint64(mbits.OnesCount64(x) + mbits.TrailingZeros64(x|1<<40) + mbits.LeadingZeros64(x) + mbits.Len64(y)))
		m.add(uint64(mbits.OnesCount32(uint32(x)) + mbits.OnesCount16(uint16(x)) + mbits.OnesCount8(uint8(x)) + mbits.OnesCount(uint(y))))
		m.add(uint64(mbits.TrailingZeros(uint(y)) + mbits.LeadingZeros32(uint32(y)) + mbits.Len8(uint8(y)) + mbits.Len(uint(x))))
		m.add(mbits.RotateLeft64(x, k) ^ uint64(mbits.RotateLeft32(uint32(x), k)) ^ uint64(mbits.RotateLeft(uint(y), -k)))
		m.add(mbits.Reverse64(x) ^ mbits.ReverseBytes64(y) ^ uint64(mbits.Reverse16(uint16(x))) ^ uint64(mbits.ReverseBytes32(uint32(y))))
		s, c := mbits.Add64(x, y, uint64(i&1))
		d, b := mbits.Sub64(x, y, c)
		hi, lo := mbits.Mul64(x, y)
		m.add(s ^ c ^ d ^ b ^ hi ^ lo)
		if y>>1 > hi {
			q, r := mbits.Div64(hi, lo, y>>1|1<<63)
			m.add(q ^ r ^ mbits.Rem64(hi, lo, y|1))
		}
		f := rng.Float64()*1e6 - 5e5
		m.add(math.Float64bits(math.Abs(f)) ^ math.Float64bits(math.Floor(f)) ^ math.Float64bits(math.Max(f, float64(k))))
		m.add(uint64(math.Float32bits(rng.Float32())) ^ math.Float64bits(math.Float64frombits(x)))
		m.add(bits(math.IsNaN(math.Float64frombits(x))) + bits(math.IsInf(f*1e305, k)) + bits(math.Signbit(f)))
		m.add(uint64(len(strconv.Itoa(k)) + len(strconv.FormatInt(int64(x), 36)) + len(strconv.FormatUint(y, 2))))
		m.add(uint64(rng.Int63n(1<<40) ^ int64(rng.Int31n(1000)) ^ int64(rng.Int31()) ^ rng.Int63()))
		m.add(uint64(rng.Uint32()) ^ uint64(rng.Int()) ^ math.Float64bits(rng.NormFloat64()+rng.ExpFloat64()))
	}
	var src rand.Source = rand.NewSource(7) // its methods through the interface
	for range 50 {
		m.add(uint64(src.Int63()))
	}
	var sb strings.Builder
	sb.WriteString("héllo")
	n := big.NewInt(-1 << 50)
	n.Mul(n, n)
	m.add(uint64(sb.Len() + n.Sign() + n.BitLen() + int(bits(n.IsInt64()))))
	if sb.Len() != 6 || n.Sign() != 1 || n.BitLen() != 101 || n.IsInt64() {
		panic(fmt.Sprint("strings.Builder's or big.Int's methods: ", sb.Len(), n.Sign(), n.BitLen(), n.IsInt64()))
	}
	return fmt.Sprintf("%x", uint64(m))
}
