package loadmemo

import (
	"crypto/sha256"
	"encoding/binary"
	"slices"
	"sync"
	"syscall"
)

// On Linux a module's stamp is its walk's (Stamp), taken again only when
// something under the module may have changed since: the directories a
// walk reads are watched (inotify), and a root none of whose directories
// had an event since its last walk keeps that walk's stamp. The kernel
// queues an event before the system call that made the change returns,
// so a change made before a Get starts is seen by it, whichever process
// made it. An event of any kind (a file written, its mode or times set,
// an entry created, removed or renamed, a watched directory gone) makes
// the next stamp of its root a walk, and so does an overflow of the
// event queue for every root. Where inotify cannot be had (no instance,
// no watch left) every stamp is a walk.

// watchMask: the events that may change a walk's stamp (not reads).
const watchMask = syscall.IN_MODIFY | syscall.IN_ATTRIB | syscall.IN_CLOSE_WRITE |
	syscall.IN_CREATE | syscall.IN_DELETE | syscall.IN_DELETE_SELF |
	syscall.IN_MOVED_FROM | syscall.IN_MOVED_TO | syscall.IN_MOVE_SELF

// maxWatched bounds the roots whose stamps are kept (and watched).
const maxWatched = 16

// watcher is the process's one inotify instance and the stamps it keeps.
var watcher watcherState

type watcherState struct {
	mu     sync.Mutex
	fd     int                       // the inotify instance, -1 if none could be had
	opened bool                      // whether the instance was asked for
	roots  map[string]*stamped       // by root
	byWD   map[int32]map[string]bool // the roots each watch is under
	order  []string                  // the roots kept, least recently stamped first
	walks  int                       // walks taken (for tests)
	buf    [64 * 1024]byte           // events read
}

// stamped is a root's last walk.
type stamped struct {
	stamp [sha256.Size]byte
	stale bool // an event came since the walk
	wds   []int32
}

// moduleStamp returns Stamp(root), from root's last walk if no event under
// root came since.
func moduleStamp(root string) ([sha256.Size]byte, bool) {
	w := &watcher
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.opened {
		w.opened = true
		fd, err := syscall.InotifyInit1(syscall.IN_NONBLOCK | syscall.IN_CLOEXEC)
		if err != nil {
			fd = -1
		}
		w.fd, w.roots, w.byWD = fd, map[string]*stamped{}, map[int32]map[string]bool{}
	}
	if root == "" || w.fd < 0 {
		w.walks++
		return Stamp(root)
	}
	w.drain()
	if s := w.roots[root]; s != nil && !s.stale {
		w.touch(root)
		return s.stamp, true
	}
	w.walks++
	w.forget(root)
	// Each directory is watched before it is read, so that a change
	// during the walk leaves an event for the next stamp.
	s := &stamped{}
	st, ok := walkStamp(root, func(dir string) error {
		wd, err := syscall.InotifyAddWatch(w.fd, dir, watchMask)
		if err != nil {
			return err
		}
		s.wds = append(s.wds, int32(wd))
		return nil
	})
	w.roots[root] = s
	for _, wd := range s.wds {
		if w.byWD[wd] == nil {
			w.byWD[wd] = map[string]bool{}
		}
		w.byWD[wd][root] = true
	}
	w.touch(root)
	if !ok {
		// Too many files, or a watch refused: walk without watching.
		w.forget(root)
		return Stamp(root)
	}
	s.stamp = st
	if len(w.order) > maxWatched {
		w.forget(w.order[0])
	}
	return st, true
}

// drain reads the queued events and marks their roots stale; an
// overflow of the queue, or a read that fails, marks every root stale.
func (w *watcherState) drain() {
	for {
		n, err := syscall.Read(w.fd, w.buf[:])
		if err == syscall.EINTR {
			continue
		}
		if err == syscall.EAGAIN {
			return
		}
		if err != nil || n < syscall.SizeofInotifyEvent {
			for _, s := range w.roots {
				s.stale = true
			}
			return
		}
		for b := w.buf[:n]; len(b) >= syscall.SizeofInotifyEvent; {
			wd := int32(binary.NativeEndian.Uint32(b[0:]))
			mask := binary.NativeEndian.Uint32(b[4:])
			size := syscall.SizeofInotifyEvent + int(binary.NativeEndian.Uint32(b[12:]))
			if mask&syscall.IN_Q_OVERFLOW != 0 {
				for _, s := range w.roots {
					s.stale = true
				}
			}
			for root := range w.byWD[wd] {
				w.roots[root].stale = true
			}
			if mask&syscall.IN_IGNORED != 0 {
				delete(w.byWD, wd) // the kernel dropped the watch
			}
			b = b[min(size, len(b)):]
		}
	}
}

// touch makes root the most recently stamped.
func (w *watcherState) touch(root string) {
	w.order = append(slices.DeleteFunc(w.order, func(r string) bool { return r == root }), root)
}

// forget drops root's stamp and the watches no other root needs.
func (w *watcherState) forget(root string) {
	s := w.roots[root]
	if s == nil {
		return
	}
	delete(w.roots, root)
	w.order = slices.DeleteFunc(w.order, func(r string) bool { return r == root })
	for _, wd := range s.wds {
		roots := w.byWD[wd]
		if roots == nil {
			continue // already dropped by the kernel
		}
		delete(roots, root)
		if len(roots) == 0 {
			delete(w.byWD, wd)
			syscall.InotifyRmWatch(w.fd, uint32(wd))
		}
	}
}
