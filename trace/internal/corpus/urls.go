package corpus

import (
	"errors"
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
)

// URLs parses, inspects, changes and prints URLs with net/url (a URL is
// a struct whose fields the program reads and sets; its values live
// natively), builds queries, and
// uses other standard structs with exported fields: io.LimitedReader
// (whose N the native Read counts down) and strconv.NumError.
func URLs() string {
	var out []string
	u, err := url.Parse("https://user:pw@example.com:8443/a%20b/c?q=1&q=2&x=y#frag")
	out = append(out, fmt.Sprint(err, u.Scheme, u.Host, u.Hostname(), u.Port(), u.Path, u.RawQuery, u.Fragment, u.User.Username()))
	q := u.Query()
	q.Add("z", "a b")
	q.Set("x", "new")
	u.RawQuery = q.Encode()
	u.Path = "/changed"
	u.Fragment = ""
	out = append(out, u.String(), u.Redacted(), u.RequestURI())
	_ = u.IsAbs()
	u.Host = "other.org"
	out = append(out, u.String())
	ref, _ := url.Parse("../up?k=v")
	out = append(out, u.ResolveReference(ref).String(), u.JoinPath("x", "y").Path)
	_, err = url.Parse("http://[::1")
	var ue *url.Error
	out = append(out, fmt.Sprint(err, errors.As(err, &ue)))
	if ue != nil {
		out = append(out, fmt.Sprint(ue.Op, ue.URL))
	}
	built := url.URL{Scheme: "http", Host: "h", Path: "/p q", RawQuery: url.Values{"k": {"v&w"}}.Encode()}
	out = append(out, built.String(), url.QueryEscape("a b&c"), url.PathEscape("a b/c"))
	lr := &io.LimitedReader{R: strings.NewReader("abcdefgh"), N: 5}
	b, _ := io.ReadAll(lr)
	out = append(out, fmt.Sprint(string(b), lr.N))
	_, err = strconv.Atoi("12x")
	var ne *strconv.NumError
	if errors.As(err, &ne) {
		out = append(out, fmt.Sprint(ne.Func, ne.Num, ne.Err, errors.Is(err, strconv.ErrSyntax)))
	}
	mine := &strconv.NumError{Func: "ParseX", Num: "q", Err: strconv.ErrRange}
	p := &mine.Num
	*p = "r"
	out = append(out, mine.Error())
	return strings.Join(out, "\n")
}
