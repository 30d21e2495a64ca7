package printf

import (
	"strings"
	"unicode/utf8"
)

// A Piece is a run of a format's literal text, or one of its verbs.
type Piece struct {
	Lit  string // the literal text, "%%" read as "%"; "" for a verb
	Verb Verb   // the verb; its Text is "" for literal text
}

// IsVerb reports whether p is a verb rather than literal text.
func (p Piece) IsVerb() bool { return p.Verb.Text != "" }

// A Verb is one verb of a format, such as "%-5d".
type Verb struct {
	Text   string // as written, from the '%' to the letter: "%-5d"
	Flags  string // the flags among "+-# 0", as written: "-"
	Width  string // what stands between the flags and the letter, as written: a width ("5"), with a precision ("5.2"), '*' or argument indexes ("[1]")
	Letter rune   // 'd'; 0 when the format ends before it
}

// Flag reports whether v has flag c, one of '+', '-', '#', ' ' and '0'.
func (v Verb) Flag(c byte) bool { return strings.IndexByte(v.Flags, c) >= 0 }

// Plain reports whether v has a letter and, between its flags and its
// letter, at most a decimal width: no precision, '*' or argument index.
func (v Verb) Plain() bool {
	return v.Letter != 0 && strings.Trim(v.Width, "0123456789") == ""
}

// Parse splits format into literal text and verbs, in order. Adjacent
// literal text is one piece. A '%' at the end of the format, or before
// the end of its flags and width, is a verb without a letter.
func Parse(format string) []Piece {
	var ps []Piece
	var lit strings.Builder
	flush := func() {
		if lit.Len() > 0 {
			ps = append(ps, Piece{Lit: lit.String()})
			lit.Reset()
		}
	}
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			lit.WriteByte(format[i])
			continue
		}
		if i+1 < len(format) && format[i+1] == '%' {
			lit.WriteByte('%')
			i++
			continue
		}
		flags := i + 1
		for flags < len(format) && strings.IndexByte("+-# 0", format[flags]) >= 0 {
			flags++
		}
		width := flags
		for width < len(format) && strings.IndexByte("0123456789.*[]", format[width]) >= 0 {
			width++
		}
		v := Verb{Flags: format[i+1 : flags], Width: format[flags:width]}
		end := len(format)
		if width < len(format) {
			r, n := utf8.DecodeRuneInString(format[width:])
			v.Letter, end = r, width+n
		}
		v.Text = format[i:end]
		flush()
		ps = append(ps, Piece{Verb: v})
		i = end - 1
	}
	flush()
	return ps
}

// Verbs returns the verbs of format that take an argument, in order: the
// i-th formats the call's i-th argument after the format. It leaves out
// verbs whose letter is '%', but not a verb without a letter.
func Verbs(format string) []Verb {
	var vs []Verb
	for _, p := range Parse(format) {
		if p.IsVerb() && p.Verb.Letter != '%' {
			vs = append(vs, p.Verb)
		}
	}
	return vs
}
