package shard

import (
	"fmt"
	"hash/fnv"
	"os"
	"strconv"
	"strings"
)

// Shard is shard Index of Total (0 <= Index < Total). The zero Shard
// is no sharding: every case is its own.
type Shard struct {
	Index, Total int
}

// On reports whether s splits the cases (Total > 0).
func (s Shard) On() bool { return s.Total > 0 }

// Has reports whether the case named name belongs to s: always, without
// sharding.
func (s Shard) Has(name string) bool {
	if s.Total <= 0 {
		return true
	}
	return Of(name, s.Total) == s.Index
}

// Of returns the shard of n that the case named name belongs to: the
// FNV-1a hash of the name modulo n.
func Of(name string, n int) int {
	h := fnv.New64a()
	h.Write([]byte(name))
	return int(h.Sum64() % uint64(n))
}

// String formats s as "i/n" ("" without sharding).
func (s Shard) String() string {
	if s.Total <= 0 {
		return ""
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Total)
}

// Error is a shard given wrong, by a flag or by the environment.
type Error struct {
	From  string // "-shard", or the environment variables read
	Value string // what was given
	Msg   string // what is wrong with it
}

func (e *Error) Error() string {
	return fmt.Sprintf("shard: %s=%q: %s", e.From, e.Value, e.Msg)
}

// Parse parses "i/n", 0 <= i < n; from names the flag in errors.
func Parse(from, s string) (Shard, error) {
	is, ns, ok := strings.Cut(s, "/")
	if !ok {
		return Shard{}, &Error{from, s, "want i/n, shard i of n counted from 0"}
	}
	return newShard(from, s, is, ns)
}

func newShard(from, value, is, ns string) (Shard, error) {
	i, err := strconv.Atoi(strings.TrimSpace(is))
	if err != nil {
		return Shard{}, &Error{from, value, "the index is not an integer"}
	}
	n, err := strconv.Atoi(strings.TrimSpace(ns))
	if err != nil {
		return Shard{}, &Error{from, value, "the total is not an integer"}
	}
	if n < 1 {
		return Shard{}, &Error{from, value, "the total must be at least 1"}
	}
	if i < 0 || i >= n {
		return Shard{}, &Error{from, value, fmt.Sprintf("the index must be in [0, %d)", n)}
	}
	return Shard{Index: i, Total: n}, nil
}

// vars are the environment variables of each engine: index, total.
var vars = [][2]string{
	{"TEST_SHARD_INDEX", "TEST_TOTAL_SHARDS"},   // Bazel
	{"JOB_COMPLETION_INDEX", "JOB_COMPLETIONS"}, // Kubernetes Indexed Job (the total set by the manifest)
	{"CIRCLE_NODE_INDEX", "CIRCLE_NODE_TOTAL"},  // CircleCI parallelism
}

// Variables returns the names of the environment variables FromEnv
// reads, each engine's index and total.
func Variables() []string {
	names := make([]string, 0, 2*len(vars))
	for _, v := range vars {
		names = append(names, v[0], v[1])
	}
	return names
}

// FromEnv returns the shard the environment gives (getenv reads it; nil:
// os.Getenv), the first engine's whose variables are set, and the
// variables it read; the zero Shard when none are set or the total is
// one. An index without its total, or a total without its index, is an
// *Error.
func FromEnv(getenv func(string) string) (Shard, string, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	for _, v := range vars {
		is, ns := getenv(v[0]), getenv(v[1])
		if is == "" && ns == "" {
			continue
		}
		from := v[0] + "," + v[1]
		value := is + "," + ns
		switch {
		case is == "":
			return Shard{}, from, &Error{from, value, v[1] + " is set without " + v[0]}
		case ns == "":
			return Shard{}, from, &Error{from, value, v[0] + " is set without " + v[1]}
		}
		s, err := newShard(from, value, is, ns)
		if err != nil {
			return Shard{}, from, err
		}
		if s.Total == 1 {
			return Shard{}, from, nil
		}
		return s, from, nil
	}
	return Shard{}, "", nil
}

// Acknowledge tells Bazel that the run honours its sharding: it creates
// the file TEST_SHARD_STATUS_FILE names (getenv reads it; nil:
// os.Getenv), if one is named.
func Acknowledge(getenv func(string) string) error {
	if getenv == nil {
		getenv = os.Getenv
	}
	name := getenv("TEST_SHARD_STATUS_FILE")
	if name == "" {
		return nil
	}
	f, err := os.Create(name)
	if err != nil {
		return fmt.Errorf("shard: %w", err)
	}
	return f.Close()
}
