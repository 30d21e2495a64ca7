// Command realbugs localizes faults in small, well-known Go libraries that
// nobody here wrote, with the faultloc command as a user runs it, and
// writes a report of what it finds. It has two kinds of rows: seeded
// faults, which we invent, and historical bugs, which the libraries had.
//
//	go run ./bench/realbugs [-timeout D] [-kinds seeded,historical,rankers,regress,flex,diagnose,native,fusion] [-flex-bound 2m] [-subjects a,b] [-check] [-out FILE] [-keep DIR] [-ahead]
//
// Every row names a module version, fetched with go mod download (so the
// module cache or the proxy must have it), copied to a temporary
// directory, and changed there by one exact text replacement in one file
// (the text must occur once). The faultloc command is built from this
// repository. -kinds runs the seeded subjects, the historical bugs, or
// both; -subjects runs the rows of those names only; -timeout bounds each
// failing case's localization (default pipeline.DefaultTimeout, as
// faultloc localize's). With -out, the report is also written to
// a file, after each historical bug as well (a run takes long). With
// -keep, the copies are made in DIR and left there, each with its bug, for
// running faultloc on by hand, and beside each historical bug's copy the
// JSON report and the standard error of its localization, and native
// Ochiai's ranking of the package's lines (<copy>.ochiai.json).
//
// # Seeded faults
//
// A subject seeds one fault, optionally adds files (an Example of the
// library's own API), and names the test cases to run. realbugs checks
// with go test that the cases fail with the fault (the premise) and runs,
// in the copy,
//
//	faultloc localize -format json -run CASES [-first] -max-size N -timeout D -fixes .
//
// The report says, per failing case: how many fix candidates came out and
// how many were verified, where the seeded line is among them, whether
// the mutation analysis (-fixes) found a plausible fix on it, whether the
// search ended within its bounds, and the time.
//
// # Historical bugs
//
// A bug is a real upstream bug-fix commit of a library (or, where the
// commit is not known, a fix between two tagged releases): a tagged release
// that contains the fix, the bug put back by replacing the fix's text with
// the text it replaced, and the release's own test that the fix made pass
// (a go test -run pattern). realbugs first validates each bug: the test
// passes in the release and fails with the bug put back; a bug that does
// not is reported invalid and not localized (-check stops there). It then
// runs faultloc with its default flags,
//
//	faultloc localize -format json -run '^Test$(/|$)' -timeout D PKG
//
// and reads the report's ranking as a user would, in order (the verified
// candidates' lines, then what the other evidence ranks). The rank of a bug is the number of lines examined
// up to the first faulty line (the buggy text's lines that differ from the
// fix, or, for a missing statement, the line where it belongs: at a
// block's end, the line that opens the block); EXAM is
// the rank over the executable lines of the package tested and of the
// faulty file's package. The report counts the bugs placed within the
// top 1, 3, 5 and 10 lines.
//
// # Ranking rules
//
// -kinds rankers compares, on the historical bugs, the rules that order
// the lines fix candidates leave (the choice of localize.DefaultScorers):
// in this process, with the library, each failing case's lines ranked by
// the spectrum, the failure's slice and the slice lines' distance from
// the failure (in the dynamic slice's dependences or the relevant
// slice's), combined in several ways, without fix candidates. It
// writes the rank of each bug's faulty line under each rule and the
// counts within the top 1, 3, 5 and 10 lines.
//
// # Native evidence
//
// The historical rows also put each bug's default rank beside the rank
// of native Ochiai (Ochiai over one native go test run of the package,
// as faultloc spectra ranks it) and count the failing cases of the
// bug's test under go test that faultloc's reports rank.
//
// -kinds native ranks, in this process and without fix candidates or
// refiners, each historical bug's failing cases (those that fail under
// go test) by native Ochiai, by native.Scorers (the ranking of a
// case the interpreter cannot run), by localize.DefaultScorers over the
// interpreter's evidence, and by native.Fuse of the two under
// several shares: the evidence for native.DefaultShare.
//
// # Fusion rules
//
// -kinds fusion -keep DIR runs nothing: it reads the reports and native
// Ochiai's rankings a historical run kept in DIR and orders each report's
// ranking again by each of several rules (native.Floor under several
// factors, the lines of test files left out), so that one change to the
// fusion of the default's evidence is judged on every bug at once,
// beside the rank the default gave and native Ochiai's. The reports are
// those of the faultloc that the historical run built; a report fused
// before the native stage was done (under load) is marked, as the rule
// would have had less evidence than the kept ranking gives it. -ahead
// lists, per failing case, the lines ranked up to the faulty line, with
// their evidence and native Ochiai's rank and score.
//
// # Regressions
//
// -kinds regress explains the historical bugs as regressions with
// regress.Explain (AFTER), in this process: for each release, the old
// version is the release and the new one the release with all of its
// historical bugs put back; each bug's test is explained, and the
// report compares the root cause (with its auxiliary changes) and the
// classic dd baselines with the changes putting that bug back (the
// ground truth), with the versions each tried, its test runs and its
// time. -timeout bounds each test run; each bug, five times that.
//
// # Flexibility
//
// -kinds diagnose diagnoses each historical bug's failing cases together
// (diagnose.Run through pipeline.Run, with the one-fix check on
// the package's passing cases, as faultloc localize -all does), -timeout
// bounding each bug's diagnosis: whether a diagnosis, and one of the
// first a reader looks at, holds a faulty line (DIAGNOSE.md).
//
// -kinds flex tests AgxFaults' candidates of the historical bugs for
// flexibility, the pruning of angelic debugging, in this process: each
// failing case localized with agx.Technique (its default options, -timeout
// per case) and ranked by localize.DefaultScorers, its verified
// candidates tested by angelic.FlexTest on the package's passing cases
// (-flex-bound per failing case), and the inhibited ones demoted. It
// writes per bug the candidates tested, those inhibited (and proved so by
// the solver search), whether an inhibited candidate held a faulty line,
// and the rank and EXAM of the faulty line without and with the demotion.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"time"

	"github.com/faultloc/faultloc/bench/internal/loadavg"
	"github.com/faultloc/faultloc/bench/internal/nativeochiai"
	"github.com/faultloc/faultloc/internal/modfetch"
	"github.com/faultloc/faultloc/localize/pipeline"
)

