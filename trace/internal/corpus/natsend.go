package corpus

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
)

// NativeSelectSend: selects that mix a native channel's receive with
// sends on the program's channels, as chi's Throttle and Timeout
// middleware do: a send to a buffered channel with room wins over a
// native channel not ready; a send nobody takes loses to a native
// channel already closed; a blocking send that a goroutine of the
// program takes later wins over a native channel that stays open; a
// native channel closed while the select waits on a send nobody takes
// wins.
func NativeSelectSend() string {
	var sb strings.Builder
	events := make(chan string, 8)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		done := r.Context().Done()
		tokens := make(chan struct{}, 1)
		select {
		case <-done:
			events <- "done first"
		case tokens <- struct{}{}:
			events <- "token taken"
		}
		unbuffered := make(chan int)
		go func() { events <- fmt.Sprint("received ", <-unbuffered) }()
		select {
		case <-done:
			events <- "done before the receiver"
		case unbuffered <- 7:
		}
		fmt.Fprint(w, "served")
	}))
	defer srv.Close()
	fmt.Fprintln(&sb, getBody(srv.URL))
	for range 2 {
		fmt.Fprintln(&sb, <-events)
	}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	full := make(chan int)
	select {
	case full <- 1:
		fmt.Fprintln(&sb, "sent to nobody")
	case <-ctx.Done():
		fmt.Fprintln(&sb, "canceled:", ctx.Err())
	}
	ctx, cancel = context.WithCancel(context.Background())
	go cancel()
	select {
	case full <- 1:
		fmt.Fprintln(&sb, "sent to nobody")
	case <-ctx.Done():
		fmt.Fprintln(&sb, "canceled while waiting:", ctx.Err())
	}
	return sb.String()
}
