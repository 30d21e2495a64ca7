package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// effort is a method's work, as faultloc regress's JSON gives it.
type effort struct {
	Probes     int           `json:"probes"`
	Runs       int           `json:"runs"`
	Unresolved int           `json:"unresolved"`
	Time       time.Duration `json:"totalNanos"`
}

// regressReport is the part of faultloc regress's JSON report read here.
type regressReport struct {
	Failing []string `json:"failing"`
	Changes []change `json:"changes"`
	Causes  []struct {
		Change string `json:"change"`
	} `json:"causes"`
	Root          []string   `json:"root"`
	FixSites      []fixSite  `json:"fixSites"`
	Descent       string     `json:"descent"`
	Aux           []string   `json:"aux"`
	Guards        []string   `json:"guards"`
	Guarded       []string   `json:"guarded"`
	Rounds        int        `json:"rounds"`
	Verified      bool       `json:"verified"`
	Trials        string     `json:"trials"`
	AnalysisError string     `json:"analysisError"`
	Partial       bool       `json:"partial"`
	Reason        string     `json:"reason"`
	Effort        effort     `json:"effort"`
	Baselines     []baseline `json:"baselines"`
}

// change is one change between the releases.
type change struct {
	ID     string `json:"id"`
	File   string `json:"file"`
	Parent string `json:"parent"` // the change this one is nested in, or ""
	New    struct {
		StartLine int `json:"startLine"`
		EndLine   int `json:"endLine"`
	} `json:"new"`
}

// fixSite is a cause in the code a rewriting root cause brought in.
type fixSite struct {
	Rank   int    `json:"rank"`
	Change string `json:"change"`
	Lines  []struct {
		Line int `json:"line"`
	} `json:"lines"`
}

// baseline is one of the methods run beside AFTER.
type baseline struct {
	Name   string   `json:"name"`
	Diff   []string `json:"diff"`
	Effort effort   `json:"effort"`
	Err    string   `json:"error"`
}

// result is one regression's row.
type result struct {
	r    regression
	err  string // why there is no report
	rep  *regressReport
	wall time.Duration
	load string // the load average (1, 5, 15 minutes) when it ended
}

// one prepares regression r in dir, checks it, and runs faultloc regress,
// with its baselines if baselines is set.
func one(ctx context.Context, r regression, bin, dir string, deadline, timeout time.Duration, checkOnly, baselines bool) result {
	res := result{r: r}
	good, bad, err := prepare(ctx, r, dir)
	if err != nil {
		res.err = "not prepared: " + err.Error()
		return res
	}
	if err := check(ctx, r, good, bad); err != nil {
		res.err = "invalid: " + err.Error()
		return res
	}
	if checkOnly {
		return res
	}
	cmd := exec.CommandContext(ctx, bin, "regress", "-format", "json", "-v", "-old", good, "-run", r.run,
		"-timeout", timeout.String(), "-deadline", deadline.String(), "-baselines="+strconv.FormatBool(baselines), "./"+r.pkg)
	cmd.Dir = bad
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err = cmd.Run()
	res.wall = time.Since(start)
	os.WriteFile(filepath.Join(dir, "regress.json"), stdout.Bytes(), 0o666)
	os.WriteFile(filepath.Join(dir, "regress.stderr"), stderr.Bytes(), 0o666)
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 3) {
		res.err = fmt.Sprintf("faultloc regress: %v: %s", err, lastLine(stderr.String()))
		return res
	}
	rep := new(regressReport)
	if err := json.Unmarshal(stdout.Bytes(), rep); err != nil {
		res.err = fmt.Sprintf("faultloc regress wrote no JSON report (%v): %s", err, lastLine(stderr.String()))
		return res
	}
	res.rep = rep
	return res
}

// holdsRef reports whether one of the changes ids holds a reference line
// of r: a change of the faulty file whose span in bad covers one (a
// removal, which has no lines in bad, at the line where it was), and is
// the finest change there: no change nested in it covers that line too
// (an added function whose statement at the line is a change of its own
// does not hold it; a modified statement, which has no nested changes,
// does, whatever its size: refSpan says it).
func (res result) holdsRef(ids []string) bool {
	return res.refSpan(ids) > 0
}

// refSpan returns the lines of the narrowest change of ids that holds a
// reference line (see holdsRef), or 0 if none does.
func (res result) refSpan(ids []string) int {
	byID := map[string]change{}
	for _, c := range res.rep.Changes {
		byID[c.ID] = c
	}
	covers := func(c change, file string, l int) bool {
		return c.File == file && c.New.StartLine <= l && l <= max(c.New.EndLine, c.New.StartLine)
	}
	nestedIn := func(c change, id string) bool {
		for p := c.Parent; p != ""; p = byID[p].Parent {
			if p == id {
				return true
			}
		}
		return false
	}
	best := 0
	for _, c := range res.rep.Changes {
		if !slices.Contains(ids, c.ID) {
			continue
		}
		for _, r := range res.r.refs {
			for _, l := range r.lines {
				if !covers(c, r.file, l) || slices.ContainsFunc(res.rep.Changes, func(d change) bool { return nestedIn(d, c.ID) && covers(d, r.file, l) }) {
					continue
				}
				if n := max(c.New.EndLine, c.New.StartLine) - c.New.StartLine + 1; best == 0 || n < best {
					best = n
				}
			}
		}
	}
	return best
}

// rootRef reports whether the root cause holds a reference line: one of
// its changes, or one of its guards (the changed conditions its
// statements run under, which faultloc regress reports with it).
func (res result) rootRef() bool {
	return res.holdsRef(res.rep.Root) || res.holdsRef(res.rep.Guards)
}

// fixRef returns the rank of the first fix site holding a reference
// line (as holdsRef: its change is the finest covering one; fix sites are
// never an added function's whole declaration), or 0 if none does.
func (res result) fixRef() int {
	for _, s := range res.rep.FixSites {
		if res.holdsRef([]string{s.Change}) {
			return s.Rank
		}
	}
	return 0
}

// explained reports whether AFTER gave a root cause that a final run
// verified within the deadline.
func (res result) explained() bool {
	return res.rep != nil && !res.rep.Partial && len(res.rep.Root) > 0 && res.rep.Verified
}

func (res result) summary() string {
	switch {
	case res.err != "":
		return lastLine(res.err)
	case res.rep == nil:
		return "valid"
	}
	return fmt.Sprintf("root %s (reference line: %v, verified %v, partial %v), %d fix sites (first with a reference line: %d), %d changes, %s trials, %v",
		ids(res.rep.Root), res.rootRef(), res.rep.Verified, res.rep.Partial, len(res.rep.FixSites), res.fixRef(), len(res.rep.Changes), res.rep.Trials, res.wall.Round(time.Second))
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
