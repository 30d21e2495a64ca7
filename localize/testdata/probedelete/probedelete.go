// Package probedelete is a subject of FixProbe's statement deletion: a
// copy that adds to a count its writes have added to already, which no
// mutant but the statement's deletion fixes.
package probedelete

import "io"

// Counter counts the bytes written through it to W.
type Counter struct {
	W     io.Writer
	Bytes int
}

// Write writes p to W and counts the bytes written.
func (c *Counter) Write(p []byte) (int, error) {
	n, err := c.W.Write(p)
	c.Bytes += n
	return n, err
}

// ReadFrom copies r to W through c's Write.
func (c *Counter) ReadFrom(r io.Reader) (int64, error) {
	n, err := copyTo(c, r)
	c.Bytes += int(n) //fault: Write counted them
	return n, err
}

// copyTo copies r to w, a few bytes at a time.
func copyTo(w io.Writer, r io.Reader) (int64, error) {
	var n int64
	buf := make([]byte, 4)
	for {
		k, err := r.Read(buf)
		if k > 0 {
			m, werr := w.Write(buf[:k])
			n += int64(m)
			if werr != nil {
				return n, werr
			}
		}
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, err
		}
	}
}
