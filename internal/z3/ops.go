package z3

// Op names a Z3 term constructor understood by Context.App.
type Op int

// Operations. The C side (helpers.h) uses the same numbering.
const (
	OpNot Op = iota + 1
	OpAnd
	OpOr
	OpImplies
	OpIff
	OpXor
	OpEq
	OpDistinct
	OpIte
	OpBVAdd
	OpBVSub
	OpBVMul
	OpBVNeg
	OpBVSDiv
	OpBVUDiv
	OpBVSRem
	OpBVURem
	OpBVSMod
	OpBVShl
	OpBVLShr
	OpBVAShr
	OpBVAnd
	OpBVOr
	OpBVXor
	OpBVNot
	OpBVSLT
	OpBVSLE
	OpBVSGT
	OpBVSGE
	OpBVULT
	OpBVULE
	OpBVUGT
	OpBVUGE
	OpZeroExt
	OpSignExt
	OpExtract
	OpConcat
	OpAdd
	OpSub
	OpMul
	OpNeg
	OpDiv
	OpMod
	OpRem
	OpLT
	OpLE
	OpGT
	OpGE
	OpAtMost
	OpAtLeast
	OpBV2Int
	OpInt2BV
	OpStrConcat   // str.++, one or more strings
	OpStrLen      // str.len: Int
	OpStrLt       // str.<, lexicographic (Z3 4.8.12 answered unsat wrongly on formulas with it, under assumptions, with unicode=false: unused by maxsat)
	OpStrLe       // str.<=
	OpStrSubstr   // str.substr s offset length
	OpStrAt       // str.at s index: a string of one character, or empty
	OpIntToStr    // str.from_int: decimal digits of a non-negative Int, else empty
	OpStrPrefixOf // str.prefixof p s
	OpStrContains // str.contains s t
	OpStrIndexOf  // str.indexof s t offset: Int, -1 if none
	OpStrSuffixOf // str.suffixof p s
	OpStrBytes    // every character of s is below 0x100 (a regular-expression membership)
	// Floating point (IEEE 754 binary32 and binary64, Go's float32 and
	// float64): arithmetic rounds to nearest even, conversions to
	// integers toward zero. p1 gives the integer width (FPToSBV,
	// FPToUBV) or the float width, 32 or 64, of a conversion's result
	// (FPFromSBV, FPFromUBV, FPToFP, FPFromBits).
	OpFPAdd
	OpFPSub
	OpFPMul
	OpFPDiv
	OpFPNeg
	OpFPAbs
	OpFPSqrt
	OpFPLt
	OpFPLe
	OpFPGt
	OpFPGe
	OpFPEq // IEEE equality: NaN equals nothing, -0 equals +0
	OpFPIsNaN
	OpFPToSBV
	OpFPToUBV
	OpFPFromSBV
	OpFPFromUBV
	OpFPToFP
	OpFPFromBits // the float whose IEEE 754 encoding is the bit-vector
	OpFPToBits   // the IEEE 754 encoding (some NaN's for a NaN)
	OpFPFloor
	OpFPCeil
	OpFPTrunc
	opEnd
)

