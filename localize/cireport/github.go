package cireport

import (
	"bufio"
	"fmt"
	"io"
	"path/filepath"
	"strings"
)

// WriteGitHub writes the results as GitHub Actions workflow commands,
// one line per location of each result:
//
//	::error file=F,line=L,col=C,title=faultloc RULE::MESSAGE
//
// (col when the column is known, endLine for a span), which GitHub shows
// as annotations on the lines of the pull request: an Error result as
// ::error, a Warning as ::warning, a Note as ::notice. Files are
// relative to opts.Root, which should be the directory the workflow
// step runs in (the repository's checkout); files outside it keep their
// absolute names. Values are escaped as the runner expects ('%', '\r',
// '\n'; in the parameters also ':' and ','). With opts.Partial, the
// first line is a warning without a file that the results are partial:
//
//	::warning title=faultloc partial::faultloc stopped before its end (REASON): the results are partial
func WriteGitHub(w io.Writer, rs []Result, opts *Options) error {
	if opts == nil {
		opts = &Options{}
	}
	root := absRoot(opts.Root)
	bw := bufio.NewWriter(w)
	if opts.Partial != "" {
		fmt.Fprintf(bw, "::warning title=%s::%s\n", escapeProperty("faultloc partial"), escapeData(partialMessage(opts.Partial)))
	}
	for _, r := range rs {
		cmd := map[Level]string{Error: "error", Warning: "warning", Note: "notice"}[r.Rule.Level]
		if cmd == "" {
			cmd = "notice"
		}
		for _, l := range r.Locations {
			params := "file=" + escapeProperty(relName(root, l.File))
			if l.Line > 0 {
				params += fmt.Sprintf(",line=%d", l.Line)
				if l.Column > 0 {
					params += fmt.Sprintf(",col=%d", l.Column)
				}
				if l.EndLine > l.Line {
					params += fmt.Sprintf(",endLine=%d", l.EndLine)
				}
			}
			params += ",title=" + escapeProperty("faultloc "+r.Rule.ID)
			fmt.Fprintf(bw, "::%s %s::%s\n", cmd, params, escapeData(r.Message))
		}
	}
	return bw.Flush()
}

// partialMessage says that a run stopped early, and why.
func partialMessage(reason string) string {
	return "faultloc stopped before its end (" + reason + "): the results are partial"
}

// relName is file relative to root when it lies below it, with forward
// slashes; else file as it is.
func relName(root, file string) string {
	abs, err := filepath.Abs(file)
	if err != nil {
		return file
	}
	if rel, err := filepath.Rel(root, abs); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(rel)
	}
	return file
}

// escapeData escapes a workflow command's message.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

// escapeProperty escapes a workflow command's parameter value.
func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
