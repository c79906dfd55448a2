package dimacs

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/klauspost/compress/zstd"
	"github.com/pipesat/pipesat/dimacs/internal/decompress"
	"github.com/pipesat/pipesat/textpos"
	"github.com/ulikunitz/xz"
)

// cnfCase is one Read table case: either out, the canonical text WriteTo
// gives for what was read, or wantErr, the full error text.
type cnfCase struct {
	name    string
	in      string
	opts    Options
	out     string
	wantErr string
}

var cnfMalformed = []cnfCase{
	// Header missing, misplaced or repeated.
	{name: "empty input", in: "", wantErr: `<stdin>:1:1: missing "p cnf VARS CLAUSES" header`},
	{name: "only comments", in: "c a\nc b\n", wantErr: `<stdin>:3:1: missing "p cnf VARS CLAUSES" header`},
	{name: "only blank lines", in: "\n \n\t\n", wantErr: `<stdin>:4:1: missing "p cnf VARS CLAUSES" header`},
	{name: "clause before header", in: "1 2 0\np cnf 2 1\n", wantErr: `<stdin>:1:1: "1" before the "p cnf" header`},
	{name: "empty clause before header", in: "c x\n  0\np cnf 2 1\n", wantErr: `<stdin>:2:3: "0" before the "p cnf" header`},
	{name: "trailer before header", in: "%\n0\n", wantErr: `<stdin>:1:1: missing "p cnf VARS CLAUSES" header`},
	{name: "two headers", in: "p cnf 2 1\np cnf 2 1\n1 0\n", wantErr: `<stdin>:2:1: second "p" line: the header is on line 1`},
	{name: "header after clauses", in: "c\np cnf 2 2\n1 0\n p cnf 2 1\n2 0\n", wantErr: `<stdin>:4:2: second "p" line: the header is on line 2`},

	// The "p" line itself.
	{name: "p alone", in: "p\n", wantErr: `<stdin>:1:1: header "p" is not "p cnf VARS CLAUSES"`},
	{name: "not cnf", in: "p dnf 3 1\n", wantErr: `<stdin>:1:1: header "p dnf 3 1" is not "p cnf VARS CLAUSES"`},
	{name: "CNF upper case", in: "p CNF 3 1\n", wantErr: `<stdin>:1:1: header "p CNF 3 1" is not "p cnf VARS CLAUSES"`},
	{name: "pcnf glued", in: "pcnf 3 1\n", wantErr: `<stdin>:1:1: header "pcnf 3 1" is not "p cnf VARS CLAUSES"`},
	{name: "missing counts", in: "p cnf\n", wantErr: `<stdin>:1:6: header "p cnf": missing variable count`},
	{name: "missing clause count", in: "p cnf 3 \r\n", wantErr: `<stdin>:1:8: header "p cnf 3": missing clause count`},
	{name: "extra field", in: "p cnf 3 1 7\n", wantErr: `<stdin>:1:11: header "p cnf 3 1 7": unexpected "7" after the clause count`},
	{name: "negative vars", in: "p cnf -3 1\n", wantErr: `<stdin>:1:7: negative variable count "-3"`},
	{name: "negative clauses", in: "p cnf 3 -1\n", wantErr: `<stdin>:1:9: negative clause count "-1"`},
	{name: "vars not a number", in: "p cnf x 1\n", wantErr: `<stdin>:1:7: variable count "x" is not a number`},
	{name: "clauses not a number", in: "p cnf 3 1x\n", wantErr: `<stdin>:1:9: clause count "1x" is not a number`},
	{name: "plus count", in: "p cnf +3 1\n", wantErr: `<stdin>:1:7: variable count "+3" is not a number`},
	{name: "minus alone count", in: "p cnf - 1\n", wantErr: `<stdin>:1:7: variable count "-" is not a number`},
	{name: "too many vars", in: "p cnf 268435457 1\n", wantErr: `<stdin>:1:7: variable count "268435457" exceeds the limit 268435456`},
	{name: "too many clauses", in: "p cnf 3 1073741825\n", wantErr: `<stdin>:1:9: clause count "1073741825" exceeds the limit 1073741824`},
	{name: "count overflows int", in: "p cnf 3 99999999999999999999999\n", wantErr: `<stdin>:1:9: clause count "99999999999999999999999" exceeds the limit 1073741824`},
	{name: "MaxVars option", in: "p cnf 11 0\n", opts: Options{MaxVars: 10}, wantErr: `<stdin>:1:7: variable count "11" exceeds the limit 10`},
	{name: "MaxClauses option", in: "p cnf 1 6\n", opts: Options{MaxClauses: 5}, wantErr: `<stdin>:1:9: clause count "6" exceeds the limit 5`},
	{name: "header too long", in: "p cnf 1 1" + strings.Repeat(" ", 2000) + "\n1 0\n", wantErr: `<stdin>:1:1: header longer than 1024 bytes`},

	// Literals.
	{name: "literal above V", in: "p cnf 3 1\n1 4 0\n", wantErr: `<stdin>:2:3: literal "4" exceeds the header's variable count 3`},
	{name: "negative literal above V", in: "p cnf 3 1\n1\t-4 0\n", wantErr: `<stdin>:2:3: literal "-4" exceeds the header's variable count 3`},
	{name: "literal with no variables", in: "p cnf 0 1\n1 0\n", wantErr: `<stdin>:2:1: literal "1" exceeds the header's variable count 0`},
	{name: "literal overflows int64", in: "p cnf 3 1\n123456789012345678901234567890 0\n", wantErr: `<stdin>:2:1: literal "123456789012345678901234567890" exceeds the header's variable count 3`},
	{name: "literal 2^32+1 wraps int32", in: "p cnf 3 1\n4294967297 0\n", wantErr: `<stdin>:2:1: literal "4294967297" exceeds the header's variable count 3`},
	{name: "minus zero", in: "p cnf 2 1\n1 -0 2 0\n", wantErr: `<stdin>:2:3: "-0" is not a literal`},
	{name: "minus zero zero", in: "p cnf 2 1\n-00\n", wantErr: `<stdin>:2:1: "-00" is not a literal`},
	{name: "lone minus", in: "p cnf 2 1\n1 - 2 0\n", wantErr: `<stdin>:2:3: "-" is not a literal`},
	{name: "lone minus at end", in: "p cnf 2 1\n1 -", wantErr: `<stdin>:2:3: "-" is not a literal`},
	{name: "double minus", in: "p cnf 2 1\n--1 0\n", wantErr: `<stdin>:2:1: "--1" is not a literal`},
	{name: "plus one", in: "p cnf 2 1\n+1 0\n", wantErr: `<stdin>:2:1: "+1" is not a literal`},
	{name: "plus one mid line", in: "p cnf 2 1\n2 +1 0\n", wantErr: `<stdin>:2:3: "+1" is not a literal`},
	{name: "letter after digits", in: "p cnf 2 1\n1 2x 0\n", wantErr: `<stdin>:2:3: "2x" is not a literal`},
	{name: "word", in: "p cnf 2 1\n1 two 0\n", wantErr: `<stdin>:2:3: "two" is not a literal`},
	{name: "decimal point", in: "p cnf 2 1\n1.0 0\n", wantErr: `<stdin>:2:1: "1.0" is not a literal`},
	{name: "range dash", in: "p cnf 2 1\n1-2 0\n", wantErr: `<stdin>:2:1: "1-2" is not a literal`},
	{name: "hex", in: "p cnf 2 1\n0x1 0\n", wantErr: `<stdin>:2:1: "0x1" is not a literal`},
	{name: "comma", in: "p cnf 2 1\n1, 2 0\n", wantErr: `<stdin>:2:1: "1," is not a literal`},
	{name: "long bad token shortened", in: "p cnf 2 1\n1" + strings.Repeat("x", 100) + " 0\n", wantErr: `<stdin>:2:1: "1` + strings.Repeat("x", 39) + `..." is not a literal`},
	{name: "c after literals", in: "p cnf 2 1\n1 2 0 c trailing\n", wantErr: `<stdin>:2:7: "c" is not a literal`},
	{name: "p after literals", in: "p cnf 2 2\n1 0 p cnf 2 2\n", wantErr: `<stdin>:2:5: "p" is not a literal`},
	{name: "percent mid line", in: "p cnf 2 1\n1 % 0\n", wantErr: `<stdin>:2:3: "%" is not a literal`},
	{name: "letter at line start", in: "p cnf 2 1\nx 1 0\n", wantErr: `<stdin>:2:1: "x" is not a literal`},
	{name: "non-ASCII", in: "p cnf 2 1\n1 ² 0\n", wantErr: `<stdin>:2:3: "²" is not a literal`},

	// Clause structure and counts.
	{name: "missing final 0 at EOF", in: "p cnf 2 1\n1 2", wantErr: `<stdin>:2:4: missing final 0 of the clause that starts on line 2`},
	{name: "missing final 0 before newline", in: "p cnf 2 1\n1\n2\n", wantErr: `<stdin>:4:1: missing final 0 of the clause that starts on line 2`},
	{name: "missing final 0 before trailer", in: "p cnf 2 1\n1 2\n%\n0\n", wantErr: `<stdin>:3:1: missing final 0 of the clause that starts on line 2`},
	{name: "fewer clauses", in: "p cnf 2 3\n1 0\n2 0\n", wantErr: `<stdin>:4:1: found 2 clauses, the header declares 3`},
	{name: "fewer clauses before trailer", in: "p cnf 2 3\n1 0\n%\n0\n", wantErr: `<stdin>:3:1: found 1 clauses, the header declares 3`},
	{name: "clause after trailer", in: "p cnf 2 1\n1 0\n%\n-1 0\n", wantErr: `<stdin>:4:1: "-1" after the SATLIB "%" trailer of line 3: only a "0" line and the end of the input may follow its "%" line`},
	{name: "clause after trailer relaxed", in: "p cnf 2 1\n1 0\n%\n-1 0\n", opts: Options{Relaxed: true}, wantErr: `<stdin>:4:1: "-1" after the SATLIB "%" trailer of line 3: only a "0" line and the end of the input may follow its "%" line`},
	{name: "clause after trailer's 0", in: "p cnf 2 1\n1 0\n%\n0\n-1 0\n", wantErr: `<stdin>:5:1: "-1" after the SATLIB "%" trailer of line 3: only a "0" line and the end of the input may follow its "%" line`},
	{name: "two zeros after trailer", in: "p cnf 2 1\n1 0\n%\n0 0\n", wantErr: `<stdin>:4:3: "0" after the SATLIB "%" trailer of line 3: only a "0" line and the end of the input may follow its "%" line`},
	{name: "00 after trailer", in: "p cnf 2 1\n1 0\n%\n00\n", wantErr: `<stdin>:4:1: "00" after the SATLIB "%" trailer of line 3: only a "0" line and the end of the input may follow its "%" line`},
	{name: "0 not right after trailer", in: "p cnf 2 1\n1 0\n%\n\n0\n", wantErr: `<stdin>:5:1: "0" after the SATLIB "%" trailer of line 3: only a "0" line and the end of the input may follow its "%" line`},
	{name: "comment after trailer", in: "p cnf 2 1\n1 0\n%\n0\nc end\n", wantErr: `<stdin>:5:1: "c" after the SATLIB "%" trailer of line 3: only a "0" line and the end of the input may follow its "%" line`},
	{name: "second trailer", in: "p cnf 2 1\n1 0\n%\n%\n0\n", wantErr: `<stdin>:4:1: "%" after the SATLIB "%" trailer of line 3: only a "0" line and the end of the input may follow its "%" line`},
	{name: "binary after trailer", in: "p cnf 1 1\n1 0\n%\n0\n\x00 garbage -0 p\n", wantErr: `<stdin>:5:1: binary data: unexpected byte "\x00"`},
	{name: "trailer before clauses relaxed", in: "p cnf 2 2\n%\n0\n1 0\n", opts: Options{Relaxed: true}, wantErr: `<stdin>:4:1: "1" after the SATLIB "%" trailer of line 2: only a "0" line and the end of the input may follow its "%" line`},
	{name: "missing final 0 before trailer relaxed", in: "p cnf 2 1\n1 2\n%\n0\n", opts: Options{Relaxed: true}, wantErr: `<stdin>:3:1: missing final 0 of the clause that starts on line 2`},
	{name: "more clauses", in: "p cnf 2 1\n1 0 -2\n0\n", wantErr: `<stdin>:2:5: more clauses than the header's 1`},
	{name: "extra empty clause", in: "p cnf 2 1\n1 0\n0\n", wantErr: `<stdin>:3:1: more clauses than the header's 1`},
	{name: "clauses in empty formula", in: "p cnf 0 0\n0\n", wantErr: `<stdin>:2:1: more clauses than the header's 0`},

	// Encodings and binary data.
	{name: "BOM", in: "\ufeffp cnf 1 1\n1 0\n", wantErr: `<stdin>:1:1: UTF-8 byte order mark (BOM) at start of input`},
	{name: "NUL after literal", in: "p cnf 1 1\n1 0\x00\n", wantErr: `<stdin>:2:4: binary data: unexpected byte "\x00"`},
	{name: "NUL at line start", in: "p cnf 1 1\n\x00\x00\x00", wantErr: `<stdin>:2:1: binary data: unexpected byte "\x00"`},
	{name: "NUL in comment", in: "c ab\x00c\np cnf 1 1\n1 0\n", wantErr: `<stdin>:1:5: binary data: unexpected byte "\x00"`},
	{name: "NUL in header", in: "p cnf 1\x001\n", wantErr: `<stdin>:1:8: binary data: unexpected byte "\x00"`},
	{name: "control byte", in: "p cnf 1 1\n1 \x01 0\n", wantErr: `<stdin>:2:3: binary data: unexpected byte "\x01"`},
	{name: "DEL", in: "p cnf 1 1\n1 0\x7f\n", wantErr: `<stdin>:2:4: binary data: unexpected byte "\x7f"`},
	{name: "lone CR", in: "p cnf 2 1\n1\r2 0\n", wantErr: `<stdin>:2:2: CR not followed by LF: line ends are LF or CRLF`},
	{name: "lone CR in comment", in: "c a\rb\np cnf 0 0\n", wantErr: `<stdin>:1:4: CR not followed by LF: line ends are LF or CRLF`},
	{name: "lone CR at EOF", in: "p cnf 1 1\n1 0\r", wantErr: `<stdin>:2:4: CR not followed by LF: line ends are LF or CRLF`},
	{name: "lone CR at EOF relaxed", in: "p cnf 1 1\n\r", opts: Options{Relaxed: true}, wantErr: `<stdin>:2:1: CR not followed by LF: line ends are LF or CRLF`},
	{name: "lone CR ends header relaxed", in: "p cnf 1 1  \t  \r", opts: Options{Relaxed: true}, wantErr: `<stdin>:1:15: CR not followed by LF: line ends are LF or CRLF`},
	{name: "lone CR ends comment at EOF", in: "p cnf 1 1\n1 0\nc x\r", wantErr: `<stdin>:3:4: CR not followed by LF: line ends are LF or CRLF`},
	{name: "lone CR ends clause line relaxed", in: "p cnf 2 2\n1 0\r2 0\r", opts: Options{Relaxed: true}, wantErr: `<stdin>:2:4: CR not followed by LF: line ends are LF or CRLF`},
	{name: "input ends in header", in: "p cnf 1 1", wantErr: `<stdin>:1:10: the input ends in the header line, which promises 1 clause: want a line end after it`},
	{name: "input ends in header relaxed", in: "p cnf 1 1", opts: Options{Relaxed: true}, wantErr: `<stdin>:1:10: the input ends in the header line, which promises 1 clause: want a line end after it`},
	{name: "input ends in header after blanks relaxed", in: "p cnf 1 1\t \t ", opts: Options{Relaxed: true}, wantErr: `<stdin>:1:14: the input ends in the header line, which promises 1 clause: want a line end after it`},
	{name: "cut clause relaxed", in: "p cnf 2 2\n1 0\n2", opts: Options{Relaxed: true}, wantErr: `<stdin>:3:2: missing final 0 of the clause that starts on line 3`},
	{name: "cut clause over lines relaxed", in: "p cnf 3 2\n1 0\n2\n-3\n", opts: Options{Relaxed: true}, wantErr: `<stdin>:5:1: missing final 0 of the clause that starts on line 3`},
	{name: "form feed", in: "p cnf 1 1\n\f1 0\n", wantErr: `<stdin>:2:1: binary data: unexpected byte "\f"`},
	{name: "position after CRLF lines", in: "c x\r\np cnf 1 1\r\n1 2 0\r\n", wantErr: `<stdin>:3:3: literal "2" exceeds the header's variable count 1`},
	{name: "gzip magic, bad header", in: "\x1f\x8b\x00\x00", wantErr: `<stdin>: gzip: unexpected EOF`},
}

