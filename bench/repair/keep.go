package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/faultloc/faultloc/localize/repair"
)

// kept is a subject's row as -results keeps it: one JSON file per
// subject, written when its repair ends, so that a run stopped part way
// (or one run per subset of -bugs) leaves the rows it finished, and a
// later run with the same -results reads them instead of repairing
// again. Args and Load say how the row was made.
type kept struct {
	Kind     string             `json:"kind"`
	Name     string             `json:"name"`
	Desc     string             `json:"desc"`
	RefOK    bool               `json:"refOK"`
	RefWhy   string             `json:"refWhy,omitempty"`
	Failing  int                `json:"failing"`
	Passing  int                `json:"passing"`
	Sites    int                `json:"sites"`
	Patches  int                `json:"patches"`
	Checked  int                `json:"checked"`
	FirstP   int                `json:"firstPlausible"`
	FirstC   int                `json:"firstCorrect"`
	How      string             `json:"how,omitempty"`
	MutP     int                `json:"mutPlausible"`
	MutC     int                `json:"mutCorrect"`
	MutN     int                `json:"mutPatches"`
	NCorrect int                `json:"nCorrect"`
	Correct  []repair.Candidate `json:"correct,omitempty"`
	Others   []repair.Candidate `json:"others,omitempty"`
	Partial  string             `json:"partial,omitempty"`
	Err      string             `json:"err,omitempty"`
	Elapsed  time.Duration      `json:"elapsed"`
	Whole    time.Duration      `json:"whole"`
	Args     []string           `json:"args"`
	Load     string             `json:"load"` // one-minute load average when the row ended
}

// keptPath is the file of subject kind/name in dir.
func keptPath(dir, kind, name string) string {
	return filepath.Join(dir, kind+"_"+strings.ReplaceAll(name, "/", "_")+".json")
}

// loadKept reads the row kept for kind/name in dir; false if there is
// none.
func loadKept(dir, kind, name string) (row, bool, error) {
	b, err := os.ReadFile(keptPath(dir, kind, name))
	if errors.Is(err, fs.ErrNotExist) {
		return row{}, false, nil
	}
	if err != nil {
		return row{}, false, err
	}
	var k kept
	if err := json.Unmarshal(b, &k); err != nil {
		return row{}, false, fmt.Errorf("%s: %w", keptPath(dir, kind, name), err)
	}
	if k.Kind != kind || k.Name != name {
		return row{}, false, fmt.Errorf("%s: holds %s %s, not %s %s", keptPath(dir, kind, name), k.Kind, k.Name, kind, name)
	}
	return row{
		s:     subject{kind: k.Kind, name: k.Name, desc: k.Desc},
		refOK: k.RefOK, refWhy: k.RefWhy,
		failing: k.Failing, passing: k.Passing, sites: k.Sites, patches: k.Patches, checked: k.Checked,
		firstP: k.FirstP, firstC: k.FirstC, how: k.How,
		mutP: k.MutP, mutC: k.MutC, mutN: k.MutN, nCorrect: k.NCorrect,
		correct: k.Correct, others: k.Others,
		partial: k.Partial, err: k.Err, elapsed: k.Elapsed, whole: k.Whole,
		keptArgs: k.Args, keptLoad: k.Load,
	}, true, nil
}

// saveKept writes r into dir, made by a run with args at one-minute
// load load.
func saveKept(dir string, r row, args []string, load string) error {
	k := kept{
		Kind: r.s.kind, Name: r.s.name, Desc: r.s.desc,
		RefOK: r.refOK, RefWhy: r.refWhy,
		Failing: r.failing, Passing: r.passing, Sites: r.sites, Patches: r.patches, Checked: r.checked,
		FirstP: r.firstP, FirstC: r.firstC, How: r.how,
		MutP: r.mutP, MutC: r.mutC, MutN: r.mutN, NCorrect: r.nCorrect,
		Correct: r.correct, Others: r.others,
		Partial: r.partial, Err: r.err, Elapsed: r.elapsed, Whole: r.whole,
		Args: args, Load: load,
	}
	if k.Args == nil {
		k.Args = []string{}
	}
	b, err := json.MarshalIndent(k, "", "\t")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	// Written whole, then renamed: a run stopped while writing leaves no
	// half row for the next to read.
	tmp := keptPath(dir, r.s.kind, r.s.name) + ".tmp"
	if err := os.WriteFile(tmp, append(b, '\n'), 0o666); err != nil {
		return err
	}
	return os.Rename(tmp, keptPath(dir, r.s.kind, r.s.name))
}
