package corpus

import (
	"fmt"
	"strings"
	"unsafe"
)

const wordBytes = int(unsafe.Sizeof(uintptr(0)))

// maskWords masks b with key a word at a time, as gorilla/websocket's
// maskBytes does: a [8]byte read as a uintptr, and the words of b read
// and written through pointers made by uintptr arithmetic on the address
// of its first element. (maskBytes first masks the bytes up to a word's
// alignment, whose count would vary from run to run here, where an
// element's address is its cell's: the engines' comparisons need the
// same steps in every run.)
func maskWords(key [4]byte, pos int, b []byte) int {
	if len(b) < 2*wordBytes {
		for i := range b {
			b[i] ^= key[pos&3]
			pos++
		}
		return pos & 3
	}
	var k [wordBytes]byte
	for i := range k {
		k[i] = key[(pos+i)&3]
	}
	kw := *(*uintptr)(unsafe.Pointer(&k))
	n := (len(b) / wordBytes) * wordBytes
	for i := 0; i < n; i += wordBytes {
		*(*uintptr)(unsafe.Pointer(uintptr(unsafe.Pointer(&b[0])) + uintptr(i))) ^= kw
	}
	b = b[n:]
	for i := range b {
		b[i] ^= key[pos&3]
		pos++
	}
	return pos & 3
}

// maskBytewise is maskWords a byte at a time: the oracle.
func maskBytewise(key [4]byte, pos int, b []byte) int {
	for i := range b {
		b[i] ^= key[pos&3]
		pos++
	}
	return pos & 3
}

// UnsafeWords reads and writes bytes as integers through unsafe.Pointer:
// byte arrays and slice elements read as words (in the machine's byte
// order, which the digest leaves out), stored through, and reached by
// uintptr arithmetic from an element's address.
func UnsafeWords() string {
	var out []string
	key := [4]byte{0x12, 0x34, 0x56, 0x78}
	for _, size := range []int{3, 16, 17, 40, 61} {
		for pos := 0; pos < 4; pos++ {
			for start := 0; start < 3; start++ {
				buf := make([]byte, start+size)
				for i := range buf {
					buf[i] = byte(i*7 + size)
				}
				want := append([]byte(nil), buf...)
				p1 := maskWords(key, pos, buf[start:])
				p2 := maskBytewise(key, pos, want[start:])
				check(p1 == p2 && string(buf) == string(want), fmt.Sprintf("mask of %d bytes at %d from %d", size, start, pos))
				if pos == 1 && start == 1 {
					out = append(out, fmt.Sprintf("%d:%x", p1, buf))
				}
			}
		}
	}

	// the same word read back, and written through a *uint32 and a
	// *uint16 over an array
	var a [8]byte
	*(*uint64)(unsafe.Pointer(&a)) = 0x0102030405060708
	w := *(*uint64)(unsafe.Pointer(&a))
	check(w == 0x0102030405060708, "word read back")
	sum := 0
	for _, x := range a {
		sum += int(x)
	}
	*(*uint32)(unsafe.Pointer(&a)) += 1
	*(*uint16)(unsafe.Pointer(&a[4])) = 0
	w2 := *(*uint64)(unsafe.Pointer(&a))
	s := *(*int16)(unsafe.Pointer(&a[6]))
	out = append(out, fmt.Sprint(sum, w2 == w+1-(w&0x0000ffff00000000), int(s) == int(int16(w>>48))))

	// element addresses as uintptr: their differences are those of
	// compiled code
	xs := make([]uint32, 10)
	d := uintptr(unsafe.Pointer(&xs[7])) - uintptr(unsafe.Pointer(&xs[2]))
	p := (*uint32)(unsafe.Pointer(uintptr(unsafe.Pointer(&xs[2])) + 4*uintptr(3)))
	*p = 9
	out = append(out, fmt.Sprint(d, xs[5]))
	return strings.Join(out, "\n")
}
