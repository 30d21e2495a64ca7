package localize

import (
	"os"
	"strings"

	"github.com/faultloc/faultloc/spectra"
	"github.com/faultloc/faultloc/trace"
)

// Sources reads source lines for reports, caching files: the key is a
// file name, the value its lines. The zero value is not usable; make
// one with Sources{}.
type Sources map[string][]string

// Line returns line number line of file, trimmed, or "" when the file
// cannot be read or has no such line.
func (s Sources) Line(file string, line int) string {
	lines, ok := s[file]
	if !ok {
		b, err := os.ReadFile(file)
		if err == nil {
			lines = strings.Split(string(b), "\n")
		}
		s[file] = lines
	}
	if line >= 1 && line <= len(lines) {
		return strings.TrimSpace(lines[line-1])
	}
	return ""
}

// ProgramCode reports whether event e of t is the program's own code: a
// function written in the source or an instance of one, not package
// initialization (the package initializer, a func init, or a function
// literal inside one, as in a package variable's initializer), not a generic standard function
// the interpreter runs from source (trace.Static.Library).
func ProgramCode(t *trace.Trace, e trace.EventID) bool {
	fn := t.Func(e)
	if fn == nil || (fn.Synthetic != "" && fn.Origin() == nil) || t.StaticInfo(t.Static(e)).Library {
		return false
	}
	for f := fn; f != nil; f = f.Parent() {
		if f.Name() == "init" || strings.HasPrefix(f.Name(), "init#") {
			return false // the package initializer, or a func init()
		}
	}
	return true
}

// InitLineOf returns the line of event e of t if it is package
// initialization in a source file of the program, not a test file nor
// a test helper's (trace.Static.Support): a
// statement of a package variable's initializer (a table's entry) or of a
// func init, which [LineOf] leaves out.
func InitLineOf(t *trace.Trace, e trace.EventID) (trace.Line, bool) {
	return InitLine(t.StaticInfo(t.Static(e)))
}

// InitLine is [InitLineOf] for the events of static instruction st:
// its line if it is package initialization in a source file of the
// program, not a test file nor a test helper's.
func InitLine(st *trace.Static) (trace.Line, bool) {
	if st.Func == nil || st.Library || st.Support || !st.Position.IsValid() || IsTestFile(st.Position.Filename) {
		return trace.Line{}, false
	}
	for f := st.Func; f != nil; f = f.Parent() {
		if f.Synthetic == "package initializer" || f.Name() == "init" || strings.HasPrefix(f.Name(), "init#") {
			return trace.Line{File: st.Position.Filename, Line: st.Position.Line}, true
		}
	}
	return trace.Line{}, false
}

// LineOf returns the line of event e of t if it is one a ranking holds,
// as spectra ranks lines: a statement of the program's own function
// bodies ([ProgramCode]), test files, the module's test helpers
// (trace.Static.Support) and package initialization left out. The
// built-in scorers score these lines only; a caller's Scorer filters its
// lines with it to rank the same ones. An event t does not hold (a
// panic's NoEvent, say) has no line.
func LineOf(t *trace.Trace, e trace.EventID) (trace.Line, bool) {
	if e < 0 || int(e) >= t.Len() {
		return trace.Line{}, false
	}
	st := t.StaticInfo(t.Static(e))
	if st.Synthetic || st.Library || st.Support || !st.Position.IsValid() || IsTestFile(st.Position.Filename) || !ProgramCode(t, e) || !spectra.InBody(st) {
		return trace.Line{}, false
	}
	return trace.Line{File: st.Position.Filename, Line: st.Position.Line}, true
}
