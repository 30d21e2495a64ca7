package localize

import (
	"errors"
	"fmt"
	"html/template"
	"io"
)

// WriteOptions say how a report writes itself. Every report of
// localize's packages has the same three writers, WriteText(w),
// WriteJSON(w) and WriteHTML(w), and carries these options in its field
// Output, set before writing. The zero value is the default.
type WriteOptions struct {
	// Dir is the directory the text and the HTML name files relative
	// to, where they can (it may itself be relative to the working
	// directory, e.g. "."). The JSON keeps the names the report was made
	// with (RelativeTo rewrites them). Default "": the names as made.
	Dir string
	// Timing adds to the text how long the report's steps took, where
	// it records them (a regression's). Default false: none, so that
	// the text of the same input is the same.
	Timing bool
	// Title is the HTML page's title. Default "": the report's own.
	Title string
}

// HTMLWriter draws reports as one HTML page, with opts' Title and Dir.
type HTMLWriter func(w io.Writer, reports []*Report, opts WriteOptions) error

// htmlWriter is the registered writer of Report.WriteHTML.
var htmlWriter HTMLWriter

// RegisterHTML makes write the writer of [Report.WriteHTML]'s page.
// Package htmlreport registers its page (the source of each file
// involved, the candidates' lines highlighted) when a program links it,
// as a hash package registers itself with crypto (the core does not
// import it: it stands above the core). Call it from an init function.
func RegisterHTML(write HTMLWriter) { htmlWriter = write }

// ErrNoHTML is the error of [Report.WriteHTML] in a program that does
// not link package htmlreport.
var ErrNoHTML = errors.New(`localize: no HTML writer: import _ "github.com/faultloc/faultloc/localize/htmlreport"`)

// WriteHTML writes the report as one self-contained HTML page (the
// source of each file involved, the candidates' lines highlighted),
// drawn by package htmlreport, which the program must link
// ([ErrNoHTML]), with r.Output's Title and Dir.
func (r *Report) WriteHTML(w io.Writer) error {
	if htmlWriter == nil {
		return ErrNoHTML
	}
	return htmlWriter(w, []*Report{r}, r.Output)
}

// textPage is the HTML page of a report drawn as its text.
var textPage = template.Must(template.New("text").Parse(`<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>{{.Title}}</title>
<style>body{font-family:sans-serif;margin:1em}pre{font-size:13px}</style></head><body>
<h1>{{.Title}}</h1>
<pre>{{.Text}}</pre>
</body></html>
`))

// EncodeHTML writes text, a report's text (its WriteText), as one
// self-contained HTML page titled title: the HTML of a report that has
// no view of its own (no source shown, nothing highlighted), every
// character escaped.
func EncodeHTML(w io.Writer, title, text string) error {
	if err := textPage.Execute(w, struct{ Title, Text string }{title, text}); err != nil {
		return fmt.Errorf("localize: html: %w", err)
	}
	return nil
}
