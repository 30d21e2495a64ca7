/*  -*- Last-Edit:  Fri Jan 29 11:13:27 1993 by Tarak S. Goradia; -*- */
/* $Log: tcas.c,v $
 * Revision 1.2  1993/03/12  19:29:50  foster
 * Correct logic bug which didn't allow output of 2 - hf
 * */

package tcas

func defines() {
	OLEV = 600       /* in feets/minute */
	MAXALTDIFF = 600 /* max altitude difference in feet */
	MINSEP = 300     /* min separation in feet */
	NOZCROSS = 100   /* in feet */
	/* variables: C's globals are declared at the end of this file,
	   in C's order ("typedef int bool": C's flags are Go bools).
	   Every #define of tcas.c is a variable assigned here, on its
	   #define's line, at the start of every run (see main); so is
	   the threshold array, made on the line of its C declaration.

	   int Cur_Vertical_Sep; bool High_Confidence;
	   bool Two_of_Three_Reports_Valid;

	   int Own_Tracked_Alt; int Own_Tracked_Alt_Rate;
	   int Other_Tracked_Alt;

	   int Alt_Layer_Value; (0, 1, 2, 3) int Positive_RA_Alt_Thresh[4]; */
	Positive_RA_Alt_Thresh = make([]int, 4)

	/* int Up_Separation;
	   int Down_Separation; */

	/* state variables */
	/* Other_RAC: NO_INTENT, DO_NOT_CLIMB, DO_NOT_DESCEND */
	NO_INTENT = 0
	DO_NOT_CLIMB = 1
	DO_NOT_DESCEND = 2

	/* Other_Capability: TCAS_TA, OTHER */
	TCAS_TA = 1
	OTHER = 2

	/* Climb_Inhibit: true/false */

	UNRESOLVED = 0
	UPWARD_RA = 1
	DOWNWARD_RA = 2
}
func initialize() {

	Positive_RA_Alt_Thresh[0] = 400
	Positive_RA_Alt_Thresh[1] = 500
	Positive_RA_Alt_Thresh[2] = 640
	Positive_RA_Alt_Thresh[3] = 740
}

// ALIM returns the altitude threshold of the current altitude layer,
// Positive_RA_Alt_Thresh[Alt_Layer_Value].
func ALIM() int { return Positive_RA_Alt_Thresh[Alt_Layer_Value] }

// Inhibit_Biased_Climb returns Up_Separation, plus NOZCROSS when Climb_Inhibit.
func Inhibit_Biased_Climb() int {
	if Climb_Inhibit {
		return Up_Separation + NOZCROSS
	}
	return Up_Separation
}

// Non_Crossing_Biased_Climb reports whether a non-crossing climb is advised.
func Non_Crossing_Biased_Climb() bool {
	var upward_preferred, result bool /* int upward_crossing_situation; (unused in C; dropped) */

	upward_preferred = Inhibit_Biased_Climb() > Down_Separation
	if upward_preferred {
		/* up: no crossing, or below the threat without down separation */
		result = !(Own_Below_Threat()) || ((Own_Below_Threat()) && (!(Down_Separation >= ALIM())))
	} else {
		/* down preferred: climb only if above the threat
		   with enough vertical separation */
		result = Own_Above_Threat() && (Cur_Vertical_Sep >= MINSEP) && (Up_Separation >= ALIM())
	}
	return result
}

// Non_Crossing_Biased_Descend reports whether a non-crossing descent is advised.
func Non_Crossing_Biased_Descend() bool {
	var upward_preferred bool
	/* int upward_crossing_situation; (unused in C; dropped) */
	var result bool

	upward_preferred = Inhibit_Biased_Climb() > Down_Separation
	if upward_preferred {
		/* descend only if below the threat with enough separation */
		result = Own_Below_Threat() && (Cur_Vertical_Sep >= MINSEP) && (Down_Separation >= ALIM())
	} else {
		/* down: no crossing, or above the threat without up
		   separation */
		result = !(Own_Above_Threat()) || ((Own_Above_Threat()) && (Up_Separation >= ALIM()))
	}
	return result
}

// Own_Below_Threat reports whether the own aircraft is below the other one.
func Own_Below_Threat() bool {
	return (Own_Tracked_Alt < Other_Tracked_Alt)
}

// Own_Above_Threat reports whether the own aircraft is above the other one.
func Own_Above_Threat() bool {
	return (Other_Tracked_Alt < Own_Tracked_Alt)
}