// subject is one seeded fault in one library.
type subject struct {
	name    string
	module  string // path@version
	file    string // the file seeded, relative to the module root
	pkg     string // the package tested, relative to the module root (default ".")
	old     string // the correct text, which must occur once in file
	new     string // the faulty text
	extra   map[string]string
	run     string // -run
	first   bool   // -first
	maxSize int
	note    string // what the fault is, for the report
}

var subjects = []subject{
	{
		name: "levenshtein/prev", module: "github.com/agnivade/levenshtein@v1.2.1", file: "levenshtein.go",
		old: "\t\tprev := uint16(i)\n", new: "\t\tprev := uint16(i - 1)\n",
		run: "^TestSanity$", first: true, maxSize: 1,
		note: "the first column of each row starts one too low; its effect flows through the builtin min",
	},
	{
		name: "levenshtein/prev (Example)", module: "github.com/agnivade/levenshtein@v1.2.1", file: "levenshtein.go",
		old: "\t\tprev := uint16(i)\n", new: "\t\tprev := uint16(i - 1)\n",
		extra: map[string]string{"realbugs_example_test.go": `package levenshtein_test

import (
	"fmt"

	"github.com/agnivade/levenshtein"
)

func ExampleComputeDistance() {
	fmt.Println(levenshtein.ComputeDistance("kitten", "sitting"))
	fmt.Printf("%s -> %s: %d\n", "ab", "ba", levenshtein.ComputeDistance("ab", "ba"))
	// Output:
	// 3
	// ab -> ba: 2
}
`},
		run: "^ExampleComputeDistance$", maxSize: 1,
		note: "the same fault, caught by an Example's output comment (the oracle reads the printed integers back)",
	},
	{
		name: "text/wrap", module: "github.com/kr/text@v0.2.0", file: "wrap.go",
		old: "length[i][j] = length[i][j-1] + spc + len(words[j])", new: "length[i][j] = length[i][j-1] + len(words[j])",
		run: "^TestWrap", first: true, maxSize: 1,
		note: "line lengths forget the spaces between words",
	},
	{
		name: "humanize/comma", module: "github.com/dustin/go-humanize@v1.1.0", file: "comma.go",
		old: "\t\tif counter == 2 {\n", new: "\t\tif counter == 3 {\n",
		run: "^TestCommas$", first: true, maxSize: 1,
		note: "a comma every four digits instead of three; the test compares strings",
	},
	{
		name: "humanize/ordinal", module: "github.com/dustin/go-humanize@v1.1.0", file: "ordinals.go",
		old: "\t\t\tsuffix = \"nd\"\n", new: "\t\t\tsuffix = \"rd\"\n",
		run: "^TestOrdinals$", first: true, maxSize: 1,
		note: "2nd written 2rd; the test computes its results inside a slice of structs and reads them back through range",
	},
	{
		name: "strcase/snake", module: "github.com/iancoleman/strcase@v0.3.0", file: "snake.go",
		old: "\t\t\tv -= 'A'\n", new: "\t\t\tv -= 'B'\n",
		run: "^TestToSnake$", first: true, maxSize: 1,
		note: "upper case letters lowered one letter too far ('B' for 'A'); the result is built in a strings.Builder",
	},
	{
		name: "gods/binaryheap", module: "github.com/emirpasic/gods@v1.18.1", file: "trees/binaryheap/binaryheap.go", pkg: "./trees/binaryheap",
		old: "heap.Comparator(leftValue, rightValue) > 0 {", new: "heap.Comparator(leftValue, rightValue) < 0 {",
		run: "^TestBinaryHeapPushBulk$", first: true, maxSize: 1,
		note: "bubble-down picks the larger child; the heap holds interface{} values compared through a comparator function",
	},
	{
		name: "humanize/plural", module: "github.com/dustin/go-humanize@v1.1.0", file: "english/words.go", pkg: "./english",
		old: "\t\t\treturn singular + \"es\"\n", new: "\t\t\treturn singular + \"s\"\n",
		run: "^TestPluralWord$", first: true, maxSize: 1,
		note: "words ending in a sibilant get \"s\" instead of \"es\"; the test compares strings",
	},
}

