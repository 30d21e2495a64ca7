// Package kv is the new version of a regression subject for fix sites:
// Parse was rewritten around a scanner (scan.go), whose values end at
// the first space, so a value holding a space is cut short. Reverting
// the rewrite (the call to scan) makes the test pass; the fault is in
// the scanner it brought in.
package kv

// Parse reads the "key=value" lines of src.
func Parse(src string) map[string]string {
	out := map[string]string{}
	scan(src, out)
	return out
}
