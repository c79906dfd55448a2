package zebra

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/encoders/header"
)

const twoAttrs = `colour: red blue
pet: dog cat
next-to red cat
next-to red cat
not same blue cat
`

// TestReadable checks --names all and group comments on Einstein's puzzle
// and on a 2-attribute puzzle that repeats a clue (its auxiliaries still
// get unique names); the small one's text is pinned in
// testdata/two.readable.golden.
func TestReadable(t *testing.T) {
	st := header.Style{Names: header.All, Comments: true,
		Header: header.Header{Tool: "zebra2cnf", Version: "v0.0.0", Args: []string{"two.txt"}}}
	src, err := os.ReadFile("../../testdata/zebra/einstein.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{string(src), twoAttrs} {
		p, err := ParseString(in, "in")
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		NewFormula(p, st).WriteTo(&b)
		if err := header.CheckText(b.String(), true); err != nil {
			t.Errorf("%.20q: %v", in, err)
		}
		if in != twoAttrs {
			continue
		}
		golden := "testdata/two.readable.golden"
		if *update {
			os.MkdirAll("testdata", 0o755)
			os.WriteFile(golden, b.Bytes(), 0o644)
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(b.Bytes(), want) {
			t.Errorf("CNF differs from %s (go test -update to rewrite):\n%s", golden, b.Bytes())
		}
		// Encode, today's default, names every variable and has no groups.
		var old, prim bytes.Buffer
		f := NewFormula(p, header.Style{Names: header.All})
		f.WriteTo(&old)
		if strings.Contains(old.String(), "c clue") || strings.Count(old.String(), "c varname") != f.Vars {
			t.Errorf("Names All without comments:\n%s", old.String())
		}
		NewFormula(p, header.Style{}).WriteTo(&prim)
		if got := strings.Count(prim.String(), "c varname"); got != p.Primary() {
			t.Errorf("--names primary: %d names, want %d", got, p.Primary())
		}
	}
}
