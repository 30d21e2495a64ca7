package encode

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/faultloc/faultloc/maxsat"
)

// OneStatementFixes returns s's correction sets of one statement, each
// as its groups joined by "+", in the order s finds them, blocking each
// found. Exported for the encode_test package's tests too.
func OneStatementFixes(ctx context.Context, t testing.TB, s *maxsat.Solver) []string {
	t.Helper()
	var out []string
	for {
		m, err := s.NextMCS(ctx, maxsat.Bounds{MaxSize: 1})
		if errors.Is(err, maxsat.ErrExhausted) {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, strings.Join(m.Groups, "+"))
		if err := s.Block(m.Groups); err != nil {
			t.Fatal(err)
		}
	}
}
