package corpus

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"time"
)

// slogUser is a value that logs itself as a group (slog.LogValuer).
type slogUser struct {
	ID   int
	Name string
}

func (u slogUser) LogValue() slog.Value {
	return slog.GroupValue(slog.Int("id", u.ID), slog.String("name", u.Name))
}

// slogPoint is logged through fmt (its String method).
type slogPoint struct{ X, Y int }

func (p slogPoint) String() string { return fmt.Sprintf("(%d,%d)", p.X, p.Y) }

// slogCollect is a handler of the program's own: it keeps the records.
type slogCollect struct {
	attrs []slog.Attr
	group string
	out   *[]string
}

func (h *slogCollect) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelInfo }

func (h *slogCollect) Handle(_ context.Context, r slog.Record) error {
	var parts []string
	for _, a := range h.attrs {
		parts = append(parts, a.String())
	}
	r.Attrs(func(a slog.Attr) bool {
		parts = append(parts, h.group+a.String())
		return true
	})
	*h.out = append(*h.out, fmt.Sprint(r.Level, " ", r.Message, " ", r.NumAttrs(), " ", strings.Join(parts, ",")))
	return nil
}

func (h *slogCollect) WithAttrs(as []slog.Attr) slog.Handler {
	c := *h
	c.attrs = append(append([]slog.Attr(nil), h.attrs...), as...)
	return &c
}

func (h *slogCollect) WithGroup(name string) slog.Handler {
	c := *h
	c.group += name + "."
	return &c
}

// slogNoTime drops the time, which differs between runs, and shortens the
// source file to its base name.
func slogNoTime(groups []string, a slog.Attr) slog.Attr {
	switch {
	case a.Key == slog.TimeKey && len(groups) == 0:
		return slog.Attr{}
	case a.Key == slog.SourceKey:
		if s, ok := a.Value.Any().(*slog.Source); ok {
			s.File = filepath.Base(s.File)
			s.Function = short(s.Function)
		}
	case a.Key == "secret":
		return slog.String("secret", "***")
	}
	return a
}

// Slog logs through log/slog's text and JSON handlers (attributes of
// every kind, groups, With, levels, LogValuers, ReplaceAttr, the source
// position) and through a handler of the program's own.
func Slog() string {
	var buf bytes.Buffer
	opts := &slog.HandlerOptions{ReplaceAttr: slogNoTime, Level: slog.LevelDebug}
	text := slog.New(slog.NewTextHandler(&buf, opts))
	text.Info("hello", "n", 1, "s", "two words", "b", true, "f", 2.5, "d", 3*time.Second)
	text.Debug("debug", slog.Int64("i64", -7), slog.Uint64("u", 8), slog.Any("err", errors.New("boom")))
	text.Warn("point", "p", slogPoint{1, 2}, "user", slogUser{7, "ann"}, "secret", "pw")
	text.With("req", 42).WithGroup("g").Error("grouped", "k", "v", slog.Group("sub", "a", 1, "b", "x y"))
	odd := []any{"dangling"} // a key without a value: !BADKEY
	text.Info("odd", odd...)
	text.Log(context.Background(), slog.LevelWarn+1, "custom level", "bytes", []byte("raw"), "t", time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC))
	text.LogAttrs(context.Background(), slog.LevelInfo, "attrs", slog.String("q", `quote"d`), slog.Any("nil", nil), slog.Any("m", map[string]int{"a": 1}))

	jsonLog := slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{ReplaceAttr: slogNoTime}))
	jsonLog.Info("json", "n", 1, "s", "x", "user", slogUser{8, "bob"}, "p", slogPoint{3, 4}, "err", errors.New("bad"))
	jsonLog.WithGroup("g").With("a", 1).Info("json grouped", slog.Group("h", "b", 2.5), "f", false)

	src := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{ReplaceAttr: slogNoTime, AddSource: true}))
	src.Info("with source")

	var lines []string
	own := slog.New(&slogCollect{out: &lines})
	own.Debug("hidden")
	own.Info("mine", "a", 1, slog.Bool("b", true))
	own.With("w", "x").WithGroup("grp").Warn("nested", "c", 3)
	own.Enabled(context.Background(), slog.LevelDebug)

	var lv slog.LevelVar
	lv.Set(slog.LevelError)
	quiet := slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: &lv, ReplaceAttr: slogNoTime}))
	quiet.Warn("dropped")
	lv.Set(slog.LevelWarn)
	quiet.Warn("kept")

	v := slog.GroupValue(slog.Int("x", 1), slog.String("y", "z"))
	extra := []string{
		fmt.Sprint(v.Kind(), " ", v, " ", len(v.Group()), " ", slog.IntValue(3).Int64(), " ", slog.StringValue("sv").String()),
		fmt.Sprint(slog.LevelInfo, " ", slog.LevelDebug-1, " ", slog.LevelError+2, " ", slog.AnyValue(uint8(3)).Kind()),
		fmt.Sprint(slog.Int("a", 1).Equal(slog.Int("a", 1)), " ", slog.String("a", "1").Equal(slog.Int("a", 1))),
	}
	return buf.String() + strings.Join(lines, "\n") + "\n" + strings.Join(extra, "\n")
}
