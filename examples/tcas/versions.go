package tcas

import (
	_ "embed"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

//go:embed tcas.go
var portSource string

// SourceFile is the name of the port's source file in the package
// directory: the file every faulty version replaces.
const SourceFile = "tcas.go"

// Source returns the fault-free port, the contents of tcas.go.
func Source() []byte { return []byte(portSource) }

// An Edit is one change of a line of the fault-free tcas.go. Edits of a
// version are applied to the fault-free lines independently, so line numbers
// always refer to the fault-free file.
type Edit struct {
	Line int    // 1-based line of the fault-free tcas.go
	Old  string // text that occurs exactly once in that line; "" inserts New as a new line after it
	New  string // replacement of Old; a line left without code becomes empty (line numbers stay)
}

// A Version is one of the 41 faulty versions of the Siemens suite's TCAS,
// expressed as edits of the fault-free port.
type Version struct {
	N        int    // 1..41, as in SIR's versions.alt/versions.orig/vN
	Kind     string // the kind of fault, as in testdata/faults.tsv
	Omission bool   // code is missing (the ground truth is where it is missing)
	Define   bool   // a #define constant changed (the ground truth is its assignment in defines)
	Summary  string // the change, in C's terms
	Edits    []Edit
}

// table returns the 41 faulty versions, built afresh (a package-level table
// would make the package initializer allocate it before every traced run);
// each entry mirrors the diff between SIR's vN/tcas.c and
// source.orig/tcas.c (comment-only changes left out). Lines are those of
// the fault-free tcas.go, equal to tcas.c's except where doc.go says
// otherwise.
func table() []Version {
	return []Version{
		{1, "operator", false, false, "Non_Crossing_Biased_Climb: Down_Separation >= ALIM() -> > ALIM()",
			[]Edit{{75, "!(Down_Separation >= ALIM())", "!(Down_Separation > ALIM())"}}},
		{2, "operand", false, false, "Inhibit_Biased_Climb: NOZCROSS -> MINSEP",
			[]Edit{{63, "Up_Separation + NOZCROSS", "Up_Separation + MINSEP"}}},
		{3, "logic op", false, false, "alt_sep_test intent_not_known: && -> ||",
			[]Edit{{120, "Two_of_Three_Reports_Valid && Other_RAC", "Two_of_Three_Reports_Valid || Other_RAC"}}},
		{4, "logic op", false, false, "Non_Crossing_Biased_Climb else-branch: second && -> ||",
			[]Edit{{79, "(Cur_Vertical_Sep >= MINSEP) && (Up_Separation", "(Cur_Vertical_Sep >= MINSEP) || (Up_Separation"}}},
		{5, "missing code", true, false, "enabled: clause && (Cur_Vertical_Sep > MAXALTDIFF) omitted",
			[]Edit{{118, " && (Cur_Vertical_Sep > MAXALTDIFF)", ""}}},
		{6, "operator", false, false, "Own_Below_Threat: < -> <=",
			[]Edit{{104, "Own_Tracked_Alt < Other_Tracked_Alt", "Own_Tracked_Alt <= Other_Tracked_Alt"}}},
		{7, "constant", false, false, "Positive_RA_Alt_Thresh[1]: 500 -> 550",
			[]Edit{{51, "500", "550"}}},
		{8, "constant", false, false, "Positive_RA_Alt_Thresh[3]: 740 -> 700",
			[]Edit{{53, "740", "700"}}},
		{9, "operator", false, false, "Non_Crossing_Biased_Descend upward_preferred: > -> >=",
			[]Edit{{90, "> Down_Separation", ">= Down_Separation"}}},
		{10, "operator x2", false, false, "Own_Below_Threat and Own_Above_Threat: < -> <=",
			[]Edit{
				{104, "Own_Tracked_Alt < Other_Tracked_Alt", "Own_Tracked_Alt <= Other_Tracked_Alt"},
				{109, "Other_Tracked_Alt < Own_Tracked_Alt", "Other_Tracked_Alt <= Own_Tracked_Alt"},
			}},
		{11, "operator x2 + missing code", true, false, "as v10, and the branch 'if (need_upward_RA && need_downward_RA) alt_sep = UNRESOLVED; else' removed",
			[]Edit{
				{104, "Own_Tracked_Alt < Other_Tracked_Alt", "Own_Tracked_Alt <= Other_Tracked_Alt"},
				{109, "Other_Tracked_Alt < Own_Tracked_Alt", "Other_Tracked_Alt <= Own_Tracked_Alt"},
				{128, "need_upward_RA && need_downward_RA", "need_upward_RA"},
				{132, "alt_sep = UNRESOLVED", ""},
				{133, "} else if need_upward_RA {", ""},
			}},
		{12, "logic op", false, false, "enabled: first && -> ||",
			[]Edit{{118, "High_Confidence && (Own_Tracked_Alt_Rate", "High_Confidence || (Own_Tracked_Alt_Rate"}}},
		{13, "#define constant", false, true, "#define OLEV 600 -> 600+100",
			[]Edit{{10, "OLEV = 600", "OLEV = 600 + 100"}}},
		{14, "#define constant", false, true, "#define MAXALTDIFF 600 -> 600+50",
			[]Edit{{11, "MAXALTDIFF = 600", "MAXALTDIFF = 600 + 50"}}},
		{15, "#define constant + missing code", true, true, "#define MINSEP 300 -> 300+350, and enabled: clause && (Cur_Vertical_Sep > MAXALTDIFF) omitted",
			[]Edit{
				{12, "MINSEP = 300", "MINSEP = 300 + 350"},
				{118, " && (Cur_Vertical_Sep > MAXALTDIFF)", ""},
			}},
		{16, "constant", false, false, "Positive_RA_Alt_Thresh[0]: 400 -> 400+1",
			[]Edit{{50, "400", "400 + 1"}}},
		{17, "constant", false, false, "Positive_RA_Alt_Thresh[1]: 500 -> 500+1",
			[]Edit{{51, "500", "500 + 1"}}},
		{18, "constant", false, false, "Positive_RA_Alt_Thresh[2]: 640 -> 640+50",
			[]Edit{{52, "640", "640 + 50"}}},
		{19, "constant", false, false, "Positive_RA_Alt_Thresh[3]: 740 -> 740+20",
			[]Edit{{53, "740", "740 + 20"}}},
		{20, "operator", false, false, "Non_Crossing_Biased_Climb upward_preferred: > -> >=",
			[]Edit{{72, "> Down_Separation", ">= Down_Separation"}}},
		{21, "wrong expression", false, false, "Non_Crossing_Biased_Climb upward_preferred: Inhibit_Biased_Climb() -> (Up_Separation + NOZCROSS)",
			[]Edit{{72, "Inhibit_Biased_Climb()", "(Up_Separation + NOZCROSS)"}}},
		{22, "wrong expression", false, false, "Non_Crossing_Biased_Climb upward_preferred: Inhibit_Biased_Climb() -> Up_Separation",
			[]Edit{{72, "Inhibit_Biased_Climb()", "Up_Separation"}}},
		{23, "wrong expression", false, false, "Non_Crossing_Biased_Descend upward_preferred: Inhibit_Biased_Climb() -> (Up_Separation + NOZCROSS)",
			[]Edit{{90, "Inhibit_Biased_Climb()", "(Up_Separation + NOZCROSS)"}}},
		{24, "wrong expression", false, false, "Non_Crossing_Biased_Descend upward_preferred: Inhibit_Biased_Climb() -> Up_Separation",
			[]Edit{{90, "Inhibit_Biased_Climb()", "Up_Separation"}}},
		{25, "operator", false, false, "Non_Crossing_Biased_Descend else-branch: Up_Separation >= ALIM() -> > ALIM() (as v39)",
			[]Edit{{97, "(Up_Separation >= ALIM())", "(Up_Separation > ALIM())"}}},
		{26, "missing code", true, false, "enabled: clause && (Own_Tracked_Alt_Rate <= OLEV) omitted",
			[]Edit{{118, " && (Own_Tracked_Alt_Rate <= OLEV)", ""}}},
		{27, "missing code", true, false, "enabled: clause && (Cur_Vertical_Sep > MAXALTDIFF) omitted (as v5)",
			[]Edit{{118, " && (Cur_Vertical_Sep > MAXALTDIFF)", ""}}},
		{28, "negated condition", false, false, "Inhibit_Biased_Climb: Climb_Inhibit -> (Climb_Inhibit == 0)",
			[]Edit{{62, "if Climb_Inhibit {", "if !Climb_Inhibit {"}}},
		{29, "missing code", true, false, "Inhibit_Biased_Climb: returns Up_Separation (condition and + NOZCROSS removed)",
			[]Edit{
				{62, "if Climb_Inhibit {", ""},
				{63, "return Up_Separation + NOZCROSS", "return (Up_Separation)"},
				{64, "}", ""},
				{65, "return Up_Separation", ""},
			}},
		{30, "missing code", true, false, "Inhibit_Biased_Climb: returns Up_Separation + NOZCROSS (condition removed)",
			[]Edit{
				{62, "if Climb_Inhibit {", ""},
				{63, "return Up_Separation + NOZCROSS", "return (Up_Separation + NOZCROSS)"},
				{64, "}", ""},
				{65, "return Up_Separation", ""},
			}},
		{31, "added stmts + missing code", true, false, "result = result && (Own_Tracked_Alt <= / < Other_Tracked_Alt) inserted in both branches of Non_Crossing_Biased_Climb; && Own_Below_Threat() removed from need_upward_RA",
			[]Edit{
				{75, "", "\t\tresult = result && (Own_Tracked_Alt <= Other_Tracked_Alt)"},
				{79, "", "\t\tresult = result && (Own_Tracked_Alt < Other_Tracked_Alt)"},
				{126, " && Own_Below_Threat()", ""},
			}},
		{32, "added stmts + missing code", true, false, "result = result && (Other_Tracked_Alt < / <= Own_Tracked_Alt) inserted in both branches of Non_Crossing_Biased_Descend; && Own_Above_Threat() removed from need_downward_RA",
			[]Edit{
				{93, "", "\t\tresult = result && (Other_Tracked_Alt < Own_Tracked_Alt)"},
				{97, "", "\t\tresult = result && (Other_Tracked_Alt <= Own_Tracked_Alt)"},
				{127, " && Own_Above_Threat()", ""},
			}},
		{33, "index shift", false, false, "initialize: indices 0..3 -> 1..4 (Positive_RA_Alt_Thresh[4] is out of bounds)",
			[]Edit{{50, "[0]", "[1]"}, {51, "[1]", "[2]"}, {52, "[2]", "[3]"}, {53, "[3]", "[4]"}}},
		{34, "logic/parenthesization", false, false, "alt_sep_test: enabled && ((tcas_equipped && intent_not_known) || !tcas_equipped) -> enabled && tcas_equipped && intent_not_known || !tcas_equipped",
			[]Edit{{124, "enabled && ((tcas_equipped && intent_not_known) || !tcas_equipped)", "enabled && tcas_equipped && intent_not_known || !tcas_equipped"}}},
		{35, "swapped branches", false, false, "Inhibit_Biased_Climb: branches of ?: swapped",
			[]Edit{
				{63, "return Up_Separation + NOZCROSS", "return Up_Separation"},
				{65, "return Up_Separation", "return Up_Separation + NOZCROSS"},
			}},
		{36, "#define constant", false, true, "#define DOWNWARD_RA 2 -> 1",
			[]Edit{{46, "DOWNWARD_RA = 2", "DOWNWARD_RA = 1"}}},
		{37, "wrong index", false, false, "ALIM: Positive_RA_Alt_Thresh[Alt_Layer_Value] -> [0]",
			[]Edit{{58, "[Alt_Layer_Value]", "[0]"}}},
		{38, "declaration size", false, false, "int Positive_RA_Alt_Thresh[4] -> [3] (Positive_RA_Alt_Thresh[3] = 740 is out of bounds)",
			[]Edit{{27, "make([]int, 4)", "make([]int, 3)"}}},
		{39, "operator", false, false, "Non_Crossing_Biased_Descend else-branch: Up_Separation >= ALIM() -> > ALIM() (as v25)",
			[]Edit{{97, "(Up_Separation >= ALIM())", "(Up_Separation > ALIM())"}}},
		{40, "missing code x2", true, false, "Non_Crossing_Biased_Climb: !(Own_Below_Threat()) || removed; need_upward_RA: && Own_Below_Threat() removed",
			[]Edit{
				{75, "!(Own_Below_Threat()) || ", ""},
				{126, " && Own_Below_Threat()", ""},
			}},
		{41, "missing code", true, false, "Non_Crossing_Biased_Climb else-branch: Own_Above_Threat() && removed",
			[]Edit{{79, "Own_Above_Threat() && ", ""}}},
	}
}

// NumVersions is the number of faulty versions.
const NumVersions = 41

// Versions returns the 41 faulty versions, v1 first.
func Versions() []Version { return table() }

// VersionError reports a version number outside 1..41.
type VersionError struct {
	N int
}

// Error names the version and the valid range.
func (e *VersionError) Error() string {
	return fmt.Sprintf("tcas: no faulty version %d (versions are 1..%d)", e.N, NumVersions)
}

// Lookup returns faulty version n (1..41), or a *VersionError.
func Lookup(n int) (Version, error) {
	if n < 1 || n > NumVersions {
		return Version{}, &VersionError{N: n}
	}
	return table()[n-1], nil
}

// apply edits the fault-free lines. It returns the version's lines and, for
// each of them, the fault-free line it comes from (0 for an inserted line)
// and whether an edit produced it.
func (v Version) apply() (lines []string, from []int, edited []bool, err error) {
	orig := strings.Split(portSource, "\n")
	repl := make(map[int][]Edit)
	ins := make(map[int][]string)
	for _, e := range v.Edits {
		if e.Line < 1 || e.Line > len(orig) {
			return nil, nil, nil, fmt.Errorf("tcas: v%d: edit of line %d outside 1..%d", v.N, e.Line, len(orig))
		}
		if e.Old == "" {
			ins[e.Line] = append(ins[e.Line], e.New)
		} else {
			repl[e.Line] = append(repl[e.Line], e)
		}
	}
	for i, text := range orig {
		n := i + 1
		es := repl[n]
		for _, e := range es {
			if c := strings.Count(text, e.Old); c != 1 {
				return nil, nil, nil, fmt.Errorf("tcas: v%d: line %d: %q occurs %d times in %q", v.N, n, e.Old, c, text)
			}
			text = strings.Replace(text, e.Old, e.New, 1)
		}
		if len(es) > 0 && isBlank(text) {
			text = ""
		}
		lines = append(lines, text)
		from = append(from, n)
		edited = append(edited, len(es) > 0)
		for _, s := range ins[n] {
			lines = append(lines, s)
			from = append(from, 0)
			edited = append(edited, true)
		}
	}
	return lines, from, edited, nil
}

// isBlank reports whether a line holds no code: only spaces, or a comment.
func isBlank(s string) bool {
	s = strings.TrimSpace(s)
	return s == "" || strings.HasPrefix(s, "//") || (strings.HasPrefix(s, "/*") && strings.HasSuffix(s, "*/"))
}

// Source returns the version's tcas.go: the fault-free source with the
// edits applied.
func (v Version) Source() ([]byte, error) {
	lines, _, _, err := v.apply()
	if err != nil {
		return nil, err
	}
	return []byte(strings.Join(lines, "\n")), nil
}

// FaultyLines returns the version's ground truth: the lines of its tcas.go
// (its own numbering, which differs from the fault-free one only after an
// inserted line) that an edit changed or inserted and that still hold code,
// in increasing order. For an omission that is the line from which code is
// missing, or the statement now standing in its place; lines an edit
// emptied are not included, as no tool can report them.
func (v Version) FaultyLines() ([]int, error) {
	lines, _, edited, err := v.apply()
	if err != nil {
		return nil, err
	}
	var out []int
	for i, e := range edited {
		if e && !isBlank(lines[i]) {
			out = append(out, i+1)
		}
	}
	return out, nil
}

// PortLine maps a line of the version's tcas.go to the line of the
// fault-free tcas.go it comes from; it returns 0 for an inserted line or a
// line outside the file.
func (v Version) PortLine(line int) (int, error) {
	_, from, _, err := v.apply()
	if err != nil {
		return 0, err
	}
	if line < 1 || line > len(from) {
		return 0, nil
	}
	return from[line-1], nil
}

// Overlay returns the version as a go/packages overlay
// (packages.Config.Overlay) for the package in dir: the version's source
// under the absolute path of dir/tcas.go.
func (v Version) Overlay(dir string) (map[string][]byte, error) {
	src, err := v.Source()
	if err != nil {
		return nil, err
	}
	abs, err := filepath.Abs(filepath.Join(dir, SourceFile))
	if err != nil {
		return nil, fmt.Errorf("tcas: %w", err)
	}
	return map[string][]byte{abs: src}, nil
}

// Dir returns the directory of this package's source files, from the path
// the compiler recorded for this file. It fails when the binary was built
// with -trimpath or the sources are no longer there.
func Dir() (string, error) {
	_, file, _, ok := runtime.Caller(0)
	if !ok || !filepath.IsAbs(file) {
		return "", fmt.Errorf("tcas: source directory unknown (built with -trimpath?)")
	}
	dir := filepath.Dir(file)
	if _, err := os.Stat(filepath.Join(dir, SourceFile)); err != nil {
		return "", fmt.Errorf("tcas: source directory: %w", err)
	}
	return dir, nil
}

// FaultyVersion returns faulty version n (1..41) as an overlay of this
// package's tcas.go (see [Dir]), with its ground truth: the faulty lines in
// the overlay's numbering (see [Version.FaultyLines]).
func FaultyVersion(n int) (overlay map[string][]byte, faultyLines []int, err error) {
	v, err := Lookup(n)
	if err != nil {
		return nil, nil, err
	}
	dir, err := Dir()
	if err != nil {
		return nil, nil, err
	}
	if overlay, err = v.Overlay(dir); err != nil {
		return nil, nil, err
	}
	if faultyLines, err = v.FaultyLines(); err != nil {
		return nil, nil, err
	}
	return overlay, faultyLines, nil
}

//go:embed testdata/fault_matrix_go.tsv
var faultMatrixGoTSV string

// FailingTests returns the tests (0-based indices into [Universe]) that fail
// on the version, those whose outcome differs from [Expected], and among
// them those in which the version panics. They were measured by running the
// version natively on the universe (testdata/fault_matrix_go.tsv, kept in
// step by the package's tests); DIFFERENCES.md compares them with C's.
func (v Version) FailingTests() (failing, panicking []int, err error) {
	prefix := "v" + strconv.Itoa(v.N) + "\t"
	for _, line := range strings.Split(faultMatrixGoTSV, "\n") {
		rest, ok := strings.CutPrefix(line, prefix)
		if !ok {
			continue
		}
		f := strings.Split(rest, "\t")
		if len(f) != 4 {
			return nil, nil, fmt.Errorf("tcas: fault_matrix_go.tsv: malformed line for v%d", v.N)
		}
		if failing, err = parseTests(f[0], f[1]); err != nil {
			return nil, nil, err
		}
		if panicking, err = parseTests(f[2], f[3]); err != nil {
			return nil, nil, err
		}
		return failing, panicking, nil
	}
	return nil, nil, &VersionError{N: v.N}
}

// parseTests parses a comma-separated list of test indices and checks its
// length against count.
func parseTests(count, list string) ([]int, error) {
	var out []int
	if list != "" {
		for _, f := range strings.Split(list, ",") {
			n, err := strconv.Atoi(f)
			if err != nil || n < 0 || n >= UniverseSize {
				return nil, fmt.Errorf("tcas: fault_matrix_go.tsv: bad test index %q", f)
			}
			out = append(out, n)
		}
	}
	if strconv.Itoa(len(out)) != count {
		return nil, fmt.Errorf("tcas: fault_matrix_go.tsv: %s tests announced, %d listed", count, len(out))
	}
	return out, nil
}
