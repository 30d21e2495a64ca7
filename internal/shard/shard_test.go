package shard

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want Shard
		err  string
	}{
		{"0/1", Shard{0, 1}, ""},
		{"2/4", Shard{2, 4}, ""},
		{" 3 / 4 ", Shard{3, 4}, ""},
		{"4/4", Shard{}, "the index must be in [0, 4)"},
		{"-1/4", Shard{}, "the index must be in [0, 4)"},
		{"1/0", Shard{}, "the total must be at least 1"},
		{"1", Shard{}, "want i/n"},
		{"a/2", Shard{}, "the index is not an integer"},
		{"1/b", Shard{}, "the total is not an integer"},
	} {
		got, err := Parse("-shard", tt.in)
		var se *Error
		switch {
		case tt.err == "" && (err != nil || got != tt.want):
			t.Errorf("Parse(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		case tt.err != "" && (!errors.As(err, &se) || se.From != "-shard" || se.Value != tt.in || !strings.Contains(se.Msg, tt.err)):
			t.Errorf("Parse(%q) = %v, %v; want an *Error saying %q", tt.in, got, err, tt.err)
		}
	}
}

func TestFromEnv(t *testing.T) {
	for _, tt := range []struct {
		name string
		env  map[string]string
		want Shard
		from string
		err  bool
	}{
		{"none", nil, Shard{}, "", false},
		{"bazel", map[string]string{"TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "3"}, Shard{1, 3}, "TEST_SHARD_INDEX,TEST_TOTAL_SHARDS", false},
		{"kubernetes", map[string]string{"JOB_COMPLETION_INDEX": "0", "JOB_COMPLETIONS": "2"}, Shard{0, 2}, "JOB_COMPLETION_INDEX,JOB_COMPLETIONS", false},
		{"circleci", map[string]string{"CIRCLE_NODE_INDEX": "3", "CIRCLE_NODE_TOTAL": "4"}, Shard{3, 4}, "CIRCLE_NODE_INDEX,CIRCLE_NODE_TOTAL", false},
		{"circleci without parallelism", map[string]string{"CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "1"}, Shard{}, "CIRCLE_NODE_INDEX,CIRCLE_NODE_TOTAL", false},
		{"bazel first", map[string]string{"TEST_SHARD_INDEX": "0", "TEST_TOTAL_SHARDS": "2", "CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "2"}, Shard{0, 2}, "TEST_SHARD_INDEX,TEST_TOTAL_SHARDS", false},
		{"index without total", map[string]string{"JOB_COMPLETION_INDEX": "2"}, Shard{}, "JOB_COMPLETION_INDEX,JOB_COMPLETIONS", true},
		{"total without index", map[string]string{"TEST_TOTAL_SHARDS": "2"}, Shard{}, "TEST_SHARD_INDEX,TEST_TOTAL_SHARDS", true},
		{"index out of range", map[string]string{"CIRCLE_NODE_INDEX": "4", "CIRCLE_NODE_TOTAL": "4"}, Shard{}, "CIRCLE_NODE_INDEX,CIRCLE_NODE_TOTAL", true},
	} {
		got, from, err := FromEnv(func(k string) string { return tt.env[k] })
		var se *Error
		if got != tt.want || from != tt.from || (err != nil) != tt.err || err != nil && !errors.As(err, &se) {
			t.Errorf("%s: FromEnv = %v, %q, %v; want %v, %q, error %v", tt.name, got, from, err, tt.want, tt.from, tt.err)
		}
	}
}

// TestHas: every name belongs to exactly one shard of n, the same one
// each time (the hash is stable), the shards are near even over many
// names, and without sharding every name belongs.
func TestHas(t *testing.T) {
	const names = 4000
	for _, n := range []int{1, 2, 3, 4, 7} {
		count := make([]int, n)
		for k := range names {
			name := fmt.Sprintf("TestCase%d/sub_%d", k, k*7)
			owners := 0
			for i := range n {
				if (Shard{i, n}).Has(name) {
					owners++
					count[i]++
				}
			}
			if owners != 1 {
				t.Fatalf("%s belongs to %d shards of %d", name, owners, n)
			}
		}
		for i, c := range count {
			if c < names/n*8/10 || c > names/n*12/10 {
				t.Errorf("shard %d/%d holds %d of %d names: uneven", i, n, c, names)
			}
		}
	}
	if !(Shard{}).Has("TestX") {
		t.Error("without sharding, a case is not its own")
	}
	// The hash is FNV-1a: fixed values, so that a release does not move
	// cases between shards unannounced.
	for _, tt := range []struct {
		name string
		n    int
		want int
	}{{"a", 1000, int(0xaf63dc4c8601ec8c % 1000)}, {"", 7, int(0xcbf29ce484222325 % 7)}} {
		if got := Of(tt.name, tt.n); got != tt.want {
			t.Errorf("Of(%q, %d) = %d, want %d", tt.name, tt.n, got, tt.want)
		}
	}
}

func TestAcknowledge(t *testing.T) {
	if err := Acknowledge(func(string) string { return "" }); err != nil {
		t.Fatal(err)
	}
	f := filepath.Join(t.TempDir(), "status")
	if err := Acknowledge(func(k string) string { return map[string]string{"TEST_SHARD_STATUS_FILE": f}[k] }); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(f); err != nil {
		t.Errorf("TEST_SHARD_STATUS_FILE not created: %v", err)
	}
}

// TestVariables: Variables names exactly the variables FromEnv reads.
func TestVariables(t *testing.T) {
	var read []string
	if _, _, err := FromEnv(func(name string) string { read = append(read, name); return "" }); err != nil {
		t.Fatal(err)
	}
	slices.Sort(read)
	got := slices.Sorted(slices.Values(Variables()))
	if !slices.Equal(got, read) {
		t.Errorf("Variables() = %q, FromEnv reads %q", got, read)
	}
}
