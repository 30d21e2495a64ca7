package main

import (
	"context"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/faultloc/faultloc/bench/internal/loadavg"
	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/localize/agx"
	"github.com/faultloc/faultloc/localize/angelic"
	"github.com/faultloc/faultloc/localize/repair"
	"github.com/faultloc/faultloc/trace"
)

// options are the command's settings (its flags).
type options struct {
	Kinds      []string // tcas, historical
	Versions   []int    // TCAS versions
	Bugs       []string // historical bugs by name; nil: all
	Failing    int      // TCAS: failing tests of the evidence
	Passing    int      // TCAS: passing tests of the evidence
	Inputs     int      // TCAS: generated inputs of the correctness check
	Seed       uint64
	Timeout    time.Duration // one subject's repair
	MaxPatches int
	MaxSites   int
	NoSchema   bool // validate each patch by a build of its own
	Arith      encode.Arith
	Out        string
	Verbose    bool
	Show       bool     // each repair's text on stderr
	Keep       string   // make the subjects' packages here and keep them
	Results    string   // keep each subject's row here, and read the rows kept there instead of repairing again
	Args       []string // the command line, for the report

	loadStart, loadEnd string // the load average when the run began and ended
	kept               int    // rows read from Results
}

// defaultTimeout is -timeout's default, the time bound of one repair.
const defaultTimeout = 3 * time.Minute

func main() {
	o, err := parseFlags(os.Args[1:], os.Stderr)
	if err != nil {
		os.Exit(2)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, o, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "bench/repair:", err)
		os.Exit(1)
	}
}

// parseFlags parses the command line into options.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	fs := flag.NewFlagSet("bench/repair", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: go run ./bench/repair [flags]\n\n"+
			"Runs repair.Repair on the TCAS versions and the historical bugs of\n"+
			"bench/realbugs and writes a report (see doc.go).\n\n")
		fs.PrintDefaults()
	}
	var (
		kinds      = fs.String("kinds", "tcas,historical", "subjects, comma-separated: tcas, historical")
		versions   = fs.String("versions", "1-41", "TCAS versions, e.g. 1,5-9")
		bugs       = fs.String("bugs", "", "historical bugs by name, comma-separated (default: all)")
		failing    = fs.Int("failing", 5, "TCAS: failing tests of the evidence, a seeded sample of the version's")
		passing    = fs.Int("passing", 30, "TCAS: passing tests of the evidence, a seeded sample of the version's")
		inputs     = fs.Int("inputs", 5000, "TCAS: generated inputs on which a plausible patch is compared with the fault-free port")
		seed       = fs.Uint64("seed", 1, "seed of the samples and of the generated inputs")
		timeout    = fs.Duration("timeout", defaultTimeout, "time bound of one subject's repair (a repair cut by it is reported partial, with what it found)")
		maxPatches = fs.Int("max-patches", 20, "patches validated per subject, in rank order")
		maxSites   = fs.Int("max-sites", 40, "repair sites (angelic debugging's verified candidates, those the flexibility test inhibits last) synthesized for per subject (on TCAS v6 the faulty line's is the 15th)")
		noSchema   = fs.Bool("no-schema", false, "validate each patch by a build of its own, without the patch schema that screens them in one build")
		arith      = fs.String("arith", "int", "integer encoding of the solver searches: int (unbounded integers, faster; values are verified by replays) or bv")
		out        = fs.String("out", "bench/repair/REPORT.md", "the report (- for stdout)")
		verbose    = fs.Bool("v", false, "print each subject's result on stderr as it ends")
		show       = fs.Bool("show", false, "print each repair's result (its sites and patches) on stderr")
		results    = fs.String("results", "", "keep each subject's result in this directory as it ends (one JSON file a subject), and take the results kept there instead of repairing those subjects again: a stopped run resumes, runs of subsets of -bugs merge; delete a file to run its subject again")
		keep       = fs.String("keep", "", "make the subjects' packages in this directory and keep them there, to run faultloc repair on by hand")
	)
	if err := fs.Parse(args); err != nil {
		return options{}, err
	}
	o := options{Kinds: split(*kinds), Bugs: split(*bugs), Failing: *failing, Passing: *passing, Inputs: *inputs, Seed: *seed,
		Timeout: *timeout, MaxPatches: *maxPatches, MaxSites: *maxSites, NoSchema: *noSchema, Out: *out, Verbose: *verbose, Show: *show, Keep: *keep, Results: *results, Args: args}
	fail := func(err error) (options, error) {
		fmt.Fprintln(stderr, "bench/repair:", err)
		return options{}, err
	}
	for _, k := range o.Kinds {
		if k != "tcas" && k != "historical" {
			return fail(fmt.Errorf("unknown -kinds %q (want tcas, historical)", k))
		}
	}
	vs, err := parseVersions(*versions)
	if err != nil {
		return fail(err)
	}
	o.Versions = vs
	switch *arith {
	case "int":
		o.Arith = encode.Integer
	case "bv":
		o.Arith = encode.BitVector
	default:
		return fail(fmt.Errorf("unknown -arith %q (want int or bv)", *arith))
	}
	if o.Failing < 1 || o.Passing < 0 || o.Inputs < 0 || o.MaxPatches < 1 || o.MaxSites < 1 {
		return fail(fmt.Errorf("-failing, -max-patches and -max-sites must be at least 1, -passing and -inputs at least 0"))
	}
	return o, nil
}

