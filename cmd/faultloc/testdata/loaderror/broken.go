package loaderror

// F does not type-check: the load fails.
func F() int { return "not an int" }
