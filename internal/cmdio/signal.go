package cmdio

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
)

// stopSignals end a command that starts processes: Ctrl-C, kill, and the
// hangup a closing terminal sends.
var stopSignals = []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}

// signalCause is the cause of a context SignalContext ended.
type signalCause struct{ sig syscall.Signal }

func (c signalCause) Error() string { return c.sig.String() + " signal received" }

// SignalContext returns a copy of parent that ends when the process gets
// SIGINT, SIGTERM or SIGHUP, so that a command can stop every process it
// started and remove its temporary files before it exits (the default
// action of SIGHUP would end it at once and leave them behind). Calling
// stop restores the default action of the signals; until then, a second
// signal is ignored.
func SignalContext(parent context.Context) (ctx context.Context, stop context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(parent)
	c := make(chan os.Signal, 1)
	signal.Notify(c, stopSignals...)
	go func() {
		select {
		case s := <-c:
			cancel(signalCause{s.(syscall.Signal)})
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		signal.Stop(c)
		cancel(context.Canceled)
	}
}

// SignalStatus returns the exit status for a command that a signal stopped
// through ctx, 128 plus the signal's number as a shell reports a process a
// signal killed (129 SIGHUP, 130 SIGINT, 143 SIGTERM), and true; or 0 and
// false if no signal ended ctx.
func SignalStatus(ctx context.Context) (int, bool) {
	var c signalCause
	if errors.As(context.Cause(ctx), &c) {
		return 128 + int(c.sig), true
	}
	return 0, false
}
