package dimacs

import (
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

// TestReadOutputFunc checks that ReadOutputFunc hands over exactly the
// answers ReadOutput finds, in order, with their models (all but a model
// cut off by the end of the stream), and fails where ReadOutput fails.
func TestReadOutputFunc(t *testing.T) {
	for _, tc := range outCases {
		t.Run(tc.name, func(t *testing.T) {
			var got []Answer
			o, err := ReadOutputFunc(strings.NewReader(tc.in), "t", func(a Answer) error {
				got = append(got, a)
				return nil
			})
			if tc.wantErr != "" {
				if err == nil || err.Error() != tc.wantErr {
					t.Fatalf("got error %v, want %s", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("unexpected error: %v", err)
			}
			want := tc.answers
			if o.Truncated {
				want = want[:len(want)-1]
			}
			if g := outAnswers(&Output{Answers: got}); strings.Join(g, "|") != strings.Join(want, "|") {
				t.Errorf("handed over\n\t%q\nwant\n\t%q", g, want)
			}
			if len(o.Answers) != len(tc.answers) {
				t.Errorf("Output has %d answers, want %d", len(o.Answers), len(tc.answers))
			}
		})
	}
}

// TestReadOutputFuncStreams checks that a model is handed over as soon as
// its final 0 is read, while the stream is still open.
func TestReadOutputFuncStreams(t *testing.T) {
	pr, pw := io.Pipe()
	first := make(chan Answer, 1)
	done := make(chan error, 1)
	go func() {
		n := 0
		_, err := ReadOutputFunc(pr, "t", func(a Answer) error {
			if n++; n == 1 {
				first <- a
			}
			return nil
		})
		done <- err
	}()
	io.WriteString(pw, "s SATISFIABLE\nv 1 -2\nv 0\n")
	select {
	case a := <-first:
		if a.Status != Sat || a.Model.Lit(1) != 1 || a.Model.Lit(-2) != 1 {
			t.Errorf("first answer %v %v", a.Status, a.Model)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the first model was not handed over while the stream was open")
	}
	io.WriteString(pw, "s SATISFIABLE\nv -1 2 0\ns SOLUTIONS 2\n")
	pw.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestReadOutputFuncStop checks that fn's error ends the reading at once.
func TestReadOutputFuncStop(t *testing.T) {
	stop := errors.New("enough")
	n := 0
	_, err := ReadOutputFunc(strings.NewReader("s SATISFIABLE\nv 1 0\ns SATISFIABLE\nv -1 0\nv garbage\n"), "t", func(Answer) error {
		n++
		return stop
	})
	if err != stop || n != 1 {
		t.Fatalf("got %v after %d answers, want %v after 1", err, n, stop)
	}
}
