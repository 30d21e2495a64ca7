package bridge

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"unsafe"

	"github.com/faultloc/faultloc/trace/internal/interp"
)

// runtime.Caller, runtime.Callers, runtime.FuncForPC,
// runtime.CallersFrames and the methods of runtime.Func and
// runtime.Frames over the interpreted stack (pkg/errors records stack
// traces with them; loggers name functions). Program counters are the
// ones the interpreter makes up (interp.PC). A *runtime.Func or
// *runtime.Frames is an
// interpreted variable of its (opaque) type that the run maps to what it
// stands for.

// pcOf returns the program counter of static instruction s (never 0).
func pcOf(s interp.StaticID) uint64 { return interp.PC(s) }

// staticOfPC returns the static instruction of program counter pc, or
// false if pc is not one the interpreter makes.
func staticOfPC(c interp.Call, pc uint64) (interp.StaticID, bool) {
	return interp.StaticOfPC(c.Program(), pc)
}

// entryOf returns the entry program counter of the function of static s.
func entryOf(c interp.Call, s interp.StaticID) uint64 {
	st, _ := c.Program().StaticInfo(s)
	if pc := interp.FuncEntryPC(c.Program(), st.Func); pc != 0 {
		return pc
	}
	return pcOf(s) - 2
}

// callerPCs returns the program counters of the calls in progress in the
// current goroutine's frames, innermost first, from the caller of the
// bridged function on, then those of the native frames beyond them.
func callerPCs(c interp.Call) []uint64 {
	stack, end := c.Stack()
	pcs := make([]uint64, len(stack))
	for i, s := range stack {
		pcs[i] = framePC(s)
	}
	for _, f := range nativeEnd(end) {
		pcs = append(pcs, f.pc)
	}
	return pcs
}

// A nativeFrame is a frame of native code that the Go runtime shows
// beyond a goroutine's outermost interpreted frame (interp.StackEnd):
// testing.tRunner, runtime.goexit, and an Example's callers, the k-th of
// nativeFrames with the program counter fixedBase+4k+2, so that pc-1
// (pkg/errors' Frame asks runtime.FuncForPC of it) and pc+1 name it too,
// and interp.PC never makes it. Or one between two interpreted frames
// (midFrames).
type nativeFrame struct {
	pc   uint64
	name string
	file string
	line int
}

// nativeEnd returns the native frames beyond the outermost interpreted
// one, outermost last.
func nativeEnd(end interp.StackEnd) []nativeFrame {
	f := nativeFrames()
	switch end {
	case interp.EndOfGoroutine:
		return f[1:2]
	case interp.EndOfTest:
		return f[:2]
	case interp.EndOfExample:
		return append(f[2:len(f):len(f)], f[1])
	}
	return nil
}

// nativeFrameOf returns the native frame of program counter pc, or of
// pc-1 or pc+1.
func nativeFrameOf(pc uint64) (nativeFrame, bool) {
	if pc >= fixedBase && pc < midBase {
		if k := (pc - fixedBase) / 4; k < uint64(len(nativeFrames())) {
			return nativeFrames()[k], true
		}
		return nativeFrame{}, false
	}
	if pc >= midBase {
		midFrames.mu.Lock()
		defer midFrames.mu.Unlock()
		if k := (pc - midBase) / 4; k < uint64(len(midFrames.list)) {
			return midFrames.list[k], true
		}
	}
	return nativeFrame{}, false
}

// midFrames are the native frames found between interpreted ones
// (interp.NativeFrame: a native function that called back into
// interpreted code), each with a program counter of its own: the k-th
// has midBase+4k+2, so that pc-1 and pc+1 name it too, and none is an
// interpreted one's (interp.PC) or nativeFrames'.
var midFrames struct {
	mu   sync.Mutex
	pcs  map[interp.NativeFrame]uint64
	list []nativeFrame
}

const midBase = 1 << 40

// framePC returns the program counter of stack frame f.
func framePC(f interp.StackCall) uint64 {
	if f.Native == nil {
		return pcOf(f.Static)
	}
	midFrames.mu.Lock()
	defer midFrames.mu.Unlock()
	if pc, ok := midFrames.pcs[*f.Native]; ok {
		return pc
	}
	if midFrames.pcs == nil {
		midFrames.pcs = map[interp.NativeFrame]uint64{}
	}
	pc := midBase + 4*uint64(len(midFrames.list)) + 2
	midFrames.pcs[*f.Native] = pc
	midFrames.list = append(midFrames.list, nativeFrame{pc: pc, name: f.Native.Function, file: f.Native.File, line: f.Native.Line})
	return pc
}

