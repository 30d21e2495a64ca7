// Package words is a subject of the repair tests: Size sizes a set for
// bit index top+bits where it needs top+bits+1 bits, a forgotten +1
// inside the argument of the side-effect-free wordsNeeded. No
// expression over the variables and the call as written computes it on
// every case (1 + wordsNeeded(top + bits) is one too many when top+bits
// is a word's last bit).
package words

const wordSize = 64

// wordsNeeded returns the words that hold i bits.
func wordsNeeded(i uint) int {
	return int((i + wordSize - 1) / wordSize)
}

// Size returns the words of a set whose top bit, top, is shifted up by
// bits.
func Size(top, bits uint) int {
	n := wordsNeeded(top + bits) //fault: should be top + bits + 1
	return n
}
