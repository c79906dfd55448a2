package dimacs

import (
	"bytes"
	"errors"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/textpos"
)

// satrun's enumeration markers and the completeness rule decoders share.
func TestOutputIncomplete(t *testing.T) {
	for _, tc := range []struct {
		name, in   string
		incomplete string // Output.Incomplete; "" = complete
		failed     string // Output.Failed's error, "" = nil
		count      string // CountText(number of Sat answers)
	}{
		{name: "satrun all", in: "s SATISFIABLE\nv 1 0\ns SATISFIABLE\nv -1 0\nc solutions 2\n", count: "2"},
		{name: "satrun none", in: "s UNSATISFIABLE\nc solutions 0\n", count: "0"},
		{name: "plain unsat", in: "s UNSATISFIABLE\n", count: "0"},
		{name: "picosat all", in: "s SATISFIABLE\nv 1 0\ns SOLUTIONS 1\n", count: "1"},
		{name: "maxsol", in: "s SATISFIABLE\nv 1 0\ns SATISFIABLE\nv -1 0\ns UNSATISFIABLE\n", count: "2"},
		{name: "max 5", in: strings.Repeat("s SATISFIABLE\nv 1 0\n", 5) + "c limit 5 reached; more models may exist\nc solutions 5\n",
			incomplete: "the enumeration stopped at its limit of 5 models; more may exist", count: "at least 5"},
		{name: "max 1", in: "s SATISFIABLE\nv 1 0\nc limit 1 reached; more models may exist\nc solutions 1\n",
			incomplete: "the enumeration stopped at its limit of 1 models; more may exist", count: "at least 1"},
		{name: "timeout", in: "s SATISFIABLE\nv 1 0\ns SATISFIABLE\nv 2 0\nc UNKNOWN: timeout after 2 models; more may exist\n",
			incomplete: "the enumeration stopped after 2 models (timeout); more may exist", count: "at least 2"},
		{name: "solver unknown", in: "s SATISFIABLE\nv 1 0\nc UNKNOWN: the solver answered UNKNOWN after 1 models; more may exist\n",
			incomplete: "the enumeration stopped after 1 models (the solver answered UNKNOWN); more may exist", count: "at least 1"},
		{name: "crash", in: "c pipesat queens 8\ns SATISFIABLE\nv 1 0\nc ERROR: cadical: signal: killed after 1 models; more may exist\n",
			incomplete: "the solver failed after 1 models (cadical: signal: killed)",
			failed:     "t:4:1: upstream solver failed after 1 models: cadical: signal: killed", count: "at least 1"},
		{name: "reason with after", in: "c ERROR: died after 3 tries after 0 models; more may exist\n",
			incomplete: "the solver failed after 0 models (died after 3 tries)",
			failed:     "t:1:1: upstream solver failed after 0 models: died after 3 tries", count: "at least 0"},
		{name: "single answer", in: "s SATISFIABLE\nv 1 0\n", incomplete: "one answer, not an enumeration", count: "at least 1"},
		{name: "unknown", in: "s UNKNOWN\n", incomplete: "the solver gave no answer", count: "at least 0"},
		{name: "cadical unknown", in: "c UNKNOWN\n", incomplete: "the solver gave no answer", count: "at least 0"},
		{name: "no end", in: "s SATISFIABLE\nv 1 0\ns SATISFIABLE\nv 2 0\n",
			incomplete: "the 2 models end with no count line and no final UNSATISFIABLE (the input may be cut short)", count: "at least 2"},
		{name: "truncated", in: "s SATISFIABLE\nv 1 0\ns SATISFIABLE\nv 2\n", incomplete: "the input ends inside a model", count: "at least 2"},
		// Lines that look like markers but are not satrun's.
		{name: "error chatter", in: "c ERROR: something\ns SATISFIABLE\nv 1 0\nc solutions 1\n", count: "1"},
		{name: "unknown chatter", in: "c UNKNOWN: after x models; more may exist\ns UNSATISFIABLE\n", count: "0"},
		{name: "no reason", in: "c ERROR:  after 2 models; more may exist\ns UNSATISFIABLE\n", count: "0"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, err := ReadOutput(strings.NewReader(tc.in), "t")
			if err != nil {
				t.Fatal(err)
			}
			if got := o.Incomplete(); got != tc.incomplete {
				t.Errorf("Incomplete() = %q, want %q", got, tc.incomplete)
			}
			if o.Complete() != (tc.incomplete == "") {
				t.Errorf("Complete() = %v", o.Complete())
			}
			if got := errText(o.Failed()); got != tc.failed {
				t.Errorf("Failed() = %q, want %q", got, tc.failed)
			}
			if got := o.CountText(o.satAnswers()); got != tc.count {
				t.Errorf("CountText = %q, want %q", got, tc.count)
			}
			cerr := o.CountError()
			want := ""
			switch {
			case tc.failed != "":
				want = tc.failed
			case tc.incomplete != "":
				want = "count incomplete: " + tc.incomplete
			}
			if got := errText(cerr); got != want {
				t.Errorf("CountError() = %q, want %q", got, want)
			}
			if AfterOutput(cerr) != (cerr != nil) {
				t.Errorf("AfterOutput(%v) = %v", cerr, AfterOutput(cerr))
			}
			// What a command words in satrun's flags (--max, --all).
			var ie *IncompleteError
			errors.As(cerr, &ie)
			if limit, single := ie != nil && ie.Limit > 0, ie != nil && ie.Single; limit != strings.HasPrefix(tc.name, "max ") || single != (tc.name == "single answer") {
				t.Errorf("CountError() = %+v: a limit %v, a single answer %v", ie, limit, single)
			}
		})
	}
	if AfterOutput(errors.New("x")) || AfterOutput(nil) {
		t.Error("AfterOutput of a plain error or nil")
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// ReadAnswer: what a decoder may not read as an answer.
func TestReadAnswer(t *testing.T) {
	for _, tc := range []struct {
		name, in, wantErr string
	}{
		{name: "empty", in: "", wantErr: "t:1:1: empty input: want a solver's answer"},
		{name: "blank lines", in: "\n\n", wantErr: `t:3:1: no solver answer in the input: want "s SATISFIABLE", "s UNSATISFIABLE" or "s UNKNOWN" (or minisat's SATISFIABLE, SAT, UNSAT, ...)`},
		{name: "garbage", in: "hello\nworld 1 2", wantErr: `t:2:10: no solver answer in the input: want "s SATISFIABLE", "s UNSATISFIABLE" or "s UNKNOWN" (or minisat's SATISFIABLE, SAT, UNSAT, ...)`},
		{name: "binary", in: "\x00\xff\x01\x02v\x00", wantErr: `t:1:7: no solver answer in the input: want "s SATISFIABLE", "s UNSATISFIABLE" or "s UNKNOWN" (or minisat's SATISFIABLE, SAT, UNSAT, ...)`},
		{name: "header only", in: "c pipesat queens 8\nc varname 1 x\n", wantErr: `t:3:1: no solver answer in the input: want "s SATISFIABLE", "s UNSATISFIABLE" or "s UNKNOWN" (or minisat's SATISFIABLE, SAT, UNSAT, ...)`},
		{name: "no final 0", in: "s SATISFIABLE\nv 1 2 3", wantErr: "t:2:8: the input ends before the final 0 of the model of line 1"},
		{name: "no final 0 newline", in: "s SATISFIABLE\nv 1 2 3\n", wantErr: "t:3:1: the input ends before the final 0 of the model of line 1"},
		{name: "no final 0 comment after", in: "s SATISFIABLE\nv 1 0\ns SATISFIABLE\nv 1\nc x\n", wantErr: "t:6:1: the input ends before the final 0 of the model of line 3"},
		{name: "minisat result no final 0", in: "SAT\n1 -2", wantErr: "t:2:5: the input ends before the final 0 of the model of line 1"},
		{name: "count too big", in: "s SATISFIABLE\nv 1 0\nc solutions 2\n", wantErr: "t:3:1: the count says 2 models but the input holds 1"},
		{name: "picosat count too small", in: "s SATISFIABLE\nv 1 0\ns SATISFIABLE\nv 2 0\ns SOLUTIONS 1\n", wantErr: "t:5:1: the count says 1 models but the input holds 2"},
		{name: "limit mismatch", in: "s SATISFIABLE\nv 1 0\nc limit 5 reached; more models may exist\nc solutions 1\n", wantErr: "t:3:1: satrun says it stopped at 5 models but the input holds 1"},
		{name: "stop mismatch", in: "s SATISFIABLE\nv 1 0\nc UNKNOWN: timeout after 3 models; more may exist\n", wantErr: "t:3:1: satrun says 3 models but the input holds 1"},
		{name: "error before any model", in: "c pipesat queens 8\nc ERROR: cadical: exit status 3 after 0 models; more may exist\n", wantErr: "t:2:1: upstream solver failed after 0 models: cadical: exit status 3"},
		{name: "bad literal still first", in: "s SATISFIABLE\nv 1 x", wantErr: `t:2:5: "x" is not a literal`},
		// Answers a decoder takes.
		{name: "unknown", in: "s UNKNOWN\n"},
		{name: "cadical unknown", in: "c UNKNOWN\n"},
		{name: "minisat indeterminate", in: "INDETERMINATE\n"},
		{name: "timeout after 0 models", in: "c UNKNOWN: timeout after 0 models; more may exist\n"},
		{name: "error after models", in: "s SATISFIABLE\nv 1 0\nc ERROR: boom after 1 models; more may exist\n"},
		{name: "sat", in: "s SATISFIABLE\nv 1 0"},
		{name: "empty model", in: "s SATISFIABLE\nv 0\n"},
		{name: "minisat stdout", in: "SATISFIABLE\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o, err := ReadAnswer(strings.NewReader(tc.in), "t")
			if got := errText(err); got != tc.wantErr {
				t.Fatalf("got error %q, want %q", got, tc.wantErr)
			}
			if err == nil && o == nil {
				t.Fatal("nil Output and no error")
			}
			var pe *textpos.Error
			var ue *UpstreamError
			if err != nil && !errors.As(err, &pe) && !errors.As(err, &ue) {
				t.Errorf("error is %T", err)
			}
		})
	}
}

