// Package loadavg reads the machine's load average for the headers of
// bench reports. A report's times, and through its time bounds some of
// its results, depend on what else the machine ran: a report says the
// load when it started ([Now]) and, for a long run, the highest
// one-minute load seen while it ran ([Watch]), so a reader knows how far
// to trust it.
//
// The load average comes from /proc/loadavg; where the system has none
// (not Linux), every function returns "".
package loadavg
