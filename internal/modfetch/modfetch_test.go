package modfetch_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/internal/modfetch"
)

func TestWithGoLine(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"module only", "module a\n", "module a\n\ngo 1.16\n"},
		{"no final newline", "module a", "module a\n\ngo 1.16\n"},
		{"has go", "module a\n\ngo 1.13\n", "module a\n\ngo 1.13\n"},
		{"go after require", "module a\nrequire b v1.0.0\ngo 1.21\n", "module a\nrequire b v1.0.0\ngo 1.21\n"},
		{"comment mentions go", "module a\n// go 1.20 someday\n", "module a\n// go 1.20 someday\n\ngo 1.16\n"},
		{"require block", "module a\n\nrequire (\n\tgolang.org/x/text v0.3.0\n)\n", "module a\n\nrequire (\n\tgolang.org/x/text v0.3.0\n)\n\ngo 1.16\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := string(modfetch.WithGoLine([]byte(tc.in))); got != tc.want {
				t.Errorf("WithGoLine(%q) = %q, want %q", tc.in, got, tc.want)
			}
		})
	}
}

// TestCopyKeepsLanguageVersion copies modules whose go.mod has no go
// directive (one predates modules, one has a go.mod without it) and checks
// that a go command run with -mod=mod leaves them at go 1.16, the version
// the go command assumes for them, instead of writing its own.
func TestCopyKeepsLanguageVersion(t *testing.T) {
	if testing.Short() {
		t.Skip("fetches modules")
	}
	for _, mod := range []string{"github.com/pkg/errors@v0.9.1", "github.com/google/uuid@v1.6.0"} {
		t.Run(mod, func(t *testing.T) {
			dir := modfetch.Fetch(t, mod)
			cmd := exec.Command("go", "list", "./...")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GOWORK=off")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Fatalf("go list: %v\n%s", err, out)
			}
			data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(data), "\ngo "+modfetch.AssumedGo+"\n") {
				t.Errorf("go.mod after go list -mod=mod:\n%s\nwant go %s", data, modfetch.AssumedGo)
			}
		})
	}
}

func ExampleWithGoLine() {
	fmt.Print(string(modfetch.WithGoLine([]byte("module example.com/old\n"))))
	// Output:
	// module example.com/old
	//
	// go 1.16
}
