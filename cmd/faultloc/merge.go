package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/faultloc/faultloc/localize/cireport"
	"github.com/faultloc/faultloc/localize/pipeline"
)

func init() {
	register("merge", command{summary: "combine the shard files of a sharded spectra or localize run into its report", run: runMerge})
}

// runMerge implements `faultloc merge [flags] FILE...`.
func runMerge(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("merge", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "text", "output: text, json, sarif or github; for spectra also gzoltar (files in -o), for localize also html")
	top := fs.Int("top", 0, "as spectra's and localize's -top: only the first N entries (0: all)")
	threshold := fs.Float64("threshold", math.Inf(-1), "as spectra's and localize's -threshold: only the entries scored at least this (default: all)")
	outDir := fs.String("o", ".", "directory of the gzoltar files")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: faultloc merge [flags] FILE...\n\nCombines the shard files that the shards of a spectra or localize run\nwrote (-shard) into the report one machine would have written.\n\nFlags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 1
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 1
	}
	shards, err := readShards(fs.Args())
	if err != nil {
		fmt.Fprintln(stderr, "faultloc merge:", err)
		return 1
	}
	base, _ := os.Getwd()
	switch cmd := shards[0].Command; {
	case cmd == "spectra" && (*format == "text" || *format == "json" || *format == "gzoltar" || ciFormat(*format)):
	case cmd == "localize" && (*format == "text" || *format == "json" || *format == "html" || ciFormat(*format)):
	default:
		fmt.Fprintf(stderr, "faultloc merge: -format %q is not one of %s's merged reports\n", *format, cmd)
		return 1
	}
	if shards[0].Command == "spectra" {
		m, stats, err := mergeSpectra(shards, base)
		if err != nil {
			fmt.Fprintln(stderr, "faultloc merge:", err)
			return 1
		}
		r := shards[0].Spectra
		f, opt, err := spectraRanking(r.Formula, r.Ties, r.Bonus, r.Suspects)
		if err != nil {
			fmt.Fprintln(stderr, "faultloc merge:", err)
			return 1
		}
		spectraNotes(stderr, m, stats)
		if err := writeSpectra(stdout, m, f, opt, spectraOutput{format: *format, top: *top, threshold: *threshold, dir: *outDir}, base); err != nil {
			fmt.Fprintln(stderr, "faultloc merge:", err)
			return 2
		}
		return 0
	}
	reports, l, err := mergeLocalize(ctx, shards, base)
	if err == nil && l.Fixes != nil {
		err = mergeFixes(ctx, shards, reports, base, stderr)
	}
	if err != nil {
		fmt.Fprintln(stderr, "faultloc merge:", err)
		return 1
	}
	out := &pipeline.Result{Package: l.Package, Reports: reports}
	out.Output.Dir = base
	switch *format {
	case "html":
		// As localize writes it: the spectrum's heat map, files named
		// relative to the deepest directory holding them.
		out.Output.Dir = ""
		if l.Spectrum != nil {
			if out.Spectrum, err = l.Spectrum.matrix(shards[0], base); err != nil {
				fmt.Fprintln(stderr, "faultloc merge:", err)
				return 1
			}
		}
		err = out.WriteHTML(stdout)
	case "json":
		for _, rep := range reports {
			rep.RelativeTo(base)
		}
		err = out.WriteJSON(stdout)
	case "sarif", "github":
		err = writeCI(stdout, *format, cireport.Top(cireport.Threshold(cireport.Localize(reports), *threshold), *top), "", partialReason(reports, ""))
	default:
		if len(reports) == 0 && l.NoneFailing != "" {
			_, err = fmt.Fprintln(stdout, l.NoneFailing)
		}
		if err == nil {
			err = out.WriteText(stdout)
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "faultloc merge:", err)
		return 2
	}
	return 0
}
