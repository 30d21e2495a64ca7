package corpus

import (
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
)

// countingJar is a cookie jar of the program's that counts the calls the
// HTTP client makes to it, around a cookiejar.Jar.
type countingJar struct {
	*cookiejar.Jar
	calls []string
}

func (j *countingJar) SetCookies(u *url.URL, cookies []*http.Cookie) {
	j.calls = append(j.calls, fmt.Sprint("set ", u.Path, " ", len(cookies)))
	j.Jar.SetCookies(u, cookies)
}

func (j *countingJar) Cookies(u *url.URL) []*http.Cookie {
	cs := j.Jar.Cookies(u)
	j.calls = append(j.calls, fmt.Sprint("get ", u.Path, " ", len(cs)))
	return cs
}

// CookieJarClient gives a native http.Client a cookie jar of the
// program's, a cookiejar.Jar (which runs from source) and one of its own
// around it, which the client asks for the cookies of each request it
// sends, a redirect's too. The server's handlers are native (see
// HTTPTrace).
func CookieJarClient() string {
	ts := httptest.NewServer(http.RedirectHandler("/next", http.StatusFound))
	defer ts.Close()
	u, _ := url.Parse(ts.URL + "/")
	inner, err := cookiejar.New(nil)
	check(err == nil, "cookiejar.New")
	inner.SetCookies(u, []*http.Cookie{{Name: "session", Value: "s1", Path: "/"}})
	jar := &countingJar{Jar: inner}
	c := &http.Client{Jar: jar, CheckRedirect: func(req *http.Request, via []*http.Request) error {
		if len(via) > 1 {
			return http.ErrUseLastResponse
		}
		return nil
	}}
	res, err := c.Get(ts.URL + "/first")
	check(err == nil, "Get")
	res.Body.Close()
	plain := &http.Client{Jar: inner, CheckRedirect: c.CheckRedirect}
	res, err = plain.Get(ts.URL + "/again")
	check(err == nil, "Get with the plain jar")
	res.Body.Close()
	return fmt.Sprint(res.StatusCode, " ", strings.Join(jar.calls, ","), " ", c.Jar == http.CookieJar(jar))
}