// nativeID is the stand-in for a static instruction that a *runtime.Func
// of native frame f records (funcValue): a negative number.
func nativeID(f nativeFrame) interp.StaticID {
	if f.pc < midBase {
		return -interp.StaticID(1 + (f.pc-fixedBase)/4)
	}
	return -interp.StaticID(midIDs + (f.pc-midBase)/4)
}

// fixedBase is where the program counters of nativeFrames start.
const fixedBase = 1 << 39

// midIDs is where nativeID's numbers for midFrames start (minus).
const midIDs = 1 << 10

// nativeOfID returns the native frame nativeID gave s, if s is one.
func nativeOfID(s interp.StaticID) (nativeFrame, bool) {
	switch {
	case s >= 0:
		return nativeFrame{}, false
	case -s < midIDs:
		return nativeFrameOf(fixedBase + 4*uint64(-s-1) + 2)
	}
	return nativeFrameOf(midBase + 4*uint64(-s-midIDs) + 2)
}

// nativeFrames are testing.tRunner at its call of the test's function
// and runtime.goexit (as a native goroutine's stack ends), then an
// Example's native callers on go test's main goroutine: testing's
// runExample, runExamples and M.Run, each at its call (found in GOROOT's
// source of package testing), the test binary's main.main in the
// _testmain.go go test generates (at no line: it depends on the
// package's tests) and runtime.main.
var nativeFrames = sync.OnceValue(func() []nativeFrame {
	testing := func(file string) string { return filepath.Join(build.Default.GOROOT, "src", "testing", file) }
	tRunner := nativeFrame{pc: fixedBase + 2, name: "testing.tRunner", file: testing("testing.go")}
	tRunner.line = callLine(tRunner.file, "", "tRunner", "fn")
	goexit := nativeFrame{pc: fixedBase + 6, name: "runtime.goexit"}
	runtimeMain := nativeFrame{pc: fixedBase + 26, name: "runtime.main"}
	done := make(chan struct{})
	go func() {
		defer close(done)
		pcs := make([]uintptr, 32)
		frames := runtime.CallersFrames(pcs[:runtime.Callers(0, pcs)])
		for {
			f, more := frames.Next()
			if f.Function == goexit.name {
				goexit.file, goexit.line = f.File, f.Line
			}
			if !more {
				break
			}
		}
	}()
	<-done
	if goexit.file != "" {
		runtimeMain.file = filepath.Join(filepath.Dir(goexit.file), "proc.go")
		runtimeMain.line = callLine(runtimeMain.file, "", "main", "fn")
	}
	runExample := nativeFrame{pc: fixedBase + 10, name: "testing.runExample", file: testing("run_example.go")}
	runExample.line = callLine(runExample.file, "", "runExample", "eg.F")
	runExamples := nativeFrame{pc: fixedBase + 14, name: "testing.runExamples", file: testing("example.go")}
	runExamples.line = callLine(runExamples.file, "", "runExamples", "runExample")
	mRun := nativeFrame{pc: fixedBase + 18, name: "testing.(*M).Run", file: testing("testing.go")}
	mRun.line = callLine(mRun.file, "M", "Run", "runExamples")
	mainMain := nativeFrame{pc: fixedBase + 22, name: "main.main", file: "_testmain.go"}
	return []nativeFrame{tRunner, goexit, runExample, runExamples, mRun, mainMain, runtimeMain}
})

// callLine returns the line of the first call of callee (an identifier or
// a selector x.f, as written) in the function name (a method of recv's
// pointer if recv is not "") of Go source file file, or 0.
func callLine(file, recv, name, callee string) int {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		return 0
	}
	line := 0
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Name.Name != name || (fd.Recv == nil) != (recv == "") || fd.Body == nil {
			continue
		}
		if recv != "" {
			star, ok := fd.Recv.List[0].Type.(*ast.StarExpr)
			if !ok {
				continue
			}
			if x, ok := star.X.(*ast.Ident); !ok || x.Name != recv {
				continue
			}
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && line == 0 && types.ExprString(call.Fun) == callee {
				line = fset.Position(call.Pos()).Line
			}
			return line == 0
		})
	}
	return line
}