func main() {
	timeout := flag.Duration("timeout", pipeline.DefaultTimeout, "time bound of one localization (faultloc -timeout; default faultloc's)")
	out := flag.String("out", "", "also write the report to this file")
	only := flag.String("subjects", "", "comma-separated names of seeded subjects and historical bugs to run (default all)")
	check := flag.Bool("check", false, "only validate the historical bugs: their test passes as released and fails with the bug put back")
	kinds := flag.String("kinds", "seeded,historical", "the kinds of rows to run: seeded, historical, rankers (the historical bugs ranked by each rule, without fix candidates), regress (the historical bugs explained as regressions, AFTER), flex (AgxFaults' verified candidates of the historical bugs tested by angelic.FlexTest on the passing cases), diagnose (each historical bug's failing cases diagnosed together, diagnose.Run), native (the historical bugs ranked by native evidence, the interpreter's and their fusion), fusion (the reports a historical run kept in -keep DIR ordered again by each fusion rule), comma-separated")
	flexBound := flag.Duration("flex-bound", 2*time.Minute, "-kinds flex: time bound of the flexibility test of one failing case's candidates")
	flag.Func("flags", "extra flags of faultloc localize for the historical bugs, space-separated (for example \"-evidence native\"), to measure a setting against the default", func(v string) error {
		localizeFlags = strings.Fields(v)
		return nil
	})
	flag.BoolVar(&verboseFusion, "ahead", false, "-kinds fusion: list on stderr, per failing case, the lines the default ranks up to the faulty line, with native Ochiai's rank and score of each")
	keep := flag.String("keep", "", "make the copies of the modules in this directory and keep them there, to run faultloc on by hand")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the whole run to this file (go tool pprof reads it), to see where a kind's time goes")
	flag.Parse()
	var seeded []subject
	var historical, ranked, regressed, flexed, diagnosed, natived, fused []bug
	for _, k := range strings.Split(*kinds, ",") {
		switch strings.TrimSpace(k) {
		case "seeded":
			seeded = subjects
		case "historical":
			historical = bugs
		case "rankers":
			ranked = bugs
		case "regress":
			regressed = bugs
		case "flex":
			flexed = bugs
		case "diagnose":
			diagnosed = bugs
		case "native":
			natived = bugs
		case "fusion":
			fused = bugs
		default:
			fmt.Fprintf(os.Stderr, "realbugs: unknown kind %q in -kinds (want seeded, historical, rankers, regress, flex, diagnose, native or fusion)\n", k)
			os.Exit(2)
		}
	}
	if *check {
		seeded, historical, ranked, regressed, flexed, diagnosed, natived, fused = nil, bugs, nil, nil, nil, nil, nil, nil
	}
	if *only != "" {
		keep := map[string]bool{}
		for _, n := range strings.Split(*only, ",") {
			keep[strings.TrimSpace(n)] = true
		}
		var ss []subject
		for _, s := range seeded {
			if keep[s.name] {
				ss = append(ss, s)
			}
		}
		pick := func(all []bug) []bug {
			var bs []bug
			for _, b := range all {
				if keep[b.Name] {
					bs = append(bs, b)
				}
			}
			return bs
		}
		bs, rs, gs, fs, ds, ns, us := pick(historical), pick(ranked), pick(regressed), pick(flexed), pick(diagnosed), pick(natived), pick(fused)
		if len(ss)+len(bs)+len(rs)+len(gs)+len(fs)+len(ds)+len(ns)+len(us) == 0 {
			fmt.Fprintln(os.Stderr, "realbugs: no subject or bug named in -subjects")
			os.Exit(2)
		}
		seeded, historical, ranked, regressed, flexed, diagnosed, natived, fused = ss, bs, rs, gs, fs, ds, ns, us
	}
	if len(fused) > 0 && *keep == "" {
		fmt.Fprintln(os.Stderr, "realbugs: -kinds fusion reads the reports a historical run kept: name its -keep DIR")
		os.Exit(2)
	}
	cmdline := "go run ./bench/realbugs " + strings.Join(os.Args[1:], " ")
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "realbugs: -cpuprofile:", err)
			os.Exit(1)
		}
	}
	err := run(cmdline, *timeout, *flexBound, *out, *keep, *check, seeded, historical, ranked, regressed, flexed, diagnosed, natived, fused)
	if *cpuProfile != "" {
		pprof.StopCPUProfile()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "realbugs:", err)
		os.Exit(1)
	}
}