var cnfValid = []cnfCase{
	{name: "simple", in: "p cnf 3 2\n1 -2 0\n2 3 0\n", out: "p cnf 3 2\n1 -2 0\n2 3 0\n"},
	{name: "empty formula", in: "p cnf 0 0\n", out: "p cnf 0 0\n"},
	{name: "empty formula CRLF", in: "p cnf 0 0\r\n", out: "p cnf 0 0\n"},
	{name: "empty formula ends in its header", in: "p cnf 0 0", out: "p cnf 0 0\n"},
	{name: "no clauses ends in header relaxed", in: "p cnf 3 0 \t", opts: Options{Relaxed: true}, out: "p cnf 3 0\n"},
	{name: "vars but no clauses", in: "p cnf 5 0\n", out: "p cnf 5 0\n"},
	{name: "empty clause", in: "p cnf 1 2\n1 0\n0\n", out: "p cnf 1 2\n1 0\n0\n"},
	{name: "spanning lines", in: "p cnf 3 2\n1\n-2\n\n3 0 2\n 3 0\n", out: "p cnf 3 2\n1 -2 3 0\n2 3 0\n"},
	{name: "several per line", in: "p cnf 3 3\n1 0 2 0 -3 0\n", out: "p cnf 3 3\n1 0\n2 0\n-3 0\n"},
	{name: "all on one line", in: "p cnf 3 2\n1 2 0 0", out: "p cnf 3 2\n1 2 0\n0\n"},
	{name: "no final newline", in: "p cnf 3 1\n1 2 3 0", out: "p cnf 3 1\n1 2 3 0\n"},
	{name: "CRLF", in: "c hi\r\np cnf 3 2\r\n1 -2 0\r\n2 3 0\r\n", out: "c hi\np cnf 3 2\n1 -2 0\n2 3 0\n"},
	{name: "CRLF at EOF", in: "p cnf 1 1\n1 0\r\n", out: "p cnf 1 1\n1 0\n"},
	{name: "relaxed header only", in: "p cnf 1 1\n", opts: Options{Relaxed: true}, out: "p cnf 1 0\n"},
	{name: "relaxed cut after a clause's 0", in: "p cnf 2 2\n1 0", opts: Options{Relaxed: true}, out: "p cnf 2 1\n1 0\n"},
	{name: "tabs and spaces", in: "\tp\tcnf  3\t2 \n\t1 \t-2\t0\n  2 3 0   \n", out: "p cnf 3 2\n1 -2 0\n2 3 0\n"},
	{name: "leading zeros", in: "p cnf 03 2\n01 -002 0\n00\n", out: "p cnf 3 2\n1 -2 0\n0\n"},
	{name: "comments everywhere", in: "c first\np cnf 3 2\nc between\n1 -2\nc inside a clause\n0\n  c indented\n2 3 0\nc last", out: "c first\nc between\nc inside a clause\nc indented\nc last\np cnf 3 2\n1 -2 0\n2 3 0\n"},
	{name: "bare c", in: "c\np cnf 0 0\nc\n", out: "c\nc\np cnf 0 0\n"},
	{name: "comment spacing kept", in: "c  two spaces\nc\ttab\ncglued\np cnf 0 0\n", out: "c  two spaces\nc \ttab\nc glued\np cnf 0 0\n"},
	{name: "comment with UTF-8", in: "c café ²\np cnf 0 0\n", out: "c café ²\np cnf 0 0\n"},
	{name: "SATLIB trailer", in: "c SATLIB\np cnf 3 2\n 1 -2 0\n2 3 0\n%\n0\n\n", out: "c SATLIB\np cnf 3 2\n1 -2 0\n2 3 0\n"},
	{name: "trailer with text", in: "p cnf 1 1\n1 0\n% end\n", out: "p cnf 1 1\n1 0\n"},
	{name: "trailer without 0", in: "p cnf 1 1\n1 0\n%", out: "p cnf 1 1\n1 0\n"},
	{name: "trailer with blanks and CRLF", in: "p cnf 1 1\r\n1 0\r\n% \r\n 0 \t\r\n\r\n  \n", out: "p cnf 1 1\n1 0\n"},
	{name: "relaxed fewer before trailer", in: "p cnf 2 3\n1 0\n%\n0\n", opts: Options{Relaxed: true}, out: "p cnf 2 1\n1 0\n"},
	{name: "relaxed more", in: "p cnf 2 1\n1 0\n2 0\n", opts: Options{Relaxed: true}, out: "p cnf 2 2\n1 0\n2 0\n"},
	{name: "relaxed fewer", in: "p cnf 2 5\n1 0\n", opts: Options{Relaxed: true}, out: "p cnf 2 1\n1 0\n"},
	{name: "relaxed none", in: "p cnf 2 5\n", opts: Options{Relaxed: true}, out: "p cnf 2 0\n"},
	{name: "MaxVars exactly", in: "p cnf 10 1\n-10 0\n", opts: Options{MaxVars: 10}, out: "p cnf 10 1\n-10 0\n"},
	{name: "largest default var", in: "p cnf 268435456 1\n-268435456 0\n", out: "p cnf 268435456 1\n-268435456 0\n"},
	{name: "varname comments kept", in: "c pipesat test 1\nc varname 1 x\np cnf 1 1\n1 0\n", out: "c pipesat test 1\nc varname 1 x\np cnf 1 1\n1 0\n"},
}

