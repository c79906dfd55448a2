package dimacs

import (
	"fmt"
	"io"
	"strconv"
)

// AnswerWidth is the most columns a "v" line of WriteAnswer takes,
// including "v ", as the SAT competition asks.
const AnswerWidth = 78

// WriteAnswer writes st in the SAT competition's format: "s SATISFIABLE",
// "s UNSATISFIABLE" or "s UNKNOWN", and for Sat the assigned literals of m
// in variable order on "v" lines of at most AnswerWidth columns, ended by
// " 0". Unassigned variables are left out. It writes in chunks of at most
// 64 KiB and does not flush w.
func WriteAnswer(w io.Writer, st Status, m Model) error {
	return writeAnswer(w, st, m, 0)
}

// WriteCompleteAnswer is WriteAnswer with every variable of 1..vars that m
// leaves unassigned written false, without copying m: satrun's rule for a
// model that leaves variables out (minisat drops trailing unused ones).
func WriteCompleteAnswer(w io.Writer, st Status, m Model, vars int) error {
	return writeAnswer(w, st, m, vars)
}

func writeAnswer(w io.Writer, st Status, m Model, vars int) error {
	if err := answerCheck(st); err != nil {
		return err
	}
	buf := make([]byte, 0, 4096)
	buf = append(buf, "s "...)
	buf = append(buf, st.String()...)
	buf = append(buf, '\n')
	if st != Sat {
		_, err := w.Write(buf)
		return err
	}
	line := len(buf) // where the current v line starts
	buf = append(buf, 'v')
	var err error
	put := func(tok []byte) {
		if len(buf)-line+1+len(tok) > AnswerWidth {
			buf = append(buf, '\n')
			if len(buf) >= 64<<10 && err == nil {
				_, err = w.Write(buf)
				buf = buf[:0]
			}
			line = len(buf)
			buf = append(buf, 'v')
		}
		buf = append(buf, ' ')
		buf = append(buf, tok...)
	}
	emit := func(l int) {
		var num [24]byte
		put(appendLit(num[:0], l))
	}
	for v := 1; v < len(m) && err == nil; v++ {
		switch x := completed(m, v, vars); {
		case x > 0:
			emit(v)
		case x < 0:
			emit(-v)
		}
	}
	// The variables above m, all false: a header may promise 2^28 of them.
	if from := max(len(m), 1); from <= vars && err == nil {
		var col int
		col, err = writeFalseTail(w, buf, len(buf)-line, from, vars, false)
		buf, line = buf[:0], -col
	}
	emit(0)
	buf = append(buf, '\n')
	if err != nil {
		return err
	}
	_, err = w.Write(buf)
	return err
}

// writeFalseTail writes pending, the answer so far whose last line has col
// columns, then every v of from..vars false: " -v" on "v" lines of at most
// AnswerWidth columns, or for minisat "-v " on the one line. It returns
// the columns of the last line. It counts in decimal a decade at a time:
// the decade's token is one 24-byte store per variable, then its last
// digit, so that 268 million variables (3 GB of answer) take half a
// second.
func writeFalseTail(w io.Writer, pending []byte, col, from, vars int, minisat bool) (int, error) {
	if _, err := w.Write(pending); err != nil {
		return col, err
	}
	chunk := make([]byte, 64<<10)
	// The decade's first variable, and room for a 24-byte store: digits
	// in tok[p:e], then n-e bytes of suffix.
	var tok [24]byte
	p := 2
	if minisat {
		p = 1
	}
	copy(tok[:], " -"[2-p:])
	e := len(strconv.AppendInt(tok[:p], int64(from-from%10), 10))
	n := e
	if minisat {
		tok[e], n = ' ', e+1
	}
	k := 0
	for v := from; v <= vars; {
		last := min(v-v%10+9, vars)
		for d := byte('0' + v%10); v <= last; v, d = v+1, d+1 {
			if !minisat && col+n > AnswerWidth {
				chunk[k], chunk[k+1] = '\n', 'v'
				k, col = k+2, 1
			}
			*(*[24]byte)(chunk[k : k+24]) = tok
			chunk[k+e-1] = d
			k, col = k+n, col+n
		}
		// The next decade: carry into the digits before the last.
		i := e - 2
		for tok[i] == '9' {
			tok[i] = '0'
			i--
		}
		if tok[i] == '-' { // 990 -> 1000: one digit more
			tok[i+1], tok[e], tok[e+1] = '1', '0', ' '
			e, n = e+1, n+1
		} else {
			tok[i]++
		}
		if k > len(chunk)-10*32 || v > vars {
			if _, err := w.Write(chunk[:k]); err != nil {
				return col, err
			}
			k = 0
		}
	}
	return col, nil
}

// WriteMinisatAnswer writes st as minisat writes its result file: "SAT"
// and, on one line, the assigned literals of m ended by " 0"; or "UNSAT";
// or "INDET". Unassigned variables are left out.
func WriteMinisatAnswer(w io.Writer, st Status, m Model) error {
	return writeMinisatAnswer(w, st, m, 0)
}

// WriteCompleteMinisatAnswer is WriteMinisatAnswer with every variable of
// 1..vars that m leaves unassigned written false, as WriteCompleteAnswer.
func WriteCompleteMinisatAnswer(w io.Writer, st Status, m Model, vars int) error {
	return writeMinisatAnswer(w, st, m, vars)
}

func writeMinisatAnswer(w io.Writer, st Status, m Model, vars int) error {
	if err := answerCheck(st); err != nil {
		return err
	}
	var buf []byte
	switch st {
	case Unsat:
		buf = []byte("UNSAT\n")
	case Unknown:
		buf = []byte("INDET\n")
	case Sat:
		buf = make([]byte, 0, 4096)
		buf = append(buf, "SAT\n"...)
		for v := 1; v < len(m); v++ {
			x := completed(m, v, vars)
			if x == 0 {
				continue
			}
			l := v
			if x < 0 {
				l = -l
			}
			buf = appendLit(buf, l)
			buf = append(buf, ' ')
			if len(buf) >= 64<<10 {
				if _, err := w.Write(buf); err != nil {
					return err
				}
				buf = buf[:0]
			}
		}
		if from := max(len(m), 1); from <= vars {
			if _, err := writeFalseTail(w, buf, 0, from, vars, true); err != nil {
				return err
			}
			buf = buf[:0]
		}
		buf = append(buf, "0\n"...)
	}
	_, err := w.Write(buf)
	return err
}

// completed returns m's value of v, false (-1) if v is unassigned in m
// and at most vars.
func completed(m Model, v, vars int) int8 {
	if v < len(m) && m[v] != 0 {
		return m[v]
	}
	if v <= vars {
		return -1
	}
	return 0
}

func answerCheck(st Status) error {
	switch st {
	case Sat, Unsat, Unknown:
		return nil
	}
	return fmt.Errorf("dimacs: cannot write status %d", int(st))
}
