package gotestfiles

import (
	"bufio"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestGlobAndRead(t *testing.T) {
	names, err := filepath.Glob("testdata/*.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d words", name, Words(string(data)))
	}
}

func TestOpenScan(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "a.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	var lines []string
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	t.Log(f.Name(), lines, sc.Err())
	fi, err := f.Stat()
	t.Log(fi.Name(), fi.Size(), fi.IsDir(), err)
}

func TestOpenRead(t *testing.T) {
	f, err := os.Open("testdata/b.txt")
	if err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 4)
	n, err := f.Read(buf)
	t.Log(n, string(buf[:n]), err)
	rest, err := io.ReadAll(f)
	t.Log(string(rest), err)
	if err := f.Close(); err != nil {
		t.Error(err)
	}
}

func TestDirs(t *testing.T) {
	entries, err := os.ReadDir("testdata")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		t.Log(e.Name(), e.IsDir())
	}
	fi, err := os.Stat("testdata/sub")
	t.Log(fi.IsDir(), err)
	d, err := os.Open("testdata")
	if err != nil {
		t.Fatal(err)
	}
	names, err := d.Readdirnames(-1)
	d.Close()
	t.Log(len(names), err)
}

func TestMissing(t *testing.T) {
	_, err := os.Open("testdata/missing.txt")
	t.Log(err, errors.Is(err, fs.ErrNotExist))
	_, err = os.Stat("nope")
	t.Log(err)
	_, err = os.Stat("") // no file, not the working directory
	_, err2 := os.ReadFile("")
	t.Log(err, err2)
	f, err := os.Open("nope")
	t.Log(f == nil, err != nil)
	m, err := filepath.Glob("testdata/[")
	t.Log(m, err)
	if !strings.Contains(err.Error(), "syntax") {
		t.Error("no syntax error")
	}
}

// TestStdin keeps os.Stdin, as a command-line library does for its
// input, and asks its name and descriptor (it reads nothing: go test's
// standard input is the terminal's when run by hand).
func TestStdin(t *testing.T) {
	var in io.Reader = os.Stdin
	f, ok := in.(*os.File)
	t.Log(ok, f == os.Stdin, f.Name(), f.Fd())
}

// TestWalk walks testdata: every path with whether it is a directory;
// then a walk that skips sub, and one that stops at the first file with
// an error of its own, which the walk returns.
func TestWalk(t *testing.T) {
	err := filepath.Walk("testdata", func(path string, info fs.FileInfo, err error) error {
		t.Log(path, info.IsDir(), info.Name(), err)
		return nil
	})
	t.Log(err)
	errFirst := errors.New("first file")
	err = filepath.WalkDir("./testdata", func(path string, d fs.DirEntry, err error) error {
		switch {
		case d.Name() == "sub":
			return filepath.SkipDir
		case !d.IsDir():
			t.Log("stop at", path)
			return errFirst
		}
		t.Log(path)
		return nil
	})
	t.Log(err == errFirst, err)
	err = filepath.Walk("missing", func(path string, info fs.FileInfo, err error) error {
		t.Log(path, info == nil, err)
		return err
	})
	t.Log(err)
}

// TestSyncAndMissingDir syncs standard output, a pipe under go test (not
// standard error, which go test -json makes standard output), and opens for writing a file whose directory does not exist, outside
// the run's sandbox: each error as natively, and nothing written.
func TestSyncAndMissingDir(t *testing.T) {
	t.Log(os.Stdout.Sync())
	f, err := os.OpenFile("/faultloc-not-there/x.log", os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	t.Log(f == nil, err)
	f, err = os.Create(filepath.Join("testdata", "not-there", "x.txt"))
	t.Log(f == nil, err, errors.Is(err, fs.ErrNotExist))
}

// TestAbs makes paths absolute against the working directory, the
// package's directory as go test runs it.
func TestAbs(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	abs, err := filepath.Abs("testdata/../testdata/a.txt")
	t.Log(abs == filepath.Join(wd, "testdata", "a.txt"), strings.HasSuffix(abs, "gotestfiles/testdata/a.txt"), err)
	t.Log(filepath.Abs("/a/b/../c"))
	abs, err = filepath.Abs("")
	t.Log(abs == wd, err)
}