// runtimeName names function fn (as go/ssa names it) as the runtime
// does: pkg.F, pkg.(*T).M, pkg.T.M, pkg.F.func1.
func runtimeName(fn string) string {
	if strings.HasPrefix(fn, "(") {
		if end := strings.Index(fn, ")"); end > 0 {
			recv, rest := fn[1:end], fn[end+1:]
			star := strings.HasPrefix(recv, "*")
			recv = strings.TrimPrefix(recv, "*")
			if dot := strings.LastIndex(recv, "."); dot > 0 {
				if star {
					fn = recv[:dot] + ".(*" + recv[dot+1:] + ")" + rest
				} else {
					fn = recv + rest
				}
			}
		}
	}
	return interp.RuntimeFuncName(fn)
}

// callerState holds, per run, what the interpreted *runtime.Func and
// *runtime.Frames values stand for, by the variables they point to.
type callerState struct {
	funcs  map[unsafe.Pointer]interp.StaticID
	frames map[unsafe.Pointer][]uint64
}

// callerKey keys a run's callerState (interp.Call.State).
type callerKey struct{}

func callers(c interp.Call) *callerState {
	return c.State(callerKey{}, func() any {
		return &callerState{funcs: map[unsafe.Pointer]interp.StaticID{}, frames: map[unsafe.Pointer][]uint64{}}
	}).(*callerState)
}

// funcValue returns a *runtime.Func (type pt) for the function of static
// instruction s (nil if ok is false); s is minus the program counter of a
// nativeFrame for its function.
func funcValue(c interp.Call, pt types.Type, s interp.StaticID, ok bool) interp.Value {
	if !ok {
		return interp.Nil(interp.KindPointer)
	}
	v := c.New(pt.(*types.Pointer).Elem())
	callers(c).funcs[interp.Addr(v)] = s
	return v
}

// funcOf returns the static instruction a *runtime.Func stands for.
func funcOf(c interp.Call, v interp.Value, name string) (interp.StaticID, bool) {
	if v.IsNil() {
		return 0, false // a nil *Func: its methods answer zero values
	}
	s, ok := callers(c).funcs[interp.Addr(v)]
	if !ok {
		panic(&interp.BridgeError{Func: name, CallSite: c.Pos(), Reason: "a runtime.Func not made by runtime.FuncForPC"})
	}
	return s, true
}

// staticFuncName returns the runtime name of the function of static s
// (of a nativeFrame's, see funcValue).
func staticFuncName(c interp.Call, s interp.StaticID) string {
	if f, ok := nativeOfID(s); ok {
		return f.name
	}
	st, _ := c.Program().StaticInfo(s)
	if st.Func == nil {
		return ""
	}
	return runtimeName(st.Func.String())
}

