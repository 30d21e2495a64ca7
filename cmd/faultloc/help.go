package main

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"io"
	"strings"
)

// The command's reference is its package documentation, doc.go, which go
// doc shows; help prints it from the same file, embedded in the binary,
// so the two cannot differ. help_test.go checks that the reference
// describes exactly the commands and flags that exist.
//
//go:embed doc.go
var docGo []byte

func init() {
	register("help", command{summary: "print the reference of faultloc or of one command", run: runHelp})
}

// runHelp implements `faultloc help [command]`.
func runHelp(_ context.Context, args []string, stdout, stderr io.Writer) int {
	ref, err := parseReference(docGo)
	if err != nil {
		fmt.Fprintln(stderr, "faultloc help:", err)
		return 2
	}
	var blocks []comment.Block
	switch len(args) {
	case 0:
		blocks = ref.intro
	case 1:
		name := args[0]
		if name == "-h" || name == "-help" || name == "--help" {
			name = "help"
		}
		var ok bool
		if blocks, ok = ref.sections[name]; !ok {
			fmt.Fprintf(stderr, "faultloc help: unknown command %q (run 'faultloc help')\n", args[0])
			return 1
		}
	default:
		fmt.Fprintln(stderr, "usage: faultloc help [command]")
		return 1
	}
	if _, err := stdout.Write(renderText(blocks)); err != nil {
		fmt.Fprintln(stderr, "faultloc help:", err)
		return 2
	}
	return 0
}

// reference is the command's package documentation cut into sections.
type reference struct {
	intro    []comment.Block            // before the first heading: usage and the list of commands
	names    []string                   // the commands that have a section, in order
	sections map[string][]comment.Block // by command: the blocks after its heading "faultloc NAME"
}

// sectionPrefix begins the heading of a command's section.
const sectionPrefix = "faultloc "

// parseReference reads the package doc comment of the Go source src.
func parseReference(src []byte) (*reference, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", src, parser.PackageClauseOnly|parser.ParseComments)
	if err != nil {
		return nil, err
	}
	if f.Doc == nil {
		return nil, errors.New("doc.go has no package documentation")
	}
	p := comment.Parser{LookupPackage: lookupPackage}
	doc := p.Parse(f.Doc.Text())
	ref := &reference{sections: map[string][]comment.Block{}}
	cur := "" // the section being read; "" for the introduction
	for _, b := range doc.Content {
		if h, ok := b.(*comment.Heading); ok {
			title := plainText(h.Text)
			name, ok := strings.CutPrefix(title, sectionPrefix)
			if !ok {
				return nil, fmt.Errorf("doc.go: heading %q does not name a command (%q...)", title, sectionPrefix)
			}
			if _, dup := ref.sections[name]; dup {
				return nil, fmt.Errorf("doc.go: two sections for command %q", name)
			}
			cur = name
			ref.names = append(ref.names, name)
			ref.sections[name] = nil
			continue
		}
		if cur == "" {
			ref.intro = append(ref.intro, b)
		} else {
			ref.sections[cur] = append(ref.sections[cur], b)
		}
	}
	return ref, nil
}

// lookupPackage resolves the package names of doc links ([localize.Options])
// as go doc does in this package: the faultloc packages the command imports.
func lookupPackage(name string) (importPath string, ok bool) {
	switch name {
	case "encode", "localize", "spectra", "trace":
		return "github.com/faultloc/faultloc/" + name, true
	case "agx", "angelic", "diagnose", "htmlreport", "mutation", "pipeline", "regress", "repair", "sattar":
		return "github.com/faultloc/faultloc/localize/" + name, true
	}
	return "", false
}

// plainText returns the text of a heading or paragraph without markup.
func plainText(ts []comment.Text) string {
	var sb strings.Builder
	for _, t := range ts {
		switch t := t.(type) {
		case comment.Plain:
			sb.WriteString(string(t))
		case comment.Italic:
			sb.WriteString(string(t))
		case *comment.Link:
			sb.WriteString(plainText(t.Text))
		case *comment.DocLink:
			sb.WriteString(plainText(t.Text))
		}
	}
	return sb.String()
}

// renderText formats blocks as go doc prints them.
func renderText(blocks []comment.Block) []byte {
	var pr comment.Printer
	return pr.Text(&comment.Doc{Content: blocks})
}
