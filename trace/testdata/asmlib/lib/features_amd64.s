//go:build amd64 && !noasm && !purego

#include "textflag.h"

// func features() uint32
TEXT ·features(SB), NOSPLIT, $0-4
	MOVL $1, ret+0(FP)
	RET
