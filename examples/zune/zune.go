// Package zune is the Zune year-from-days bug as the angelic-debugging paper
// presents it (Chandra et al., Figure 5, after Weimer et al.): Year returns
// the year in which the given number of days, counted from 1 January 1980,
// falls. One superfluous statement (marked below) makes 732 days answer 1981
// instead of 1982 (test T6).
package zune

// IsLeapYear reports whether year is a leap year of the Gregorian calendar.
func IsLeapYear(year int) bool {
	return year%4 == 0 && (year%100 != 0 || year%400 == 0)
}

// Year returns the year containing day number days (day 1 is 1 January 1980).
func Year(days int) int {
	year := 1980
	for days > 365 {
		leap := IsLeapYear(year)
		if leap {
			if days > 366 {
				days -= 366 //fault: superfluous: the year is advanced but days are decremented again below
				year += 1
			}
			days -= 366
		} else {
			days -= 365
			year += 1
		}
	}
	return year
}

// Case is one test of Year: the paper's Table 3.
type Case struct {
	Name string
	Days int
	Want int
}

// Cases are the six tests T1–T6 of the paper's Table 3. T6 fails.
var Cases = []Case{
	{"T1", 1, 1980},
	{"T2", 365, 1980},
	{"T3", 366, 1980},
	{"T4", 367, 1981},
	{"T5", 731, 1981},
	{"T6", 732, 1982},
}