func cnfWrite(t testing.TB, f *Formula) string {
	t.Helper()
	var b bytes.Buffer
	n, err := f.WriteTo(&b)
	if err != nil {
		t.Fatal(err)
	}
	if n != int64(b.Len()) {
		t.Fatalf("WriteTo returned %d, wrote %d bytes", n, b.Len())
	}
	return b.String()
}

// cnfReaders are the ways a test hands the same bytes to Read: whole, one
// byte per Read call (every token crosses a refill), and data with EOF.
var cnfReaders = []struct {
	name string
	wrap func(io.Reader) io.Reader
}{
	{"whole", func(r io.Reader) io.Reader { return r }},
	{"onebyte", iotest.OneByteReader},
	{"dataerr", iotest.DataErrReader},
}

func TestReadMalformed(t *testing.T) {
	if len(cnfMalformed) < 40 {
		t.Errorf("only %d malformed cases", len(cnfMalformed))
	}
	for _, tc := range cnfMalformed {
		for _, rd := range cnfReaders {
			t.Run(tc.name+"/"+rd.name, func(t *testing.T) {
				f, err := Read(rd.wrap(strings.NewReader(tc.in)), "<stdin>", tc.opts)
				if err == nil {
					t.Fatalf("Read(%q) succeeded:\n%s", tc.in, cnfWrite(t, f))
				}
				if err.Error() != tc.wantErr {
					t.Errorf("Read(%q):\n got %s\nwant %s", tc.in, err, tc.wantErr)
				}
				if f != nil {
					t.Errorf("Read returned a formula with an error")
				}
			})
		}
	}
}

