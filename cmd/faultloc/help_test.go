package main

import (
	"bytes"
	"context"
	"go/doc/comment"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The reference (doc.go) must describe the commands and flags that exist,
// all of them and only them; help prints it.

// TestReferenceCommands checks that doc.go has a section per registered
// command and that its list of commands gives each one's summary.
func TestReferenceCommands(t *testing.T) {
	ref, err := parseReference(docGo)
	if err != nil {
		t.Fatal(err)
	}
	registered := slices.Sorted(maps.Keys(commands))
	if got := slices.Sorted(slices.Values(ref.names)); !slices.Equal(got, registered) {
		t.Errorf("doc.go has sections for %v; the registered commands are %v", got, registered)
	}
	// The introduction lists them in a code block after "The commands are:".
	var list map[string]string
	for i, b := range ref.intro {
		if p, ok := b.(*comment.Paragraph); ok && plainText(p.Text) == "The commands are:" && i+1 < len(ref.intro) {
			if c, ok := ref.intro[i+1].(*comment.Code); ok {
				list = map[string]string{}
				for _, l := range strings.Split(strings.TrimSpace(c.Text), "\n") {
					name, summary, _ := strings.Cut(l, " ")
					list[name] = strings.TrimSpace(summary)
				}
			}
		}
	}
	if list == nil {
		t.Fatal(`doc.go: no code block after "The commands are:"`)
	}
	for _, name := range registered {
		if got, want := list[name], commands[name].summary; got != want {
			t.Errorf("doc.go lists %s as %q; its summary is %q", name, got, want)
		}
	}
	for name := range list {
		if _, ok := commands[name]; !ok {
			t.Errorf("doc.go lists %s, which is not a command", name)
		}
	}
}

// flagLine matches a flag's line in the output of a flag.FlagSet's
// PrintDefaults.
var flagLine = regexp.MustCompile(`(?m)^  -([A-Za-z0-9][-A-Za-z0-9]*)`)

// TestReferenceFlags checks that each command's section documents exactly
// the flags its flag set defines (as its -h lists them), each in a code
// line starting with the flag.
func TestReferenceFlags(t *testing.T) {
	ref, err := parseReference(docGo)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range slices.Sorted(maps.Keys(commands)) {
		if name == "help" {
			continue // no flags
		}
		var out, errb bytes.Buffer
		run(context.Background(), []string{name, "-h"}, &out, &errb)
		var defined []string
		for _, m := range flagLine.FindAllStringSubmatch(errb.String(), -1) {
			defined = append(defined, m[1])
		}
		if len(defined) == 0 {
			t.Errorf("%s -h lists no flags:\n%s", name, errb.String())
			continue
		}
		var documented []string
		for _, b := range ref.sections[name] {
			c, ok := b.(*comment.Code)
			if !ok || !strings.HasPrefix(c.Text, "-") {
				continue
			}
			f := strings.TrimPrefix(c.Text, "-")
			if i := strings.IndexAny(f, " =\n"); i >= 0 {
				f = f[:i]
			}
			documented = append(documented, f)
		}
		slices.Sort(defined)
		slices.Sort(documented)
		if !slices.Equal(documented, defined) {
			t.Errorf("doc.go documents the flags %v of %s; it defines %v", documented, name, defined)
		}
	}
}

// unresolvedLink matches a doc link that help printed as written.
var unresolvedLink = regexp.MustCompile(`\[[a-z]+\.[A-Z][A-Za-z.]*`)

// TestHelp checks that help prints the reference's introduction, and a
// command's section when given its name.
func TestHelp(t *testing.T) {
	ref, err := parseReference(docGo)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		want []comment.Block
	}{
		{nil, ref.intro},
		{[]string{"-h"}, ref.sections["help"]},
	}
	for _, name := range ref.names {
		tests = append(tests, struct {
			args []string
			want []comment.Block
		}{[]string{name}, ref.sections[name]})
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		args := append([]string{"help"}, tc.args...)
		if code := run(context.Background(), args, &out, &errb); code != 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errb.String())
			continue
		}
		if want := string(renderText(tc.want)); out.String() != want {
			t.Errorf("%v printed\n%s\nwant\n%s", args, out.String(), want)
		}
		if m := unresolvedLink.FindString(out.String()); m != "" {
			t.Errorf("%v: doc link %s] left unresolved (see lookupPackage)", args, m)
		}
	}
	var out, errb bytes.Buffer
	if code := run(context.Background(), []string{"help", "nosuch"}, &out, &errb); code != 1 || !strings.Contains(errb.String(), `unknown command "nosuch"`) {
		t.Errorf("help nosuch: exit %d, stderr %q", code, errb.String())
	}
}
