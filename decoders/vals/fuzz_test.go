package vals

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/dimacs"
)

// FuzzParseVarInfo: name and primary lines never panic, and what parses
// writes back as "varname" and "pipesat primary" lines that parse to the
// same VarInfo.
func FuzzParseVarInfo(f *testing.F) {
	for _, s := range []string{
		"varname 1 a\nvarname 2 b\npipesat primary 1-3", "varname x a", "varname 3", "pipesat primary 5-2",
		"pipesat primary 1-3,x", "pipesat primary 1-3,7\nvarname 2 has spaces", "varname  7   x y ",
		"pipesat primary 1,2,3-3", "varname 99999999999999999999 big",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		h, err := ParseVarInfo(strings.Split(text, "\n"))
		if err != nil {
			return
		}
		var lines []string
		vs := make([]int, 0, len(h.Names))
		for v := range h.Names {
			vs = append(vs, v)
		}
		slices.Sort(vs)
		for _, v := range vs {
			lines = append(lines, fmt.Sprintf("varname %d %s", v, h.Names[v]))
		}
		if len(h.Primary) > 0 {
			var rs []string
			for _, r := range h.Primary {
				rs = append(rs, fmt.Sprintf("%d-%d", r[0], r[1]))
			}
			lines = append(lines, "pipesat primary "+strings.Join(rs, ","))
		}
		back, err := ParseVarInfo(lines)
		if err != nil {
			t.Fatalf("%q: written back as %q: %v", text, lines, err)
		}
		if !reflect.DeepEqual(back, h) {
			t.Fatalf("%q: %+v written back as %q reads as %+v", text, h, lines, back)
		}
	})
}

// FuzzWrite feeds Write arbitrary solver output: it never panics, prints
// one block per distinct model, and a "c solutions" total only for a
// complete stream.
func FuzzWrite(f *testing.F) {
	for _, s := range []string{
		header + "s SATISFIABLE\nv 1 -2 3 4 0\n",
		header + "s SATISFIABLE\nv 1 2 -3 4 -5 0\ns SATISFIABLE\nv 1 -2 3 -4 5 0\nc solutions 2\n",
		header + "s SATISFIABLE\nv 1 2 3 0\nc limit 1 reached; more models may exist\nc solutions 1\n",
		header + "s SATISFIABLE\nv 1 2 3 0\nc UNKNOWN: timeout after 1 models; more may exist\n",
		header + "s SATISFIABLE\nv 1 2 3 0\nc ERROR: boom after 1 models; more may exist\n",
		"c pipesat primary 1-2\nc varname 3 aux\ns SATISFIABLE\nv -1 2 3 0\n",
		"SAT\n1 -2 0\n", "s UNSATISFIABLE\n", "s UNKNOWN\n", "", "s SATISFIABLE\nv 1 2",
	} {
		f.Add([]byte(s), false, false)
		f.Add([]byte(s), true, true)
	}
	f.Fuzz(func(t *testing.T, in []byte, primary, onlyTrue bool) {
		out, err := dimacs.ReadOutput(bytes.NewReader(in), "f")
		if err != nil {
			return
		}
		h, err := ParseVarInfo(out.Pipesat)
		if err != nil {
			return
		}
		for _, m := range out.Models() {
			if m.Vars() > 1<<12 {
				// "v 1000000 0" lists a million variables: right, but
				// slow; the size rule is dimacs' and tested there.
				return
			}
		}
		var b bytes.Buffer
		res, err := Write(&b, out, h, Options{Primary: primary, True: onlyTrue})
		if derr := out.Decodable(); derr != nil {
			// Including satrun's "c ERROR" with no model before it.
			if err == nil || err.Error() != derr.Error() || b.Len() > 0 {
				t.Fatalf("Decodable says %v, Write %v after %q", derr, err, b.String())
			}
			return
		}
		if err != nil && !dimacs.AfterOutput(err) {
			if b.Len() > 0 {
				t.Fatalf("error %v after output %q", err, b.String())
			}
			return
		}
		s := b.String()
		if res.Solutions > len(out.Models()) {
			t.Fatalf("%d blocks from %d models", res.Solutions, len(out.Models()))
		}
		total := strings.Contains(s, "\nc solutions ") || strings.HasPrefix(s, "c solutions ")
		if total != (out.Complete() && res.Solutions > 0) {
			t.Fatalf("complete %v (%s) but output %q", out.Complete(), out.Incomplete(), s)
		}
		if !onlyTrue && res.Solutions > 0 {
			if blocks := strings.Count(s, "\n\n") + 1; blocks != res.Solutions {
				t.Fatalf("%d blocks, Solutions %d:\n%s", blocks, res.Solutions, s)
			}
		}
	})
}