func run(cmdline string, timeout, flexBound time.Duration, out, keep string, check bool, seeded []subject, historical, ranked, regressed, flexed, diagnosed, natived, fused []bug) error {
	ctx := context.Background()
	tmp := keep
	if keep == "" {
		var err error
		if tmp, err = os.MkdirTemp("", "realbugs"); err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
	} else if err := os.MkdirAll(keep, 0o777); err != nil {
		return err
	}
	bin := filepath.Join(tmp, "faultloc")
	if !check && len(seeded)+len(historical) > 0 {
		if o, err := exec.CommandContext(ctx, "go", "build", "-o", bin, "github.com/faultloc/faultloc/cmd/faultloc").CombinedOutput(); err != nil {
			return fmt.Errorf("building faultloc: %v\n%s", err, o)
		}
	}
	var rep strings.Builder
	commit, _ := exec.Command("git", "rev-parse", "--short", "HEAD").Output()
	load, watch := loadavg.Now(), loadavg.Watch(10*time.Second)
	defer watch.Stop()
	fmt.Fprintf(&rep, "# Faults in real libraries\n\nGenerated by\n\n\t%s\n\n", strings.TrimSpace(cmdline))
	fmt.Fprintf(&rep, "- date: %s\n- commit: %s\n- go: %s %s/%s, %d CPUs\n- load average at start: %s\n- time bound of one localization: %v\n\n",
		time.Now().UTC().Format(time.RFC3339), strings.TrimSpace(string(commit)), runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), load, timeout)
	if len(seeded) > 0 {
		writeSeeded(ctx, &rep, seeded, bin, tmp, timeout)
	}
	if len(historical) > 0 {
		if keep != "" {
			// What made the reports kept, for the fusion kind to name.
			if err := os.WriteFile(filepath.Join(keep, keptRunFile), []byte(rep.String()), 0o666); err != nil {
				return err
			}
		}
		var rs []bugResult
		for i, b := range historical {
			r := runBug(ctx, b, bin, tmp, timeout, check)
			fmt.Fprintf(os.Stderr, "realbugs: %s: %s\n", b.Name, r.summary())
			rs = append(rs, r)
			if out != "" && i+1 < len(historical) {
				if err := writePartial(out, rep.String(), func(w *strings.Builder) { writeHistorical(w, rs, check) }, len(rs), len(historical), "bugs"); err != nil {
					return err
				}
			}
		}
		writeHistorical(&rep, rs, check)
	}
	if len(ranked) > 0 {
		var rs []rankersResult
		for _, b := range ranked {
			r := rankBug(ctx, b, tmp)
			fmt.Fprintf(os.Stderr, "realbugs: %s: ranks %v %s\n", b.Name, r.ranks, r.err)
			rs = append(rs, r)
			if out != "" {
				if err := writePartial(out, rep.String(), func(w *strings.Builder) { writeRankers(w, rs) }, len(rs), len(ranked), "bugs"); err != nil {
					return err
				}
			}
		}
		writeRankers(&rep, rs)
	}
	if len(regressed) > 0 {
		var rs []regressResult
		groups := regressGroups(regressed)
		for i, g := range groups {
			rs = append(rs, regressGroup(ctx, g, tmp, timeout, func(r regressResult) {
				root := "-"
				if r.rep != nil {
					root = ids(r.rep.Root)
				}
				fmt.Fprintf(os.Stderr, "realbugs: %s: truth %s, root %s %s (%v)\n", r.bug.Name, ids(r.truth), root, r.err, r.duration.Round(time.Second))
			})...)
			if out != "" && i+1 < len(groups) {
				if err := writePartial(out, rep.String(), func(w *strings.Builder) { writeRegress(w, rs) }, i+1, len(groups), "releases"); err != nil {
					return err
				}
			}
		}
		writeRegress(&rep, rs)
	}
	if len(flexed) > 0 {
		var rs []flexResult
		for _, b := range flexed {
			r := flexBug(ctx, b, tmp, timeout, flexBound)
			fmt.Fprintf(os.Stderr, "realbugs: %s: %d candidates, %d inhibited, rank %d, demoted %d %s (%v + %v)\n", b.Name, r.candidates, r.inhibited, r.rank, r.demoted, r.err, r.agxTime.Round(time.Second), r.flexTime.Round(time.Second))
			rs = append(rs, r)
			if out != "" {
				if err := writePartial(out, rep.String(), func(w *strings.Builder) { writeFlex(w, rs, flexBound) }, len(rs), len(flexed), "bugs"); err != nil {
					return err
				}
			}
		}
		writeFlex(&rep, rs, flexBound)
	}
	if len(diagnosed) > 0 {
		var rs []diagnoseResult
		for _, b := range diagnosed {
			r := diagnoseBug(ctx, b, tmp, timeout)
			fmt.Fprintf(os.Stderr, "realbugs: %s: %d failing, %d diagnoses (%d verified, %d one fix), fault %v, first %v %s (%v)\n", b.Name, r.failing, r.diagnoses, r.verified, r.oneFix, r.faultIn, r.faultFirst, r.err, r.elapsed.Round(time.Second))
			rs = append(rs, r)
			if out != "" {
				if err := writePartial(out, rep.String(), func(w *strings.Builder) { writeDiagnose(w, rs, timeout) }, len(rs), len(diagnosed), "bugs"); err != nil {
					return err
				}
			}
		}
		writeDiagnose(&rep, rs, timeout)
	}
	if len(natived) > 0 {
		var rs []nativeResult
		for _, b := range natived {
			r := nativeBug(ctx, b, tmp)
			fmt.Fprintf(os.Stderr, "realbugs: %s: native Ochiai %d, native.Scorers %d, interpreter %d, fused %v %s\n", b.Name, r.ochiai, r.natRank, r.interp, r.fused, r.err)
			rs = append(rs, r)
			if out != "" {
				if err := writePartial(out, rep.String(), func(w *strings.Builder) { writeNative(w, rs) }, len(rs), len(natived), "bugs"); err != nil {
					return err
				}
			}
		}
		writeNative(&rep, rs)
	}
	if len(fused) > 0 {
		var rs []fusionResult
		for _, b := range fused {
			r := fusionBug(b, keep, fusionRules, verboseFusion)
			fmt.Fprintf(os.Stderr, "realbugs: %s: native Ochiai %d, rules %v %s\n%s", b.Name, r.ochiai, r.ranks, r.err, r.ahead)
			rs = append(rs, r)
		}
		writeFusion(&rep, rs, fusionRules, keptRun(keep))
	}
	watch.Stop()
	if m := watch.Max(); m != "" {
		fmt.Fprintf(&rep, "\nThe one-minute load average was at most %s while this ran (sampled every 10 s).\n", m)
	}
	fmt.Print(rep.String())
	if out != "" {
		return os.WriteFile(out, []byte(rep.String()), 0o666)
	}
	return nil
}

