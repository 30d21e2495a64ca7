package nativetest

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Block is one line of a coverage profile: a basic block of a file, named
// as the profile names it ("importpath/file.go"), with its statement count
// and execution count (0 or 1 in set mode).
type Block struct {
	File                                 string
	StartLine, StartCol, EndLine, EndCol int
	NumStmt, Count                       int
}

// ParseProfile reads a text coverage profile ("mode: set" and block lines).
// Blocks are returned in file order; a block listed twice (profiles of
// several packages merged) keeps the larger count.
func ParseProfile(r io.Reader) ([]Block, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	var out []Block
	seen := map[Block]int{}
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if n == 1 && strings.HasPrefix(line, "mode:") || line == "" {
			continue
		}
		b, err := parseBlock(line)
		if err != nil {
			return nil, fmt.Errorf("nativetest: coverage profile line %d: %v", n, err)
		}
		key := b
		key.Count = 0
		if i, ok := seen[key]; ok {
			out[i].Count = max(out[i].Count, b.Count)
			continue
		}
		seen[key] = len(out)
		out = append(out, b)
	}
	return out, sc.Err()
}

// parseBlock parses "file:l.c,l.c n count".
func parseBlock(s string) (Block, error) {
	var b Block
	colon := strings.LastIndexByte(s, ':')
	if colon < 0 {
		return b, fmt.Errorf("no colon in %q", s)
	}
	b.File = s[:colon]
	f := strings.Fields(s[colon+1:])
	if len(f) != 3 {
		return b, fmt.Errorf("malformed %q", s)
	}
	var nums [4]int
	parts := strings.FieldsFunc(f[0], func(r rune) bool { return r == '.' || r == ',' })
	if len(parts) != 4 {
		return b, fmt.Errorf("malformed position %q", f[0])
	}
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil {
			return b, fmt.Errorf("malformed position %q", f[0])
		}
		nums[i] = v
	}
	b.StartLine, b.StartCol, b.EndLine, b.EndCol = nums[0], nums[1], nums[2], nums[3]
	var err1, err2 error
	b.NumStmt, err1 = strconv.Atoi(f[1])
	b.Count, err2 = strconv.Atoi(f[2])
	if err1 != nil || err2 != nil {
		return b, fmt.Errorf("malformed counts in %q", s)
	}
	return b, nil
}
