package sattar

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"math"
	"strings"
	"testing"
)

// TestResultWriters checks a session's three writers on the size fault
// after one round: the text names the cores, the suspects and the
// added test before the ranking; the JSON reads back with each ranked
// line's score the session's; the page holds the text.
func TestResultWriters(t *testing.T) {
	t.Parallel()
	v := loadList(t, "size")
	res, err := Run(context.Background(), v.Prog, v.Pkg, "FuzzDelete", "", &Options{InitialOnly: true, Under: []string{"(*List).Delete"}, Rounds: 1})
	if err != nil {
		t.Fatal(err)
	}
	res.Output.Dir = "../../examples/linkedlist"
	var text bytes.Buffer
	if err := res.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"# SAT-TAR: 1 rounds,", "partition 1: FuzzDelete/seed#0", `core of "size invariant" (`, "suspects: list.go:", "round 1 added FuzzDelete/gen#", "# " + res.Report.Test + " (sat-tar)"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, text.String())
		}
	}
	var js bytes.Buffer
	if err := res.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back Result
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatalf("reading the JSON back: %v", err)
	}
	if back.Rounds != 1 || len(back.Cores) != len(res.Cores) || back.Report == nil || len(back.Report.Ranking) != len(res.Report.Ranking) {
		t.Fatalf("read back %+v; want the session's", back)
	}
	for _, rl := range back.Report.Ranking {
		want, ok := res.Scores[rl.SourceLine()]
		if ok && math.Abs(rl.Score-want) > 1e-9 {
			t.Errorf("%s:%d: score %v in the JSON, %v in the session", rl.File, rl.Line, rl.Score, want)
		}
	}
	var page bytes.Buffer
	if err := res.WriteHTML(&page); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(page.String(), html.EscapeString(text.String())) || !strings.Contains(page.String(), "<title>SAT-TAR: "+res.Report.Test+"</title>") {
		t.Errorf("page lacks the text or the title:\n%s", page.String())
	}
}
