package corpus

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"time"
)

// Sentinels: package variables of standard packages, read by the program,
// are the native values that native code returns and compares with: the
// errors of http.ResponseController on a writer without the method, a
// context's cancellation, strconv's range error, a bufio scanner's, an
// io.Reader's end; a variable read twice is one value, and one the
// program assigns is seen by native code.
func Sentinels() string {
	var sb strings.Builder
	err := http.NewResponseController(rcPlain{httptest.NewRecorder()}).Flush()
	fmt.Fprintln(&sb, "flush:", errors.Is(err, http.ErrNotSupported), err == http.ErrNotSupported)
	err = http.NewResponseController(rcPlain{httptest.NewRecorder()}).SetReadDeadline(time.Time{})
	fmt.Fprintln(&sb, "deadline:", errors.Is(err, http.ErrNotSupported))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	fmt.Fprintln(&sb, "canceled:", ctx.Err() == context.Canceled, errors.Is(ctx.Err(), context.Canceled))
	ctx, cancel = context.WithTimeout(context.Background(), -time.Second)
	defer cancel()
	fmt.Fprintln(&sb, "deadline exceeded:", ctx.Err() == context.DeadlineExceeded)
	_, err = strconv.Atoi("99999999999999999999999")
	fmt.Fprintln(&sb, "range:", errors.Is(err, strconv.ErrRange), errors.Is(err, strconv.ErrSyntax))
	_, err = strings.NewReader("").Read(make([]byte, 1))
	fmt.Fprintln(&sb, "eof:", err == io.EOF)
	_, err = io.ReadFull(strings.NewReader("a"), make([]byte, 2))
	fmt.Fprintln(&sb, "unexpected eof:", err == io.ErrUnexpectedEOF)
	_, err = os.Open("/nonexistent/sentinel")
	fmt.Fprintln(&sb, "not exist:", errors.Is(err, fs.ErrNotExist), errors.Is(err, os.ErrNotExist))
	sc := bufio.NewScanner(strings.NewReader(strings.Repeat("x", 100)))
	sc.Buffer(make([]byte, 8), 8)
	for sc.Scan() {
	}
	fmt.Fprintln(&sb, "too long:", sc.Err() == bufio.ErrTooLong)
	r := httptest.NewRequest("GET", "/", nil)
	_, err = r.Cookie("none")
	fmt.Fprintln(&sb, "no cookie:", err == http.ErrNoCookie)
	a, b := http.ErrNotSupported, http.ErrNotSupported
	fmt.Fprintln(&sb, "read twice:", a == b, http.ErrAbortHandler == http.ErrAbortHandler, a == error(http.ErrNotSupported))
	// As map keys, the program's reading and native code's are one key.
	m := map[error]string{http.ErrNotSupported: "not supported", io.EOF: "eof"}
	fmt.Fprintln(&sb, "keys:", m[errors.Unwrap(http.NewResponseController(rcPlain{httptest.NewRecorder()}).Flush())], m[io.EOF], len(m))
	var any1, any2 any = http.ErrNotSupported, errors.Unwrap(http.NewResponseController(rcPlain{httptest.NewRecorder()}).Flush())
	fmt.Fprintln(&sb, "as any:", any1 == any2)
	switch errors.Unwrap(http.NewResponseController(rcPlain{httptest.NewRecorder()}).Flush()) {
	case http.ErrNotSupported:
		fmt.Fprintln(&sb, "switch: not supported")
	default:
		fmt.Fprintln(&sb, "switch: other")
	}
	wrapped := fmt.Errorf("wrapped: %w", http.ErrNotSupported)
	fmt.Fprintln(&sb, "wrapped by the program:", errors.Is(wrapped, http.ErrNotSupported), errors.Unwrap(wrapped) == http.ErrNotSupported)
	req, _ := http.NewRequest("POST", "/", strings.NewReader(""))
	fmt.Fprintln(&sb, "no body:", req.Body == http.NoBody)
	// A value read from a pointer variable is the one native code holds.
	fmt.Fprintln(&sb, "default client:", http.DefaultClient == http.DefaultClient, http.DefaultServeMux != nil)
	return sb.String()
}
