package corpus

import (
	"bytes"
	"errors"
	"fmt"
	"html/template"
	"strings"
)

// htPage is what the html/template templates read: fields, a method with
// an argument, trusted content of each kind, a slice and a map.
type htPage struct {
	Title string
	URL   string
	Color string
	Tags  []string
	Meta  map[string]int
	Body  template.HTML
	Link  template.URL
	Code  template.JS
	Style template.CSS
	Item  htItem
}

type htItem struct{ N int }

func (p htPage) Greet(to string) string { return "hi <" + to + ">" }

func (i htItem) String() string { return fmt.Sprintf("item#%d & co", i.N) }

// htRun parses and executes src as an HTML template on data, returning
// the output or the error.
func htRun(name, src string, data any) string {
	funcs := template.FuncMap{
		"upper": strings.ToUpper,
		"fail":  func() (string, error) { return "", errors.New("failing func") },
	}
	t, err := template.New(name).Funcs(funcs).Parse(src)
	if err != nil {
		return "parse error: " + err.Error()
	}
	var buf bytes.Buffer
	if err := t.Execute(&buf, data); err != nil {
		var te *template.Error
		if errors.As(err, &te) {
			return fmt.Sprintf("%s | escape error %d: %v", buf.String(), te.ErrorCode, err)
		}
		return buf.String() + " | exec error: " + err.Error()
	}
	return buf.String()
}

// HTMLTemplate executes html/template templates over the program's own
// types: contextual escaping in text, attributes, URLs, scripts and
// styles (and a meta refresh's URL, which reads a GODEBUG setting),
// trusted content, methods, funcs, range over slices and maps,
// nested templates, and the errors of parsing, escaping and execution.
func HTMLTemplate() string {
	page := htPage{
		Title: `Tom & "Jerry" <b>`, URL: "https://x.org/a b?q=1&r=<2>", Color: "red",
		Tags: []string{"a<", "b'"}, Meta: map[string]int{"z": 2, "a": 1},
		Body: "<i>ok</i>", Link: "javascript:ok()", Code: "alert(1)", Style: "color: blue", Item: htItem{3},
	}
	cases := []struct {
		src  string
		data any
	}{
		{`<p title="{{.Title}}">{{.Title}}</p><a href="{{.URL}}">u</a><a href="/s?q={{.Title}}">q</a>`, page},
		{`<script>var t = {{.Title}}; var tags = {{.Tags}}; var m = {{.Meta}}; var i = {{.Item.N}};</script>`, page},
		{`<style>p { color: {{.Color}} }</style><p style="color: {{.Title}}">s</p>`, page},
		{`{{.Body}} <a href="{{.Link}}">l</a> <a href="{{.URL | printf "%s"}}">p</a> <script>{{.Code}}</script> <p style="{{.Style}}">c</p>`, page},
		{`<a href="javascript:{{.Title}}">j</a> <a href="{{"javascript:x()"}}">z</a> <img src="data:x">`, page},
		{`{{range $i, $t := .Tags}}<li data-i="{{$i}}">{{$t}}</li>{{end}}{{range $k, $v := .Meta}}{{$k}}={{$v}};{{end}}`, page},
		{`{{.Greet "<b>"}} {{.Item}} {{upper .Title}} {{len .Tags}} {{index .Meta "z"}}`, page},
		{`{{define "row"}}<td>{{.}}</td>{{end}}<tr>{{template "row" .Title}}{{template "row" .Body}}</tr>`, page},
		{`<meta http-equiv="refresh" content="0;url={{.Link}}"><meta http-equiv="refresh" content="1;url={{.URL}}"><meta http-equiv="refresh" content="2;url={{"javascript:x()"}}">`, page},
		{`<textarea>{{.Title}}</textarea><title>{{.Title}}</title><!-- {{.Title}} -->x`, page},
		{`<input value={{.Title}} onclick="f({{.Title}})">`, page},
		{`{{if .Tags}}<a{{end}}>x`, page},
		{`<a href="{{.URL}}`, page},
		{`<script>var x = "{{.Title}}</script>`, page},
		{`{{.Missing}}`, page},
		{`{{fail}}`, page},
		{`{{.Title`, page},
	}
	var out []string
	for i, c := range cases {
		out = append(out, fmt.Sprintf("%d: %s", i, htRun(fmt.Sprint("h", i), c.src, c.data)))
	}
	t := template.Must(template.New("root").Parse(`{{define "a"}}A{{.}}{{end}}{{template "a" "<"}}`))
	c := template.Must(t.Clone())
	template.Must(c.New("b").Parse(`B{{template "a" .}}`))
	var buf bytes.Buffer
	err := c.ExecuteTemplate(&buf, "b", "&")
	out = append(out, fmt.Sprint(buf.String(), " ", err, " ", t.Lookup("b") == nil, " ", c.Lookup("b") != nil))
	out = append(out, template.HTMLEscapeString(`<"&'>`), template.JSEscapeString(`'a'</script>`), template.URLQueryEscaper("a b", "&c"))
	return strings.Join(out, "\n")
}
