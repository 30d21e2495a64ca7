package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// readOverlay reads a go build -overlay file: a JSON object whose
// Replace maps file paths to the paths of their replacements, both
// relative to the working directory or absolute. It returns the
// replaced files' contents by absolute path. Deleting a file (an empty
// replacement) is not supported.
func readOverlay(file string) (map[string][]byte, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("-overlay: %w", err)
	}
	var ov struct{ Replace map[string]string }
	if err := json.Unmarshal(data, &ov); err != nil {
		return nil, fmt.Errorf("-overlay: %s: %w", file, err)
	}
	out := map[string][]byte{}
	for from, to := range ov.Replace {
		if to == "" {
			return nil, fmt.Errorf("-overlay: %s: deleting %s is not supported", file, from)
		}
		abs, err := filepath.Abs(from)
		if err != nil {
			return nil, fmt.Errorf("-overlay: %w", err)
		}
		b, err := os.ReadFile(to)
		if err != nil {
			return nil, fmt.Errorf("-overlay: %s: replacement of %s: %w", file, from, err)
		}
		out[abs] = b
	}
	return out, nil
}
