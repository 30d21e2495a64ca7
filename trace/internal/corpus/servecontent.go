package corpus

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"
)

// scContent is the program's own io.ReadSeeker over a string.
type scContent struct {
	s   string
	off int64
}

func (c *scContent) Read(p []byte) (int, error) {
	if c.off >= int64(len(c.s)) {
		return 0, io.EOF
	}
	n := copy(p, c.s[c.off:])
	c.off += int64(n)
	return n, nil
}

func (c *scContent) Seek(offset int64, whence int) (int64, error) {
	switch whence {
	case io.SeekStart:
		c.off = offset
	case io.SeekCurrent:
		c.off += offset
	case io.SeekEnd:
		c.off = int64(len(c.s)) + offset
	}
	return c.off, nil
}

// ServeContent serves the program's io.ReadSeeker and a native one with
// http.ServeContent into a ResponseRecorder, whole, by a range and
// unmodified since a time.
func ServeContent() string {
	var out []string
	mod := time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, rng := range []string{"", "bytes=2-5", "bytes=-3"} {
		for _, content := range []io.ReadSeeker{&scContent{s: "hello, content"}, strings.NewReader("native reader")} {
			req := httptest.NewRequest("GET", "/file.txt", nil)
			if rng != "" {
				req.Header.Set("Range", rng)
			}
			rec := httptest.NewRecorder()
			http.ServeContent(rec, req, "file.txt", mod, content)
			out = append(out, fmt.Sprint(rec.Code, " ", rec.Header().Get("Content-Type"), " ", rec.Header().Get("Content-Range"), " ", rec.Body.String()))
		}
	}
	req := httptest.NewRequest("GET", "/file.txt", nil)
	req.Header.Set("If-Modified-Since", mod.Add(time.Hour).Format(http.TimeFormat))
	rec := httptest.NewRecorder()
	http.ServeContent(rec, req, "file.txt", mod, &scContent{s: "unchanged"})
	out = append(out, fmt.Sprint(rec.Code, rec.Body.Len()))
	return strings.Join(out, "\n")
}
