package changes

import (
	"fmt"
	"strings"
	"testing"
)

// versions returns two versions of a file of n functions, every third
// one changed in its condition.
func versions(n int) (old, nw map[string][]byte) {
	var o, w strings.Builder
	o.WriteString("package p\n")
	w.WriteString("package p\n")
	for i := range n {
		body := "func F%d(x int) int {\n\ty := x * %d\n\tif x %s %d {\n\t\ty++\n\t}\n\treturn y\n}\n"
		fmt.Fprintf(&o, body, i, i, ">", i)
		op := ">"
		if i%3 == 0 {
			op = "<"
		}
		fmt.Fprintf(&w, body, i, i, op, i)
	}
	return map[string][]byte{"p.go": []byte(o.String())}, map[string][]byte{"p.go": []byte(w.String())}
}

func BenchmarkDiff(b *testing.B) {
	old, nw := versions(300)
	for b.Loop() {
		if _, err := Diff(old, nw); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkRevert(b *testing.B) {
	old, nw := versions(300)
	s, err := Diff(old, nw)
	if err != nil {
		b.Fatal(err)
	}
	half := s.Changes[:len(s.Changes)/2]
	for b.Loop() {
		if _, err := s.Revert(half); err != nil {
			b.Fatal(err)
		}
	}
}