func alt_sep_test() int {
	/* the resolution advisory: UNRESOLVED, UPWARD_RA or DOWNWARD_RA */
	var enabled, tcas_equipped, intent_not_known bool
	var need_upward_RA, need_downward_RA bool
	var alt_sep int

	enabled = High_Confidence && (Own_Tracked_Alt_Rate <= OLEV) && (Cur_Vertical_Sep > MAXALTDIFF)
	tcas_equipped = Other_Capability == TCAS_TA
	intent_not_known = Two_of_Three_Reports_Valid && Other_RAC == NO_INTENT

	alt_sep = UNRESOLVED

	if enabled && ((tcas_equipped && intent_not_known) || !tcas_equipped) {

		need_upward_RA = Non_Crossing_Biased_Climb() && Own_Below_Threat()
		need_downward_RA = Non_Crossing_Biased_Descend() && Own_Above_Threat()
		if need_upward_RA && need_downward_RA {
			/* unreachable: requires Own_Below_Threat and Own_Above_Threat
			   to both be true - that requires Own_Tracked_Alt < Other_Tracked_Alt
			   and Other_Tracked_Alt < Own_Tracked_Alt, which isn't possible */
			alt_sep = UNRESOLVED
		} else if need_upward_RA {
			alt_sep = UPWARD_RA
		} else if need_downward_RA {
			alt_sep = DOWNWARD_RA
		} else {
			alt_sep = UNRESOLVED
		}
	}
	return alt_sep
}

func main(argc int, argv []int) (int, error) {
	/* argv[1..12] are the inputs; argv[0] stands for the program name */
	defines() /* the #defines: compile-time constants in C */

	if argc < 13 {

		usage := "Error: Command line arguments are\n" +
			"Cur_Vertical_Sep, High_Confidence, Two_of_Three_Reports_Valid\n" +
			"Own_Tracked_Alt, Own_Tracked_Alt_Rate, Other_Tracked_Alt\n" +
			"Alt_Layer_Value, Up_Separation, Down_Separation\n" +
			"Other_RAC, Other_Capability, Climb_Inhibit\n"
		return 0, &UsageError{Argc: argc, Stdout: usage} /* exit(1) */
	}
	initialize()
	Cur_Vertical_Sep = argv[1]
	High_Confidence = argv[2] != 0
	Two_of_Three_Reports_Valid = argv[3] != 0
	Own_Tracked_Alt = argv[4]
	Own_Tracked_Alt_Rate = argv[5]
	Other_Tracked_Alt = argv[6]
	Alt_Layer_Value = argv[7]
	Up_Separation = argv[8]
	Down_Separation = argv[9]
	Other_RAC = argv[10]
	Other_Capability = argv[11]
	Climb_Inhibit = argv[12] != 0

	return alt_sep_test(), nil /* fprintf(stdout, "%d\n", alt_sep_test()); */
	/* exit(0) */
}

// Lines 1–173 above are the port of tcas.c; what follows exists only in Go.

// The #define constants of tcas.c, as variables that defines assigns at the
// start of every run (so that their initialisation is executed, traced and
// can be reported as a fix location).
var (
	OLEV, MAXALTDIFF, MINSEP, NOZCROSS      int
	NO_INTENT, DO_NOT_CLIMB, DO_NOT_DESCEND int // values of Other_RAC
	TCAS_TA, OTHER                          int // values of Other_Capability
	UNRESOLVED, UPWARD_RA, DOWNWARD_RA      int // results of alt_sep_test
)

// The global variables of tcas.c, in its order. main sets the inputs from
// argv; C's int flags (High_Confidence, Two_of_Three_Reports_Valid,
// Climb_Inhibit) are true when their argument is non-zero.
var (
	Cur_Vertical_Sep           int
	High_Confidence            bool
	Two_of_Three_Reports_Valid bool

	Own_Tracked_Alt      int
	Own_Tracked_Alt_Rate int
	Other_Tracked_Alt    int

	Alt_Layer_Value        int   // 0, 1, 2, 3
	Positive_RA_Alt_Thresh []int // allocated with length 4 by defines

	Up_Separation   int
	Down_Separation int

	Other_RAC        int  // NO_INTENT, DO_NOT_CLIMB, DO_NOT_DESCEND
	Other_Capability int  // TCAS_TA, OTHER
	Climb_Inhibit    bool // true/false
)

// UsageError is the error of a run with fewer than 12 inputs: the C program
// prints a usage message and exits with status 1.
type UsageError struct {
	Argc   int    // C's argc: the number of inputs plus one
	Stdout string // the usage message the C program prints
}

// Error reports the usage error.
func (e *UsageError) Error() string {
	return "tcas: usage error: fewer than 12 inputs"
}

// Main runs the program on one test's inputs, C's argv[1..]: it returns the
// resolution advisory (0 UNRESOLVED, 1 UPWARD_RA, 2 DOWNWARD_RA), or a
// *UsageError when there are fewer than 12 inputs. Inputs beyond the twelfth
// are ignored, as in C. An Alt_Layer_Value outside 0..3 makes ALIM index
// Positive_RA_Alt_Thresh out of range when it is called: Main then panics with
// a runtime error, where C reads past the array.
//
// Main sets package-level variables and is not safe for concurrent use.
func Main(args []int) (int, error) {
	argv := make([]int, 1, 1+len(args))
	argv = append(argv, args...)
	return main(len(argv), argv)
}
