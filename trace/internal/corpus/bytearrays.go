package corpus

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"reflect"
	"sort"
	"strings"
)

// digestKey is a struct key holding a byte array, as content-addressed
// caches key their maps.
type digestKey struct {
	kind byte
	sum  [8]byte
}

// ByteArrays exercises arrays and slices of bytes, whose elements the
// interpreter keeps one to a cell: assignment copies, comparison, arrays
// and structs of them as map keys, conversions between arrays, slices
// and strings, range, indexing and slicing, copy and append on shared
// arrays, reflection without unsafe, and an array of 2 KiB.
func ByteArrays() string {
	var out []string
	add := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }

	// Assignment copies an array; a pointer shares it.
	a := [8]byte{'f', 'a', 'u', 'l', 't', 'l', 'o', 'c'}
	b := a
	b[0] = 'F'
	p := &a
	p[7] = 'C'
	add("copy %s %s %v %v", a[:], b[:], a == b, a != [8]byte{})
	check(a[0] == 'f' && b[7] == 'c', "an array assignment copies")

	// Comparison of arrays, of slices through bytes, and of arrays in
	// structs.
	x, y := [4]byte{1, 2, 3, 4}, [4]byte{1, 2, 3, 5}
	add("compare %v %v %d %d %v", x == y, x == [4]byte{1, 2, 3, 4}, bytes.Compare(x[:], y[:]), bytes.Compare(y[:], x[:]),
		digestKey{1, [8]byte{9}} == digestKey{1, [8]byte{9}})

	// Arrays, and structs holding them, as map keys: equal contents are
	// one key, whichever variable they came from.
	m := map[[4]byte]int{}
	for i := 0; i < 10; i++ {
		k := [4]byte{byte(i % 3), 0, 0, byte(i % 2)}
		m[k]++
	}
	keys := make([]string, 0, len(m))
	for k, n := range m {
		keys = append(keys, fmt.Sprintf("%v=%d", k, n))
	}
	sort.Strings(keys)
	add("mapkeys %d %s", len(m), strings.Join(keys, ","))
	sums := map[[sha256.Size]byte]string{}
	for _, s := range []string{"a", "b", "a"} {
		sums[sha256.Sum256([]byte(s))] = s
	}
	_, hasA := sums[sha256.Sum256([]byte("a"))]
	dk := map[digestKey]bool{{kind: 2, sum: [8]byte{1, 2}}: true}
	add("sumkeys %d %v %v %v", len(sums), hasA, dk[digestKey{kind: 2, sum: [8]byte{1, 2}}], dk[digestKey{kind: 2}])
	var ik any = [3]byte{7, 8, 9}
	im := map[any]int{ik: 1, [3]byte{7, 8, 0}: 2}
	add("ifacekeys %d %d %d", len(im), im[[3]byte{7, 8, 9}], im[[3]byte{7, 8, 0}])

	// Conversions: string to slice and back, slice to array and to a
	// pointer to an array (which shares the slice's array).
	s := "héllo, wörld"
	bs := []byte(s)
	bs[0] = 'H'
	arr := [5]byte(bs[:5])
	ap := (*[4]byte)(bs[7:11])
	ap[0] = 'W'
	add("convert %q %q %q %q %v %q", s, string(bs), string(arr[:]), string(ap[:]), len(bs), string(bs[2:4]))
	rs := []rune(string(bs))
	add("runes %d %q", len(rs), string(rs[1:3]))

	// Range over an array, a pointer to one, a slice and a string.
	sum, pos := 0, 0
	for i, v := range a {
		sum += int(v) * (i + 1)
	}
	for i := range p {
		pos += i
	}
	var str []string
	for i, c := range "aé\x80z" {
		str = append(str, fmt.Sprintf("%d:%U", i, c))
	}
	add("range %d %d %s", sum, pos, strings.Join(str, " "))

	// Indexing and slicing: full slice expressions, appends within and
	// past capacity, overlapping copies.
	buf := make([]byte, 4, 16)
	copy(buf, "abcd")
	head := buf[:2:2]
	tail := buf[2:]
	tail = append(tail, 'e', 'f')
	head = append(head, 'X') // past head's capacity: a new array
	n := copy(buf[1:], buf)  // overlapping: as memmove
	add("slice %q %q %q %d %d %d", buf, head, tail, n, cap(head), cap(tail))
	ov := []byte("0123456789")
	copy(ov[3:], ov[:5])
	copy(ov, ov[6:])
	add("overlap %q %d", ov, copy(ov, "xy"))

	// Reflection on arrays and slices of bytes, without unsafe.
	rv := reflect.ValueOf(&a).Elem()
	rv.Index(1).SetUint('A')
	rb := reflect.ValueOf(bs)
	cp := reflect.New(reflect.TypeOf([8]byte{})).Elem()
	nc := reflect.Copy(cp, rv)
	sl := reflect.ValueOf(a[:])
	sl.Index(0).SetUint('Q')
	add("reflect %v %d %v %q %d %q %q %v %v %v", rv.Kind(), rv.Len(), rv.Type(), rb.Bytes()[:3], nc,
		cp.Interface(), a[:], reflect.DeepEqual(a, cp.Interface()), reflect.DeepEqual(bs, []byte(string(bs))),
		rv.Type().Elem().Kind())
	fields := reflect.ValueOf(digestKey{kind: 3, sum: [8]byte{4, 5}})
	add("reflectfield %d %v %d", fields.NumField(), fields.Field(1).Type(), fields.Field(1).Index(1).Uint())

	// An array of 2 KiB (2048 cells interpreted): copied, compared,
	// sliced, hashed and a map key.
	var big [1 << 11]byte
	for i := range big {
		big[i] = byte(i * 7)
	}
	big2 := big
	big2[1<<10]++
	bigKeys := map[[1 << 11]byte]int{big: 1, big2: 2}
	total := 0
	for _, v := range big[100:200] {
		total += int(v)
	}
	add("big %v %d %d %x %d %d", big == big2, bigKeys[big], bigKeys[big2], sha256.Sum256(big[:]), total,
		bytes.IndexByte(big[:], 0xff))
	return strings.Join(out, "\n")
}
