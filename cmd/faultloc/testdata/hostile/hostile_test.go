//go:build faultloc

package hostile

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The harness (cmd/faultloc's TestHostile) passes in the environment
// where a side effect would show: a directory to write to and the
// address of a listener that counts connections.
const (
	dirVar  = "FAULTLOC_HOSTILE_DIR"
	addrVar = "FAULTLOC_HOSTILE_ADDR"
)

func TestLoopForever(t *testing.T) {
	n := 0
	for {
		n = Count(n%7 + 1)
	}
}

func TestSleep(t *testing.T) {
	start := time.Now()
	time.Sleep(24 * time.Hour)
	if time.Since(start) < 24*time.Hour {
		t.Error("woke up early")
	}
}

func TestBlockForever(t *testing.T) {
	<-make(chan int)
}

func TestLeakGoroutines(t *testing.T) {
	block := make(chan int)
	for range 10 {
		go func() { <-block }()
	}
	go func() {
		for {
			Count(3)
		}
	}()
	if Count(2) != 2 {
		t.Error("Count(2) != 2")
	}
}

func recurse(n int) int { return recurse(n+1) + 1 }

func TestRecurse(t *testing.T) {
	recurse(0)
}

func TestExit(t *testing.T) {
	os.Exit(3)
}

func TestParallel(t *testing.T) {
	t.Parallel()
	if Count(4) != 4 {
		t.Error("Count(4) != 4")
	}
}

func TestSkip(t *testing.T) {
	t.Skip("skipped by design")
	os.Exit(4)
}

func TestSetenv(t *testing.T) {
	t.Setenv("FAULTLOC_HOSTILE_SETENV", "set")
	if got := os.Getenv("FAULTLOC_HOSTILE_SETENV"); got != "set" {
		t.Errorf("Getenv = %q after t.Setenv", got)
	}
}

func TestTempDir(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "temp.txt"), []byte("temp"), 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "temp.txt")); err != nil || string(b) != "temp" {
		t.Fatalf("read back %q, %v", b, err)
	}
}

func TestTempDirEscape(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "..", "..", "escaped.txt"), []byte("escaped"), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestCleanup(t *testing.T) {
	t.Cleanup(func() {
		os.WriteFile(filepath.Join(os.Getenv(dirVar), "cleanup.txt"), []byte("cleanup"), 0o644)
	})
}

func TestWriteFile(t *testing.T) {
	if err := os.WriteFile(filepath.Join(os.Getenv(dirVar), "written.txt"), []byte("written"), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestWritePackageDir(t *testing.T) {
	f, err := os.Create("created.txt")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
}

func TestExec(t *testing.T) {
	if err := exec.Command("touch", filepath.Join(os.Getenv(dirVar), "touched.txt")).Run(); err != nil {
		t.Fatal(err)
	}
}

func TestDial(t *testing.T) {
	c, err := net.Dial("tcp", os.Getenv(addrVar))
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
}

// TestHTTPGet passes where the HTTP client cannot reach the listener.
func TestHTTPGet(t *testing.T) {
	resp, err := http.Get("http://" + os.Getenv(addrVar) + "/")
	if err == nil {
		resp.Body.Close()
		t.Fatal("reached the listener")
	}
}

// TestHTTPRedirect passes where the HTTP client reaches its own server
// but not the listener that server redirects it to.
func TestHTTPRedirect(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/own" {
			fmt.Fprint(w, "own")
			return
		}
		http.Redirect(w, r, "http://"+os.Getenv(addrVar)+"/", http.StatusFound)
	}))
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/own")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != "own" {
		t.Fatalf("own server said %q", b)
	}
	if resp, err := http.Get(srv.URL + "/away"); err == nil {
		resp.Body.Close()
		t.Fatal("followed the redirect to the listener")
	}
}

func TestPrintMegabytes(t *testing.T) {
	line := strings.Repeat("x", 1023)
	for range 4 << 10 {
		fmt.Println(line)
	}
}
