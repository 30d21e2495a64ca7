package localize

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/faultloc/faultloc/trace"
)

// Location is a source line of a candidate: its position (the column
// set with expression granularity), its text and its expression.
type Location struct {
	Position
	Text string `json:"text,omitempty"` // the line's source, trimmed
	Expr string `json:"expr,omitempty"` // the expression's source; set with expression granularity
}

func compareLocations(a, b Location) int { return comparePositions(a.Position, b.Position) }

// AngelicValue is the value one instance of a candidate's statement must
// produce, or the decision a branch instance must take, for the test to
// pass.
type AngelicValue struct {
	Position
	Occurrence int    `json:"occurrence"`         // which execution of the instruction in its frame (0: first)
	Instr      string `json:"instr"`              // the SSA instruction
	Expr       string `json:"expr,omitempty"`     // the instruction as written: a branch's condition, an assignment's left-hand side, "return"
	Branch     bool   `json:"branch"`             // a branch decision: Value is "true" (then) or "false"
	Value      string `json:"value"`              // the angelic value, formatted as Go would print it
	Orig       string `json:"orig"`               // the instance's value (a branch: its decision) in the failing run, formatted the same way
	Instance   string `json:"instance,omitempty"` // the instance as a reader names it ("line 16, 2nd iteration"); set by angelic.Localize
}

// Decision is one branch decision of an angelic path.
type Decision struct {
	Position
	Taken bool `json:"taken"` // true: the then-branch
}

// Candidate is a fix candidate: a minimal set of statements where a change
// can make the failing test pass, with the angelic values that do it.
type Candidate struct {
	// Locations are the statements, in source order.
	Locations []Location `json:"locations"`
	// Angelic are the angelic values of the statements' instances.
	Angelic []AngelicValue `json:"angelic"`
	// Path is the sequence of in-scope branch decisions of the run that
	// verified the candidate (or of the failed verification run).
	Path []Decision `json:"path,omitempty"`
	// Verified is true only when re-running the test with the angelic values
	// substituted (and the decisions forced) made it pass.
	Verified bool `json:"verified"`
	// Flex is what the flexibility test found on the passing cases
	// (angelic.FlexTest); nil when it did not run.
	Flex *Flexibility `json:"flex,omitempty"`
	// AngelicOmitted and PathOmitted count the angelic values and the
	// decisions a written report left out (see [MaxWritten]); 0 in a
	// candidate a technique returns, which holds them all.
	AngelicOmitted int `json:"angelicOmitted,omitempty"`
	PathOmitted    int `json:"pathOmitted,omitempty"`
}

// MaxWritten is how many angelic values, and how many path decisions,
// of one candidate a JSON or HTML report writes (the text report shows
// fewer: [MaxTextValues] a line). A candidate in a loop has one angelic
// value per iteration, hundreds of thousands in a long run: written
// whole they made reports of tens of megabytes that took seconds to
// write after a deadline. The candidate keeps them all; the JSON
// counts what it left out in angelicOmitted and pathOmitted.
const MaxWritten = 1000

// MaxTextValues is how many angelic values of one line the text report
// shows; it says how many more there are.
const MaxTextValues = 20

