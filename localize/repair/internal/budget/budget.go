package budget

import (
	"context"
	"fmt"
	"time"
)

// Share returns ctx with its deadline, if it has one, brought forward
// to share of the time from now to it, the cause why (a format with the
// share in percent).
func Share(ctx context.Context, share float64, why string) (context.Context, context.CancelFunc) {
	return ShareFrom(ctx, time.Now(), share, why)
}

// ShareFrom is Share of the time from start, not now, to ctx's
// deadline: the share of a phase that started at start.
func ShareFrom(ctx context.Context, start time.Time, share float64, why string) (context.Context, context.CancelFunc) {
	dl, ok := ctx.Deadline()
	if !ok {
		return context.WithCancel(ctx)
	}
	return context.WithDeadlineCause(ctx, start.Add(time.Duration(float64(dl.Sub(start))*share)), fmt.Errorf(why, 100*share))
}
