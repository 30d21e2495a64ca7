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
	ID   string `json:"id"`
	File string `json:"file"`
	New  struct {
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

// one prepares regression r in dir, checks it, and runs faultloc regress.
func one(ctx context.Context, r regression, bin, dir string, deadline, timeout time.Duration, checkOnly bool) result {
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
		"-timeout", timeout.String(), "-deadline", deadline.String(), "./"+r.pkg)
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
// removal, which has no lines in bad, at the line where it was).
func (res result) holdsRef(ids []string) bool {
	for _, c := range res.rep.Changes {
		if !slices.Contains(ids, c.ID) || c.File != res.r.refFile {
			continue
		}
		end := max(c.New.EndLine, c.New.StartLine)
		for _, l := range res.r.refLines {
			if c.New.StartLine <= l && l <= end {
				return true
			}
		}
	}
	return false
}

// fixRef returns the rank of the first fix site holding a reference
// line (as holdsRef: its change's span covers one; fix sites are never
// an added function's whole declaration), or 0 if none does.
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
		ids(res.rep.Root), res.holdsRef(res.rep.Root), res.rep.Verified, res.rep.Partial, len(res.rep.FixSites), res.fixRef(), len(res.rep.Changes), res.rep.Trials, res.wall.Round(time.Second))
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}
