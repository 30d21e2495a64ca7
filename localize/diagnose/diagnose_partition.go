package diagnose

import (
	"slices"
	"strings"
)

// Faults that are not one: the cases of a joint enumeration that found no
// verified diagnosis are grouped, and each group diagnosed alone.

// partition groups the cases of a joint enumeration that found no
// verified diagnosis: greedily by the diagnoses that explain them (the
// diagnosis explaining most of the cases left first, then the earlier),
// and the cases no diagnosis explains by how they fail. It returns the
// groups (each sorted as the joint's cases) and how they were made.
func partition(g *groupResult) ([][]string, string) {
	left := slices.Clone(g.Cases)
	var parts [][]string
	for len(left) > 0 {
		best, bestN := -1, 0
		for i, dg := range g.Diagnoses {
			n := 0
			for _, c := range dg.Explains {
				if slices.Contains(left, c) {
					n++
				}
			}
			if n > bestN {
				best, bestN = i, n
			}
		}
		if best < 0 {
			break
		}
		var part []string
		for _, c := range left {
			if slices.Contains(g.Diagnoses[best].Explains, c) {
				part = append(part, c)
			}
		}
		parts = append(parts, part)
		left = slices.DeleteFunc(left, func(c string) bool { return slices.Contains(part, c) })
	}
	how := GroupingByDiagnosis
	if len(parts) == 0 {
		how = GroupingByAssertion
	}
	byFailure := map[string][]string{}
	var keys []string
	for _, c := range left {
		k := failureKey(g.failures[c])
		if _, ok := byFailure[k]; !ok {
			keys = append(keys, k)
		}
		byFailure[k] = append(byFailure[k], c)
	}
	for _, k := range keys {
		parts = append(parts, byFailure[k])
	}
	return parts, how
}

// failureKey is what cases failing "the same assertion" share: the
// position of a failure "file:line: message", or the whole description
// of other failures.
func failureKey(f string) string {
	if file, rest, ok := strings.Cut(f, ":"); ok {
		if line, _, ok := strings.Cut(rest, ":"); ok && line != "" && strings.Trim(line, "0123456789") == "" {
			return file + ":" + line
		}
	}
	return f
}