// writeSeeded runs the seeded subjects and writes their table.
func writeSeeded(ctx context.Context, rep *strings.Builder, seeded []subject, bin, tmp string, timeout time.Duration) {
	rep.WriteString("## Seeded faults\n\n")
	rep.WriteString("Each row is one failing test case of a library with one seeded fault, localized by\n" +
		"`faultloc localize -format json -run CASES [-first] -max-size N -timeout D -fixes .` in a copy of the module.\n" +
		"candidates: verified / all fix candidates; seeded line: the position of the first candidate that is the\n" +
		"seeded line alone (\"-\": none), and whether it is verified; -fixes: whether mutation analysis found a\n" +
		"plausible fix (a mutant under which the case passes and no other case fails) on the seeded line;\n" +
		"ended: \"complete\" when the enumeration ended within its bounds, else why it stopped.\n\n")
	rep.WriteString("| subject | case | fault | candidates | seeded line | -fixes | ended | time |\n|---|---|---|--:|:-:|:-:|---|--:|\n")
	var notes []string
	for _, s := range seeded {
		rows, err := one(ctx, s, bin, tmp, timeout)
		if err != nil {
			fmt.Fprintf(rep, "| %s | | %s | error: %s | | | | |\n", s.name, s.note, strings.ReplaceAll(err.Error(), "\n", " "))
			continue
		}
		for _, r := range rows {
			fmt.Fprintf(rep, "| %s | %s | %s | %d / %d | %s | %s | %s | %s |\n", s.name, r.name, s.note, r.verified, r.all, r.seeded, yesNo(r.fixed), r.ended, r.time.Round(100*time.Millisecond))
		}
		notes = append(notes, fmt.Sprintf("- %s: `%s` in %s: `%s` → `%s`; flags: -run '%s'%s -max-size %d",
			s.name, s.module, s.file, strings.TrimSpace(s.old), strings.TrimSpace(s.new), s.run, map[bool]string{true: " -first"}[s.first], s.maxSize))
	}
	rep.WriteString("\nSubjects (module, seeded replacement, flags):\n\n" + strings.Join(notes, "\n") + "\n\n")
}