func TestReadParseErrorType(t *testing.T) {
	_, err := Read(strings.NewReader("p cnf 2 1\n1 -0 2 0\n"), "x.cnf", Options{})
	var pe *textpos.Error
	if !errors.As(err, &pe) {
		t.Fatalf("error %v is %T, not *textpos.Error", err, err)
	}
	want := textpos.Error{Name: "x.cnf", Pos: Pos{Line: 2, Col: 3}, Msg: `"-0" is not a literal`, Source: "1 -0 2 0"}
	if *pe != want {
		t.Errorf("got %+v, want %+v", *pe, want)
	}
}

// TestReadValid reads each valid case with Options.AllComments, so that
// what WriteTo writes back shows every comment line (TestReadComments
// checks which ones Read keeps by default).
func TestReadValid(t *testing.T) {
	for _, tc := range cnfValid {
		for _, rd := range cnfReaders {
			t.Run(tc.name+"/"+rd.name, func(t *testing.T) {
				opts := tc.opts
				opts.AllComments = true
				f, err := Read(rd.wrap(strings.NewReader(tc.in)), "<stdin>", opts)
				if err != nil {
					t.Fatalf("Read(%q): %v", tc.in, err)
				}
				if got := cnfWrite(t, f); got != tc.out {
					t.Errorf("Read(%q) wrote\n%q\nwant\n%q", tc.in, got, tc.out)
				}
			})
		}
	}
}

// TestReadLines checks the line each clause is remembered to start on.
func TestReadLines(t *testing.T) {
	in := "c x\np cnf 3 4\n1\n2 0 3\nc y\n0 -1 0\n\n0\n"
	f, err := Read(strings.NewReader(in), "x.cnf", Options{})
	if err != nil {
		t.Fatal(err)
	}
	var got []int
	for i := range f.NumClauses() {
		got = append(got, f.Line(i))
	}
	if want := []int{3, 4, 6, 8}; !cnfEqualInts(got, want) {
		t.Errorf("lines %v, want %v", got, want)
	}
	if f.Vars != 3 || f.NumLits() != 4 {
		t.Errorf("Vars %d NumLits %d, want 3 and 4", f.Vars, f.NumLits())
	}
}

// TestReadLinesRuns checks Line where the run-length table starts new
// runs: consecutive lines, a comment between clauses, a clause over two
// lines, clauses built after those read (line 0) and read after those.
func TestReadLinesRuns(t *testing.T) {
	in := "p cnf 9 9\n1 0\n2 0\n3 0\nc group\n4 0\n5\n6 0\n7 0\n\n8 0\n"
	f, err := Read(strings.NewReader(in), "x.cnf", Options{Relaxed: true})
	if err != nil {
		t.Fatal(err)
	}
	f.AddClause(1, 2)
	f.AddClause(3)
	f.addRead([]int32{9}, 20)
	f.addRead([]int32{8}, 21)
	f.addRead([]int32{7}, 23)
	f.AddClause(4)
	var got []int
	for i := range f.NumClauses() {
		got = append(got, f.Line(i))
	}
	if want := []int{2, 3, 4, 6, 7, 9, 11, 0, 0, 20, 21, 23, 0}; !cnfEqualInts(got, want) {
		t.Errorf("lines %v, want %v", got, want)
	}
	if len(f.lines) != 8 {
		t.Errorf("%d runs for %d clauses: %v", len(f.lines), f.NumClauses(), f.lines)
	}
}

func cnfEqualInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// cnfHandler records what Parse reports, one string per call.
type cnfHandler struct {
	calls []string
	fail  string // return an error from the call whose record is fail
}

var errCnfHandler = errors.New("handler says no")

func (h *cnfHandler) record(s string) error {
	h.calls = append(h.calls, s)
	if s == h.fail {
		return errCnfHandler
	}
	return nil
}
func (h *cnfHandler) Header(v, c int) error  { return h.record("header " + itoa(v) + " " + itoa(c)) }
func (h *cnfHandler) Comment(s string) error { return h.record("comment " + strconv.Quote(s)) }
func (h *cnfHandler) Clause(lits []int32, line int) error {
	s := "clause@" + itoa(line)
	for _, l := range lits {
		s += " " + itoa(int(l))
	}
	return h.record(s)
}

func TestParseHandler(t *testing.T) {
	in := "c a\np cnf 2 2\nc b\n1 -2\n0 0\n"
	var h cnfHandler
	if err := Parse(strings.NewReader(in), "x", Options{}, &h); err != nil {
		t.Fatal(err)
	}
	want := `comment "a"|header 2 2|comment "b"|clause@4 1 -2|clause@5`
	if got := strings.Join(h.calls, "|"); got != want {
		t.Errorf("calls\n%s\nwant\n%s", got, want)
	}
	for _, fail := range []string{`comment "a"`, "header 2 2", "clause@4 1 -2", "clause@5"} {
		h := cnfHandler{fail: fail}
		if err := Parse(strings.NewReader(in), "x", Options{}, &h); err != errCnfHandler {
			t.Errorf("handler failing at %s: Parse returned %v", fail, err)
		}
		if last := h.calls[len(h.calls)-1]; last != fail {
			t.Errorf("handler failing at %s: Parse went on to %s", fail, last)
		}
	}
}

func TestReadReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	r := io.MultiReader(strings.NewReader("p cnf 1 1\n"), iotest.ErrReader(boom))
	_, err := Read(r, "f.cnf", Options{})
	if !errors.Is(err, boom) || err.Error() != "f.cnf: disk on fire" {
		t.Errorf("got %v, want f.cnf: disk on fire", err)
	}
}

