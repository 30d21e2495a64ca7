package corpus

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
)

// Pipes passes data through io.Pipe and os.Pipe with a goroutine at
// each end: writes wait for reads (io.Pipe has no buffer), a close ends
// the reader's loop with io.EOF or the writer's error, and writes after
// the reader closed fail.
func Pipes() string {
	var sb strings.Builder
	// io.Pipe: a producer goroutine, a consumer reading small chunks.
	pr, pw := io.Pipe()
	go func() {
		for i := range 5 {
			fmt.Fprintf(pw, "line %d\n", i)
		}
		pw.Close()
	}()
	buf := make([]byte, 4)
	var got []string
	for {
		n, err := pr.Read(buf)
		got = append(got, string(buf[:n]))
		if err != nil {
			fmt.Fprintln(&sb, "read end:", err, err == io.EOF)
			break
		}
	}
	fmt.Fprintln(&sb, strings.Join(got, "|"))
	// A scanner over the read end, a writer that fails the pipe.
	pr, pw = io.Pipe()
	go func() {
		pw.Write([]byte("a\nb\n"))
		pw.CloseWithError(errors.New("writer gave up"))
	}()
	sc := bufio.NewScanner(pr)
	for sc.Scan() {
		fmt.Fprint(&sb, sc.Text(), ";")
	}
	fmt.Fprintln(&sb, sc.Err())
	// The reader closes: the writer's pending write fails.
	pr, pw = io.Pipe()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		n, err := pw.Write([]byte("abcdef"))
		fmt.Fprintln(&sb, "writer:", n, err)
		_, err = pw.Write(nil)
		fmt.Fprintln(&sb, "writer again:", err)
	}()
	small := make([]byte, 2)
	n, err := pr.Read(small)
	fmt.Fprintln(&sb, "reader:", n, err, string(small[:n]))
	pr.CloseWithError(errors.New("reader done"))
	wg.Wait()
	n, err = pr.Read(small)
	fmt.Fprintln(&sb, "after close:", n, err)
	// io.Copy between two goroutines.
	pr, pw = io.Pipe()
	done := make(chan string)
	go func() {
		var out strings.Builder
		n, err := io.Copy(&out, pr)
		done <- fmt.Sprint(n, err, out.String())
	}()
	for _, w := range []string{"x", "yy", "", "zzz"} {
		io.WriteString(pw, w)
	}
	pw.Close()
	fmt.Fprintln(&sb, <-done)
	// os.Pipe: a goroutine writes through the file's methods, the caller
	// reads until EOF.
	r, w, err := os.Pipe()
	check(err == nil, "os.Pipe")
	go func() {
		for i := range 3 {
			w.Write([]byte(fmt.Sprintf("os %d;", i)))
		}
		w.WriteString("end")
		w.Close()
	}()
	var all []byte
	chunk := make([]byte, 3)
	for {
		n, err := r.Read(chunk)
		all = append(all, chunk[:n]...)
		if err != nil {
			fmt.Fprintln(&sb, string(all), err)
			break
		}
	}
	r.Close()
	// os.Pipe as a captured output: written, closed, then read whole.
	// (New variables: the writer goroutine above read w, and only the
	// pipe, which the race detector does not see, orders that read
	// before a write here.)
	cr, cw, _ := os.Pipe()
	fmt.Fprintf(cw, "captured %d\n", 42)
	cw.Close()
	b, err := io.ReadAll(cr)
	fmt.Fprintf(&sb, "%q %v\n", b, err)
	cr.Close()
	return sb.String()
}
