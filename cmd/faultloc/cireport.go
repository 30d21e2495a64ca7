package main

import (
	"cmp"
	"io"
	"os"
	"runtime/debug"

	"github.com/faultloc/faultloc/internal/gomod"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/cireport"
)

// ciOutput is how a -format sarif or github report is cut: -format,
// -top, -threshold.
type ciOutput struct {
	format    string
	top       int
	threshold float64
}

// ciFormat reports whether format is one of the formats cireport writes.
func ciFormat(format string) bool { return format == "sarif" || format == "github" }

// writeCI writes results as -format sarif or -format github asks, files
// relative to the root of the module holding dir (default the working
// directory): code scanning's %SRCROOT%, and the directory a workflow
// step runs in when the module is the repository. partial, when not
// empty, says why the run stopped early (cireport.Options.Partial).
func writeCI(w io.Writer, format string, rs []cireport.Result, dir, partial string) error {
	if dir == "" {
		dir, _ = os.Getwd()
	}
	opts := &cireport.Options{Root: moduleRoot(dir), Version: toolVersion(), Partial: partial}
	if format == "github" {
		return cireport.WriteGitHub(w, rs, opts)
	}
	return cireport.WriteSARIF(w, rs, opts)
}

// partialReason is why the run of reports stopped early: the first
// partial report's reason, else stopped (a cause of the command's
// context; "" when it ran to its end).
func partialReason(reports []*localize.Report, stopped string) string {
	for _, r := range reports {
		if r != nil && r.Partial {
			return cmp.Or(r.Reason, stopped, "partial")
		}
	}
	return stopped
}

// partialMark is writeCI's partial argument for one report: its reason
// ("partial" if it gives none) when partial, else "".
func partialMark(partial bool, reason string) string {
	if !partial {
		return ""
	}
	return cmp.Or(reason, "partial")
}

// moduleRoot is the directory of the go.mod file that holds dir, or dir
// when none does.
func moduleRoot(dir string) string {
	if root, ok := gomod.Root(dir); ok {
		return root
	}
	return dir
}

// toolVersion is the command's version as its build info gives it: the
// module's version when go install built it from a release (or a
// pseudo-version from the checkout's revision), "(devel)" otherwise.
func toolVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}
