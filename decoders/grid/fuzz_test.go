package grid

import (
	"bytes"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
)

// FuzzParseLayout: puzzle lines never panic, and a layout that parses
// writes back (Layout.Line) as a line that parses to the same layout.
func FuzzParseLayout(f *testing.F) {
	for _, s := range []string{
		"pipesat nonogram 3 2", "pipesat queens 8", "pipesat rooks 2", "pipesat nonogram 3",
		"pipesat nonogram 0 2", "pipesat queens 2001", "pipesat primary 1-4\npipesat nonogram 25 25",
		"varname 1 x\npipesat queens +8", "pipesat nonogram 99999999999999999999 1",
		"pipesat nonogram 3 2 colours 0=ffffff a=ff0000 b=0000ff", "pipesat nonogram 3 2 colours 0=ffffff",
		"pipesat nonogram 3 2 colours 0=ffffff a=ff0000 a=0000ff",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		h, ok, err := ParseLayout(strings.Split(text, "\n"))
		if err != nil || !ok {
			return
		}
		if h.Width < 1 || h.Height < 1 {
			t.Fatalf("%q: size %dx%d", text, h.Width, h.Height)
		}
		back, ok2, err := ParseLayout([]string{h.Line()})
		if err != nil || !ok2 || back != h {
			t.Fatalf("%q: %+v writes back as %q, which reads as %+v, %v, %v", text, h, h.Line(), back, ok2, err)
		}
	})
}

// FuzzDecode feeds Decode arbitrary solver output: it never panics, its
// goal strings are the models it read (each one, turned back into a model,
// decodes to the same line), and a count is a bare number only for a
// complete stream.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		"c pipesat nonogram 3 2\ns SATISFIABLE\nv 1 -2 3 -4 5 -6 0\n",
		"c pipesat nonogram 2 1\ns SATISFIABLE\nv 1 -2 0\ns SATISFIABLE\nv -1 2 0\nc solutions 2\n",
		"c pipesat nonogram 2 1\ns SATISFIABLE\nv 1 -2 0\nc limit 1 reached; more models may exist\nc solutions 1\n",
		"c pipesat queens 4\ns SATISFIABLE\nv -1 -2 3 -4 5 -6 -7 -8 -9 -10 -11 12 -13 14 -15 -16 0\nc ERROR: x after 1 models; more may exist\n",
		"c pipesat rooks 2\ns SATISFIABLE\nv -1 2 3 -4 0\nc UNKNOWN: timeout after 1 models; more may exist\n",
		"c pipesat queens 3\ns UNSATISFIABLE\nc solutions 0\n",
		"c pipesat nonogram 2 1 colours 0=ffffff a=ff0000\ns SATISFIABLE\nv -1 2 3 -4 0\ns SATISFIABLE\nv 1 -2 -3 4 0\nc solutions 2\n",
		"SAT\n1 -2 3 -4 5 -6 0\n", "s UNKNOWN\n", "c UNKNOWN\n", "", "garbage\n", "s SATISFIABLE\nv 1 2",
	} {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, in []byte, count bool) {
		var out, msg bytes.Buffer
		opts := Options{Format: Goal, Count: count}
		if !bytes.Contains(in, []byte("c pipesat ")) {
			opts.Width, opts.Height = 3, 2
		}
		res, err := Decode(bytes.NewReader(in), "f", opts, &out, &msg)
		o, rerr := dimacs.ReadAnswer(bytes.NewReader(in), "f")
		if rerr != nil {
			// Including satrun's "c ERROR" with no model before it.
			if err == nil || err.Error() != rerr.Error() || out.Len() > 0 {
				t.Fatalf("ReadAnswer says %v, Decode %v after %q", rerr, err, out.String())
			}
			return
		}
		if err != nil && !dimacs.AfterOutput(err) {
			return
		}
		if count {
			// A model listed twice is one solution (dimacs.Distinct).
			distinct, _ := dimacs.Distinct(o.Models())
			want := o.CountText(len(distinct)) + "\n"
			if out.String() != want {
				t.Fatalf("count %q, want %q", out.String(), want)
			}
			if (err == nil) != o.Complete() {
				t.Fatalf("complete %v but error %v", o.Complete(), err)
			}
			return
		}
		if res.Status != dimacs.Sat {
			return
		}
		h, ok, _ := ParseLayout(o.Pipesat)
		if !ok {
			h = Layout{Kind: Nonogram, Width: 3, Height: 2}
		}
		// The goal lines, then the verdict every decoder ends with.
		var lines []string
		var verdict strings.Builder
		// A picture listed twice is drawn and counted once, after a line
		// that says so ("c solution 2 repeats solution 1: counted once").
		repeats := false
		for _, l := range strings.SplitAfter(out.String(), "\n") {
			switch {
			case strings.HasPrefix(l, "c they differ in "):
			case strings.HasPrefix(l, "c ") && strings.Contains(l, " repeat") && strings.HasSuffix(l, "counted once\n") ||
				strings.HasPrefix(l, "c ") && strings.Contains(l, " repeat earlier ones, each counted once: "):
				repeats = true
			case strings.HasPrefix(l, "c "):
				verdict.WriteString(l)
			case l != "":
				lines = append(lines, strings.TrimSuffix(l, "\n"))
			}
		}
		if verdict.String() != o.Verdict(len(lines)) {
			t.Fatalf("verdict %q, want %q", verdict.String(), o.Verdict(len(lines)))
		}
		if n := len(o.Models()); len(lines) > n || !repeats && len(lines) != n {
			t.Fatalf("%d goal lines for %d models (repeats said: %v)", len(lines), n, repeats)
		}
		// A colour header's cell i in colour k is variable i*K+k+1.
		chars := "01"
		if h.Palette != "" {
			chars = ""
			for _, f := range strings.Fields(h.Palette) {
				chars += f[:1]
			}
		}
		for _, l := range lines {
			var b strings.Builder
			b.WriteString("c " + h.Line() + "\ns SATISFIABLE\nv")
			for i := range len(l) {
				if h.Palette == "" {
					if l[i] == '1' {
						b.WriteString(" " + itoa(i+1))
					} else {
						b.WriteString(" -" + itoa(i+1))
					}
					continue
				}
				k := strings.IndexByte(chars, l[i])
				for c := range len(chars) {
					v := i*len(chars) + c + 1
					if c == k {
						b.WriteString(" " + itoa(v))
					} else {
						b.WriteString(" -" + itoa(v))
					}
				}
			}
			b.WriteString(" 0\n")
			var back bytes.Buffer
			if _, err := Decode(strings.NewReader(b.String()), "back", Options{Format: Goal}, &back, &bytes.Buffer{}); err != nil {
				t.Fatalf("goal %q does not decode back: %v", l, err)
			}
			if back.String() != l+"\n" {
				t.Fatalf("goal %q decodes back as %q", l, back.String())
			}
		}
	})
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
