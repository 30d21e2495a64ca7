package gomod_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/faultloc/faultloc/internal/gomod"
)

func ExampleRoot() {
	tmp, err := os.MkdirTemp("", "gomod")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(tmp)
	os.MkdirAll(filepath.Join(tmp, "lib", "sub"), 0o755)
	os.WriteFile(filepath.Join(tmp, "lib", "go.mod"), []byte("module example.com/lib\n"), 0o644)

	root, ok := gomod.Root(filepath.Join(tmp, "lib", "sub"))
	fmt.Println(filepath.Base(root), ok)
	// Output: lib true
}
