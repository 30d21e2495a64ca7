package trace

import (
	"fmt"

	"golang.org/x/tools/go/ssa"
)

func isKind(i ssa.Instruction, kind string) bool {
	return i != nil && fmt.Sprintf("%T", i) == kind
}
