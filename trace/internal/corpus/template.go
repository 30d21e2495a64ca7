package corpus

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"text/template"
)

// tmplItem is a record of the program's own that templates read: fields,
// methods with and without arguments and errors, a map, a slice, a
// pointer and an embedded struct.
type tmplItem struct {
	Name  string
	Price float64
	Tags  []string
	Attrs map[string]int
	Next  *tmplItem
	tmplBase
	hidden int
}

type tmplBase struct{ ID int }

func (t tmplItem) Upper() string { return strings.ToUpper(t.Name) }

func (t *tmplItem) Label(prefix string, n int) string {
	return fmt.Sprintf("%s-%s-%d", prefix, t.Name, n)
}

func (t tmplItem) Check(ok bool) (string, error) {
	if !ok {
		return "", errors.New("check failed")
	}
	return "checked", nil
}

func (b tmplBase) Code() string { return fmt.Sprintf("#%03d", b.ID) }

// tmplRun parses and executes src on data, returning the output or the
// error.
func tmplRun(name, src string, funcs template.FuncMap, data any) string {
	t := template.New(name)
	if funcs != nil {
		t = t.Funcs(funcs)
	}
	t, err := t.Parse(src)
	if err != nil {
		return "parse error: " + err.Error()
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, data); err != nil {
		return buf.String() + " | exec error: " + err.Error()
	}
	return buf.String()
}

// Template executes text/template templates over the program's own
// types: fields, methods, embedded fields, range over slices and maps
// (sorted keys), with, if/else, variables, pipelines, the builtins,
// functions of the program's own (FuncMap), nested templates, and the
// errors of parsing and execution.
func Template() string {
	next := &tmplItem{Name: "bolt", Price: 0.25}
	item := tmplItem{Name: "nut", Price: 1.5, Tags: []string{"a", "b", "c"}, Attrs: map[string]int{"z": 26, "a": 1, "m": 13}, Next: next, tmplBase: tmplBase{ID: 7}}
	funcs := template.FuncMap{
		"join":  strings.Join,
		"twice": func(s string) string { return s + s },
		"add":   func(a, b int) int { return a + b },
		"fail":  func() (string, error) { return "", errors.New("failing func") },
		"sum": func(xs ...int) int {
			t := 0
			for _, x := range xs {
				t += x
			}
			return t
		},
	}
	cases := []struct {
		src  string
		data any
	}{
		{"{{.Name}} costs {{.Price}} ({{printf \"%.2f\" .Price}})", item},
		{"{{.Upper}} {{.Code}} {{.ID}} {{.Next.Name}} {{.Next.Next}}", item},
		{"{{range $i, $t := .Tags}}{{if $i}}, {{end}}{{$i}}={{$t}}{{end}}", item},
		{"{{range $k, $v := .Attrs}}{{$k}}:{{$v}} {{end}}", item},
		{"{{with .Next}}next {{.Name}}{{else}}none{{end}} {{with .Tags}}{{len .}}{{end}}", item},
		{"{{if and .Tags (gt .Price 1.0)}}big{{else if .Tags}}small{{else}}empty{{end}}", item},
		{"{{len .Tags}} {{index .Tags 1}} {{index .Attrs \"m\"}} {{slice .Name 1 2}}", item},
		{"{{.Name | twice | printf \"%q\"}} {{join .Tags \"+\"}} {{add 2 3}} {{sum 1 2 3}}", item},
		{"{{eq .Name \"nut\"}} {{ne 1 2}} {{lt 1 2}} {{le 2 2}} {{not true}} {{or 0 \"x\"}} {{and 1 0}}", item},
		{"{{html \"<a&b>\"}} {{js \"it's\"}} {{urlquery \"a b\"}} {{print 1 \"x\" 2}} {{println \"l\"}}", item},
		{"{{define \"T\"}}[{{.}}]{{end}}{{template \"T\" .Name}}{{block \"B\" .Price}}<{{.}}>{{end}}", item},
		{"{{$x := 1}}{{$x = add $x 10}}{{$x}} {{range 3}}{{.}}{{end}} {{- \" trimmed \" -}} !", item},
		{"{{.Check true}} {{call .Fn 4}}", map[string]any{"Check": nil, "Fn": func(n int) int { return n * n }}},
		{"{{range .}}{{.Name}};{{else}}empty{{end}}", []*tmplItem{&item, next}},
		{"{{range .}}{{.}}{{end}}", map[int]string{3: "c", 1: "a", 2: "b"}},
		{"{{(.Label \"p\" 3)}}", &item},
		{"{{.Check false}}", item},
		{"{{fail}}", item},
		{"{{.Missing}}", item},
		{"{{.hidden}}", item},
		{"{{index .Tags 9}}", item},
		{"{{.Name", item},
		{"{{nofunc 1}}", item},
		{"{{range .Tags}}{{break}}{{end}}x{{range .Tags}}{{if eq . \"b\"}}{{continue}}{{end}}{{.}}{{end}}", item},
	}
	var out []string
	for i, c := range cases {
		out = append(out, fmt.Sprintf("%d: %s", i, tmplRun(fmt.Sprint("t", i), c.src, funcs, c.data)))
	}
	// Option missingkey, Lookup, templates and DefinedTemplates.
	t := template.Must(template.New("root").Option("missingkey=error").Parse(`{{.a}}{{define "x"}}X{{end}}{{define "y"}}Y{{end}}`))
	var buf bytes.Buffer
	err := t.Execute(&buf, map[string]int{"b": 1})
	defined := t.DefinedTemplates() // in the order of a map
	out = append(out, fmt.Sprint(err), fmt.Sprint(strings.Count(defined, `"`), strings.Contains(defined, `"root"`)), fmt.Sprint(t.Lookup("x") != nil, t.Lookup("z") == nil, len(t.Templates())))
	buf.Reset()
	check(t.ExecuteTemplate(&buf, "y", nil) == nil, "ExecuteTemplate")
	out = append(out, buf.String(), template.HTMLEscapeString("<x>"), template.JSEscapeString("'q'"))
	return strings.Join(out, "\n")
}