func init() {
	reg := interp.RegisterBridge
	// runtime.Caller(skip): skip 0 is the call of runtime.Caller itself;
	// beyond the outermost interpreted frame come the native frames that
	// start its goroutine (nativeEnd), then ok is false.
	reg("runtime.Caller", func(c interp.Call, args []interp.Value) interp.Value {
		stack, end := c.Stack()
		skip := int(args[0].Int())
		if skip >= 0 && skip < len(stack) {
			if f := stack[skip].Native; f != nil {
				return interp.Tuple(interp.Uint(framePC(stack[skip])), interp.String(f.File), interp.Int(int64(f.Line)), interp.Bool(true))
			}
			st, _ := c.Program().StaticInfo(stack[skip].Static)
			pos := st.Position
			return interp.Tuple(interp.Uint(pcOf(stack[skip].Static)), interp.String(pos.Filename), interp.Int(int64(pos.Line)), interp.Bool(true))
		}
		if native := nativeEnd(end); skip >= len(stack) && skip-len(stack) < len(native) {
			f := native[skip-len(stack)]
			return interp.Tuple(interp.Uint(f.pc), interp.String(f.file), interp.Int(int64(f.line)), interp.Bool(true))
		}
		return interp.Tuple(interp.Uint(0), interp.String(""), interp.Int(0), interp.Bool(false))
	})
	reg("runtime.Callers", func(c interp.Call, args []interp.Value) interp.Value {
		skip := int(args[0].Int())
		pcs := callerPCs(c)
		if skip == 0 {
			pcs = append([]uint64{2}, pcs...) // runtime.Callers itself (no static instruction)
		} else {
			pcs = pcs[min(skip-1, len(pcs)):]
		}
		n := min(args[1].Len(), len(pcs))
		for i := range n {
			interp.Store(interp.IndexAddr(args[1], i), interp.Uint(pcs[i]))
		}
		return interp.Int(int64(n))
	})
	reg("runtime.FuncForPC", func(c interp.Call, args []interp.Value) interp.Value {
		if f, ok := nativeFrameOf(args[0].Uint()); ok {
			return funcValue(c, resType(c, 0), nativeID(f), true)
		}
		s, ok := staticOfPC(c, args[0].Uint())
		return funcValue(c, resType(c, 0), s, ok)
	})
	reg("(*runtime.Func).Name", func(c interp.Call, args []interp.Value) interp.Value {
		if s, ok := funcOf(c, args[0], "(*runtime.Func).Name"); ok {
			return interp.String(staticFuncName(c, s))
		}
		return interp.String("")
	})
	reg("(*runtime.Func).FileLine", func(c interp.Call, args []interp.Value) interp.Value {
		if _, ok := funcOf(c, args[0], "(*runtime.Func).FileLine"); ok {
			if f, ok := nativeFrameOf(args[1].Uint()); ok {
				return interp.Tuple(interp.String(f.file), interp.Int(int64(f.line)))
			}
			if s, ok := staticOfPC(c, args[1].Uint()); ok {
				st, _ := c.Program().StaticInfo(s)
				return interp.Tuple(interp.String(st.Position.Filename), interp.Int(int64(st.Position.Line)))
			}
		}
		return interp.Tuple(interp.String("?"), interp.Int(0))
	})
	reg("(*runtime.Func).Entry", func(c interp.Call, args []interp.Value) interp.Value {
		if s, ok := funcOf(c, args[0], "(*runtime.Func).Entry"); ok {
			if f, ok := nativeOfID(s); ok {
				return interp.Uint(f.pc) // a nativeFrame's
			}
			return interp.Uint(entryOf(c, s))
		}
		return interp.Uint(0)
	})
	reg("runtime.CallersFrames", func(c interp.Call, args []interp.Value) interp.Value {
		pcs := make([]uint64, args[0].Len())
		for i := range pcs {
			pcs[i] = args[0].Index(i).Uint()
		}
		v := c.New(resType(c, 0).(*types.Pointer).Elem())
		callers(c).frames[interp.Addr(v)] = pcs
		return v
	})
	reg("(*runtime.Frames).Next", func(c interp.Call, args []interp.Value) interp.Value {
		if args[0].IsNil() {
			c.RuntimeError("invalid memory address or nil pointer dereference")
		}
		key := interp.Addr(args[0])
		pcs, ok := callers(c).frames[key]
		if !ok {
			panic(&interp.BridgeError{Func: "(*runtime.Frames).Next", CallSite: c.Pos(), Reason: "a runtime.Frames not made by runtime.CallersFrames"})
		}
		frameT := resType(c, 0)
		st := frameT.Underlying().(*types.Struct)
		z := c.Zero(frameT)
		fields := make([]interp.Value, z.Len())
		for i := range fields {
			fields[i] = z.Index(i)
		}
		for len(pcs) > 0 {
			pc := pcs[0]
			pcs = pcs[1:]
			var file string
			var line int
			var entry uint64
			s, ok := staticOfPC(c, pc)
			if f, native := nativeFrameOf(pc); native {
				s, file, line, entry = nativeID(f), f.file, f.line, f.pc
			} else if !ok {
				continue // runtime.Callers' own frame
			} else {
				info, _ := c.Program().StaticInfo(s)
				file, line, entry = info.Position.Filename, info.Position.Line, entryOf(c, s)
			}
			for i := range st.NumFields() {
				switch st.Field(i).Name() {
				case "PC":
					fields[i] = interp.Uint(pc)
				case "Function":
					fields[i] = interp.String(staticFuncName(c, s))
				case "File":
					fields[i] = interp.String(file)
				case "Line":
					fields[i] = interp.Int(int64(line))
				case "Entry":
					fields[i] = interp.Uint(entry)
				case "Func":
					fields[i] = funcValue(c, st.Field(i).Type(), s, true)
				}
			}
			break
		}
		callers(c).frames[key] = pcs
		return interp.Tuple(interp.Struct(fields...), interp.Bool(len(pcs) > 0))
	})
}
