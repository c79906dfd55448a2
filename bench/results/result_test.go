package results

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/pipesat/pipesat/textpos"
)

func TestReadRows(t *testing.T) {
	in := `{"solver":"a","instance":"x","rep":1,"status":"SAT","wall":1}` + "\n\n" +
		`{"solver":"b","instance":"x","rep":1,"status":"UNSAT","wall":2}` + "\n" +
		`{"solver":"c","inst` // a run killed while writing
	rows, torn, err := Read(strings.NewReader(in), "r.jsonl")
	if err != nil || len(rows) != 2 || rows[1].Solver != "b" || torn != 4 {
		t.Fatalf("%+v, torn %d, %v; want 2 rows, torn 4", rows, torn, err)
	}
	// Blanks after the last newline are no torn line.
	if _, torn, err := Read(strings.NewReader(in[:strings.LastIndexByte(in, '\n')+1]+" \t"), "r.jsonl"); err != nil || torn != 0 {
		t.Errorf("trailing blanks: torn %d, %v; want 0", torn, err)
	}
	ok := `{"solver":"a","instance":"x","rep":1,"status":"UNPROVEN","wall":1}`
	for _, tt := range []struct{ in, wantErr string }{
		{"{\"solver\":\"a\"\n", "r.jsonl:1: unexpected end of JSON input"},
		{"\n[1]\n", "r.jsonl:2: json: cannot unmarshal array into Go value of type results.Row"},
		{"{\"solver\":\"a\",\"instance\":\"x\"}\n", `r.jsonl:1: not a result row: missing "rep", "status", "wall"`},
		{ok + "\n" + `{"solver":"a","instance":"x","rep":1,"status":"SAT","wall":-5}` + "\n", `r.jsonl:2: "wall" is -5: a time cannot be negative`},
		{`{"solver":"a","instance":"x","rep":1,"status":"SAT","wall":1,"user":-0.5}` + "\n", `r.jsonl:1: "user" is -0.5: a time cannot be negative`},
		{`{"solver":"a","instance":"x","rep":1,"status":"SAT","wall":"5"}` + "\n", `r.jsonl:1: "wall" is a JSON string, want a number`},
		{`{"solver":"a","instance":"x","rep":1,"status":"SAT","wall":1,"sys":true}` + "\n", `r.jsonl:1: "sys" is a JSON bool, want a number`},
		{`{"solver":"a","instance":"x","rep":1,"status":"MAYBE","wall":1}` + "\n", `r.jsonl:1: status "MAYBE" is not one of SAT, UNSAT, UNKNOWN, ERROR, TIMEOUT, MEMOUT, UNPROVEN`},
		{`{"solver":"a","instance":"x","rep":-1,"status":"SAT","wall":1}` + "\n", `r.jsonl:1: "rep" is -1: repetitions count from 1`},
		{`{"solver":"a","instance":"x","rep":0,"status":"SAT","wall":1}` + "\n", `r.jsonl:1: "rep" is 0: repetitions count from 1`},
		{`{"solver":"a","instance":"x","status":"SAT","wall":1}` + "\n", `r.jsonl:1: not a result row: missing "rep"`},
		{`{"solver":"a","instance":"x","rep":1.5,"status":"SAT","wall":1}` + "\n", `r.jsonl:1: "rep" is 1.5: out of range`},
		{`{"solver":"a","instance":"x","rep":1,"status":"SAT","wall":1e999}` + "\n", `r.jsonl:1: "wall" is 1e999: out of range`},
	} {
		if _, _, err := Read(strings.NewReader(tt.in), "r.jsonl"); err == nil || err.Error() != tt.wantErr {
			t.Errorf("%q: %v, want %q", tt.in, err, tt.wantErr)
		}
	}
}

