package tcas

// Advisory runs the program on one test of twelve inputs, C's argv[1..12],
// and returns the resolution advisory: 0 (UNRESOLVED), 1 (UPWARD_RA) or 2
// (DOWNWARD_RA). Like [Main] it panics when ALIM indexes the threshold array
// out of range.
//
// Advisory exists for tools that treat tests as data over integers (such as
// the formula-based localizers of package localize, whose oracle must be
// integer or Boolean results): it has only int parameters and one int
// result, where [Main] takes a slice and also returns an error. It lives in
// this file, not in tcas.go, so that the port's lines and the faulty
// versions' overlays of tcas.go are unchanged. The usage-error tests (fewer
// than twelve inputs) cannot be expressed through it; they fail on no
// version.
//
// Advisory sets package-level variables and is not safe for concurrent use.
func Advisory(curVerticalSep, highConfidence, twoOfThreeReportsValid,
	ownTrackedAlt, ownTrackedAltRate, otherTrackedAlt,
	altLayerValue, upSeparation, downSeparation,
	otherRAC, otherCapability, climbInhibit int) int {
	argv := []int{0, curVerticalSep, highConfidence, twoOfThreeReportsValid,
		ownTrackedAlt, ownTrackedAltRate, otherTrackedAlt,
		altLayerValue, upSeparation, downSeparation,
		otherRAC, otherCapability, climbInhibit}
	alt, _ := main(len(argv), argv)
	return alt
}
