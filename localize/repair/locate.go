package repair

import (
	"fmt"
	"os"

	"github.com/faultloc/faultloc/localize/repair/internal/locate"
)

// locate finds the source a repair at s replaces (Site.Replaced) in its
// file, read from overlay when it holds the file (see locate.Find).
func (s *Site) locate(overlay map[string][]byte) error {
	src, ok := overlay[s.File]
	if !ok {
		var err error
		if src, err = os.ReadFile(s.File); err != nil {
			return fmt.Errorf("localize: repair: the site's source: %w", err)
		}
	}
	s.src = src
	at, err := locate.Find(src, locate.Site{
		File: s.File, Line: s.Line, Column: s.Column,
		Kind: locate.Kind(s.Kind), Expr: s.Expr, Synthetic: s.synthetic, BinOp: s.binop,
		Loaded: s.loaded, FnStart: s.fnStart, FnEnd: s.fnEnd,
	})
	if err != nil {
		return err
	}
	s.at, s.Expr, s.Replaced = at, at.Expr, at.Replaced
	return nil
}