// TestReadLongLine reads a single clause of about 1 MB on one line, and a
// 1 MB comment: no line length limit of bufio.Scanner's kind.
func TestReadLongLine(t *testing.T) {
	const n = 150000
	var b strings.Builder
	b.WriteString("c " + strings.Repeat("long comment ", 80000) + "\n")
	b.WriteString("p cnf " + itoa(n) + " 1\n")
	for v := 1; v <= n; v++ {
		if v%2 == 0 {
			b.WriteString("-")
		}
		b.WriteString(itoa(v))
		b.WriteString(" ")
	}
	b.WriteString("0\n")
	if b.Len() < 2_000_000 {
		t.Fatalf("input only %d bytes", b.Len())
	}
	f, err := Read(strings.NewReader(b.String()), "long.cnf", Options{AllComments: true})
	if err != nil {
		t.Fatal(err)
	}
	if f.NumClauses() != 1 || f.NumLits() != n {
		t.Fatalf("%d clauses, %d literals; want 1 and %d", f.NumClauses(), f.NumLits(), n)
	}
	c := f.Clause(0)
	if c[0] != 1 || c[1] != -2 || c[n-1] != -n {
		t.Errorf("clause starts %v ... ends %d", c[:2], c[n-1])
	}
	if len(f.Comments) != 1 || len(f.Comments[0]) != 13*80000 {
		t.Errorf("comment not read whole")
	}

}

// TestReadLongComment: a comment line that Read does not keep may have any
// length (kissat, cadical and minisat read it too), one it keeps is
// bounded, and so is every line a Handler of the caller's is given.
func TestReadLongComment(t *testing.T) {
	long := strings.Repeat("x", 1<<20+1)
	for _, tc := range []struct {
		name, in string
		opts     Options
		want     string
	}{
		{"not kept", "c " + long + "\np cnf 1 1\n1 0\n", Options{}, ""},
		{"not kept, CRLF", "c " + long + "\r\np cnf 1 1\r\n1 0\r\n", Options{}, ""},
		{"not kept, no blank", "c" + long + "\np cnf 1 1\n1 0\n", Options{}, ""},
		{"not kept, after the clauses", "p cnf 1 1\n1 0\nc " + long, Options{}, ""},
		{"not kept, binary at its end", "c " + long + "\x01\np cnf 1 1\n1 0\n", Options{}, `big.cnf:1:1048580: binary data: unexpected byte "\x01"`},
		{"varname", "c varname 1 " + long + "\np cnf 1 1\n1 0\n", Options{}, "big.cnf:1:1: header comment (c pipesat, c varname) longer than 1048576 bytes"},
		{"pipesat", "c\nc pipesat " + long + "\np cnf 1 1\n1 0\n", Options{}, "big.cnf:2:1: header comment (c pipesat, c varname) longer than 1048576 bytes"},
		{"all comments", "c " + long + "\np cnf 1 1\n1 0\n", Options{AllComments: true}, "big.cnf:1:1: comment longer than 1048576 bytes"},
		{"SATLIB trailer", "p cnf 1 1\n1 0\n%" + long + "\n0\n", Options{}, ""},
	} {
		f, err := Read(strings.NewReader(tc.in), "big.cnf", tc.opts)
		if got := fmt.Sprint(err); tc.want != "" && got != tc.want || tc.want == "" && err != nil {
			t.Errorf("%s: got error %v, want %q", tc.name, err, tc.want)
			continue
		}
		if err == nil && (f.NumClauses() != 1 || len(f.Comments) != 0) {
			t.Errorf("%s: %d clauses, %d comments; want 1 and none", tc.name, f.NumClauses(), len(f.Comments))
		}
	}
	err := Parse(strings.NewReader("c "+long+"\np cnf 0 0\n"), "big.cnf", Options{}, &cnfNullHandler{})
	if want := "big.cnf:1:1: comment longer than 1048576 bytes"; fmt.Sprint(err) != want {
		t.Errorf("a Handler of the caller's: got %v, want %s", err, want)
	}
}

// TestReadHugeComment reads a comment line of 32 MiB from a reader that
// makes it up as it goes: memory follows the clauses, not the comments.
func TestReadHugeComment(t *testing.T) {
	const size = 32 << 20
	r := io.MultiReader(strings.NewReader("c "), &repeatReader{b: 'x', n: size}, strings.NewReader("\np cnf 2 1\n1 -2 0\n"))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f, err := Read(r, "huge.cnf", Options{})
	runtime.ReadMemStats(&after)
	if err != nil || f.NumClauses() != 1 {
		t.Fatalf("got %v", err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
		t.Errorf("reading a %d MiB comment allocated %d bytes; want under 4 MiB", size>>20, got)
	}
}

// repeatReader reads n bytes b.
type repeatReader struct {
	b byte
	n int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	p = p[:min(len(p), r.n)]
	for i := range p {
		p[i] = r.b
	}
	r.n -= len(p)
	return len(p), nil
}

// TestReadChunks reads a few MB of random clauses, so that tokens, lines
// and CRLF pairs fall across Parse's buffer refills, and compares with a
// naive reader.
func TestReadChunks(t *testing.T) {
	in := string(cnfRandom3SAT(3 << 20))
	for _, tc := range []struct{ name, in string }{
		{"LF", in},
		{"CRLF", strings.ReplaceAll(in, "\n", "\r\n")},
		{"one line", strings.ReplaceAll(strings.Replace(in, "\n", "!", 3), "\n", " ")},
	} {
		in := strings.ReplaceAll(tc.in, "!", "\n")
		f, err := Read(strings.NewReader(in), "chunks.cnf", Options{})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		want, ok := cnfNaive(in)
		if !ok {
			t.Fatalf("%s: naive reader failed", tc.name)
		}
		cnfSame(t, f, want)
	}
}

// cnfNaive reads the clauses of well-formed DIMACS the simplest possible
// way, as an oracle for Read. After a SATLIB "%" line it accepts only a
// "0" line and blank lines: nothing that could be a clause is dropped.
func cnfNaive(in string) ([][]int32, bool) {
	var out [][]int32
	var cur []int32
	open := false
	trailer := 0 // lines since the "%" line, 0 before it
	for line := range strings.Lines(in) {
		line = strings.TrimRight(line, "\r\n")
		trimmed := strings.TrimLeft(line, " \t")
		if trailer > 0 {
			trailer++
			if f := strings.Fields(line); len(f) > 0 && (trailer != 2 || len(f) != 1 || f[0] != "0") {
				return nil, false
			}
			continue
		}
		if strings.HasPrefix(trimmed, "c") || strings.HasPrefix(trimmed, "p") {
			continue
		}
		if strings.HasPrefix(trimmed, "%") {
			trailer = 1
			continue
		}
		for _, tok := range strings.Fields(line) {
			l, err := strconv.Atoi(tok)
			if err != nil {
				return nil, false
			}
			if l == 0 {
				out = append(out, append([]int32{}, cur...))
				cur, open = cur[:0], false
			} else {
				cur, open = append(cur, int32(l)), true
			}
		}
	}
	return out, !open
}

func cnfSame(t testing.TB, f *Formula, want [][]int32) {
	t.Helper()
	if f.NumClauses() != len(want) {
		t.Fatalf("%d clauses, want %d", f.NumClauses(), len(want))
	}
	for i, w := range want {
		c := f.Clause(i)
		if len(c) != len(w) {
			t.Fatalf("clause %d is %v, want %v", i, c, w)
		}
		for j := range c {
			if c[j] != w[j] {
				t.Fatalf("clause %d is %v, want %v", i, c, w)
			}
		}
	}
}

const cnfSmall = "c compressed with bzip2 (testdata for TestReadCompressed)\np cnf 3 2\n1 -2 0\n2 3 0\n"

// cnfCompressed returns cnfSmall compressed with each of the formats
// Decompress knows, in the order gzip, bzip2, xz, zstd.
func cnfCompressed(t testing.TB) [][]byte {
	var gz, xzb, zst bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(cnfSmall))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	xw, err := xz.NewWriter(&xzb)
	if err != nil {
		t.Fatal(err)
	}
	xw.Write([]byte(cnfSmall))
	if err := xw.Close(); err != nil {
		t.Fatal(err)
	}
	sw, err := zstd.NewWriter(&zst)
	if err != nil {
		t.Fatal(err)
	}
	sw.Write([]byte(cnfSmall))
	if err := sw.Close(); err != nil {
		t.Fatal(err)
	}
	// There is no bzip2 writer in Go's standard library. Made with:
	// bzip2 -c small.cnf > testdata/cnf/small.cnf.bz2
	bz, err := os.ReadFile("testdata/cnf/small.cnf.bz2")
	if err != nil {
		t.Fatal(err)
	}
	return [][]byte{gz.Bytes(), bz, xzb.Bytes(), zst.Bytes()}
}

