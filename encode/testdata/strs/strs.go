// Package strs exercises the string operations encode models, for its
// tests: every function's run must satisfy its own encoding.
package strs

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Label builds a string by concatenation, slicing and conversions, and
// branches on comparisons of strings.
func Label(a, b string, n int) string {
	s := a + ":" + b
	if a < b {
		s = s + "<"
	} else if a > b {
		s = s + ">"
	}
	if a <= b && b >= a {
		s += "="
	}
	if strings.HasPrefix(s, b) || strings.HasSuffix(s, a) {
		s = "[" + s + "]"
	}
	if strings.Contains(b, a) {
		s += "c"
	}
	if n >= 0 && n <= len(s) {
		s = s[n:] + s[:n]
	}
	m := min(a, b, "m")
	x := max(a, b)
	return s + strconv.Itoa(n-3) + strconv.FormatInt(int64(n)*7, 10) + m + x + strconv.FormatInt(int64(n), 16)
}

// Same reports whether a and b are equal, in three ways.
func Same(a, b string) bool {
	if a == b {
		return true
	}
	return a != b && a+b == b+a && len(a) == len(b)
}

type row struct {
	name, got string
	n         int
	in        struct{ k int }
}

// Rows computes results inside a slice literal of structs and reads them
// back through copies: range over the slice, a struct returned in a
// tuple, a struct returned alone, a struct assigned whole, nested fields.
func Rows(a, b string, n int) bool {
	rows := []row{{"x", a + b, n, struct{ k int }{n + 1}}, {"y", b + a, 2 * n, struct{ k int }{}}}
	ok := true
	for _, r := range rows {
		if r.got != a+b && r.n == n {
			ok = false
		}
		if r.in.k == n+1 && r.name == "y" {
			ok = false
		}
	}
	p, _ := mkRow(a, n)
	q := mkRow1(b)
	var z row
	z = q
	z.n += p.n
	return ok && p.got == q.got && z.n == n+3 && z.got == b && rows[1].n == 2*n
}

func mkRow(s string, n int) (p row, ok bool) {
	p.got = s
	p.n = n
	return p, true
}

func mkRow1(s string) row { return row{got: s, n: 3} }

// code is an int whose String method fmt calls.
type code int

func (c code) String() string { return "code" }

// name is a string whose String method fmt calls.
type name string

func (n name) String() string { return "name" }

// Format builds strings with fmt.Sprintf: the verbs encode models (%s and
// %v of strings, %%), and others it leaves at their run values (%d, %x, a
// Stringer, a bool).
func Format(a, b string, n int) string {
	s := fmt.Sprintf("%s=%s (%v, %v%%)", a, b, b, a+b)
	if s == fmt.Sprintf("%s=%s (%s, %s%%)", a, b, b, a+b) {
		s += "!"
	}
	t := fmt.Sprintf("%x|%v|%v|%v|%s", n, code(n), n > 0, name(a), name(b))
	u := fmt.Sprintf("plain")
	if fmt.Sprintf("%s", a) == a {
		u += "."
	}
	return s + t + u + fmt.Sprintf("%d%s", uint16(n), a+b) + fmt.Sprintf("[%v]", b)
}

// Build writes a and b into string builders: the writes encode models
// (WriteString, constant WriteByte and WriteRune, Reset), and others it
// leaves at their run values (fmt.Fprintf into a builder, a computed
// byte).
func Build(a, b string, n int) string {
	var sb strings.Builder
	sb.WriteString("x")
	sb.Reset()
	sb.WriteString(a)
	sb.WriteByte('-')
	sb.WriteRune('é')
	for i := 0; i < n%3; i++ {
		sb.WriteString(b)
	}
	s := sb.String()
	sb.WriteString("!")
	var buf bytes.Buffer
	buf.WriteString(b + a)
	buf.WriteByte('.')
	var f strings.Builder
	f.WriteString(a)
	fmt.Fprintf(&f, "%d", n)
	var g strings.Builder
	g.WriteByte(byte('a' + n%26))
	if s+sb.String() == buf.String()+f.String()+g.String() {
		return "?"
	}
	return s + sb.String() + buf.String() + f.String() + g.String()
}

// check returns an error naming what is wrong with a and b.
func check(a, b string, n int) error {
	switch {
	case a == b:
		return errors.New("same: " + a)
	case n%2 == 0:
		return fmt.Errorf("%s and %s differ", a, b)
	case n%3 == 0:
		return fmt.Errorf("%s differs by %d", a, n)
	}
	return nil
}

// Errors compares the texts of errors made by errors.New and fmt.Errorf,
// returned through a call and kept in a variable, and of one whose
// format encode does not model (%d).
func Errors(a, b string, n int) string {
	err := check(a, b, n)
	if err == nil {
		return ""
	}
	msg := err.Error()
	if msg == "same: "+b {
		return "!" + msg
	}
	return msg
}
