package nativetest

import (
	"context"
	"debug/elf"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
)

// TestBuildWithoutDWARF: a test binary is linked without DWARF (see
// linkFlag), unless GOFLAGS sets -ldflags, which the command line would
// replace.
func TestBuildWithoutDWARF(t *testing.T) {
	for _, tt := range []struct {
		env  []string
		want []string
	}{
		{nil, []string{"-ldflags=-w"}},
		{[]string{"GOFLAGS=-mod=mod"}, []string{"-ldflags=-w"}},
		{[]string{"GOFLAGS=-ldflags=-X=main.v=1"}, nil},
		{[]string{"GOFLAGS=-ldflags=-X=main.v=1", "GOFLAGS=-mod=mod"}, []string{"-ldflags=-w"}},
	} {
		t.Setenv("GOFLAGS", "")
		if got := (&Config{Env: tt.env}).linkFlag(); !slices.Equal(got, tt.want) {
			t.Errorf("Env %q: %q, want %q", tt.env, got, tt.want)
		}
	}
	t.Setenv("GOFLAGS", "-ldflags=-X=main.v=1")
	if got := (&Config{}).linkFlag(); got != nil {
		t.Errorf("GOFLAGS=-ldflags=-X=main.v=1 in the process's environment: %q, want none", got)
	}
	t.Setenv("GOFLAGS", "")
	if testing.Short() || runtime.GOOS != "linux" {
		t.Skip("builds a test binary and reads its ELF sections")
	}
	cfg := &Config{Dir: "../..", Tags: []string{"faultloc"}}
	pkgs, err := List(context.Background(), cfg, "./examples/foo")
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "foo.test")
	if err := Build(context.Background(), cfg, pkgs[0], nil, bin, ""); err != nil {
		t.Fatal(err)
	}
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, name := range []string{".debug_info", ".zdebug_info"} {
		if f.Section(name) != nil {
			t.Errorf("the test binary has a %s section", name)
		}
	}
	if f.Section(".gopclntab") == nil {
		t.Error("the test binary has no .gopclntab: the runtime's stack traces need it")
	}
}
