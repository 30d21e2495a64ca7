package corpus

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime/multipart"
	"net/http"
	"os"
	"strings"
)

// Multipart writes a multipart form with mime/multipart's Writer and
// reads it back: parts one by one, then ReadForm with no memory, so that
// the file goes to a temporary file (the run's sandbox, interpreted),
// which Open reads and RemoveAll removes; a Request's
// ParseMultipartForm; and a form set on a Request and removed through it.
func Multipart() string {
	var body bytes.Buffer
	w := multipart.NewWriter(&body)
	if err := w.SetBoundary("b0undary"); err != nil {
		panic(err)
	}
	if err := w.WriteField("name", "gopher"); err != nil {
		panic(err)
	}
	fw, err := w.CreateFormFile("upload", "notes.txt")
	if err != nil {
		panic(err)
	}
	io.WriteString(fw, strings.Repeat("line of text\n", 20))
	if err := w.Close(); err != nil {
		panic(err)
	}
	raw := body.String()
	var out []string
	out = append(out, w.FormDataContentType(), fmt.Sprint(len(raw)))

	r := multipart.NewReader(strings.NewReader(raw), "b0undary")
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			panic(err)
		}
		data, _ := io.ReadAll(p)
		out = append(out, fmt.Sprintf("part %s %q %s %d", p.FormName(), p.FileName(), p.Header.Get("Content-Type"), len(data)))
	}

	form, err := multipart.NewReader(strings.NewReader(raw), "b0undary").ReadForm(0)
	if err != nil {
		panic(err)
	}
	fh := form.File["upload"][0]
	f, err := fh.Open()
	if err != nil {
		panic(err)
	}
	_, onDisk := f.(*os.File)
	data, _ := io.ReadAll(f)
	f.Close()
	var tmp string
	if of, ok := f.(*os.File); ok {
		tmp = of.Name()
	}
	out = append(out, fmt.Sprint(form.Value["name"], fh.Filename, fh.Size, len(data), onDisk, strings.HasPrefix(tmp, os.TempDir())))
	err = form.RemoveAll()
	_, serr := os.Stat(tmp)
	out = append(out, fmt.Sprint(err, errors.Is(serr, fs.ErrNotExist)))

	req, err := http.NewRequest("POST", "http://example.com/up", strings.NewReader(raw))
	if err != nil {
		panic(err)
	}
	req.Header.Set("Content-Type", w.FormDataContentType())
	if err := req.ParseMultipartForm(1 << 20); err != nil {
		panic(err)
	}
	mh := req.MultipartForm.File["upload"][0]
	mf, err := mh.Open()
	if err != nil {
		panic(err)
	}
	data, _ = io.ReadAll(mf)
	out = append(out, fmt.Sprint(req.FormValue("name"), mh.Filename, len(data), req.MultipartForm.Value["name"]))

	// A form read to a temporary file, set on a Request and removed
	// through it, as a logging middleware's cleanup does.
	form, err = multipart.NewReader(strings.NewReader(raw), "b0undary").ReadForm(0)
	if err != nil {
		panic(err)
	}
	f, err = form.File["upload"][0].Open()
	if err != nil {
		panic(err)
	}
	tmp = f.(*os.File).Name()
	f.Close()
	req2, _ := http.NewRequest("GET", "http://example.com/", nil)
	req2.MultipartForm = form
	err = req2.MultipartForm.RemoveAll()
	_, serr = os.Stat(tmp)
	out = append(out, fmt.Sprint(err, errors.Is(serr, fs.ErrNotExist)))
	return strings.Join(out, "\n")
}
