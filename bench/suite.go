package bench

import (
	"bufio"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/pipesat/pipesat/textpos"
)

// ReadSuite reads a suite file: one instance per line, blank lines and
// lines starting with "#" ignored. A line is a path, relative to the suite
// file's folder, optionally followed by " | " and an encoder command; the
// path "-" means the encoder reads no file:
//
//	random/k3-v150-r4.26-s1.cnf
//	../cnf/small-unsat.cnf.gz
//	../nonogram/gchq.non | nono2cnf --encoding runs {}
//	- | queens2cnf --n 50
//	./-
//
// Only the bare "-" is that marker, and alone it is an error (it needs an
// encoder); any other spelling is a path, so "./-" is the file named "-"
// in the suite's folder. Such a path never comes back as "-": a suite in
// the current folder gives "./-".
//
// name is used only in messages; dir is the folder paths are relative to.
// A malformed line is a *textpos.Error ("name:line:col: message").
func ReadSuite(r io.Reader, name, dir string) ([]Instance, error) {
	var out []Instance
	br := bufio.NewReader(r)
	for line := 1; ; line++ {
		s, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return nil, err
		}
		if t := strings.TrimSpace(s); t != "" && !strings.HasPrefix(t, "#") {
			if strings.HasPrefix(t, "|") {
				return nil, suiteErr(name, line, strings.IndexByte(s, '|')+1, s, `no instance path before "|"`)
			}
			path, enc, _ := strings.Cut(t, " | ")
			path, enc = strings.TrimSpace(path), strings.TrimSpace(enc)
			if strings.HasSuffix(t, "|") {
				return nil, suiteErr(name, line, len(strings.TrimRight(s, " \t\r\n")), s, `no encoder command after "|"`)
			}
			if path == "-" && enc == "" {
				return nil, suiteErr(name, line, strings.IndexByte(s, '-')+1, s, `"-" (no input file) needs an encoder command: "- | CMD"; write "./-" for a file named "-"`)
			}
			if path != "-" {
				if !filepath.IsAbs(path) {
					path = filepath.Join(dir, path)
				}
				if path == "-" {
					// Join cleaned "./-" (dir "." or "") into the marker for
					// no file: keep it a path.
					path = "./-"
				}
			}
			out = append(out, NewInstance(path, enc))
		}
		if err == io.EOF {
			return out, nil
		}
	}
}

// suiteErr returns the *textpos.Error msg at line and col of the suite
// file called name, quoting the line s.
func suiteErr(name string, line, col int, s, msg string) error {
	return &textpos.Error{Name: name, Pos: textpos.Pos{Line: line, Col: col}, Msg: msg, Source: textpos.LineAt(s)}
}

// ReadSuiteFile reads the suite file at path.
func ReadSuiteFile(path string) ([]Instance, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadSuite(f, path, filepath.Dir(path))
}