// row is the outcome of one failing case.
type row struct {
	name          string
	verified, all int
	seeded        string
	fixed         bool
	ended         string
	time          time.Duration
}

// report is the part of faultloc's JSON output realbugs reads.
type report struct {
	Name       string `json:"name"`
	Mode       string `json:"mode"`
	Candidates []struct {
		Locations []struct {
			File string `json:"file"`
			Line int    `json:"line"`
		} `json:"locations"`
		Verified bool `json:"verified"`
	} `json:"candidates"`
	Ranking []struct {
		File     string `json:"file"`
		Line     int    `json:"line"`
		Rank     int    `json:"rank"`
		Evidence string `json:"evidence"`
	} `json:"ranking"`
	Partial bool   `json:"partial"`
	Reason  string `json:"reason"`
	Fixes   []struct {
		File string `json:"file"`
		Line int    `json:"line"`
	} `json:"fixes"`
	Stats struct {
		Total       time.Duration `json:"totalNanos"`
		Preliminary time.Duration `json:"preliminaryNanos"`
	} `json:"stats"`
}

// one runs subject s and returns a row per failing case.
func one(ctx context.Context, s subject, bin, tmp string, timeout time.Duration) ([]row, error) {
	dir := filepath.Join(tmp, strings.NewReplacer("/", "_", "@", "_", " ", "_", "(", "", ")", "").Replace(s.name))
	if err := os.RemoveAll(dir); err != nil { // a copy left by -keep
		return nil, err
	}
	if err := modfetch.Copy(ctx, s.module, dir); err != nil {
		return nil, err
	}
	path := filepath.Join(dir, s.file)
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	if n := strings.Count(string(b), s.old); n != 1 {
		return nil, fmt.Errorf("%s: the text to seed occurs %d times, want once", s.file, n)
	}
	line := 1 + strings.Count(string(b)[:strings.Index(string(b), s.old)], "\n") // the seeded line
	if err := os.WriteFile(path, []byte(strings.Replace(string(b), s.old, s.new, 1)), 0o666); err != nil {
		return nil, err
	}
	for name, text := range s.extra {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			return nil, err
		}
	}
	// The module's go.sum may lack entries of its own test dependencies
	// (a module's go.sum is not required to be complete).
	tidy := exec.CommandContext(ctx, "go", "mod", "tidy")
	tidy.Dir = dir
	if o, err := tidy.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go mod tidy: %v\n%s", err, o)
	}
	// The premise: the seeded fault makes the cases fail under go test.
	pkg := s.pkg
	if pkg == "" {
		pkg = "."
	}
	gt := exec.CommandContext(ctx, "go", "test", "-count=1", "-run", s.run, pkg)
	gt.Dir = dir
	if o, err := gt.CombinedOutput(); err == nil || !bytes.Contains(o, []byte("--- FAIL")) {
		return nil, fmt.Errorf("the cases %s do not fail under go test with the fault seeded (%v):\n%s", s.run, err, o)
	}
	args := []string{"localize", "-format", "json", "-run", s.run, "-max-size", fmt.Sprint(s.maxSize), "-timeout", timeout.String(), "-fixes"}
	if s.first {
		args = append(args, "-first")
	}
	cmd := exec.CommandContext(ctx, bin, append(args, pkg)...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("faultloc: %v\n%s", err, stderr.String())
	}
	elapsed := time.Since(start)
	var reps []report
	if err := json.Unmarshal(stdout.Bytes(), &reps); err != nil {
		return nil, fmt.Errorf("faultloc's JSON: %v\n%s", err, stderr.String())
	}
	if len(reps) == 0 {
		return nil, fmt.Errorf("faultloc reported no failing case:\n%s", stderr.String())
	}
	rows := rowsOf(reps, path, line)
	if len(rows) == 1 {
		rows[0].time = elapsed // the command's whole run, -fixes included
	}
	return rows, nil
}

