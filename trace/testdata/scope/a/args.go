package a

import "os"

// Program returns os.Args[0] and the number of arguments.
func Program() (string, int) {
	return os.Args[0], len(os.Args)
}