// MarshalJSON writes the candidate as its fields are tagged, with at
// most [MaxWritten] angelic values and path decisions.
func (c Candidate) MarshalJSON() ([]byte, error) {
	type plain Candidate // without the method
	p := plain(c)
	if n := len(p.Angelic); n > MaxWritten {
		p.Angelic, p.AngelicOmitted = p.Angelic[:MaxWritten], p.AngelicOmitted+n-MaxWritten
	}
	if n := len(p.Path); n > MaxWritten {
		p.Path, p.PathOmitted = p.Path[:MaxWritten], p.PathOmitted+n-MaxWritten
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // as EncodeJSON: "a >= y"
	if err := enc.Encode(p); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// RankedLine is a line of a report's ranking.
type RankedLine struct {
	Position
	Rank     int      `json:"rank"`               // lines to examine, inclusive, when reading the ranking in order
	Evidence Evidence `json:"evidence,omitempty"` // what placed the line
	// Score is the score that placed the line: its evidence's (a
	// Scorer's LineScores, [Report.Fuse]). It is 0 (and left out of the
	// JSON) where the evidence gives no score: a candidate's line, a
	// line a refiner promoted ([Report.Promote]); also where the score
	// is infinite.
	Score float64 `json:"score,omitempty"`
}

// Stats describes the work done, by any technique of localize's
// packages: one report's, a regression search's (regress.Report.Effort),
// a repair's. A count of work a technique does not do stays zero and is
// left out of the JSON; Runs and Total are always written.
type Stats struct {
	Runs        int           `json:"runs"`                  // test executions (failing run, refinements, verifications, versions' runs)
	Refinements int           `json:"refinements,omitempty"` // runs added to the formula after the first
	MCSes       int           `json:"mcses,omitempty"`       // correction sets obtained from the solver
	Constraints int           `json:"constraints,omitempty"` // hard constraints encoded
	Statements  int           `json:"statements,omitempty"`  // fault predicates
	SolverCalls int           `json:"solverCalls,omitempty"` // Z3 checks
	Solve       time.Duration `json:"solveNanos,omitempty"`  // time spent in the solver
	// Undecided counts the checks of a statement against one case that
	// did not answer within their share of the deadline (diagnose.Run's
	// checks of one statement): the statement was not found to explain
	// the case, nor refuted.
	Undecided int `json:"undecided,omitempty"`
	// Probes counts the versions of a program tried (regress: a set of
	// changes reverted), a version found in a cache not counted;
	// Unresolved those of them that did not build or could not run.
	Probes     int `json:"probes,omitempty"`
	Unresolved int `json:"unresolved,omitempty"`
	// Builds counts the versions type-checked (regress: by every
	// method of a report, which share one cache of type checks).
	Builds int `json:"builds,omitempty"`
	// Analysis is the time of a semantic analysis before the search,
	// included in Total (regress: the failing run recorded and walked
	// back, and the solver's minimal correction sets).
	Analysis time.Duration `json:"analysisNanos,omitempty"`
	Total    time.Duration `json:"totalNanos"` // wall time
	// Preliminary is how long the first answer took: from the start of
	// the case's bound (the package pipeline's first case: of its run,
	// or Options.Start) until the case's first preliminary ranking was
	// ready (pipeline.Run sets it; zero: none).
	Preliminary time.Duration `json:"preliminaryNanos,omitempty"`
}

// Report is the result of localizing one failing test.
type Report struct {
	Test       string       `json:"name"`
	Mode       string       `json:"mode"`
	Failure    string       `json:"failure"` // how the test failed
	Candidates []Candidate  `json:"candidates"`
	Ranking    []RankedLine `json:"ranking"`
	// Partial is true when enumeration stopped early (bound on candidates,
	// refinements, timeout or cancellation); Reason says why.
	Partial bool   `json:"partial"`
	Reason  string `json:"reason,omitempty"`
	Stats   Stats  `json:"stats"`
	// Fixes are plausible fixes of the test found by mutation analysis
	// (see mutation.Analysis.AddFixes); empty unless added.
	Fixes []MutantResult `json:"fixes,omitempty"`
	// Output says how the writers write the report (not written).
	Output WriteOptions `json:"-"`
}

// appendRanked appends the ranked lines rest, in their order, to out,
// ranks recomputed: a group of lines of equal rank in rest keeps
// sharing the position of its last line.
func appendRanked(out, rest []RankedLine) []RankedLine {
	for i := 0; i < len(rest); {
		j := i + 1
		for j < len(rest) && rest[j].Rank == rest[i].Rank {
			j++
		}
		rk := len(out) + j - i
		for _, rl := range rest[i:j] {
			rl.Rank = rk
			out = append(out, rl)
		}
		i = j
	}
	return out
}

// IsTestFile reports whether file is a _test.go file: test code is the
// oracle, not a place to blame.
func IsTestFile(file string) bool { return strings.HasSuffix(file, "_test.go") }

// rank derives a per-line ranking from ordered candidates: the lines of each
// candidate not seen before are added with the rank "lines examined so far",
// so lines of smaller, earlier candidates come first and lines of one
// candidate tie at their worst position.
func rank(cs []Candidate) []RankedLine {
	seen := map[Location]bool{}
	out := []RankedLine{} // never nil: JSON "ranking" is [] when empty
	for _, c := range cs {
		var fresh []Location
		for _, l := range c.Locations {
			k := Location{Position: At(l.SourceLine())}
			if !seen[k] {
				seen[k] = true
				fresh = append(fresh, k)
			}
		}
		r := len(out) + len(fresh)
		ev := EvidenceCandidate
		if c.Verified {
			ev = EvidenceVerified
		}
		for _, l := range fresh {
			out = append(out, RankedLine{Position: At(l.SourceLine()), Rank: r, Evidence: ev})
		}
	}
	return out
}

// WriteText writes the report as `file:line: message` lines, as go vet
// does, with file names relative to r.Output.Dir when possible.
func (r *Report) WriteText(w io.Writer) error {
	rel := relativeTo(r.Output.Dir)
	var sb strings.Builder
	fmt.Fprintf(&sb, "# %s (%s): %s\n", r.Test, r.Mode, r.Failure)
	writeCandidate := func(i int, c Candidate) {
		status := "verified"
		if !c.Verified {
			status = "NOT verified"
		}
		for _, l := range c.Locations {
			var vals []string
			more := 0
			for _, a := range c.Angelic {
				if a.File == l.File && a.Line == l.Line {
					if len(vals) == MaxTextValues {
						more++
						continue
					}
					v := a.Text()
					if a.Instance != "" {
						// An angelic instance (angelic.Localize): which one,
						// and the value it replaces.
						if !a.Branch {
							v += " (was " + a.Orig + ")"
						}
						v += " at " + a.Instance
					}
					vals = append(vals, v)
				}
			}
			where, what := fmt.Sprintf("%s:%d", rel(l.File), l.Line), l.Text
			if l.Column > 0 {
				where = fmt.Sprintf("%s:%d", where, l.Column)
			}
			if l.Expr != "" {
				what = l.Expr + "   in   " + l.Text
			}
			fmt.Fprintf(&sb, "%s: candidate %d (%s, size %d): %s", where, i+1, status, len(c.Locations), what)
			if more > 0 {
				vals = append(vals, fmt.Sprintf("… (%d more)", more))
			}
			if len(vals) > 0 {
				fmt.Fprintf(&sb, " [angelic: %s]", strings.Join(vals, ", "))
			}
			if fl := c.Flex; fl != nil {
				sb.WriteString(" [" + fl.String() + "]")
			}
			sb.WriteByte('\n')
		}
	}
	// Verified candidates first, then the ranked lines, then the
	// candidates whose re-run did not pass, as Report.Fuse ranks them.
	for i, c := range r.Candidates {
		if c.Verified {
			writeCandidate(i, c)
		}
	}
	if len(r.Candidates) == 0 {
		sb.WriteString("no fix candidate found\n")
	}
	// The lines the other evidence ranks after the candidates' (see
	// Report.Fuse), the first few.
	src := Sources{}
	shown := 0
	for _, rl := range r.Ranking {
		if rl.Evidence == EvidenceVerified || rl.Evidence == EvidenceCandidate || rl.Evidence == evidenceUnassigned {
			continue
		}
		if shown == textRanked {
			fmt.Fprintf(&sb, "(%d more ranked lines in the JSON report)\n", rankedAfter(r.Ranking)-shown)
			break
		}
		shown++
		fmt.Fprintf(&sb, "%s:%d: rank %d (%s): %s\n", rel(rl.File), rl.Line, rl.Rank, rl.Evidence, src.Line(rl.File, rl.Line))
	}
	for i, c := range r.Candidates {
		if !c.Verified {
			writeCandidate(i, c)
		}
	}
	for _, m := range r.Fixes {
		fmt.Fprintf(&sb, "%s:%d:%d: mutant fix (%s): %s", rel(m.File), m.Line, m.Column, m.Op, m.Edit())
		if n := m.FailToPass - 1; n > 0 {
			fmt.Fprintf(&sb, " (also fixes %s)", plural(n, "other failing test"))
		}
		sb.WriteByte('\n')
	}
	if r.Partial {
		fmt.Fprintf(&sb, "(partial: %s)\n", r.Reason)
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// textRanked is how many lines beyond the candidates' WriteText shows.
const textRanked = 10

// rankedAfter counts the ranked lines that no candidate placed.
func rankedAfter(rs []RankedLine) int {
	n := 0
	for _, rl := range rs {
		if rl.Evidence != EvidenceVerified && rl.Evidence != EvidenceCandidate && rl.Evidence != evidenceUnassigned {
			n++
		}
	}
	return n
}

// Text is the angelic value as the reports show it: a branch decision
// as "branch then" or "branch else", any other value as formatted.
func (a AngelicValue) Text() string {
	if !a.Branch {
		return a.Value
	}
	if a.Value == "true" {
		return "branch then"
	}
	return "branch else"
}

// plural says n things: "1 run", "2 runs".
func plural(n int, s string) string {
	if n == 1 {
		return "1 " + s
	}
	return strconv.Itoa(n) + " " + s + "s"
}

// WriteJSON writes the report as one indented JSON object, which
// encoding/json reads back into a Report as the same report, but for
// two things JSON cannot carry: an empty Path or Fixes reads back nil,
// and each byte of a string that is not UTF-8 (a failure message or a
// value printed with such bytes) is written, and reads back, as U+FFFD.
// Output is not written. pipeline.Result.WriteJSON writes a package's
// reports as an array.
func (r *Report) WriteJSON(w io.Writer) error {
	return EncodeJSON(w, r)
}

// relativeTo returns a function that writes an absolute file name
// relative to dir when it can (dir itself may be relative to the working
// directory, e.g. "."), and any other name as it is.
func relativeTo(dir string) func(string) string {
	if dir != "" {
		if abs, err := filepath.Abs(dir); err == nil {
			dir = abs
		}
	}
	return func(f string) string {
		if dir != "" && filepath.IsAbs(f) {
			if p, err := filepath.Rel(dir, f); err == nil {
				return p
			}
		}
		return f
	}
}

// EncodeJSON writes v as indented JSON, every report's way: without
// HTML escaping, so that conditions read "a >= y", not "a \u003e= y".
func EncodeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// RelativeTo rewrites the report's file names relative to dir where
// they lie below it or beside it (filepath.Rel), as the text report
// shows them; the others stay absolute. Quoting source lines (htmlreport.Write)
// needs the names the report was made with.
func (r *Report) RelativeTo(dir string) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return
	}
	rel := func(f *string) {
		if p, err := filepath.Rel(abs, *f); err == nil && filepath.IsAbs(*f) {
			*f = p
		}
	}
	for i := range r.Candidates {
		c := &r.Candidates[i]
		for j := range c.Locations {
			rel(&c.Locations[j].File)
		}
		for j := range c.Angelic {
			rel(&c.Angelic[j].File)
		}
		for j := range c.Path {
			rel(&c.Path[j].File)
		}
	}
	for i := range r.Ranking {
		rel(&r.Ranking[i].File)
	}
	for i := range r.Fixes {
		rel(&r.Fixes[i].File)
	}
}

// FailureText describes how a run failed, as Report.Failure says it.
func FailureText(res *trace.Result) string {
	switch res.Outcome {
	case trace.AssertionFailed:
		return res.Failure
	case trace.Panicked:
		if res.Panic != nil {
			return "panic: " + res.Panic.Message
		}
	case trace.BudgetExceeded:
		if res.Failure != "" {
			return "budget exceeded: " + res.Failure
		}
	}
	return res.Outcome.String()
}

// ErrNoOracle is returned (wrapped, with the case's name and the reason)
// when a failing case gives localize nothing to make true: no failed
// assertion, no panic, and, for a Go Example whose printed output differs
// from its output comment, output that the oracle cannot read back into
// values of the run (see the package documentation).
var ErrNoOracle = errors.New("localize: the failing case has no oracle")

// Flexibility is what the flexibility test found for a candidate on the
// passing cases that executed its expressions (angelic.FlexTest).
type Flexibility struct {
	// Executed counts the passing cases that executed the candidate's
	// expressions (the others say nothing about it).
	Executed int `json:"executed"`
	// Flexible are the cases where an alternate value, replayed, kept the
	// case passing: one such value for each.
	Flexible []FlexValue `json:"flexible,omitempty"`
	// Inhibitors are the cases where no alternate value tried, and no
	// value the solver search found, kept the case passing: the candidate
	// is inflexible there.
	Inhibitors []string `json:"inhibitors,omitempty"`
	// Untested are the cases that executed the expressions only with
	// values of kinds no alternate is formed for (pointers, slices, maps),
	// that ran out of time (FlexOptions.CaseTimeout) before deciding, or
	// whose solver search could not decide (see angelic.FlexTest).
	Untested []string `json:"untested,omitempty"`
	// Instances counts the instances tried over all the cases, and
	// FlexibleInstances those where an alternate value kept the case
	// passing.
	Instances         int `json:"instances"`
	FlexibleInstances int `json:"flexibleInstances"`
	// Proved are the inhibitors where the solver search found no other
	// value at any instance of the case (the formula unsatisfiable, but
	// for values whose replay failed): inflexible within what the formula
	// models, not only for the values tried. The other inhibitors rest on
	// the values tried alone, at instances the formula does not model or
	// beyond MaxInstances.
	Proved []string `json:"proved,omitempty"`
	// Searches counts the solver searches, one per instance searched.
	Searches int `json:"searches,omitempty"`
	// Runs counts the replays the test cost (not the passing cases' own
	// runs, shared by all candidates).
	Runs int `json:"runs"`
	// Partial is set when the test stopped (a cancellation, a deadline)
	// before every passing case was tried.
	Partial bool `json:"partial,omitempty"`
	// Score is the share of the cases tested (flexible or inhibiting)
	// where the candidate is flexible; 1 when no case tested it.
	Score float64 `json:"score"`
}

// String says what the test found, for the text and HTML reports.
func (fl *Flexibility) String() string {
	tested := len(fl.Flexible) + len(fl.Inhibitors)
	var s string
	switch {
	case fl.Executed == 0:
		s = "no passing case executes it"
	case tested == 0:
		s = "flexibility undecided: no alternate value for its values, or no time"
	default:
		s = fmt.Sprintf("flexible in %d of %d passing cases", len(fl.Flexible), tested)
		if len(fl.Inhibitors) > 0 {
			s += "; inhibited by " + strings.Join(fl.Inhibitors, ", ")
		}
		if len(fl.Proved) > 0 {
			s += " (proved by the solver: " + strings.Join(fl.Proved, ", ") + ")"
		}
	}
	if fl.Partial {
		s += " (flexibility test cut short)"
	}
	return s
}

// FlexValue is an alternate value that kept a passing case passing.
type FlexValue struct {
	Case string `json:"case"` // the passing case
	// Position is the instance's.
	Position
	Occurrence int    `json:"occurrence"` // which execution of the instruction in its frame (0: first)
	Instance   string `json:"instance"`   // the instance as a reader names it: "line 16, 2nd iteration"
	Value      string `json:"value"`      // the alternate value (a branch: its decision)
	Orig       string `json:"orig"`       // the value the passing run computed
	// Solver is set when the solver search found the value (the values
	// FlexTest tries first kept the case passing nowhere).
	Solver bool `json:"solver,omitempty"`
}

// Inhibited reports whether a passing case inhibits the candidate:
// FlexTest found it inflexible there.
func (c Candidate) Inhibited() bool { return c.Flex != nil && len(c.Flex.Inhibitors) > 0 }

// MutantResult is one mutant and what it did to the tests.
type MutantResult struct {
	// Op is its operator: ROR, LCR, AOR, CRP, NEG, CON or ANG (see
	// mutation.Analyze), or, with mutation.Options.Repair, VRP, OBO or
	// ACR, or SDL, a statement deleted (mutation.FixProbe), whose Repl
	// is empty.
	Op string `json:"op"`
	// Position is the mutated expression's (its column always set).
	Position
	// Orig is the mutated expression's source and Repl its replacement.
	Orig string `json:"orig"`
	Repl string `json:"repl"`
	// FailKilled and PassKilled count the tests, failing and passing on
	// the original program, whose result the mutant changes (returned
	// values, panic, verdict; for go test cases the verdict and the
	// assertions' messages).
	FailKilled int `json:"failKilled"`
	PassKilled int `json:"passKilled"`
	// FailToPass and PassToFail count the tests whose verdict it flips.
	FailToPass int `json:"failToPass"`
	PassToFail int `json:"passToFail"`
}

// Edit describes the mutant's change as the reports write it: "orig ->
// repl", or "delete orig" for a deletion (SDL).
func (m MutantResult) Edit() string {
	if m.Op == "SDL" {
		return "delete " + m.Orig
	}
	return m.Orig + " -> " + m.Repl
}

// PromoteFixes moves the lines of the report's Fixes to the front of
// the ranking, in the order they had, each its own rank with evidence
// EvidenceMutation; the other lines keep their order and ties.
func (r *Report) PromoteFixes() {
	has := map[trace.Line]bool{}
	for _, m := range r.Fixes {
		has[m.SourceLine()] = true
	}
	var lines []trace.Line
	for _, rl := range r.Ranking {
		if l := (rl.SourceLine()); has[l] {
			lines = append(lines, l)
		}
	}
	r.Promote(lines, EvidenceMutation)
}

// Promote moves lines, those of them the ranking holds, to its front in
// their order, each its own rank with evidence ev; the other lines keep
// their order and ties. It is how a Refiner puts first the lines its
// costlier evidence singles out (angelic.ForceProbe, mutation.FixProbe).
func (r *Report) Promote(lines []trace.Line, ev Evidence) {
	at := map[trace.Line]int{}
	for i, l := range lines {
		if _, ok := at[l]; !ok {
			at[l] = i
		}
	}
	var front, rest []RankedLine
	for _, rl := range r.Ranking {
		if _, ok := at[rl.SourceLine()]; ok {
			rl.Evidence, rl.Score = ev, 0
			front = append(front, rl)
		} else {
			rest = append(rest, rl)
		}
	}
	slices.SortStableFunc(front, func(a, b RankedLine) int {
		return cmp.Compare(at[a.SourceLine()], at[b.SourceLine()])
	})
	r.Ranking = MoveToFront(rest, front)
}

// MoveToFront returns ranking rs with the lines of front first, in
// front's order and as front has them (evidence, score), each its own
// rank; rs's other lines follow in their order, a tie sharing its worst
// position. [Report.Promote] is MoveToFront with one evidence for every
// line moved; a caller that moves lines of several evidences at once (a
// ranking fused again, with the lines its refiners had promoted put back
// in front) calls it directly.
func MoveToFront(rs, front []RankedLine) []RankedLine {
	out := make([]RankedLine, 0, len(rs)+len(front))
	in := map[trace.Line]bool{}
	for _, rl := range front {
		rl.Rank = len(out) + 1
		out = append(out, rl)
		in[rl.SourceLine()] = true
	}
	rest := make([]RankedLine, 0, len(rs))
	for _, rl := range rs {
		if !in[rl.SourceLine()] {
			rest = append(rest, rl)
		}
	}
	return appendRanked(out, rest)
}

// PruneInhibited removes the candidates a passing case inhibits
// ([Candidate.Inhibited]), or with demote keeps them after the others,
// and ranks the report again ([Report.Rerank]: the survivors by
// decreasing flexibility where they tie on verified status and size).
func (r *Report) PruneInhibited(demote bool) {
	if !demote {
		r.Candidates = slices.DeleteFunc(r.Candidates, Candidate.Inhibited)
	}
	r.Rerank(nil)
}

// NewReport returns the report of a caller's own localization of the
// case named test: its candidates ordered as AgxFaults orders them
// (verified first, then smaller, then by position; [Report.Rerank]) and
// ranked, so that the writers, Rerank, Fuse and Restrict apply to it.
// mode names the technique; failure says how the case failed.
func NewReport(test, mode, failure string, cands []Candidate) *Report {
	r := &Report{Test: test, Mode: mode, Failure: failure, Candidates: slices.Clone(cands)}
	if r.Candidates == nil {
		r.Candidates = []Candidate{}
	}
	r.Rerank(nil)
	return r
}

// Add adds o's counts to s (not the time totals of a report).
func (s *Stats) Add(o Stats) {
	s.Runs += o.Runs
	s.Refinements += o.Refinements
	s.MCSes += o.MCSes
	s.Constraints += o.Constraints
	s.Statements += o.Statements
	s.SolverCalls += o.SolverCalls
	s.Solve += o.Solve
	s.Undecided += o.Undecided
	s.Probes += o.Probes
	s.Unresolved += o.Unresolved
	s.Builds += o.Builds
	s.Analysis += o.Analysis
}
