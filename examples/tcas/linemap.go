package tcas

// PortLines is the number of lines of tcas.go that port tcas.c (173 lines,
// like tcas.c); the Go-only declarations follow them.
const PortLines = 173

// CLine returns the line of the fault-free tcas.c that line goLine of the
// fault-free tcas.go ports, or 0 for a line that has no counterpart. Every
// statement of tcas.c keeps its line number, so CLine is the identity
// except on these lines:
//
//   - 1–5 hold tcas.c's header comment, lines 2–6 (tcas.c begins with a
//     blank line; a Go file cannot keep one before its package clause);
//   - 56–57, 60, 68, 84, 102 and 107 are doc comments of the exported
//     functions (0), and 69, 85, 103 and 108 are the signatures of
//     Non_Crossing_Biased_Climb, Non_Crossing_Biased_Descend,
//     Own_Below_Threat and Own_Above_Threat (C's 66, 84, 102 and 107); ALIM
//     is a one-line function on line 58, its return statement's line in C;
//   - 62–65 port C's line 63, the conditional expression of
//     Inhibit_Biased_Climb: 62 holds the condition, 63 the value when
//     Climb_Inhibit, 65 the value otherwise (64 is a brace);
//   - 66 is Inhibit_Biased_Climb's closing brace (C's 64);
//   - 146, the call of defines at the start of main, and the lines after
//     PortLines exist only in Go (0).
//
// In between, lines C spends on braces, K&R parameter declarations and
// #include hold comments or blanks in Go, and C's global declarations
// (lines 16–42) are comments of defines, the variables being declared after
// PortLines.
func CLine(goLine int) int {
	switch goLine {
	case 56, 57, 60, 68, 84, 102, 107: // doc comments
		return 0
	case 66: // Inhibit_Biased_Climb's closing brace
		return 64
	case 69: // Non_Crossing_Biased_Climb's signature, below its doc comment
		return 66
	case 85, 103, 108: // signatures one line below C's, under doc comments
		return goLine - 1
	}
	switch {
	case goLine < 1, goLine > PortLines, goLine == 146:
		return 0
	case goLine <= 5:
		return goLine + 1
	case goLine >= 62 && goLine <= 65:
		return 63
	}
	return goLine
}
