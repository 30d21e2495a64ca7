package corpus

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"time"
)

// gzipWriter is a ResponseWriter of the program's own that compresses
// what the handler writes, as compression middleware does.
type gzipWriter struct {
	http.ResponseWriter
	w io.Writer
}

func (g gzipWriter) Write(p []byte) (int, error) { return g.w.Write(p) }

// compressed wraps h in middleware that gzips or deflates its answer,
// the encoding chosen by the request's Accept-Encoding.
func compressed(h http.Handler, level int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var enc io.WriteCloser
		switch r.Header.Get("Accept-Encoding") {
		case "gzip":
			gw, err := gzip.NewWriterLevel(w, level)
			check(err == nil, "NewWriterLevel")
			gw.Name = "answer.txt" // a field of the writer's embedded Header
			gw.Header.Comment = "from " + r.URL.Path
			gw.ModTime = time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
			enc = gw
		case "deflate":
			fw, err := flate.NewWriter(w, level)
			check(err == nil, "flate.NewWriter")
			enc = fw
		default:
			h.ServeHTTP(w, r)
			return
		}
		defer enc.Close()
		w.Header().Set("Content-Encoding", r.Header.Get("Accept-Encoding"))
		h.ServeHTTP(gzipWriter{w, enc}, r)
	})
}

// Gzip serves handlers of the program's own through compression
// middleware (gzip's Writer and Reader are native values whose exported
// fields, those of their embedded Header, the program reads and sets) to
// a recorder and over an httptest server, and decompresses the answers.
func Gzip() string {
	var out []string
	hello := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		for i := 0; i < 50; i++ {
			fmt.Fprintf(w, "line %d of %s\n", i, r.URL.Path)
		}
	})
	for _, enc := range []string{"gzip", "deflate", ""} {
		for _, level := range []int{gzip.BestSpeed, gzip.DefaultCompression} {
			rec := httptest.NewRecorder()
			req := httptest.NewRequest("GET", "/x/"+enc, nil)
			req.Header.Set("Accept-Encoding", enc)
			compressed(hello, level).ServeHTTP(rec, req)
			body := rec.Body.Bytes()
			var plain []byte
			switch enc {
			case "gzip":
				gr, err := gzip.NewReader(bytes.NewReader(body))
				check(err == nil, "gzip.NewReader")
				plain, err = io.ReadAll(gr)
				check(err == nil, "gzip read")
				out = append(out, fmt.Sprint(gr.Name, gr.Header.Comment, gr.ModTime.UTC(), gr.OS, gr.Close()))
			case "deflate":
				plain, _ = io.ReadAll(flate.NewReader(bytes.NewReader(body)))
			default:
				plain = body
			}
			out = append(out, fmt.Sprint(enc, level, rec.Code, rec.Header().Get("Content-Encoding"), len(plain), strings.Count(string(plain), "\n"), string(plain[:20])))
		}
	}

	srv := httptest.NewServer(compressed(hello, gzip.BestCompression))
	defer srv.Close()
	req, _ := http.NewRequest("GET", srv.URL+"/served", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := http.DefaultClient.Do(req)
	check(err == nil, "Do")
	gr, err := gzip.NewReader(resp.Body)
	check(err == nil, "gzip.NewReader of the response")
	plain, err := io.ReadAll(gr)
	resp.Body.Close()
	out = append(out, fmt.Sprint(err, resp.Header.Get("Content-Encoding"), gr.Name, len(plain), string(plain[:24])))

	var buf bytes.Buffer
	gw := gzip.NewWriter(&buf)
	gw.Extra = []byte{1, 2, 3}
	fmt.Fprint(gw, "direct")
	gw.Close()
	gr, err = gzip.NewReader(&buf)
	check(err == nil, "gzip.NewReader of a buffer")
	b, _ := io.ReadAll(gr)
	out = append(out, fmt.Sprint(string(b), gr.Extra, gr.Name == ""))
	return strings.Join(out, "\n")
}
