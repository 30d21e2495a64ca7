package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/faultloc/faultloc/localize/agx"

	"github.com/faultloc/faultloc/encode"
	"github.com/faultloc/faultloc/examples"
	"github.com/faultloc/faultloc/localize"
	"github.com/faultloc/faultloc/trace"
)

// config are the settings of one experiment. The zero value is not useful:
// defaultConfig gives the command's defaults.
type config struct {
	Bounds   []int         // loop bounds b (input size and PF's Unwind)
	Timeout  time.Duration // per run (one subject, one bound, one mode)
	MaxSize  int           // candidate size bound, the same for both modes (0: none)
	MaxPaths int           // PF's path bound; large so that PF is not cut short silently
	Subjects []string      // subject names; empty: all
	Arith    encode.Arith  // integer encoding of both modes
	Engine   agx.Engine    // Z3 engine of both modes (default AutoEngine)
	Label    string        // printed under the report's title
	NoSkip   bool          // run larger bounds of a mode after it timed out
	Modes    []encode.Mode // the modes run (encode.ATF, encode.PF); the others are reported as not run
	Log      io.Writer     // if set, receives every report as text
	Progress io.Writer     // if set, receives a line per measurement
}

func defaultConfig() config {
	return config{
		Bounds:   []int{10, 20, 30, 40, 50, 60, 70, 80, 90, 100},
		Timeout:  2 * time.Minute,
		MaxSize:  0,
		MaxPaths: 1 << 20,
		Modes:    []encode.Mode{encode.ATF, encode.PF},
	}
}

// measurement is the outcome of one localization run.
type measurement struct {
	Mode       encode.Mode
	Report     *localize.Report // nil if Err
	Err        error            // the run could not start (load, test passes, ...)
	TimedOut   bool             // the per-run timeout ended it (Report is partial)
	Lines      []string         // the verified candidates as line sets, "11" or "13+16", sorted
	Unverified []string         // the other candidates, likewise
	Skipped    int              // not run: the mode timed out at this smaller bound
	NotRun     bool             // not run: the mode was not asked for (-modes)
	FaultHit   bool             // a verified candidate contains the fault line
	FaultSize  int              // size of the smallest verified candidate with the fault line (0: none)
}

// row is one subject at one bound.
type row struct {
	Subject string
	Bound   int
	Steps   int // steps of the failing run
	ATF, PF measurement
}

// Agree reports whether both modes completed and found the same verified
// candidates (as line sets).
func (r row) Agree() bool {
	if !r.ATF.complete() || !r.PF.complete() {
		return false
	}
	return slices.Equal(r.ATF.Lines, r.PF.Lines)
}

func (m measurement) complete() bool {
	return m.Err == nil && m.Report != nil && !m.Report.Partial
}

// measure localizes the failing test of s at bound b in one mode.
func measure(ctx context.Context, p *trace.Program, s subject, b int, mode encode.Mode, cfg config, fault examples.Fault) measurement {
	m := measurement{Mode: mode}
	test, err := s.test(p, b)
	if err != nil {
		m.Err = err
		return m
	}
	// Both modes get the unwinding bound b, as in the paper's experiment:
	// PF explores every path within it before solving, ATF never leaves
	// the encoded paths beyond it.
	opts := &agx.Options{Mode: mode, MaxSize: cfg.MaxSize, Arith: cfg.Arith, Engine: cfg.Engine, Unwind: b}
	if mode == encode.PF {
		opts.MaxPaths = cfg.MaxPaths
	}
	rctx, cancel := context.WithTimeout(ctx, cfg.Timeout)
	defer cancel()
	rep, err := agx.Localize(rctx, p, p.TestCase(test), opts)
	if err != nil {
		m.Err = err
		m.TimedOut = errors.Is(err, context.DeadlineExceeded)
		return m
	}
	m.Report = rep
	if cfg.Log != nil {
		rep.WriteText(cfg.Log)
		for i, c := range rep.Candidates {
			if !c.Verified {
				fmt.Fprintf(cfg.Log, "candidate %d: failed verification path:", i+1)
				for _, d := range c.Path {
					fmt.Fprintf(cfg.Log, " %d:%v", d.Line, d.Taken)
				}
				fmt.Fprintln(cfg.Log)
			}
		}
		fmt.Fprintf(cfg.Log, "stats: %+v\n\n", rep.Stats)
	}
	m.TimedOut = rep.Partial && rctx.Err() != nil && ctx.Err() == nil
	for _, c := range rep.Candidates {
		var ls []string
		hit := false
		for _, l := range c.Locations {
			ls = append(ls, fmt.Sprint(l.Line))
			if l.File == fault.File && l.Line == fault.Line {
				hit = true
			}
		}
		if !c.Verified {
			m.Unverified = append(m.Unverified, strings.Join(ls, "+"))
			continue
		}
		m.Lines = append(m.Lines, strings.Join(ls, "+"))
		if hit {
			m.FaultHit = true
			if m.FaultSize == 0 || len(c.Locations) < m.FaultSize {
				m.FaultSize = len(c.Locations)
			}
		}
	}
	slices.Sort(m.Lines)
	slices.Sort(m.Unverified)
	return m
}

// encoded returns the number of runs encoded in the formula: for ATF the
// failing run and its refinements, for PF the paths explored (every run
// but the verifications, one per MCS).
func (m measurement) encoded() int {
	st := m.Report.Stats
	if m.Mode == encode.PF {
		return st.Runs - st.MCSes
	}
	return 1 + st.Refinements
}

// steps returns the length of the failing run of s at bound b.
func steps(ctx context.Context, p *trace.Program, s subject, b int) (int, error) {
	test, err := s.test(p, b)
	if err != nil {
		return 0, err
	}
	res, err := p.RunTest(ctx, test, &trace.RunOptions{NoTrace: true})
	if err != nil {
		return 0, err
	}
	if res.Passed() {
		return 0, fmt.Errorf("%s passes", test.Name)
	}
	return int(res.Steps), nil
}
