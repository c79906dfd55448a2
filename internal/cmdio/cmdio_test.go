package cmdio

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestHelp(t *testing.T) {
	src := "// Satrun runs a solver.\n//\n//\tsatrun x.cnf\n//\n// Exit 10.\npackage main\n// not this\n"
	want := "Satrun runs a solver.\n\n    satrun x.cnf\n\nExit 10.\n"
	if got := Help(src); got != want {
		t.Errorf("Help = %q, want %q", got, want)
	}

	// The same text as a plain loop over strings.Split,
	// for every manual and for sources without a package line.
	split := func(src string) string {
		var b strings.Builder
		for _, l := range strings.Split(src, "\n") {
			if strings.HasPrefix(l, "package ") {
				break
			}
			l = strings.TrimPrefix(l, "//")
			if strings.HasPrefix(l, "\t") {
				l = "    " + l[1:]
			} else {
				l = strings.TrimPrefix(l, " ")
			}
			b.WriteString(l + "\n")
		}
		return b.String()
	}
	docs, err := filepath.Glob("../../cmd/*/doc.go")
	if err != nil || len(docs) < 14 {
		t.Fatalf("%d manuals, %v", len(docs), err)
	}
	srcs := []string{"", "\n", "// a", "// a\n", "//a\n//  b\n\npackage", "package main", src}
	for _, d := range docs {
		b, err := os.ReadFile(d)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, string(b))
	}
	for _, s := range srcs {
		if got, want := Help(s), split(s); got != want {
			t.Errorf("Help(%.40q...) = %.60q..., want %.60q...", s, got, want)
		}
	}
}

func BenchmarkHelp(b *testing.B) {
	src, err := os.ReadFile("../../cmd/satrun/doc.go")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		Help(string(src))
	}
}

func TestOpen(t *testing.T) {
	for _, p := range []string{"", "-"} {
		r, name, done, err := Open(p, strings.NewReader("x"))
		if err != nil || name != "<stdin>" {
			t.Fatalf("Open(%q) = %q, %v", p, name, err)
		}
		b, _ := io.ReadAll(r)
		done()
		if string(b) != "x" {
			t.Errorf("Open(%q) read %q", p, b)
		}
	}
	if _, _, _, err := Open(filepath.Join(t.TempDir(), "none"), nil); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Open(missing) error = %v", err)
	}
}

// failWriter writes a little, then fails.
// SignalContext's handler.
func TestSignalContext(t *testing.T) {
	ctx, stop := SignalContext(t.Context())
	defer stop()
	if _, ok := SignalStatus(ctx); ok {
		t.Fatal("SignalStatus reports a signal before any")
	}
	syscall.Kill(os.Getpid(), syscall.SIGHUP)
	select {
	case <-ctx.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("SIGHUP did not end the context")
	}
	if code, ok := SignalStatus(ctx); code != 129 || !ok {
		t.Errorf("SignalStatus = %d, %v, want 129, true", code, ok)
	}
	ctx2, stop2 := SignalContext(t.Context())
	stop2()
	if code, ok := SignalStatus(ctx2); ok {
		t.Errorf("after stop, SignalStatus = %d, true, want no signal", code)
	}
}