// Every recording of a real solver is an answer a decoder takes, timeouts
// included (UNKNOWN is an answer, not garbage).
func TestReadAnswerRecordings(t *testing.T) {
	for _, rec := range outRecordings {
		b, err := os.ReadFile("testdata/outputs/" + rec.file)
		if err != nil {
			t.Fatal(err)
		}
		o, err := ReadAnswer(bytes.NewReader(b), rec.file)
		if err != nil {
			t.Errorf("%s: %v", rec.file, err)
			continue
		}
		complete := strings.Contains(rec.file, "unsat") || strings.Contains(rec.file, "free3")
		if o.Complete() != complete {
			t.Errorf("%s: Complete() = %v (%s)", rec.file, o.Complete(), o.Incomplete())
		}
	}
}

// Memory follows the input: twelve copies of "s SATISFIABLE\nv 268435455 0"
// (336 bytes) are an error after a small allocation, not 3 GB.
func TestReadOutputMemoryBomb(t *testing.T) {
	in := bytes.Repeat([]byte("s SATISFIABLE\nv 268435455 0\n"), 12)
	if len(in) != 336 {
		t.Fatalf("%d bytes", len(in))
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := ReadOutput(bytes.NewReader(in), "t")
	runtime.ReadMemStats(&after)
	want := "t:2:3: literal 268435455 is too far beyond the input: all models together may span 1048576 variables plus 64 per byte read (25 bytes so far)"
	if got := errText(err); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 50<<20 {
		t.Errorf("allocated %d bytes", n)
	}

	// Each model just inside the free allowance: the second one is over
	// the budget, which counts all models together.
	in = bytes.Repeat([]byte("s SATISFIABLE\nv 1048575 0\n"), 1000)
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err = ReadOutput(bytes.NewReader(in), "t")
	runtime.ReadMemStats(&after)
	want = "t:4:3: literal 1048575 is too far beyond the input: all models together may span 1048576 variables plus 64 per byte read (49 bytes so far)"
	if got := errText(err); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 50<<20 {
		t.Errorf("allocated %d bytes", n)
	}
}

// A real solver's model of 1.5 million variables, in order, reads, and so
// do many models of 100,000 variables; the budget does not depend on how
// the input is split into reads.
func TestReadOutputBigModels(t *testing.T) {
	const n = 1500000
	var b strings.Builder
	b.WriteString("s SATISFIABLE\nv")
	for v := 1; v <= n; v++ {
		b.WriteString(" -" + strconv.Itoa(v))
		if v%10 == 0 {
			b.WriteString("\nv")
		}
	}
	b.WriteString(" 0\n")
	o, err := ReadOutput(strings.NewReader(b.String()), "t")
	if err != nil {
		t.Fatal(err)
	}
	if m := o.Answers[0].Model; m.Vars() != n || m.Lit(-n) != 1 {
		t.Fatalf("model of %d variables", m.Vars())
	}

	b.Reset()
	for k := 0; k < 30; k++ {
		b.WriteString("s SATISFIABLE\nv")
		for v := 1; v <= 100000; v++ {
			b.WriteString(" " + strconv.Itoa(v))
		}
		b.WriteString(" 0\n")
	}
	b.WriteString("c solutions 30\n")
	o, err = ReadAnswer(strings.NewReader(b.String()), "t")
	if err != nil {
		t.Fatal(err)
	}
	if len(o.Models()) != 30 || !o.Complete() {
		t.Fatalf("%d models, complete %v", len(o.Models()), o.Complete())
	}

	// The same bomb read a byte at a time fails at the same literal.
	in := "s SATISFIABLE\nv 2 0\ns SATISFIABLE\nv 1 2 3 4 5 6 7 8 9 10 1060000 0\n"
	_, err1 := ReadOutput(strings.NewReader(in), "t")
	_, err2 := ReadOutput(oneByteReader{strings.NewReader(in)}, "t")
	want := "t:4:24: literal 1060000 is too far beyond the input: all models together may span 1048576 variables plus 64 per byte read (64 bytes so far)"
	if errText(err1) != want || errText(err2) != want {
		t.Errorf("got %v and %v, want %s", err1, err2, want)
	}
}

type oneByteReader struct{ r *strings.Reader }

func (o oneByteReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	return o.r.Read(p[:1])
}
