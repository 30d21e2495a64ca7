package corpus

import (
	"fmt"
	"strings"
	"text/scanner"
)

// TextScanner tokenizes Go-like text with text/scanner (run from its
// source by the interpreter): the default mode, then identifiers and
// integers alone with comments kept and a custom IsIdentRune, positions,
// and the Error callback on an unterminated string.
func TextScanner() string {
	var out []string
	var s scanner.Scanner
	s.Init(strings.NewReader("x := 3.5 + f(\"a\\tb\", 'c') // note\nif y >= 10 { return }"))
	s.Filename = "ex"
	for tok := s.Scan(); tok != scanner.EOF; tok = s.Scan() {
		out = append(out, fmt.Sprintf("%s:%s:%q", s.Position, scanner.TokenString(tok), s.TokenText()))
	}
	var t scanner.Scanner
	t.Init(strings.NewReader("a-b 12 /* c */ $d"))
	t.Mode = scanner.ScanIdents | scanner.ScanInts | scanner.ScanComments
	t.IsIdentRune = func(ch rune, i int) bool { return ch == '$' || ch == '-' && i > 0 || ch >= 'a' && ch <= 'z' }
	for tok := t.Scan(); tok != scanner.EOF; tok = t.Scan() {
		out = append(out, fmt.Sprintf("%d:%q", tok, t.TokenText()))
	}
	var u scanner.Scanner
	u.Init(strings.NewReader(`"open`))
	var msgs []string
	u.Error = func(s *scanner.Scanner, msg string) { msgs = append(msgs, fmt.Sprint(s.Pos(), ": ", msg)) }
	for tok := u.Scan(); tok != scanner.EOF; tok = u.Scan() {
	}
	out = append(out, strings.Join(msgs, ";"), fmt.Sprint(u.ErrorCount))
	return strings.Join(out, "\n")
}
