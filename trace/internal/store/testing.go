package store

import (
	"slices"
	"unsafe"
)

// What the tests of a recorder need to see of the pools of released
// storage (see Trace.Release).

// Pooled returns the number of bytes of released storage the pools hold.
func Pooled() int64 { return pooled.Load() }

// PooledFirstChunks returns the number of released first chunks of the
// events' words the pools hold (those that stopped doubling between
// 2·PoolFrom and ChunkSize elements).
func PooledFirstChunks() int {
	wordPool.mu.Lock()
	defer wordPool.mu.Unlock()
	return len(wordPool.part)
}

// Poison fills every pooled chunk with bytes no recorder writes (0xa5),
// so that a trace reading anything it did not write into a reused chunk
// reads garbage. Pointers stay nil: garbage would crash the collector.
func Poison() {
	poison(&wordPool)
	poison(&unitPool)
	poison(&segPool)
	poison(&framePool)
	poisonIndex(&segIdxPool)
	refPool.mu.Lock()
	for _, ch := range slices.Concat(refPool.free, refPool.part) {
		clear(ch)
	}
	refPool.mu.Unlock()
}

func poisonIndex[T any](p *indexPool[T]) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, s := range p.free {
		s = s[:cap(s)]
		b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(s[0])))
		for i := range b {
			b[i] = 0xa5
		}
	}
}

func poison[T any](p *chunkPool[T]) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, ch := range slices.Concat(p.free, p.part) {
		b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(ch))), len(ch)*int(unsafe.Sizeof(ch[0])))
		for i := range b {
			b[i] = 0xa5
		}
	}
}
