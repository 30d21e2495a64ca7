package loader

import (
	"go/token"
	"slices"
	"testing"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// modRoot is the module's root directory.
const modRoot = "../../.."

// TestGCOrderOracle checks gcOrder against the rules applied one Load at
// a time, in the block's current order, with every position recomputed
// after each move (gcOrderOracle, quadratic), on every function of the
// corpus and of go/ssa and go/packages. Blocks of more than 5000
// instructions (x/tools' internal/stdlib initializer has one of 2·10^5)
// are too large for the quadratic oracle: they are only reordered, and
// BenchmarkSinkChainsLarge measures how long that takes.
func TestGCOrderOracle(t *testing.T) {
	if testing.Short() {
		t.Skip("loads x/tools from source")
	}
	pcfg := &packages.Config{Mode: packages.LoadSyntax, Dir: modRoot, Fset: token.NewFileSet()}
	pkgs, err := packages.Load(pcfg, "./trace/internal/corpus", "golang.org/x/tools/go/ssa", "golang.org/x/tools/go/packages", "golang.org/x/tools/internal/stdlib")
	if err != nil {
		t.Fatal(err)
	}
	prog, _ := ssautil.Packages(pkgs, ssa.NaiveForm|ssa.InstantiateGenerics)
	prog.Build()
	fns, blocks, moved := 0, 0, 0
	for fn := range ssautil.AllFunctions(prog) {
		if fn.Blocks == nil {
			continue
		}
		fns++
		for _, b := range fn.Blocks {
			orig := slices.Clone(b.Instrs)
			if len(orig) > 5000 {
				sinkChains(b)
				continue
			}
			blocks++
			for i := 0; i < len(b.Instrs); i++ {
				if gcOrderOracle(b, i) {
					i--
				}
			}
			want := slices.Clone(b.Instrs)
			copy(b.Instrs, orig)
			sinkChains(b)
			if !slices.Equal(b.Instrs, want) {
				t.Errorf("%s, block %d: gcOrder's order differs from the oracle's", fn, b.Index)
			}
			if !slices.Equal(want, orig) {
				moved++
			}
		}
	}
	if moved == 0 {
		t.Errorf("%d blocks of %d functions, none reordered", blocks, fns)
	}
	t.Logf("%d blocks of %d functions, %d reordered", blocks, fns, moved)
}

// gcOrderOracle moves the Load at b.Instrs[i], with the operations its value
// flows through, to just before their use, if the rules above allow;
// it reports whether it moved anything.
func gcOrderOracle(b *ssa.BasicBlock, i int) bool {
	ld, ok := b.Instrs[i].(*ssa.UnOp)
	if !ok || ld.Op != token.MUL || !callMutable(ld.X) {
		return false
	}
	chain := []ssa.Instruction{ld}
	var target ssa.Instruction
	for v := ssa.Value(ld); target == nil; {
		u := soleUse(v)
		if u == nil || u.Block() != b {
			return false
		}
		switch u := u.(type) {
		case *ssa.Call, *ssa.Go, *ssa.Defer, *ssa.Return:
			target = u
		case *ssa.Store:
			if u.Val != v {
				return false
			}
			if lit := literalRoot(u.Addr); lit != nil {
				// An element of a composite literal (or of a variadic
				// call's arguments): gc evaluates the literal's calls
				// first and then fills it in, so the element's store
				// goes with the Load to where the literal is complete.
				chain = append(chain, u)
				target = literalDoneOracle(lit, u)
				if target == nil {
					return false
				}
			} else {
				target = u
			}
		case *ssa.BinOp:
			switch u.Op {
			case token.QUO, token.REM, token.SHL, token.SHR:
				return false
			}
			chain, v = append(chain, u), u
		case *ssa.UnOp:
			if u.Op == token.MUL || u.Op == token.ARROW {
				return false
			}
			chain, v = append(chain, u), u
		case *ssa.Convert, *ssa.ChangeType, *ssa.MakeInterface:
			chain, v = append(chain, u), u.(ssa.Value)
		default:
			return false
		}
	}
	// The chain's instructions, then the target, in block order, with a
	// call between the Load and the target.
	pos := map[ssa.Instruction]int{}
	for k, in := range b.Instrs {
		pos[in] = k
	}
	call := false
	end := pos[target]
	for k := i + 1; k < end; k++ {
		if _, ok := b.Instrs[k].(*ssa.Call); ok {
			call = true
		}
	}
	if !call {
		return false
	}
	in := map[ssa.Instruction]bool{}
	for _, c := range chain {
		if pos[c] < i || pos[c] > end {
			return false
		}
		in[c] = true
	}
	out := make([]ssa.Instruction, 0, len(b.Instrs))
	for _, x := range b.Instrs {
		if x == target {
			out = append(out, chain...)
		}
		if !in[x] {
			out = append(out, x)
		}
	}
	copy(b.Instrs, out)
	return true
}

// literalDoneOracle returns the first instruction after st, in st's block, that
// uses the composite literal lit otherwise than by taking an element's
// address (it copies the literal, slices it, or passes or stores its
// address): there the literal is complete. nil if there is none in the
// block.
func literalDoneOracle(lit *ssa.Alloc, st *ssa.Store) ssa.Instruction {
	b := st.Block()
	uses := map[ssa.Instruction]bool{}
	var walk func(v ssa.Value)
	walk = func(v ssa.Value) {
		for _, r := range *v.Referrers() {
			switch r := r.(type) {
			case *ssa.FieldAddr:
				walk(r)
			case *ssa.IndexAddr:
				if _, isConst := r.Index.(*ssa.Const); isConst {
					walk(r)
				} else {
					uses[r] = true
				}
			case *ssa.Store:
				if r.Val == v {
					uses[r] = true
				}
			case *ssa.DebugRef:
			default:
				uses[r] = true
			}
		}
	}
	walk(lit)
	after := false
	for _, in := range b.Instrs {
		if in == ssa.Instruction(st) {
			after = true
		} else if after && uses[in] {
			return in
		}
	}
	return nil
}
