package corpus

import "fmt"

// FastPaths exercises what the trace interpreter's fast form (trace's
// fast.go) runs in fused operations: indexing through pointers to arrays
// (in range, out of range, nil), integer operations of every width that
// divide by zero or shift by a negative count, and their panics recovered.
func FastPaths() string {
	var out []any
	table := &[4]int{400, 500, 640, 740}
	sum := 0
	for i := 0; i < 8; i++ {
		table[i%4] += i
		sum += table[(i*3)%4]
	}
	out = append(out, sum, *table)
	var nilTable *[4]int
	for _, i := range []int{-1, 3, 4, 1 << 40, 1 << 50, -1 << 62} {
		out = append(out, recovered(func() { sum += table[i] }), recovered(func() { table[i] = sum }))
	}
	for _, i := range []uint{2, 4, 1 << 63} {
		out = append(out, recovered(func() { sum += table[i] }), recovered(func() { sum += table[:][i] }))
	}
	out = append(out, recovered(func() { sum += nilTable[1] }), recovered(func() { nilTable[2] = 1 }))

	var u8 uint8 = 200
	var i8 int8 = -100
	var u32 uint32 = 1
	var i16 int16 = 300
	for i := 0; i < 20; i++ {
		u8 = u8*3 + 7
		i8 = i8*5 - 3
		u32 = u32*1664525 + 1013904223
		i16 = i16<<3 | i16>>2
		out = append(out, u8, i8, u32>>8, i16, u8/(u8|1), i8%(i8|1), int(u32%97)-int(i8)/3)
	}
	zero, neg := 0, -1
	var min8 int8 = -128
	var z8 uint8
	out = append(out,
		recovered(func() { sum /= zero }), recovered(func() { sum %= zero }),
		recovered(func() { u8 /= z8 }), recovered(func() { sum <<= neg }), recovered(func() { sum >>= neg }),
		-1<<63/neg, (-1<<63)%neg, u32>>(zero+40), sum>>(zero+70), min8/int8(neg), min8%int8(neg))
	return fmt.Sprint(out...)
}
