package corpus

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"strings"
	"testing/iotest"
)

// frameReader is a reader written in the program over a native one, as a
// protocol's connection is: its Read fills the caller's buffer through
// the native reader's Read.
type frameReader struct {
	r     *bufio.Reader
	reads int
}

func (f *frameReader) Read(p []byte) (int, error) {
	f.reads++
	return f.r.Read(p)
}

// Buffers passes byte buffers of kilobytes to native functions and
// methods that fill or read them (a bufio.Reader's and a strings.Reader's
// Read, bytes.Buffer's Write, hex.Encode, sha256.Sum256), byte arrays
// back from them, and an interpreted reader over a native one to
// io.ReadAll and to a bufio.Reader that it gives a byte a Read: what a
// test of a framing protocol or an encoder moves.
func Buffers() string {
	var m mixer
	src := strings.Repeat("0123456789abcdef\x00\xff", 2000)
	fr := &frameReader{r: bufio.NewReaderSize(strings.NewReader(src), 4096)}
	var out bytes.Buffer
	buf := make([]byte, 1500)
	for {
		n, err := fr.Read(buf)
		out.Write(buf[:n])
		if err == io.EOF {
			break
		}
		check(err == nil, fmt.Sprint("Read: ", err))
	}
	check(out.String() == src, "the bytes read through the program's reader")
	sum := sha256.Sum256(out.Bytes())
	m.add(uint64(sum[0])<<8 | uint64(sum[31]))
	dst := make([]byte, hex.EncodedLen(512))
	hex.Encode(dst, out.Bytes()[:512])
	m.add(uint64(len(dst)) ^ uint64(dst[7]) ^ uint64(dst[1023]))
	var arr [64]byte
	n, _ := strings.NewReader(src[100:]).Read(arr[:])
	m.add(uint64(n) ^ uint64(arr[5]) ^ uint64(arr[63]))
	all, err := io.ReadAll(&frameReader{r: bufio.NewReader(strings.NewReader(src))})
	check(err == nil && string(all) == src, fmt.Sprint("io.ReadAll over the program's reader: ", len(all), err))
	// bufio fills its 1 KB buffer from the program's reader, which
	// gives a byte a Read, as a framing test's one-byte reader does.
	br := bufio.NewReaderSize(&frameReader{r: bufio.NewReaderSize(iotest.OneByteReader(strings.NewReader(src[:300])), 16)}, 1024)
	var got []byte
	for {
		c, err := br.ReadByte()
		if err != nil {
			break
		}
		got = append(got, c)
	}
	check(string(got) == src[:300], "bytes read a byte a Read through the program's reader")
	m.add(uint64(fr.reads))
	return fmt.Sprintf("%x", uint64(m))
}
