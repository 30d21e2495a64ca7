package corpus

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"io/ioutil"
	"strings"
)

// CSV writes and reads records with encoding/csv, and uses io/ioutil's
// reader and writer helpers.
func CSV() string {
	var out []string
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	err := w.WriteAll([][]string{{"name", "note"}, {"a", "x,y"}, {"b", `say "hi"`}})
	out = append(out, fmt.Sprintf("%q %v %v", buf.String(), err, w.Error()))
	r := csv.NewReader(strings.NewReader(buf.String()))
	recs, err := r.ReadAll()
	out = append(out, fmt.Sprint(recs, len(recs), err))
	r = csv.NewReader(strings.NewReader("a,b\nc\n"))
	_, err = r.ReadAll()
	out = append(out, fmt.Sprint(err, errors.Is(err, csv.ErrFieldCount)))
	r = csv.NewReader(strings.NewReader("1,2\n3,4\n"))
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		line, col := r.FieldPos(1)
		out = append(out, fmt.Sprint(rec, line, col, err))
	}
	data, err := ioutil.ReadAll(strings.NewReader("all of it"))
	n, _ := ioutil.Discard.Write([]byte("gone"))
	rc := ioutil.NopCloser(strings.NewReader("x"))
	out = append(out, fmt.Sprint(string(data), err, n, rc.Close()))
	return strings.Join(out, "\n")
}