// split splits a comma-separated list, dropping empty elements.
func split(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}

// parseVersions parses "1,5-9".
func parseVersions(s string) ([]int, error) {
	var out []int
	for _, f := range split(s) {
		lo, hi, isRange := strings.Cut(f, "-")
		var a, b int
		if _, err := fmt.Sscanf(lo, "%d", &a); err != nil {
			return nil, fmt.Errorf("-versions: %q is not a version", f)
		}
		b = a
		if isRange {
			if _, err := fmt.Sscanf(hi, "%d", &b); err != nil {
				return nil, fmt.Errorf("-versions: %q is not a range", f)
			}
		}
		if a < 1 || b > 41 || a > b {
			return nil, fmt.Errorf("-versions: %q is outside 1-41", f)
		}
		for v := a; v <= b; v++ {
			if !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	return out, nil
}

// pending is a subject not yet made: make makes it (a historical bug's
// fetches and checks its release), when its turn comes and only if
// -results holds no row of it.
type pending struct {
	kind, name string
	make       func() subject
}

// subject is a package with a fault, ready to repair.
type subject struct {
	kind, name string
	desc       string // the fault, in one line
	dir        string // the package's directory
	pkg        string // its import path
	file       string // the faulty file (absolute)
	reference  []byte // the faulty file as fixed: the reference fix
	evidence   string // Options.Run of the repair
	// equivalent reports whether a plausible patch behaves as the
	// reference on generated inputs; nil: no generator.
	equivalent func(ctx context.Context, p *repair.Patch) (bool, error)
	err        string // why the subject could not be made
}

// row is what the repair of one subject gave.
type row struct {
	s        subject
	refOK    bool   // the whole suite passes on the reference fix
	refWhy   string // why not
	failing  int    // failing cases of the evidence
	passing  int    // passing cases of the evidence
	sites    int
	patches  int // patches ranked
	checked  int // patches validated
	firstP   int // rank of the first plausible patch (0: none)
	firstC   int // rank of the first correct patch (0: none)
	how      string
	mutP     int // mutation-only: rank among mutation's patches of the first plausible
	mutC     int // and of the first correct
	mutN     int // mutation's patches
	correct  []repair.Candidate
	others   []repair.Candidate // plausible, not correct
	partial  string
	err      string
	elapsed  time.Duration // the repair's
	whole    time.Duration // the subject's: made (a historical bug's release fetched and checked), the reference checked, repaired, scored
	nCorrect int

	keptArgs []string // a row read from -results: the command line of the run that made it
	keptLoad string   // and the one-minute load when it ended
}

// run evaluates every subject of o and writes the report.
func run(ctx context.Context, o options, stderr io.Writer) error {
	o.loadStart = loadavg.One()
	tmp := o.Keep
	if tmp == "" {
		var err error
		if tmp, err = os.MkdirTemp("", "bench-repair-"); err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
	}
	var rows []row
	kept := 0
	for _, kind := range o.Kinds {
		var subjects []pending
		var err error
		switch kind {
		case "tcas":
			var ss []subject
			ss, err = tcasSubjects(o, filepath.Join(tmp, "tcas"))
			for _, s := range ss {
				subjects = append(subjects, pending{kind: s.kind, name: s.name, make: func() subject { return s }})
			}
		case "historical":
			subjects, err = historicalSubjects(ctx, o, filepath.Join(tmp, "historical"))
		}
		if err != nil {
			return err
		}
		for _, p := range subjects {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			if o.Results != "" {
				r, ok, err := loadKept(o.Results, p.kind, p.name)
				if err != nil {
					return err
				}
				if ok {
					rows = append(rows, r)
					kept++
					continue
				}
			}
			begun := time.Now()
			r := evaluate(ctx, p.make(), o, stderr)
			r.whole = time.Since(begun)
			if ctx.Err() != nil {
				return ctx.Err() // a stopped repair's row is not kept: it would be kept as finished
			}
			if o.Verbose {
				fmt.Fprintln(stderr, r.summary())
			}
			if o.Results != "" {
				if err := saveKept(o.Results, r, o.Args, loadavg.One()); err != nil {
					return err
				}
			}
			rows = append(rows, r)
		}
	}
	o.kept = kept
	o.loadEnd = loadavg.One()
	var sb strings.Builder
	writeReport(&sb, o, rows)
	if o.Out == "-" {
		_, err := io.WriteString(os.Stdout, sb.String())
		return err
	}
	return os.WriteFile(o.Out, []byte(sb.String()), 0o666)
}

// evaluate checks the reference fix on s's suite, repairs s and scores
// its patches.
func evaluate(ctx context.Context, s subject, o options, stderr io.Writer) (r row) {
	r = row{s: s}
	if s.err != "" {
		r.err = s.err
		return r
	}
	v, err := repair.NewValidator(ctx, ".", &repair.ValidateOptions{Dir: s.dir})
	if err != nil {
		r.err = err.Error()
		return r
	}
	val, err := v.Validate(ctx, &repair.Patch{Position: localize.Position{File: s.file}, Source: s.reference})
	v.Close()
	switch {
	case err != nil:
		r.err = err.Error()
		return r
	case !val.Plausible:
		r.refWhy = why(val)
	default:
		r.refOK = true
	}
	start := time.Now()
	rctx, cancel := context.WithTimeoutCause(ctx, o.Timeout, fmt.Errorf("-timeout %v passed", o.Timeout))
	defer cancel()
	// As faultloc repair loads: the module's other packages from source,
	// so their lines can rank and take edits.
	prog, err := trace.Load(rctx, &trace.Config{Dir: s.dir, Tests: true, Module: true}, ".")
	if err != nil {
		r.err = "load: " + err.Error()
		r.elapsed = time.Since(start)
		return r
	}
	res, err := repair.Repair(rctx, prog, s.pkg, &repair.Options{
		Run:        s.evidence,
		Angelic:    angelic.Options{Search: agx.Options{Arith: o.Arith}},
		Validate:   repair.ValidateOptions{Dir: s.dir, NoSchema: o.NoSchema},
		MaxPatches: o.MaxPatches,
		MaxSites:   o.MaxSites,
	})
	r.elapsed = time.Since(start)
	if err != nil {
		r.err = err.Error()
		return r
	}
	if res.Partial {
		r.partial = res.Reason
	}
	if o.Show {
		res.Output.Dir = s.dir
		fmt.Fprintf(stderr, "%s %s:\n", s.kind, s.name)
		res.WriteText(stderr)
	}
	r.failing, r.passing, r.sites, r.patches = len(res.Failing), res.Passing, len(res.Sites), len(res.Patches)
	mut := 0
	for _, p := range res.Patches {
		isMut := strings.Contains(p.Origin, "mutation")
		if isMut {
			mut++
		}
		if p.Validation == nil {
			continue
		}
		r.checked++
		if !p.Validation.Plausible {
			continue
		}
		if r.firstP == 0 {
			r.firstP = p.Rank
		}
		if isMut && r.mutP == 0 {
			r.mutP = mut
		}
		how, err := s.correct(ctx, &p.Patch)
		if err != nil {
			r.err = "correctness check: " + err.Error()
			return r
		}
		if how == "" {
			r.others = append(r.others, p)
			continue
		}
		r.nCorrect++
		r.correct = append(r.correct, p)
		if r.firstC == 0 {
			r.firstC, r.how = p.Rank, how
		}
		if isMut && r.mutC == 0 {
			r.mutC = mut
		}
	}
	r.mutN = mut
	return r
}

// correct says how plausible patch p is the reference fix: "identical"
// (the same syntax tree), "same bound" (the one difference an integer
// comparison with a constant that holds for the same integers:
// sameBound), "equivalent" (TCAS: the same outcomes on generated
// inputs), or "" when it is not found to be.
func (s subject) correct(ctx context.Context, p *repair.Patch) (string, error) {
	if sameSyntax(p.Source, s.reference) {
		return "identical", nil
	}
	if ok, err := sameBound(ctx, filepath.Dir(s.file), s.file, p.Source, s.reference); err != nil || ok {
		return map[bool]string{true: "same bound"}[ok], err
	}
	if s.equivalent == nil {
		return "", nil
	}
	ok, err := s.equivalent(ctx, p)
	if err != nil || !ok {
		return "", err
	}
	return "equivalent", nil
}

// sameSyntax reports whether two Go files have the same syntax tree:
// comments and layout aside (parentheses count).
func sameSyntax(a, b []byte) bool {
	ta, oka := syntax(a)
	tb, okb := syntax(b)
	return oka && okb && slices.Equal(ta, tb)
}

// syntax returns the nodes of a Go file's syntax tree in depth-first
// order, each with its name, operator or token kind; false if it does
// not parse.
func syntax(src []byte) ([]string, bool) {
	f, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	if err != nil {
		return nil, false
	}
	var out []string
	ast.Inspect(f, func(n ast.Node) bool {
		out = append(out, label(n))
		return true
	})
	return out, true
}

// label is a node of a syntax tree in a word: its name, operator or
// token kind ("end" for nil, the end of a node's children).
func label(n ast.Node) string {
	switch n := n.(type) {
	case nil:
		return "end"
	case *ast.Ident:
		return "ident " + n.Name
	case *ast.BasicLit:
		return "literal " + n.Value
	case *ast.BinaryExpr:
		return "binary " + n.Op.String()
	case *ast.UnaryExpr:
		return "unary " + n.Op.String()
	case *ast.AssignStmt:
		return "assign " + n.Tok.String()
	case *ast.IncDecStmt:
		return "incdec " + n.Tok.String()
	case *ast.BranchStmt:
		return "branch " + n.Tok.String()
	case *ast.RangeStmt:
		return "range " + n.Tok.String()
	case *ast.GenDecl:
		return "decl " + n.Tok.String()
	}
	return fmt.Sprintf("%T", n)
}

// why says why a validation did not find a patch plausible.
func why(v *repair.Validation) string {
	if v.Error != "" {
		return v.Error
	}
	names := v.Failed
	if len(names) > 3 {
		names = append(names[:3:3], "...")
	}
	return fmt.Sprintf("%d of %d tests fail (%s)", len(v.Failed), len(v.Failed)+v.Passed, strings.Join(names, ", "))
}

// summary is the row in one line, for -v.
func (r row) summary() string {
	s := fmt.Sprintf("%s %s: %v (%v in all)", r.s.kind, r.s.name, r.elapsed.Round(time.Second), r.whole.Round(time.Second))
	switch {
	case r.err != "":
		return s + ": error: " + r.err
	case r.firstC > 0:
		s += fmt.Sprintf(": correct at rank %d (%s)", r.firstC, r.how)
	case r.firstP > 0:
		s += fmt.Sprintf(": plausible at rank %d, none correct", r.firstP)
	default:
		s += fmt.Sprintf(": no plausible patch of %d validated", r.checked)
	}
	if r.partial != "" {
		s += " (partial: " + r.partial + ")"
	}
	return s
}