func TestReadCompressed(t *testing.T) {
	z := cnfCompressed(t)
	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"plain", []byte(cnfSmall)},
		{"gzip", z[0]},
		{"bzip2", z[1]},
		{"xz", z[2]},
		{"zstd", z[3]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.name != "plain" && bytes.Equal(tc.data, []byte(cnfSmall)) {
				t.Fatal("not compressed")
			}
			f, err := Read(bytes.NewReader(tc.data), tc.name, Options{AllComments: true})
			if err != nil {
				t.Fatal(err)
			}
			if got := cnfWrite(t, f); got != cnfSmall {
				t.Errorf("got\n%s", got)
			}
			r, err := Decompress(bytes.NewReader(tc.data))
			if err != nil {
				t.Fatal(err)
			}
			b, err := io.ReadAll(r)
			if err != nil || string(b) != cnfSmall {
				t.Errorf("Decompress: %q, %v", b, err)
			}

			// Corruption in the middle and truncation give an error that
			// names the input, never a panic.
			if tc.name == "plain" {
				return
			}
			bad := bytes.Clone(tc.data)
			for i := len(bad) / 2; i < len(bad)/2+4; i++ {
				bad[i] ^= 0x55
			}
			for _, in := range [][]byte{bad, tc.data[:len(tc.data)-5]} {
				_, err := Read(bytes.NewReader(in), "bad."+tc.name, Options{})
				if err == nil || !strings.HasPrefix(err.Error(), "bad."+tc.name+": "+tc.name) {
					t.Errorf("corrupt input: got error %v", err)
				}
			}
		})
	}
}

func TestDecompressShortInput(t *testing.T) {
	for _, in := range []string{"", "p", "BZ", "\x1f"} {
		r, err := Decompress(strings.NewReader(in))
		if err != nil {
			t.Fatalf("%q: %v", in, err)
		}
		b, _ := io.ReadAll(r)
		if string(b) != in {
			t.Errorf("%q came back as %q", in, b)
		}
	}
}

// TestReadGrowth reads 1.1 million clauses of growing length under headers
// that promise too few, too many and the right number of clauses,
// exercising how Read grows its Formula.
func TestReadGrowth(t *testing.T) {
	var body strings.Builder
	n := 0
	for i := 0; i < 1<<20+100000; i++ { // past the first million, where Read's growth changes
		for j := range 1 + i/400000 {
			body.WriteString(itoa(1 + (i+j)%1000))
			body.WriteString(" ")
		}
		body.WriteString("0\n")
		n++
	}
	want, ok := cnfNaive(body.String())
	if !ok {
		t.Fatal("naive reader failed")
	}
	for _, c := range []int{10, n, 50 * n, DefaultMaxClauses} {
		in := "p cnf 1000 " + itoa(c) + "\n" + body.String()
		f, err := Read(strings.NewReader(in), "grow.cnf", Options{Relaxed: true})
		if err != nil {
			t.Fatal(err)
		}
		cnfSame(t, f, want)
	}
}

// TestReadLyingHeader checks that a header claiming a billion clauses
// costs a bounded allocation, not one sized by the claim.
func TestReadLyingHeader(t *testing.T) {
	in := "p cnf 268435456 1073741824\n1 -268435456 0\n"
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f, err := Read(strings.NewReader(in), "lie.cnf", Options{Relaxed: true})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	if f.NumClauses() != 1 {
		t.Errorf("%d clauses", f.NumClauses())
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
		t.Errorf("Read allocated %d bytes for a 50-byte input", got)
	}
}

func TestReadFirstReadError(t *testing.T) {
	boom := errors.New("disk on fire")
	for _, r := range []io.Reader{
		iotest.ErrReader(boom),
		io.MultiReader(strings.NewReader("p"), iotest.ErrReader(boom)),
	} {
		_, err := Read(r, "f.cnf", Options{})
		if !errors.Is(err, boom) || err.Error() != "f.cnf: disk on fire" {
			t.Errorf("got %v, want f.cnf: disk on fire", err)
		}
	}
}

// TestReadXZDict checks that an xz stream asking for a huge dictionary is
// refused before the xz reader allocates it, and that usual ones are read.
func TestReadXZDict(t *testing.T) {
	for _, dict := range []int{1 << 20, 8 << 20} {
		var b bytes.Buffer
		w, err := xz.WriterConfig{DictCap: dict}.NewWriter(&b)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(cnfSmall))
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if d, ok := decompress.XZDict(b.Bytes()[12:]); !ok || d != int64(dict) {
			t.Errorf("dictionary %d read as %d, %v", dict, d, ok)
		}
		if _, err = Read(&b, "small.xz", Options{}); err != nil {
			t.Errorf("dictionary %d: %v", dict, err)
		}
	}

	// Made with: xz --lzma2=dict=1536MiB -c small.cnf > big-dict.cnf.xz
	big, err := os.ReadFile("testdata/cnf/big-dict.cnf.xz")
	if err != nil {
		t.Fatal(err)
	}
	if d, ok := decompress.XZDict(big[12:]); !ok || d != 1536<<20 {
		t.Errorf("xz's 1536 MiB dictionary read as %d, %v", d, ok)
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err = Read(bytes.NewReader(big), "big-dict.cnf.xz", Options{})
	runtime.ReadMemStats(&after)
	want := "big-dict.cnf.xz: xz: dictionary of 1610612736 bytes exceeds the limit 268435456"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 8<<20 {
		t.Errorf("allocated %d bytes before refusing", n)
	}
}