func TestAppenderCutsPartialLine(t *testing.T) {
	p := filepath.Join(t.TempDir(), "r.jsonl")
	os.WriteFile(p, []byte(`{"solver":"a","instance":"x","rep":1,"status":"SAT","wall":1}`+"\n"+`{"solver":"b","ins`), 0o644)
	a, err := OpenAppender(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Append(&Row{Solver: "c", Instance: "x", Rep: 1, Status: "UNSAT"}); err != nil {
		t.Fatal(err)
	}
	a.Close()
	rows, _, err := ReadFile(p)
	if err != nil || len(rows) != 2 || rows[0].Solver != "a" || rows[1].Solver != "c" {
		t.Errorf("%+v %v", rows, err)
	}
	// A file with no newline at all is one partial line.
	os.WriteFile(p, []byte(`{"solver"`), 0o644)
	a, _ = OpenAppender(p)
	a.Close()
	if b, _ := os.ReadFile(p); len(b) != 0 {
		t.Errorf("left %q", b)
	}
}

// stuckWriter is a reader's pipe that is never read: Write says it
// started, then waits until release closes.
type stuckWriter struct {
	started chan struct{}
	release chan struct{}
	writes  int
}

func (w *stuckWriter) Write(p []byte) (int, error) {
	w.writes++
	close(w.started)
	<-w.release
	return len(p), nil
}

// TestAppenderStopOn: an Append to standard output that waits for a
// reader that never reads returns ErrStopped once the stop channel
// closes, and every Append after that returns it without writing.
func TestAppenderStopOn(t *testing.T) {
	w := &stuckWriter{started: make(chan struct{}), release: make(chan struct{})}
	defer close(w.release)
	a := NewAppender(w)
	stop := make(chan struct{})
	a.StopOn(stop)
	errc := make(chan error, 1)
	go func() { errc <- a.Append(&Row{Solver: "s", Instance: "x", Rep: 1, Status: "SAT"}) }()
	<-w.started
	close(stop)
	select {
	case err := <-errc:
		if err != ErrStopped || err.Error() != "stopped: the results' reader had not read the rows written" {
			t.Errorf("Append after stop: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Append still waits 20 s after stop closed")
	}
	if err := a.Append(&Row{Solver: "s", Instance: "x", Rep: 2, Status: "SAT"}); err != ErrStopped || w.writes != 1 {
		t.Errorf("second Append: %v after %d writes; want ErrStopped after 1", err, w.writes)
	}
}

func TestMerge(t *testing.T) {
	a := []Row{{Solver: "s", Instance: "y", Rep: 1, Status: "SAT", Wall: 1}, {Solver: "s", Instance: "x", Rep: 2, Status: "SAT"}}
	b := []Row{{Solver: "s", Instance: "y", Rep: 1, Status: "TIMEOUT", Wall: 2}, {Solver: "r", Instance: "x", Rep: 1, Status: "SAT"}}
	rows, dups := Merge(a, b)
	var got []string
	for _, r := range rows {
		got = append(got, r.Solver+" "+r.Instance+" "+r.Status)
	}
	if dups != 1 || strings.Join(got, ",") != "r x SAT,s x SAT,s y TIMEOUT" {
		t.Errorf("dups %d, rows %v", dups, got)
	}
}

// TestReadNoCaret: a result row has a line but no column, so its error
// has no caret line.
func TestReadNoCaret(t *testing.T) {
	_, _, err := Read(strings.NewReader("{\"solver\":\"a\"}\n"), "r.jsonl")
	var e *textpos.Error
	if !errors.As(err, &e) || e.Error() != `r.jsonl:1: not a result row: missing "instance", "rep", "status", "wall"` || e.Caret() != "" {
		t.Errorf("Read: %#v", err)
	}
}

func TestContended(t *testing.T) {
	for _, tt := range []struct {
		wall, cpu float64
		want      bool
	}{
		{10, 2.9, true}, {10, 9.8, false}, {1.5, 1, false}, {1.51, 1, true},
		{0.15, 0.01, false},                // start-up: less than 0.2 s lost
		{0.5, 0.25, true}, {4, 7.9, false}, // a parallel solver
	} {
		if got := Contended(tt.wall, tt.cpu); got != tt.want {
			t.Errorf("Contended(wall %v, cpu %v) = %v, want %v", tt.wall, tt.cpu, got, tt.want)
		}
	}
}
