package corpus

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
)

// ReadWriter pairs a reader and a writer with bufio.NewReadWriter, as
// gorilla/websocket's TestBufioReuse does, and reads and writes through
// the pair's promoted methods, its fields and as an io.Writer.
func ReadWriter() string {
	br := bufio.NewReaderSize(strings.NewReader("first\nsecond\n"), 64)
	var buf bytes.Buffer
	bw := bufio.NewWriterSize(&buf, 64)
	rw := bufio.NewReadWriter(br, bw)
	line, err := rw.ReadString('\n')
	check(err == nil, "ReadString")
	rw.WriteString("w:" + line)
	fmt.Fprintf(rw, "%d buffered", rw.Reader.Buffered())
	before := buf.Len()
	check(rw.Flush() == nil, "Flush")
	return fmt.Sprint(rw.Reader == br, rw.Writer == bw, rw.Available(), " ", before, " ", buf.String())
}
