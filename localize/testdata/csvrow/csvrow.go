// Package csvrow is a subject whose faulty string reaches the test
// through a strings.Builder.
package csvrow

import "strings"

// quote quotes a field holding the separator.
func quote(f string) string {
	if strings.Contains(f, ",") {
		return `"` + f + `'` //fault: closes with ' instead of "
	}
	return f
}

// Row joins fields with commas, quoting those that hold one.
func Row(fields []string) string {
	var sb strings.Builder
	for i, f := range fields {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(quote(f))
	}
	return sb.String()
}
