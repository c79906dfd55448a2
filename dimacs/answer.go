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
	emit := func(l int) {
		var num [24]byte
		tok := strconv.AppendInt(num[:0], int64(l), 10)
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
	for v := 1; v < len(m) && err == nil; v++ {
		switch {
		case m[v] > 0:
			emit(v)
		case m[v] < 0:
			emit(-v)
		}
	}
	emit(0)
	buf = append(buf, '\n')
	if err != nil {
		return err
	}
	_, err = w.Write(buf)
	return err
}

// WriteMinisatAnswer writes st as minisat writes its result file: "SAT"
// and, on one line, the assigned literals of m ended by " 0"; or "UNSAT";
// or "INDET". Unassigned variables are left out.
func WriteMinisatAnswer(w io.Writer, st Status, m Model) error {
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
			if m[v] == 0 {
				continue
			}
			l := int64(v)
			if m[v] < 0 {
				l = -l
			}
			buf = strconv.AppendInt(buf, l, 10)
			buf = append(buf, ' ')
			if len(buf) >= 64<<10 {
				if _, err := w.Write(buf); err != nil {
					return err
				}
				buf = buf[:0]
			}
		}
		buf = append(buf, "0\n"...)
	}
	_, err := w.Write(buf)
	return err
}

func answerCheck(st Status) error {
	switch st {
	case Sat, Unsat, Unknown:
		return nil
	}
	return fmt.Errorf("dimacs: cannot write status %d", int(st))
}
