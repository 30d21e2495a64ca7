package corpus

import (
	"bytes"
	"fmt"
	"log"
	"net/http"
	"net/http/httptest"
)

// ErrorLogIdentity gives an httptest server's http.Server a logger of the
// program's as its ErrorLog and reads the field back, as
// gorilla/websocket's TestHost does to share one logger between two
// servers: the logger read is the one given.
func ErrorLogIdentity() string {
	ts := httptest.NewServer(http.NotFoundHandler())
	defer ts.Close()
	other := httptest.NewServer(http.NotFoundHandler())
	defer other.Close()
	var buf bytes.Buffer
	l := log.New(&buf, "srv: ", 0)
	ts.Config.ErrorLog = l
	other.Config.ErrorLog = ts.Config.ErrorLog
	got := other.Config.ErrorLog
	got.Print("shared")
	unstarted := httptest.NewUnstartedServer(http.NotFoundHandler())
	defer unstarted.Close()
	none := unstarted.Config.ErrorLog
	return fmt.Sprint(got == l, ts.Config.ErrorLog == l, none == nil, " ", buf.String())
}
