package kv

import "strings"

// scan reads the "key=value" statements of src into out.
func scan(src string, out map[string]string) {
	for src != "" {
		key, rest := scanKey(src)
		value, rest := scanValue(rest)
		if key != "" {
			out[key] = value
		}
		src = rest
	}
}

// scanKey reads a key up to its '='.
func scanKey(src string) (key, rest string) {
	i := strings.IndexByte(src, '=')
	if i < 0 {
		return "", ""
	}
	return strings.TrimSpace(src[:i]), src[i+1:]
}

// scanValue reads a value up to the end of its line.
func scanValue(src string) (value, rest string) {
	end := strings.IndexAny(src, " \n") // the fault: a value ends at its line's end, not at a space
	if end < 0 {
		return strings.TrimSpace(src), ""
	}
	return strings.TrimSpace(src[:end]), src[end+1:]
}