var opNames = [...]string{
	OpNot: "not", OpAnd: "and", OpOr: "or", OpImplies: "=>", OpIff: "iff", OpXor: "xor",
	OpEq: "=", OpDistinct: "distinct", OpIte: "ite",
	OpBVAdd: "bvadd", OpBVSub: "bvsub", OpBVMul: "bvmul", OpBVNeg: "bvneg",
	OpBVSDiv: "bvsdiv", OpBVUDiv: "bvudiv", OpBVSRem: "bvsrem", OpBVURem: "bvurem",
	OpBVSMod: "bvsmod", OpBVShl: "bvshl", OpBVLShr: "bvlshr", OpBVAShr: "bvashr",
	OpBVAnd: "bvand", OpBVOr: "bvor", OpBVXor: "bvxor", OpBVNot: "bvnot",
	OpBVSLT: "bvslt", OpBVSLE: "bvsle", OpBVSGT: "bvsgt", OpBVSGE: "bvsge",
	OpBVULT: "bvult", OpBVULE: "bvule", OpBVUGT: "bvugt", OpBVUGE: "bvuge",
	OpZeroExt: "zero_extend", OpSignExt: "sign_extend", OpExtract: "extract", OpConcat: "concat",
	OpAdd: "+", OpSub: "-", OpMul: "*", OpNeg: "neg", OpDiv: "div", OpMod: "mod", OpRem: "rem",
	OpLT: "<", OpLE: "<=", OpGT: ">", OpGE: ">=",
	OpAtMost: "atmost", OpAtLeast: "atleast", OpBV2Int: "bv2int", OpInt2BV: "int2bv",
	OpStrConcat: "str.++", OpStrLen: "str.len", OpStrLt: "str.<", OpStrLe: "str.<=", OpStrSubstr: "str.substr",
	OpStrAt: "str.at", OpIntToStr: "str.from_int", OpStrPrefixOf: "str.prefixof", OpStrContains: "str.contains",
	OpStrIndexOf: "str.indexof", OpStrSuffixOf: "str.suffixof", OpStrBytes: "str.bytes",
	OpFPAdd: "fp.add", OpFPSub: "fp.sub", OpFPMul: "fp.mul", OpFPDiv: "fp.div", OpFPNeg: "fp.neg", OpFPAbs: "fp.abs",
	OpFPSqrt: "fp.sqrt", OpFPLt: "fp.lt", OpFPLe: "fp.leq", OpFPGt: "fp.gt", OpFPGe: "fp.geq", OpFPEq: "fp.eq",
	OpFPIsNaN: "fp.isNaN", OpFPToSBV: "fp.to_sbv", OpFPToUBV: "fp.to_ubv", OpFPFromSBV: "to_fp", OpFPFromUBV: "to_fp_unsigned",
	OpFPToFP: "to_fp", OpFPFromBits: "to_fp", OpFPToBits: "to_ieee_bv", OpFPFloor: "fp.roundToIntegral RTN",
	OpFPCeil: "fp.roundToIntegral RTP", OpFPTrunc: "fp.roundToIntegral RTZ",
}

func (op Op) String() string {
	if op > 0 && op < opEnd {
		return opNames[op]
	}
	return "op?"
}

// arity holds the fixed number of arguments of each operation; 0 means one
// or more.
var arity = [opEnd]int8{
	OpNot: 1, OpImplies: 2, OpIff: 2, OpXor: 2, OpEq: 2, OpIte: 3,
	OpBVAdd: 2, OpBVSub: 2, OpBVMul: 2, OpBVNeg: 1, OpBVSDiv: 2, OpBVUDiv: 2,
	OpBVSRem: 2, OpBVURem: 2, OpBVSMod: 2, OpBVShl: 2, OpBVLShr: 2, OpBVAShr: 2,
	OpBVAnd: 2, OpBVOr: 2, OpBVXor: 2, OpBVNot: 1,
	OpBVSLT: 2, OpBVSLE: 2, OpBVSGT: 2, OpBVSGE: 2, OpBVULT: 2, OpBVULE: 2, OpBVUGT: 2, OpBVUGE: 2,
	OpZeroExt: 1, OpSignExt: 1, OpExtract: 1, OpConcat: 2,
	OpNeg: 1, OpDiv: 2, OpMod: 2, OpRem: 2, OpLT: 2, OpLE: 2, OpGT: 2, OpGE: 2,
	OpBV2Int: 1, OpInt2BV: 1,
	OpStrLen: 1, OpStrLt: 2, OpStrLe: 2, OpStrSubstr: 3, OpStrAt: 2, OpIntToStr: 1, OpStrPrefixOf: 2,
	OpStrContains: 2, OpStrIndexOf: 3, OpStrSuffixOf: 2, OpStrBytes: 1,
	OpFPAdd: 2, OpFPSub: 2, OpFPMul: 2, OpFPDiv: 2, OpFPNeg: 1, OpFPAbs: 1, OpFPSqrt: 1, OpFPLt: 2, OpFPLe: 2,
	OpFPGt: 2, OpFPGe: 2, OpFPEq: 2, OpFPIsNaN: 1, OpFPToSBV: 1, OpFPToUBV: 1, OpFPFromSBV: 1, OpFPFromUBV: 1,
	OpFPToFP: 1, OpFPFromBits: 1, OpFPToBits: 1, OpFPFloor: 1, OpFPCeil: 1, OpFPTrunc: 1,
}
