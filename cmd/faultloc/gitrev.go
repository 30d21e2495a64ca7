package main

import (
	"archive/tar"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// gitVersion writes the tree of revision rev of the git repository that
// holds dir into a new temporary directory and returns the directory
// corresponding to dir there, with a function that removes the copy.
// Only regular files are written.
func gitVersion(ctx context.Context, dir, rev string) (string, func(), error) {
	git := func(args ...string) ([]byte, error) {
		cmd := exec.CommandContext(ctx, "git", append([]string{"-C", dir}, args...)...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
		}
		return out, nil
	}
	if _, err := git("rev-parse", "--verify", "--quiet", rev+"^{tree}"); err != nil {
		return "", nil, fmt.Errorf("%s is neither a directory nor a revision of the git repository holding %s", rev, dir)
	}
	prefix, err := git("rev-parse", "--show-prefix")
	if err != nil {
		return "", nil, err
	}
	top, err := git("rev-parse", "--show-toplevel")
	if err != nil {
		return "", nil, err
	}
	archive, err := exec.CommandContext(ctx, "git", "-C", strings.TrimSpace(string(top)), "archive", "--format=tar", rev).Output()
	if err != nil {
		return "", nil, fmt.Errorf("git archive %s: %v", rev, err)
	}
	tmp, err := os.MkdirTemp("", "faultloc-regress-")
	if err != nil {
		return "", nil, err
	}
	cleanup := func() { os.RemoveAll(tmp) }
	tr := tar.NewReader(bytes.NewReader(archive))
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			cleanup()
			return "", nil, fmt.Errorf("git archive %s: %v", rev, err)
		}
		if h.Typeflag != tar.TypeReg {
			continue
		}
		p := filepath.Join(tmp, filepath.FromSlash(h.Name))
		if !strings.HasPrefix(p, tmp+string(filepath.Separator)) {
			continue // a path leaving the directory
		}
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			cleanup()
			return "", nil, err
		}
		b, err := io.ReadAll(tr)
		if err == nil {
			err = os.WriteFile(p, b, 0o666)
		}
		if err != nil {
			cleanup()
			return "", nil, err
		}
	}
	return filepath.Join(tmp, filepath.FromSlash(strings.TrimSpace(string(prefix)))), cleanup, nil
}
