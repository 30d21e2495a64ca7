package corpus

import (
	"fmt"
	"strings"
	"unsafe"
)

// hstr is a string header as zeebo/xxh3 declares it: a pointer and an
// unsigned length.
type hstr struct {
	p unsafe.Pointer
	l uint
}

func hreadU8(p unsafe.Pointer, o uintptr) uint8 { return *(*uint8)(unsafe.Pointer(uintptr(p) + o)) }

func hreadU32(p unsafe.Pointer, o uintptr) uint32 {
	b := (*[4]byte)(unsafe.Pointer(uintptr(p) + o))
	return uint32(b[0]) | uint32(b[1])<<8 | uint32(b[2])<<16 | uint32(b[3])<<24
}

func hreadU64(p unsafe.Pointer, o uintptr) uint64 {
	b := (*[8]byte)(unsafe.Pointer(uintptr(p) + o))
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// hashStr hashes s's bytes, read eight, four and one at a time through
// pointer arithmetic on its header, as xxh3's hashAny does.
func hashStr(s hstr) uint64 {
	p, l := s.p, s.l
	h := uint64(l) * 0x9E3779B185EBCA87
	o := uintptr(0)
	for ; o+8 <= uintptr(l); o += 8 {
		h = (h ^ hreadU64(p, o)) * 0xC2B2AE3D27D4EB4F
	}
	if o+4 <= uintptr(l) {
		h = (h ^ uint64(hreadU32(p, o))) * 0x165667B19E3779F9
		o += 4
	}
	for ; o < uintptr(l); o++ {
		h = (h ^ uint64(hreadU8(p, o))) * 0x27D4EB2F165667C5
	}
	if l >= 8 {
		h ^= hreadU64(p, uintptr(l)-8) // the last eight, overlapping
	}
	return h
}

func hashString(s string) uint64 { return hashStr(*(*hstr)(unsafe.Pointer(&s))) }
func hashBytes(b []byte) uint64  { return hashStr(*(*hstr)(unsafe.Pointer(&b))) }

// hashBuf is a hasher that buffers its input in an array, as xxh3's
// Hasher does for short input.
type hashBuf struct {
	buf [64]byte
	n   int
}

func (h *hashBuf) WriteString(s string) { h.n += copy(h.buf[h.n:], s) }
func (h *hashBuf) Sum() uint64          { return hashBytes(h.buf[:h.n]) }

// UnsafeHash hashes strings and byte slices (of an array's elements) by
// reading their bytes through a header of its own and pointer arithmetic,
// the idioms of zeebo/xxh3 (which go-chi/httprate hashes its keys with).
func UnsafeHash() string {
	var out []string
	for _, s := range []string{"", "a", "abc", "abcd", "hello, world", "192.168.0.1:/api/v1/users", strings.Repeat("xyz", 40)} {
		b := []byte(s)
		var h hashBuf
		h.WriteString(s)
		h.WriteString("!")
		out = append(out, fmt.Sprintf("%d %x %x %x %x", len(s), hashString(s), hashBytes(b), h.Sum(), hashString(s[len(s)/2:])))
		check(hashString(s) == hashBytes(b), "string and bytes hash alike")
	}
	return strings.Join(out, "\n")
}
