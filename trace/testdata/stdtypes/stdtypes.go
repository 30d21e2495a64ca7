// Package stdtypes allocates standard types the bridge holds natively
// (strings.Builder, bytes.Buffer) through type aliases, embedded in
// structs (methods promoted), and in composite literals, as go test runs
// them; its tests check the results.
package stdtypes

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// sb and buf name standard types through aliases.
type (
	sb    = strings.Builder
	buf   = bytes.Buffer
	bufp  = *bytes.Buffer
	alias = sb // an alias of an alias
)

// AliasLit builds with &sb{}.
func AliasLit() (string, int) {
	b := &sb{}
	b.WriteString("lit")
	return b.String(), b.Len()
}

// AliasNew builds with new(sb).
func AliasNew() (string, int) {
	b := new(sb)
	b.WriteString("new")
	b.WriteByte('!')
	return b.String(), b.Len()
}

// AliasVar builds in a variable of the alias type.
func AliasVar() (string, int) {
	var b sb
	fmt.Fprintf(&b, "var %d", 1)
	return b.String(), b.Len()
}

// AliasOfAlias builds through an alias of an alias.
func AliasOfAlias() string {
	var b alias
	b.WriteString("twice")
	return b.String()
}

// AliasBuffer reads back what it wrote to a bytes.Buffer named by an
// alias, and one made by a pointer alias.
func AliasBuffer() (string, string) {
	b := buf{}
	b.WriteString("hello")
	var p bufp = new(buf)
	p.WriteString("world")
	w := io.Writer(p)
	fmt.Fprint(w, "!")
	return b.String(), p.String()
}

// Logger embeds strings.Builder: its methods are promoted.
type Logger struct {
	strings.Builder
	Lines int
}

// Log writes a line.
func (l *Logger) Log(s string) {
	l.WriteString(s)
	l.WriteByte('\n')
	l.Lines++
}

// Embedded logs two lines.
func Embedded() (string, int, int) {
	var l Logger
	l.Log("a")
	l.Log("bc")
	return l.String(), l.Len(), l.Lines
}

// Stack embeds *bytes.Buffer and bytes.Buffer by an alias.
type Stack struct {
	*bytes.Buffer
	Spare buf
}

// EmbeddedBuffer writes to both.
func EmbeddedBuffer() (string, string) {
	s := Stack{Buffer: &bytes.Buffer{}}
	s.WriteString("top")
	s.Spare.WriteString("spare")
	fmt.Fprintf(&s.Spare, "%d", s.Len())
	return s.String(), s.Spare.String()
}

// Pair holds builders by value in a composite literal.
type Pair struct {
	A, B strings.Builder
	C    [2]bytes.Buffer
}

// CompositeLiterals fills builders held in literals.
func CompositeLiterals() string {
	p := &Pair{A: strings.Builder{}}
	p.A.WriteString("a")
	p.B.WriteString("b")
	p.C[1].WriteString("c")
	bs := []strings.Builder{{}, {}}
	bs[1].WriteString("d")
	m := map[string]*bytes.Buffer{"e": {}}
	m["e"].WriteString("e")
	return p.A.String() + p.B.String() + p.C[1].String() + bs[1].String() + m["e"].String()
}

// Name is a string type; N names it through an alias.
type (
	Name string
	N    = Name
)

// PanicAlias panics with a value of type Name, made through N: go
// prints panic: stdtypes.Name("x").
func PanicAlias() { panic(N("x")) }
