package historical

import "strings"

// CrashOf returns the first panic of faultloc's own in its output (its
// JSON report on stdout, its stderr): the process's own crash (a runtime
// panic or fatal error on stderr, with its goroutine stack; a signal such
// as a segmentation fault in Z3) or a stage's panic recovered by
// localize.Guard (named in a report's reason or an error). It returns "" when there is none.
// The interpreted program's panics are outcomes, reported in the JSON as
// failures, not in these forms.
func CrashOf(stdout, stderr string) string {
	if strings.Contains(stderr, "\ngoroutine ") {
		for _, l := range strings.Split(stderr, "\n") {
			sig, _, isSig := strings.Cut(l, ": ") // SIGSEGV: segmentation violation (in cgo: Z3)
			isSig = isSig && len(sig) > 3 && strings.HasPrefix(sig, "SIG") && strings.ToUpper(sig) == sig
			if strings.HasPrefix(l, "panic: ") || strings.HasPrefix(l, "fatal error: ") || isSig {
				return "faultloc crashed: " + l
			}
		}
	}
	for _, out := range []string{stdout, stderr} {
		if i := strings.Index(out, stagePanic); i >= 0 {
			start := strings.LastIndex(out[:i], "localize: ") // the stage's name precedes
			if start < 0 {
				start = i
			}
			end := strings.IndexAny(out[i:], "\"\n")
			if end < 0 {
				end = len(out) - i
			}
			return "a stage panicked: " + out[start:i+end]
		}
	}
	return ""
}

// stagePanic is how localize.StagePanicError's message goes on after the
// stage's name.
const stagePanic = "panicked (a bug; please report it"
