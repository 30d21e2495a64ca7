package corpus

import (
	"errors"
	"fmt"
	"io/fs"
	"io/ioutil"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// Files writes, reads, lists (os.ReadDir, io/ioutil.ReadDir), renames and
// removes files and directories in a temporary directory of its own (the
// interpreter's run sandbox), and checks the errors of missing, existing
// and closed files.
func Files() string {
	var out []string
	dir, err := os.MkdirTemp("", "corpus-files-")
	check(err == nil, "MkdirTemp")
	defer os.RemoveAll(dir)
	check(strings.HasPrefix(dir, os.TempDir()), "MkdirTemp in TempDir")
	a := filepath.Join(dir, "a.txt")
	check(os.WriteFile(a, []byte("alpha\n"), 0o644) == nil, "WriteFile")
	f, err := os.Create(filepath.Join(dir, "b.txt"))
	check(err == nil, "Create")
	n, err := f.Write([]byte("beta "))
	m, err2 := f.WriteString("gamma")
	out = append(out, fmt.Sprint(n, err, m, err2, f.Close()))
	check(os.MkdirAll(filepath.Join(dir, "sub", "deep"), 0o755) == nil, "MkdirAll")
	err = os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	out = append(out, fmt.Sprint(os.IsExist(err), errors.Is(err, fs.ErrExist)))
	tf, err := os.CreateTemp(filepath.Join(dir, "sub"), "t-*.log")
	check(err == nil, "CreateTemp")
	tf.WriteString("temp")
	tf.Close()
	check(os.Rename(a, filepath.Join(dir, "sub", "deep", "a2.txt")) == nil, "Rename")
	_, err = os.ReadFile(a)
	out = append(out, fmt.Sprint(os.IsNotExist(err), errors.Is(err, fs.ErrNotExist)))
	b, err := os.ReadFile(filepath.Join(dir, "b.txt"))
	out = append(out, fmt.Sprint(string(b), err))
	af, err := os.OpenFile(filepath.Join(dir, "b.txt"), os.O_APPEND|os.O_WRONLY, 0)
	check(err == nil, "OpenFile")
	af.WriteString("!")
	af.Close()
	b, _ = os.ReadFile(filepath.Join(dir, "b.txt"))
	out = append(out, string(b))
	var names []string
	var walk func(rel string)
	walk = func(rel string) {
		des, err := os.ReadDir(filepath.Join(dir, rel))
		check(err == nil, "ReadDir")
		for _, d := range des {
			name := d.Name()
			if strings.HasPrefix(name, "t-") {
				name = "t-*.log"
			}
			names = append(names, filepath.Join(rel, name))
			if d.IsDir() {
				walk(filepath.Join(rel, d.Name()))
			}
		}
	}
	walk("")
	sort.Strings(names)
	out = append(out, strings.Join(names, " "))
	fis, err := ioutil.ReadDir(dir) // sorted by name, as FileInfos
	check(err == nil, "ioutil.ReadDir")
	var infos []string
	for _, fi := range fis {
		if fi.IsDir() {
			infos = append(infos, fi.Name()+"/")
		} else {
			infos = append(infos, fmt.Sprint(fi.Name(), fi.Size()))
		}
	}
	out = append(out, strings.Join(infos, " "))
	_, err = ioutil.ReadDir(filepath.Join(dir, "missing"))
	out = append(out, fmt.Sprint(os.IsNotExist(err), strings.HasSuffix(err.Error(), filepath.Join("missing")+": no such file or directory")))
	cf, err := os.Open(filepath.Join(dir, "b.txt"))
	check(err == nil, "Open")
	check(cf.Close() == nil, "Close")
	err = cf.Close()
	out = append(out, fmt.Sprint(errors.Is(err, os.ErrClosed), errors.Is(err, fs.ErrClosed), os.ErrClosed == fs.ErrClosed))
	out = append(out, fmt.Sprint(os.ErrNoDeadline, os.ErrDeadlineExceeded, os.ErrProcessDone, os.ErrNoHandle))
	check(os.Remove(filepath.Join(dir, "b.txt")) == nil, "Remove")
	out = append(out, fmt.Sprint(os.IsNotExist(os.Remove(filepath.Join(dir, "b.txt")))))
	return strings.Join(out, "\n")
}

// FileStat asks Stat of files it wrote in a temporary directory of its
// own, through the open file and by name, and of the directory: size,
// name, whether regular or a directory; and of os.Stdout and os.Stderr,
// whose answer depends on where go test sends the output (a terminal, a
// pipe, a file), so only that there is one, named for a standard stream
// (under go test -json, testing makes os.Stderr os.Stdout).
func FileStat() string {
	var out []string
	dir, err := os.MkdirTemp("", "corpus-stat-")
	check(err == nil, "MkdirTemp")
	defer os.RemoveAll(dir)
	p := filepath.Join(dir, "data.txt")
	check(os.WriteFile(p, []byte("twelve bytes"), 0o644) == nil, "WriteFile")
	f, err := os.Open(p)
	check(err == nil, "Open")
	fi, err := f.Stat()
	out = append(out, fmt.Sprint(err, fi.Size(), fi.Name(), fi.Mode().IsRegular(), fi.IsDir(), fi.Mode().Perm()&0o400 != 0))
	check(f.Close() == nil, "Close")
	byName, err := os.Stat(p)
	out = append(out, fmt.Sprint(err, byName.Size(), byName.Name(), byName.Mode().IsRegular(), byName.ModTime().Equal(fi.ModTime())))
	d, err := os.Open(dir)
	check(err == nil, "Open of the directory")
	di, err := d.Stat()
	out = append(out, fmt.Sprint(err, di.IsDir(), di.Mode().IsDir(), di.Mode().IsRegular(), di.Name() == filepath.Base(dir)))
	check(d.Close() == nil, "Close of the directory")
	_, err = f.Stat()
	out = append(out, fmt.Sprint("stat of a closed file:", err != nil))
	for _, s := range []*os.File{os.Stdout, os.Stderr} {
		si, err := s.Stat()
		out = append(out, fmt.Sprint(err, si.Name() == "stdout" || si.Name() == "stderr", si.IsDir()))
	}
	return strings.Join(out, "\n")
}

// Conds hands items from producers to consumers through a queue guarded
// by a sync.Cond, with Signal and Broadcast.
func Conds() string {
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	var queue []int
	done := false
	var wg sync.WaitGroup
	sums := make([]int, 3)
	for i := range sums {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			defer mu.Unlock()
			for {
				for len(queue) == 0 && !done {
					c.Wait()
				}
				if len(queue) == 0 {
					return
				}
				sums[i] += queue[0]
				queue = queue[1:]
			}
		}()
	}
	for v := 1; v <= 100; v++ {
		mu.Lock()
		queue = append(queue, v)
		mu.Unlock()
		c.Signal()
	}
	mu.Lock()
	done = true
	mu.Unlock()
	c.Broadcast()
	wg.Wait()
	total := 0
	for _, s := range sums {
		total += s
	}
	check(total == 5050, "sum of the items")
	return fmt.Sprint(total, len(queue))
}

// StdoutToFile captures what fmt prints by making os.Stdout a temporary
// file for a while, as tests of printing functions do (go-spew's).
func StdoutToFile() string {
	f, err := os.CreateTemp("", "corpus-stdout-")
	check(err == nil, "CreateTemp")
	defer os.Remove(f.Name())
	saved := os.Stdout
	os.Stdout = f
	fmt.Print("print ", 1, "\n")
	fmt.Printf("printf %d\n", 2)
	fmt.Println("println", 3)
	fmt.Fprintln(os.Stdout, "fprintln", 4)
	os.Stdout = saved
	check(f.Close() == nil, "Close")
	b, err := os.ReadFile(f.Name())
	check(err == nil, "ReadFile")
	return string(b)
}
