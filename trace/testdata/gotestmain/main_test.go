// Package gotestmain has a TestMain that sets up state its tests need.
package gotestmain

import (
	"flag"
	"fmt"
	"os"
	"testing"
)

var ready bool

func TestMain(m *testing.M) {
	flag.Parse()
	ready = true
	code := run(m)
	fmt.Println("teardown, code", code)
	os.Exit(code)
}

// run runs the tests through an interface, as goleak's VerifyTestMain
// does.
func run(m interface{ Run() int }) int { return m.Run() }

func TestReady(t *testing.T) {
	if !ready {
		t.Fatal("TestMain did not run")
	}
}

func TestFails(t *testing.T) {
	t.Run("sub", func(t *testing.T) {
		t.Error("fails by design")
	})
}

var (
	update = flag.Bool("update", false, "rewrite golden files")
	level  = flag.Int("level", 3, "a level")
	name   string
)

func init() { flag.StringVar(&name, "name", "default", "a name") }

func TestFlags(t *testing.T) {
	if *update || *level != 3 || name != "default" || !flag.Parsed() {
		t.Errorf("flags: update %v, level %d, name %q", *update, *level, name)
	}
}

// Example needs TestMain's setup too.
func Example() {
	fmt.Println("ready", ready)
	// Output: ready true
}

// Example_relativeFile reads a file relative to the package's
// directory, as go test runs an Example there, TestMain around it.
func Example_relativeFile() {
	b, err := os.ReadFile("testdata/hello.txt")
	fmt.Printf("%q %v\n", b, err)
	// Output: "hello, embed\n" <nil>
}
