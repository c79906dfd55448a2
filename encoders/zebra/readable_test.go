package zebra

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/pipesat/pipesat/encoders/cnfstyle"
	"github.com/pipesat/pipesat/internal/enctest"
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
	st := cnfstyle.Style{Names: cnfstyle.All, Comments: true,
		Provenance: cnfstyle.Provenance{Tool: "zebra2cnf", Version: "v0.0.0", Args: []string{"two.txt"}}}
	src, err := os.ReadFile("../../testdata/zebra/einstein.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, in := range []string{string(src), twoAttrs} {
		p, err := ParseString(in, "in")
		if err != nil {
			t.Fatal(err)
		}
		text, _ := encode(t, p, st)
		b := bytes.NewBuffer(text)
		if err := enctest.CheckText(b.String(), true); err != nil {
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
		// Names All without comments names every variable and has no groups.
		old, f := encode(t, p, cnfstyle.Style{Names: cnfstyle.All})
		if strings.Contains(string(old), "c clue") || strings.Count(string(old), "c varname") != f.Vars {
			t.Errorf("Names All without comments:\n%s", old)
		}
		prim, _ := encode(t, p, cnfstyle.Style{})
		if got := strings.Count(string(prim), "c varname"); got != p.Primary() {
			t.Errorf("--names primary: %d names, want %d", got, p.Primary())
		}
	}
}