func ExampleRead() {
	in := "c tiny\np cnf 3 2\n1 -2 0\n2\n3 0\n"
	f, err := Read(strings.NewReader(in), "tiny.cnf", Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	for i := range f.NumClauses() {
		fmt.Println("line", f.Line(i), "clause", f.Clause(i))
	}
	m := NewModel(3)
	m.Set(-1)
	m.Set(-2)
	m.Set(3)
	fmt.Println(f.Check(m))
	m.Set(2)
	fmt.Println(f.Check(m))

	_, err = Read(strings.NewReader("p cnf 3 1\n1 -0 0\n"), "bad.cnf", Options{})
	fmt.Println(err)
	// Output:
	// line 3 clause [1 -2]
	// line 4 clause [2 3]
	// <nil>
	// model check: clause 1 (line 3) falsified: 1 -2 0
	// bad.cnf:2:3: "-0" is not a literal
}

// TestReadLeadingZerosAtEdge places literals with many leading zeros (and
// tokens that are not literals) at every offset around the end of Parse's
// first buffer, after a comment and after clauses: where the buffer ends
// must not change the verdict or the message.
func TestReadLeadingZerosAtEdge(t *testing.T) {
	// A small buffer has the same edges, for a fraction of the work.
	defer func(n int) { cnfChunk = n }(cnfChunk)
	cnfChunk = 4 << 10
	padding := strings.Repeat(" ", cnfChunk)
	padClauses := strings.Repeat("1 0\n", cnfChunk/4)
	zeros := strings.Repeat("0", 100)
	long := strings.Repeat("0", cnfChunk+1000) // longer than the buffer
	shown := `"` + strings.Repeat("0", cnfMaxShown) + `..."`
	for _, tc := range []struct {
		name, lit string
		want      int32  // the clause's literal, if it parses
		wantErr   string // the message after "LINE:COL: "
	}{
		{name: "zeros", lit: zeros + "1", want: 1},
		{name: "negative", lit: "-" + zeros + "2", want: -2},
		{name: "longer than the buffer", lit: long + "2", want: 2},
		{name: "too large", lit: zeros + "3", wantErr: "literal " + shown + " exceeds the header's variable count 2"},
		{name: "too many digits", lit: zeros + "00000000012345678901", wantErr: "literal " + shown + " exceeds the header's variable count 2"},
		{name: "not a number", lit: zeros + "1x", wantErr: shown + " is not a literal"},
		{name: "minus zero", lit: "-" + zeros, wantErr: `"-` + strings.Repeat("0", cnfMaxShown-1) + `..." is not a literal`},
		{name: "long, not a number", lit: long + "1x", wantErr: shown + " is not a literal"},
		{name: "control byte", lit: zeros + "1\x01", wantErr: `binary data: unexpected byte "\x01"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			const head = "p cnf 2 0000000099\n" // room to write the count
			var in []byte
			br := bufio.NewReaderSize(nil, cnfChunk) // reused: Parse reads through it
			for off := cnfChunk - 180; off <= cnfChunk+5; off++ {
				for _, pad := range []string{"comment", "clauses"} {
					in = append(in[:0], head...)
					line, clauses := 2, 0
					if pad == "comment" {
						in = append(in, "c "...)
						in = append(in, padding[:off-len(head)-3]...)
						in = append(in, '\n')
						line++
					} else {
						clauses = (off - len(head)) / 4
						in = append(in, padClauses[:4*clauses]...)
						line += clauses
					}
					col := off - len(in) + 1
					in = append(in, padding[:col-1]...)
					in = append(in, tc.lit...)
					in = append(in, " 0\n"...)
					copy(in[len("p cnf 2 "):], fmt.Sprintf("%010d", clauses+1))
					var last cnfLast
					br.Reset(bytes.NewReader(in))
					err := Parse(br, "z.cnf", Options{}, &last)
					if tc.wantErr != "" {
						errCol := col
						if strings.HasPrefix(tc.wantErr, "binary") {
							errCol += len(tc.lit) - 1
						}
						want := fmt.Sprintf("z.cnf:%d:%d: %s", line, errCol, tc.wantErr)
						if err == nil || err.Error() != want {
							t.Fatalf("at %d after %s: got %v, want %s", off, pad, err, want)
						}
						continue
					}
					if err != nil {
						t.Fatalf("at %d after %s: %v", off, pad, err)
					}
					if len(last.lits) != 1 || last.lits[0] != tc.want || last.line != line {
						t.Fatalf("at %d after %s: last clause %v on line %d, want [%d] on line %d", off, pad, last.lits, last.line, tc.want, line)
					}
				}
			}
		})
	}
}

// TestReadLeadingZerosIssue is the case of the report, at the real
// buffer size: a literal with 100 leading zeros at byte offsets 261,044
// (which was read) and 262,044 (which was rejected).
func TestReadLeadingZerosIssue(t *testing.T) {
	for _, off := range []int{261044, 262044} {
		head := "p cnf 1 1\n"
		in := head + "c " + strings.Repeat("x", off-len(head)-3) + "\n" + strings.Repeat("0", 100) + "1 0\n"
		f, err := Read(strings.NewReader(in), "z.cnf", Options{})
		if err != nil {
			t.Fatalf("at %d: %v", off, err)
		}
		if c := f.Clause(0); len(c) != 1 || c[0] != 1 {
			t.Fatalf("at %d: clause %v, want [1]", off, c)
		}
	}
}

// cnfLast is a Handler that keeps the last clause.
type cnfLast struct {
	lits []int32
	line int
}

func (*cnfLast) Header(int, int) error { return nil }
func (*cnfLast) Comment(string) error  { return nil }
func (c *cnfLast) Clause(lits []int32, line int) error {
	c.lits, c.line = append(c.lits[:0], lits...), line
	return nil
}

// cnfEndless is an input that never ends: head, then body over and over.
type cnfEndless struct {
	head, body []byte
	off        int // bytes of head+body given out of the current round
}

func (r *cnfEndless) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		if len(r.head) > 0 {
			k := copy(p[n:], r.head)
			r.head = r.head[k:]
			n += k
			continue
		}
		k := copy(p[n:], r.body[r.off:])
		r.off = (r.off + k) % len(r.body)
		n += k
	}
	return n, nil
}

// cnfCounter counts clauses; at the endAt-th it calls end, if set.
type cnfCounter struct {
	clauses, endAt int
	end            func()
}

func (*cnfCounter) Header(int, int) error { return nil }
func (*cnfCounter) Comment(string) error  { return nil }
func (c *cnfCounter) Clause(lits []int32, _ int) error {
	if c.clauses++; c.clauses == c.endAt && c.end != nil {
		c.end()
	}
	return nil
}

// cnfEndingCtx is a context that a test ends when it chooses, as if its
// deadline had passed.
type cnfEndingCtx struct {
	context.Context
	done chan struct{}
}

func (c *cnfEndingCtx) end()                  { close(c.done) }
func (c *cnfEndingCtx) Done() <-chan struct{} { return c.done }
func (c *cnfEndingCtx) Err() error {
	select {
	case <-c.done:
		return context.DeadlineExceeded
	default:
		return nil
	}
}

// TestParseContext checks that parsing an endless input stops soon after
// Options.Context ends, with the context's error. The context ends on an
// event, the 1000th clause parsed, not after a time a loaded machine may
// spend before the first one; "soon" is counted in clauses parsed after
// it, at most what one buffer of input holds, not in time.
func TestParseContext(t *testing.T) {
	in := &cnfEndless{head: []byte("p cnf 3 1073741824\n"), body: []byte("1 -2 3 0\nc comment\n-3 2 0\n")}
	ctx := &cnfEndingCtx{Context: context.Background(), done: make(chan struct{})}
	c := cnfCounter{endAt: 1000, end: ctx.end}
	err := Parse(in, "endless.cnf", Options{Context: ctx}, &c)
	if !errors.Is(err, context.DeadlineExceeded) || err.Error() != "endless.cnf: context deadline exceeded" {
		t.Fatalf("got %v, want endless.cnf: context deadline exceeded", err)
	}
	// 1 MiB of this input is 60,000 clauses.
	if after := c.clauses - 1000; after > 60000 {
		t.Errorf("%d clauses parsed after the context ended, want at most a buffer's", after)
	}

	// Already cancelled: nothing is read.
	cctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Read(strings.NewReader("p cnf 1 1\n1 0\n"), "<stdin>", Options{Context: cctx})
	if !errors.Is(err, context.Canceled) || err.Error() != "<stdin>: context canceled" {
		t.Errorf("got %v, want <stdin>: context canceled", err)
	}
	_, _, err = ReadTee(strings.NewReader("p cnf 1 1\n1 0\n"), "<stdin>", Options{Context: cctx}, io.Discard)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("ReadTee: got %v, want <stdin>: context canceled", err)
	}
}

// TestReadContextZstdBomb feeds Read an endless zstd stream of line ends (a
// frame of 16 MiB of them, repeated: 16 MiB from 1 KiB or so) and checks
// that the context cuts it.
func TestReadContextZstdBomb(t *testing.T) {
	var z bytes.Buffer
	zw, err := zstd.NewWriter(&z, zstd.WithEncoderLevel(zstd.SpeedBestCompression))
	if err != nil {
		t.Fatal(err)
	}
	zw.Write(bytes.Repeat([]byte("\n"), 16<<20))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	var head bytes.Buffer
	zw.Reset(&head)
	zw.Write([]byte("p cnf 1 0\n"))
	zw.Close()
	in := &cnfEndless{head: head.Bytes(), body: z.Bytes()}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = Read(in, "bomb.cnf.zst", Options{Context: ctx})
	if el := time.Since(start); el > 1500*time.Millisecond {
		t.Errorf("returned after %v, want about 100ms", el)
	}
	if !errors.Is(err, context.DeadlineExceeded) || err.Error() != "bomb.cnf.zst: context deadline exceeded" {
		t.Fatalf("got %v, want bomb.cnf.zst: context deadline exceeded", err)
	}
}

// TestParseContextStuckInput checks that Options.Context also ends a
// Parse waiting for input that does not come (a pipe whose writer is
// stuck), before and after the header.
func TestParseContextStuckInput(t *testing.T) {
	for _, head := range []string{"", "p cnf 1 1\n"} {
		pr, pw := io.Pipe()
		go func() {
			pw.Write([]byte(head))
			// and nothing more until the test ends
		}()
		ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
		start := time.Now()
		_, err := Read(pr, "stuck.cnf", Options{Context: ctx})
		el := time.Since(start)
		cancel()
		pw.Close()
		if el > 1500*time.Millisecond {
			t.Errorf("%q: returned after %v, want about 100ms", head, el)
		}
		if !errors.Is(err, context.DeadlineExceeded) || err.Error() != "stuck.cnf: context deadline exceeded" {
			t.Errorf("%q: got %v, want stuck.cnf: context deadline exceeded", head, err)
		}
	}
}

// TestReadComments: Read keeps the header lines satrun forwards, or every
// comment line with AllComments, within MaxComments, and counts the lines
// it drops past it; ReadTee keeps the same.
func TestReadComments(t *testing.T) {
	const in = "c hello\nc pipesat a 1\nc varname 1 x\nc pipesatx\ncvarname 1 z\np cnf 1 1\nc varname 1 y\n1 0\nc bye\n"
	for _, tc := range []struct {
		name    string
		opts    Options
		want    []string
		dropped int
	}{
		{"default", Options{}, []string{"pipesat a 1", "varname 1 x", "varname 1 z", "varname 1 y"}, 0},
		{"all", Options{AllComments: true}, []string{"hello", "pipesat a 1", "varname 1 x", "pipesatx", "varname 1 z", "varname 1 y", "bye"}, 0},
		// "pipesat a 1" and "varname 1 x" cost 11+16 and 11+16 bytes.
		{"bound", Options{MaxComments: 54}, []string{"pipesat a 1", "varname 1 x"}, 2},
		{"bound one short", Options{MaxComments: 53}, []string{"pipesat a 1"}, 3},
		{"all bound", Options{AllComments: true, MaxComments: 16 + 5 + 16 + 11}, []string{"hello", "pipesat a 1"}, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Read(strings.NewReader(in), "c.cnf", tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(f.Comments, "|") != strings.Join(tc.want, "|") || f.DroppedComments() != tc.dropped {
				t.Errorf("Read kept %q, dropped %d; want %q, %d", f.Comments, f.DroppedComments(), tc.want, tc.dropped)
			}
			g, _, err := ReadTee(strings.NewReader(in), "c.cnf", tc.opts, io.Discard)
			if err != nil {
				t.Fatal(err)
			}
			if strings.Join(g.Comments, "|") != strings.Join(tc.want, "|") || g.DroppedComments() != tc.dropped {
				t.Errorf("ReadTee kept %q, dropped %d; want %q, %d", g.Comments, g.DroppedComments(), tc.want, tc.dropped)
			}
		})
	}
}

// cnfCommentBomb reads as n lines line, 4096 at a time from one buffer: a
// large input that never sits in memory.
type cnfCommentBomb struct {
	n     int
	chunk []byte // 4096 lines
	buf   []byte // what is left of the chunk being read
}

func newCommentBomb(line string, n int) *cnfCommentBomb {
	return &cnfCommentBomb{n: n / 4096, chunk: []byte(strings.Repeat(line, 4096))}
}

func (b *cnfCommentBomb) Read(p []byte) (int, error) {
	if len(b.buf) == 0 {
		if b.n == 0 {
			return 0, io.EOF
		}
		b.buf = b.chunk
		b.n--
	}
	n := copy(p, b.buf)
	b.buf = b.buf[n:]
	return n, nil
}

// TestReadCommentBomb: 100 MB of comment lines cost Read next to nothing,
// and 100 MB of header lines no more than MaxComments, whose overflow is
// counted. (Memory follows the clauses, never the comments.)
func TestReadCommentBomb(t *testing.T) {
	const lines = 1 << 20 // of 100 bytes: 100 MiB
	for _, tc := range []struct {
		name    string
		line    string
		opts    Options
		maxHeap uint64
		dropped int
	}{
		{"comments", "c " + strings.Repeat("x", 97) + "\n", Options{}, 4 << 20, 0},
		{"varnames", "c varname 1 " + strings.Repeat("y", 87) + "\n", Options{MaxComments: 1 << 20}, 4 << 20, lines - (1<<20)/(97+16)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bomb := newCommentBomb(tc.line, lines)
			in := io.MultiReader(strings.NewReader("p cnf 1 1\n"), bomb, strings.NewReader("1 0\n"))
			runtime.GC()
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			f, err := Read(in, "bomb.cnf", tc.opts)
			runtime.ReadMemStats(&after)
			if err != nil {
				t.Fatal(err)
			}
			if f.NumClauses() != 1 || f.DroppedComments() != tc.dropped {
				t.Errorf("%d clauses, %d comments dropped; want 1, %d", f.NumClauses(), f.DroppedComments(), tc.dropped)
			}
			if got := after.TotalAlloc - before.TotalAlloc; got > tc.maxHeap {
				t.Errorf("Read allocated %d bytes", got)
			}
		})
	}
}
