package corpus

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
)

// icCounter is a writer with a ReadFrom method, as a ResponseWriter
// wrapper has: io.Copy calls it rather than Write.
type icCounter struct {
	buf   bytes.Buffer
	reads int
}

func (c *icCounter) Write(p []byte) (int, error) { return c.buf.Write(p) }

func (c *icCounter) ReadFrom(r io.Reader) (int64, error) {
	c.reads++
	b, err := io.ReadAll(r)
	c.buf.WriteString("[" + string(b) + "]")
	return int64(len(b)), err
}

// icSource is a reader with a WriteTo method: io.Copy calls it.
type icSource struct{ s string }

func (s *icSource) Read(p []byte) (int, error) { return 0, io.ErrUnexpectedEOF }

func (s *icSource) WriteTo(w io.Writer) (int64, error) {
	n, err := io.WriteString(w, "<"+s.s+">")
	return int64(n), err
}

// icPlain is a reader with Read alone.
type icPlain struct{ s string }

func (p *icPlain) Read(b []byte) (int, error) {
	if p.s == "" {
		return 0, io.EOF
	}
	n := copy(b, p.s)
	p.s = p.s[n:]
	return n, nil
}

// IOCopy copies with io.Copy, io.CopyBuffer and io.CopyN between the
// program's readers and writers: a source's WriteTo first (not CopyN's),
// then a destination's ReadFrom, then Read and Write, as io does; and
// from an *os.File, whose WriteTo is native.
func IOCopy() string {
	var out []string
	c := &icCounter{}
	n, err := io.Copy(c, &icPlain{"hello"})
	out = append(out, fmt.Sprint(n, err, c.reads, c.buf.String()))
	n, err = io.Copy(c, strings.NewReader("native"))
	out = append(out, fmt.Sprint(n, err, c.reads, c.buf.String()))
	var src io.Reader = bytes.NewBufferString("buffer")
	n, err = io.Copy(c, io.MultiReader(src, strings.NewReader("+multi")))
	out = append(out, fmt.Sprint(n, err, c.reads, c.buf.String()))
	var b bytes.Buffer
	n, err = io.Copy(&b, &icSource{"src"})
	out = append(out, fmt.Sprint(n, err, b.String()))
	n, err = io.Copy(c, &icSource{"both"})
	out = append(out, fmt.Sprint(n, err, c.reads, c.buf.String()))
	b.Reset()
	n, err = io.CopyBuffer(&b, &icPlain{"buffered"}, make([]byte, 3))
	out = append(out, fmt.Sprint(n, err, b.String()))
	n, err = io.CopyBuffer(c, &icPlain{"rf"}, make([]byte, 3))
	out = append(out, fmt.Sprint(n, err, c.reads, c.buf.String()))
	n, err = io.CopyN(c, &icPlain{"limited copy"}, 7)
	out = append(out, fmt.Sprint(n, err, c.reads, c.buf.String()))
	n, err = io.CopyN(c, strings.NewReader("short"), 9)
	out = append(out, fmt.Sprint(n, err, c.reads, c.buf.String()))
	b.Reset()
	n, err = io.CopyN(&b, &icPlain{"plain dst"}, 5)
	out = append(out, fmt.Sprint(n, err, b.String()))
	func() {
		defer func() { out = append(out, fmt.Sprint(recover())) }()
		io.CopyBuffer(c, &icPlain{"x"}, []byte{})
	}()
	f, err := os.CreateTemp("", "corpus-iocopy-")
	check(err == nil, "CreateTemp")
	defer os.Remove(f.Name())
	defer f.Close()
	_, err = f.WriteString("from a file")
	check(err == nil, "WriteString")
	_, err = f.Seek(0, io.SeekStart)
	check(err == nil, "Seek")
	b.Reset()
	n, err = io.Copy(&b, f)
	out = append(out, fmt.Sprint(n, err, b.String()))
	_, err = f.Seek(5, io.SeekStart)
	check(err == nil, "Seek")
	n, err = io.Copy(c, f)
	out = append(out, fmt.Sprint(n, err, c.reads, c.buf.String()))
	return strings.Join(out, "\n")
}
