package interp

import (
	"go/token"
	"go/types"
	"sync"

	"golang.org/x/tools/go/ssa"
)

type opcode uint8

const (
	opNop opcode = iota
	opAlloc
	opBinOp
	opUnOp
	opLoad
	opStore
	opIf
	opJump
	opReturn
	opPanic
	opPhi
	opCall
	opDefer
	opConvert
	opChangeType
	opMakeInterface
	opTypeAssert
	opExtract
	opField
	opFieldAddr
	opIndex
	opIndexAddr
	opSlice
	opSliceToArrayPtr
	opMakeSlice
	opMakeMap
	opMapUpdate
	opLookup
	opRange
	opNext
	opMakeClosure
	opRunDefers
	opGo
	opMakeChan
	opSend
	opRecv
	opSelect
	opUnsupported
	opLoadNative      // *p where p may point to a value that lives natively (bridge_gen.go)
	opStoreNative     // *p = v, likewise
	opFieldAddrNative // &x.f of a struct that lives natively (native_field.go)
	opFieldNative     // x.f, likewise
	opUnsafeConv      // a conversion to or from unsafe.Pointer (unsafe.go)
	opLoadView        // *p of a variable that has a live header view (unsafe_view.go)
	opStoreView       // *p = v, likewise
	opStoreWord       // *p = v through a view of bytes as an integer, written back (unsafe_word.go)
	opIndexAddrKept   // &a[i] that records a's cells for pointer arithmetic (unsafe_elems.go)
	// Specialised BinOps on integer words (see specialise).
	opAddW // 64-bit + (result kind in ins.rk)
	opSubW // 64-bit -
	opMulW // 64-bit *
	opEqlW // == on integers or booleans of any width
	opNeqW // !=
	opLssI // < on signed integers of any width (sign-extended words)
	opLeqI // <=
	opGtrI // >
	opGeqI // >=
)

// numClass classifies the operand type of arithmetic and comparisons.
type numClass uint8

const (
	clsOther numClass = iota
	clsInt
	clsUint
	clsFloat
	clsComplex
	clsString
	clsBool
)

// intInfo describes an integer or float type's width and signedness.
type intInfo struct {
	bits   uint8
	signed bool
}

func (ii intInfo) norm(u uint64) uint64 {
	if ii.bits == 0 || ii.bits >= 64 {
		return u
	}
	sh := 64 - ii.bits
	if ii.signed {
		return uint64(int64(u<<sh) >> sh)
	}
	return u << sh >> sh
}

// ins is a compiled instruction.
type ins struct {
	op      opcode
	sub     token.Token
	cls     numClass
	ii      intInfo
	commaOk bool
	rk      Kind // result kind of specialised BinOps (opAddW ... opGeqI; KindBool for comparisons)
	dst     int32
	n       int32 // field index, tuple index
	loc     int32 // the instruction's block: its occurrence count (frame.occ[loc]) counts the block's instances, the current one included
	sid     StaticID
	a       []int32
	a0, a1  int32 // a[0] and a[1] when present, for the interpreter's loop
	succ    [2]int32
	// sc: the instruction defines a scalar (scalarIns), or a Store stores
	// one (scalarStore): the pointer word of its register, or of the
	// cell stored into, is always nil, so recorded runs write the word
	// and kind only, without a write barrier (see setWord).
	sc bool
	// rrun: the number of instructions from this one on that recRun
	// runs (see recSimple), up to the end of the block and at most segCap.
	rrun int32
	// sdmin: the first of the static instructions that define operands
	// of this one earlier in its block, whose dependences a recorded
	// event leaves implied if they are in its segment (see sd and
	// setStaticDeps); entryOnly if the implied ones are all on Allocs of
	// the entry block; -1 if there are none. sdyn: the register of the
	// one other operand that can have a defining event, if any, else -1
	// (for recRun, whose instructions have two operands at most).
	sdmin StaticID
	sdyn  int32
	// fl: a Load or Store of a value that is neither a scalar (sc) nor
	// an aggregate or native value (see flatType): recRun runs it.
	fl bool
	// rops: bit 0 (1), a0 is a register operand; bit 1 (2), a1 is (for
	// recRun's dependences).
	rops  uint8
	z     Value // zero template (Alloc, Lookup, MakeSlice, TypeAssert)
	x     any
	instr ssa.Instruction
	// sd, sdr: the register operands that can have a defining event, in
	// order (see Static.sd): sd[i] is the distance back to the static
	// instruction defining the operand earlier in the block, minus the
	// distance back to the entry block's Alloc defining it, or 0 if it
	// is defined elsewhere (its register is sdr[i]). nil if sdmin is -1.
	sd, sdr []int32
}

