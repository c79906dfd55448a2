package dimacs

import (
	"errors"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/textpos"
)

func TestLocate(t *testing.T) {
	out, err := ReadOutput(strings.NewReader("c plain\nc pipesat tool x\nc varname 1 a\ns SATISFIABLE\nv 1 0\n"), "out.txt")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		err        error
		want, care string
	}{
		{nil, "<nil>", ""},
		{PipesatLineErr(1, errors.New("bad name")), "out.txt:3:1: bad name", "c varname 1 a\n^"},
		{&PipesatLineError{Index: 0, Col: 9, Err: errors.New("bad tool")}, "out.txt:2:11: bad tool", "c pipesat tool x\n          ^"},
		{PipesatLineErr(2, errors.New("no such line")), "out.txt: no such line", ""},
		{errors.New("header incomplete"), "out.txt: header incomplete", ""},
		{&textpos.Error{Name: "other", Pos: Pos{Line: 4, Col: 2}, Msg: "kept"}, "other:4:2: kept", ""},
	}
	for _, tt := range tests {
		got := out.Locate(tt.err)
		s, caret := "<nil>", ""
		if got != nil {
			s = got.Error()
			if ce, ok := got.(interface{ Caret() string }); ok {
				caret = ce.Caret()
			}
		}
		if s != tt.want || caret != tt.care {
			t.Errorf("Locate(%v) = %q with caret %q, want %q with %q", tt.err, s, caret, tt.want, tt.care)
		}
	}
}
