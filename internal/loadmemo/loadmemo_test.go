package loadmemo

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
)

// module makes a module in a new directory with the given go.mod text
// (and go.work text, if any, in its parent) and returns its root.
func module(t *testing.T, gomod, gowork string) string {
	t.Helper()
	parent, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(parent, "m")
	if err := os.Mkdir(root, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte(gomod), 0o644); err != nil {
		t.Fatal(err)
	}
	if gowork != "" {
		if err := os.WriteFile(filepath.Join(parent, "go.work"), []byte(gowork), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestMemoized: which loads are kept and reused.
func TestMemoized(t *testing.T) {
	const gomod = "module example.com/m\n\ngo 1.22\n"
	tests := []struct {
		name          string
		gomod, gowork string
		env           []string
		keep          bool // what load says
		loads         int  // of two Gets
	}{
		{"module", gomod, "", nil, true, 1},
		{"not kept", gomod, "", nil, false, 2},
		{"workspace", gomod, "go 1.22\n\nuse ./m\n", nil, true, 2},
		{"workspace off", gomod, "go 1.22\n\nuse ./m\n", []string{"GOWORK=off"}, true, 1},
		{"GOWORK", gomod, "", []string{"GOWORK=/elsewhere/go.work"}, true, 2},
		{"-modfile", gomod, "", []string{"GOFLAGS=-mod=mod -modfile=/elsewhere/go.mod"}, true, 2},
		{"local replace", gomod + "\nreplace example.com/x => ../x\n", "", nil, true, 2},
		{"module replace", gomod + "\nreplace example.com/x => example.com/y v1.0.0\n", "", nil, true, 1},
	}
	for _, tt := range tests {
		root := module(t, tt.gomod, tt.gowork)
		env := append([]string{"HOME=/nonexistent"}, tt.env...)
		var m Memo[int]
		loads := 0
		for range 2 {
			v, err := m.Get(Inputs{Dir: root, Env: env, Patterns: []string{"."}}, func(r string) (int, bool, error) {
				loads++
				return loads, tt.keep, nil
			})
			if err != nil || v != loads {
				t.Errorf("%s: Get = %d, %v; want %d (the latest load's)", tt.name, v, err, loads)
			}
		}
		if loads != tt.loads {
			t.Errorf("%s: %d loads, want %d", tt.name, loads, tt.loads)
		}
	}
}

// TestBoundAndCheck: a Memo keeps Size loads, the last used, and loads
// again when Check rejects a kept value; it is safe for concurrent use.
func TestBoundAndCheck(t *testing.T) {
	root := module(t, "module example.com/m\n\ngo 1.22\n", "")
	good := true
	m := Memo[string]{Size: 2, Check: func(string) bool { return good }}
	loads := map[string]int{}
	var mu sync.Mutex
	get := func(p string) {
		_, err := m.Get(Inputs{Dir: root, Env: []string{}, Patterns: []string{p}}, func(string) (string, bool, error) {
			mu.Lock()
			loads[p]++
			mu.Unlock()
			return p, true, nil
		})
		if err != nil {
			t.Error(err)
		}
	}
	for _, p := range []string{"a", "b", "a", "c", "a", "b"} {
		get(p)
	}
	// a, b kept; a reused; c drops b (the least recently used); a
	// reused; b loads again, dropping c.
	if want := map[string]int{"a": 1, "b": 2, "c": 1}; fmt.Sprint(loads) != fmt.Sprint(want) {
		t.Errorf("loads %v, want %v", loads, want)
	}
	good = false
	get("a")
	if loads["a"] != 2 {
		t.Errorf("a value Check rejects: %d loads of a, want 2", loads["a"])
	}
	good = true
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() { get(fmt.Sprint(i % 3)) })
	}
	wg.Wait()
	if len(m.entries) > 2 {
		t.Errorf("%d entries kept, want at most 2", len(m.entries))
	}
}

// TestLoadsAtOnce: Gets of the same inputs while one loads wait for that
// load and share it (one load); a load not kept leaves the waiters to
// load each for itself; a waiter whose context ends stops waiting and
// loads.
func TestLoadsAtOnce(t *testing.T) {
	root := module(t, "module example.com/m\n\ngo 1.22\n", "")
	in := Inputs{Dir: root, Env: []string{}, Patterns: []string{"."}}
	for _, keep := range []bool{true, false} {
		var m Memo[int]
		var mu sync.Mutex
		loads := 0
		release := make(chan struct{})
		started := make(chan struct{}, 8)
		load := func(string) (int, bool, error) {
			mu.Lock()
			loads++
			n := loads
			mu.Unlock()
			started <- struct{}{}
			if n == 1 {
				<-release
			}
			return n, keep, nil
		}
		var wg sync.WaitGroup
		got := make([]int, 4)
		wg.Go(func() { got[0], _ = m.Get(in, load) })
		<-started // the first load runs; the others find it running
		for i := 1; i < len(got); i++ {
			wg.Go(func() { got[i], _ = m.Get(in, load) })
		}
		// A waiter whose context has ended does not wait.
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if v, err := m.GetContext(ctx, in, load); err != nil || v < 2 {
			t.Errorf("keep %v: a Get with its context done while a load runs: %d, %v; want a load of its own", keep, v, err)
		}
		close(release)
		wg.Wait()
		want := 2 // the first and the canceled Get's
		if !keep {
			want = 1 + len(got)
		}
		if loads != want {
			t.Errorf("keep %v: %d loads (got %v), want %d", keep, loads, got, want)
		}
		if keep && (got[1] != 1 || got[2] != 1 || got[3] != 1) {
			t.Errorf("keep %v: the waiters got %v, want the first load's value 1", keep, got[1:])
		}
	}
}

// TestKeyEnv: loads whose environments differ only in variables no go
// command reads (faultloc's own, a CI shard's) share one load; one that
// differs in a variable the go command reads loads again.
func TestKeyEnv(t *testing.T) {
	root := module(t, "module example.com/m\n\ngo 1.22\n", "")
	var m Memo[int]
	loads := 0
	get := func(env ...string) {
		if _, err := m.Get(Inputs{Dir: root, Env: append([]string{"HOME=/nonexistent"}, env...), Patterns: []string{"."}}, func(string) (int, bool, error) {
			loads++
			return loads, true, nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	get("FAULTLOC_GATE=/tmp/a")
	get("FAULTLOC_GATE=/tmp/b", "CIRCLE_NODE_INDEX=1", "CIRCLE_NODE_TOTAL=3")
	if loads != 1 {
		t.Errorf("environments apart in FAULTLOC_GATE and the shard variables: %d loads, want 1", loads)
	}
	get("FAULTLOC_GATE=/tmp/a", "GOFLAGS=-tags=x")
	if loads != 2 {
		t.Errorf("environments apart in GOFLAGS: %d loads, want 2", loads)
	}
}