// rowsOf reads faultloc's reports for the seeded line (file path, line).
func rowsOf(reps []report, path string, line int) []row {
	var rows []row
	for _, r := range reps {
		w := row{name: r.Name, all: len(r.Candidates), seeded: "-", ended: "complete", time: r.Stats.Total}
		for i, c := range r.Candidates {
			if c.Verified {
				w.verified++
			}
			if w.seeded == "-" && len(c.Locations) == 1 && sameFile(c.Locations[0].File, path) && c.Locations[0].Line == line {
				w.seeded = fmt.Sprintf("%d (%s)", i+1, map[bool]string{true: "verified", false: "not verified"}[c.Verified])
			}
		}
		for _, f := range r.Fixes {
			if sameFile(f.File, path) && f.Line == line {
				w.fixed = true
			}
		}
		if r.Partial {
			w.ended = strings.ReplaceAll(r.Reason, "|", "/")
		}
		rows = append(rows, w)
	}
	return rows
}

// sameFile reports whether a and b name the same file.
func sameFile(a, b string) bool { return nativeochiai.SameFile(a, b) }

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// writePartial writes to out the report so far (head, then the rows that
// rows writes) and how many of total items are done: a run takes long,
// and what is done is in the file if it stops.
func writePartial(out, head string, rows func(w *strings.Builder), done, total int, what string) error {
	var part strings.Builder
	part.WriteString(head)
	rows(&part)
	fmt.Fprintf(&part, "\n(partial: %d of %d %s done)\n", done, total, what)
	return os.WriteFile(out, []byte(part.String()), 0o666)
}