type callKind uint8

const (
	callStatic callKind = iota
	callBuiltin
	callDynamic
	callInvoke
)

type callInfo struct {
	kind    callKind
	code    *fnCode
	builtin string
	method  *types.Func
	sig     *types.Signature
	args    []types.Type // static argument types
	res     types.Type
	ez      Value // element zero for append
	ecls    numClass
	esize   int64 // element size for append's growth
	noscan  bool  // elements hold no pointers
	ptrRes  bool  // the result's Value may hold a pointer (see Trace.reserveRef)
	name    string
}

type convInfo struct {
	from, to       types.Type
	fcls, tcls     numClass
	fii, tii       intInfo
	toBytes, toRun bool // string -> []byte / []rune
	fromBytes      bool // []byte or []rune -> string
	fromRunes      bool
}

type assertInfo struct {
	t        typeRef
	isIface  bool
	from     types.Type // the static interface type asserted from
	nilCheck bool       // go/ssa's nil check of an interface method value
}

type globalSlot struct {
	slot int32
	gid  int
	g    *ssa.Global
}

type blockCode struct {
	instrs []ins
	preds  []int32
	nphi   int
	// sids are the static instructions a trace names when the block
	// completes: those of instrs but Jump's (coveredStatics).
	sids []StaticID
}

// fnCode is a compiled function. It is created as a shell and compiled on
// first use.
type fnCode struct {
	fn      *ssa.Function
	cov     int32 // the global index of its first block, for coverage-only runs (cover.go)
	once    sync.Once
	nregs   int
	tmpl    []Value
	globals []globalSlot
	np, nfv int
	psid    []StaticID
	blocks  []blockCode
	nloc    int
	cdeps   [][]int32
	hasIf   bool
	defers  bool
	hasGo   bool      // contains a go statement (its frames may outlive their return)
	id      int32     // index of the function's free list of frames in a run
	pool    sync.Pool // *frameMem of frames returned in finished runs
	nslab   int       // variables whose cells live in the frame's slab
	// varReg gives, per slab variable, the register that holds it in the
	// fast form (fast.go), or -1 if it stays in the slab there.
	varReg   []int32
	fastOnce sync.Once
	fast     *fastCode
	hotOnce  sync.Once
	hot      []*hotBlock // see hotForm
	recover  int
	results  int
	zres     []Value
	ext      extFunc // non-nil for bridged functions (no body)
	extName  string
	// closureName: the function's name (its String) when a MakeClosure
	// makes closures of it, set as that MakeClosure is compiled.
	closureName string
	// extTyped: ext is a typed bridge (bridge_typed.go,
	// bridge_method.go), which keeps no argument, so that a call passes
	// it the argument stack itself.
	extTyped bool
}

// classify returns the numeric class and width of t.
func classify(t types.Type) (numClass, intInfo) {
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return clsOther, intInfo{}
	}
	switch b.Kind() {
	case types.Bool, types.UntypedBool:
		return clsBool, intInfo{}
	case types.Int, types.Int64, types.UntypedInt:
		return clsInt, intInfo{64, true}
	case types.Int8:
		return clsInt, intInfo{8, true}
	case types.Int16:
		return clsInt, intInfo{16, true}
	case types.Int32, types.UntypedRune:
		return clsInt, intInfo{32, true}
	case types.Uint, types.Uint64, types.Uintptr:
		return clsUint, intInfo{64, false}
	case types.Uint8:
		return clsUint, intInfo{8, false}
	case types.Uint16:
		return clsUint, intInfo{16, false}
	case types.Uint32:
		return clsUint, intInfo{32, false}
	case types.Float32:
		return clsFloat, intInfo{32, true}
	case types.Float64, types.UntypedFloat:
		return clsFloat, intInfo{64, true}
	case types.Complex64:
		return clsComplex, intInfo{32, true}
	case types.Complex128, types.UntypedComplex:
		return clsComplex, intInfo{64, true}
	case types.String, types.UntypedString:
		return clsString, intInfo{}
	}
	return clsOther, intInfo{}
}
