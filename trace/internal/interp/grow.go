package interp

import (
	"go/types"
	"runtime"
)

// Slice growth follows the Go runtime exactly (runtime.growslice as of Go
// 1.26): programs can observe capacities, and whether an append reuses the
// backing array decides which slices alias. The size classes are those of
// the runtime's allocator (internal/runtime/gc/sizeclasses.go).

var sizeClasses = [...]uint32{0, 8, 16, 24, 32, 48, 64, 80, 96, 112, 128, 144, 160, 176, 192, 208, 224, 240, 256,
	288, 320, 352, 384, 416, 448, 480, 512, 576, 640, 704, 768, 896, 1024, 1152, 1280, 1408, 1536, 1792, 2048, 2304,
	2688, 3072, 3200, 3456, 4096, 4864, 5376, 6144, 6528, 6784, 6912, 8192, 9472, 9728, 10240, 10880, 12288, 13568,
	14336, 16384, 18432, 19072, 20480, 21760, 24576, 27264, 28672, 32768}

const (
	maxSmallSize           = 32768
	mallocHeaderSize       = 8
	minSizeForMallocHeader = 8 * 64 // pointer size × bits per word
	pageSize               = 8192
)

// roundupsize returns the size of the memory block the allocator gives a
// request of size bytes (noscan: the object holds no pointers).
func roundupsize(size uint64, noscan bool) uint64 {
	req := size
	if req <= maxSmallSize-mallocHeaderSize {
		if !noscan && req > minSizeForMallocHeader {
			req += mallocHeaderSize
		}
		lo, hi := 0, len(sizeClasses)-1
		for lo < hi { // smallest class >= req
			mid := (lo + hi) / 2
			if uint64(sizeClasses[mid]) >= req {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		return uint64(sizeClasses[lo]) - (req - size)
	}
	req += pageSize - 1
	if req < size {
		return size
	}
	return req &^ (pageSize - 1)
}

// nextslicecap is the runtime's growth rule: double small slices, grow
// large ones by about 1.25×.
func nextslicecap(newLen, oldCap int) int {
	newcap := oldCap
	doublecap := newcap + newcap
	if newLen > doublecap {
		return newLen
	}
	const threshold = 256
	if oldCap < threshold {
		return doublecap
	}
	for {
		newcap += (newcap + 3*threshold) >> 2
		if uint(newcap) >= uint(newLen) {
			break
		}
	}
	if newcap <= 0 {
		return newLen
	}
	return newcap
}

// growCap returns the capacity of a slice of elements of esize bytes grown
// from capacity oldCap to hold newLen elements.
func growCap(newLen, oldCap int, esize int64, noscan bool) int {
	if esize <= 0 {
		return newLen
	}
	newcap := nextslicecap(newLen, oldCap)
	return int(roundupsize(uint64(newcap)*uint64(esize), noscan) / uint64(esize))
}

var gcSizes = types.SizesFor("gc", runtime.GOARCH)

// hasPointers reports whether values of t contain pointers (for the
// allocator's noscan distinction).
func hasPointers(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() == types.String || u.Kind() == types.UnsafePointer || u.Kind() == types.UntypedNil
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if hasPointers(u.Field(i).Type()) {
				return true
			}
		}
		return false
	case *types.Array:
		return u.Len() > 0 && hasPointers(u.Elem())
	}
	return true
}
