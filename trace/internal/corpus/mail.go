package corpus

import (
	"fmt"
	"io"
	"net/mail"
	"strings"
)

// Mail parses addresses, dates and a message with net/mail (bridged):
// an Address's fields and String, an address list, a bad address's
// error, a message's header fields, addresses, date and body, and a
// missing header's error.
func Mail() string {
	var out []string
	a, err := mail.ParseAddress(`"Gopher, G." <gopher@example.com>`)
	out = append(out, fmt.Sprint(a.Name, "|", a.Address, "|", a.String(), "|", err))
	list, err := mail.ParseAddressList("a@example.com, Bob <b@example.org>")
	for _, x := range list {
		out = append(out, x.String())
	}
	_, bad := mail.ParseAddress("not an address")
	out = append(out, fmt.Sprint(err, bad))
	d, err := mail.ParseDate("Mon, 02 Jan 2006 15:04:05 -0700")
	out = append(out, fmt.Sprint(d.UTC(), err))
	msg, err := mail.ReadMessage(strings.NewReader("From: Ann <ann@example.com>\r\nTo: x@example.com, y@example.com\r\nDate: Tue, 03 Jan 2006 10:00:00 +0000\r\nSubject: hi\r\n\r\nbody text\r\n"))
	if err != nil {
		panic(err)
	}
	to, err := msg.Header.AddressList("To")
	date, derr := msg.Header.Date()
	body, _ := io.ReadAll(msg.Body)
	_, missing := msg.Header.AddressList("Cc")
	out = append(out, fmt.Sprint(msg.Header.Get("Subject"), len(to), to[1].Address, err, date.Unix(), derr, fmt.Sprintf("%q", body), missing == mail.ErrHeaderNotPresent))
	return strings.Join(out, "\n")
}
