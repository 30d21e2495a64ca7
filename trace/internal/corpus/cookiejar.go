package corpus

import (
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"time"
)

// CookieJar keeps cookies in a net/http/cookiejar.Jar, as
// gorilla/websocket's dialer and its tests do: a session cookie, one that
// expires an hour from the program's now and one that expired an hour
// before it, for a host and a path, read back for URLs in and out of
// their scope.
func CookieJar() string {
	jar, err := cookiejar.New(nil)
	check(err == nil, "cookiejar.New")
	u, _ := url.Parse("http://example.com/app/")
	now := time.Now()
	jar.SetCookies(u, []*http.Cookie{
		{Name: "session", Value: "s1", Path: "/"},
		{Name: "later", Value: "l1", Path: "/app", Expires: now.Add(time.Hour)},
		{Name: "gone", Value: "g1", Path: "/", Expires: now.Add(-time.Hour)},
	})
	var out []string
	for _, s := range []string{"http://example.com/app/x", "http://example.com/", "http://other.example/"} {
		v, _ := url.Parse(s)
		var names []string
		for _, c := range jar.Cookies(v) {
			names = append(names, c.Name+"="+c.Value)
		}
		out = append(out, fmt.Sprint(s, " ", names))
	}
	var cj http.CookieJar = jar
	return strings.Join(out, "\n") + fmt.Sprint(" ", len(cj.Cookies(u)))
}
