package suite

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/pipesat/pipesat/textpos"
)

// Read reads a suite file: one instance per line, blank lines and
// lines starting with "#" ignored. A line is a path, relative to the suite
// file's folder, optionally followed by " | " and an encoder command; the
// path "-" means the encoder reads no file:
//
//	#tags: random
//	random/k3-v150-r4.26-s1.cnf
//	#tags: crafted, unsat
//	../cnf/small-unsat.cnf.gz
//	#tags:
//	../nonogram/gchq.non | nono2cnf --encoding runs {}
//	- | queens2cnf --n 50
//	./-
//
// Only the bare "-" is that marker, and alone it is an error (it needs an
// encoder); any other spelling is a path, so "./-" is the file named "-"
// in the suite's folder. Such a path never comes back as "-": a suite in
// the current folder gives "./-".
//
// A line "#tags: TAG..." (tags separated by spaces or commas) tags the
// instances below it, up to the next such line; "#tags:" alone ends the
// tagging. To any other reader it is a comment, so older suites and older
// versions of this reader read the same instances. A report's families are
// the tags (see Tags).
//
// name is used only in messages; dir is the folder paths are relative to.
// A malformed line is a *textpos.Error ("name:line:col: message").
func Read(r io.Reader, name, dir string) ([]Instance, error) {
	es, err := readSuite(r, name, dir)
	var out []Instance
	for _, e := range es {
		out = append(out, e.Instance)
	}
	return out, err
}

// Tags returns the tags of the instances of the suite file at path,
// by instance name (Instance.Name, as in rows), the tags in the order the
// "#tags:" line gives them. Untagged instances are not in the map.
func Tags(path string) (map[string][]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	es, err := readSuite(f, path, filepath.Dir(path))
	if err != nil {
		return nil, err
	}
	m := map[string][]string{}
	for _, e := range es {
		if len(e.tags) > 0 {
			m[e.Name] = e.tags
		}
	}
	return m, nil
}

// suiteEntry is an instance line of a suite file.
type suiteEntry struct {
	Instance
	tags    []string
	name    string // the suite file's, for messages
	line    int
	written string // the path as the line has it
}

// stat checks that the entry's file exists, and names the suite's line
// and the path as written there when it does not: "s.txt:1: ./-: no
// such file".
func (e *suiteEntry) stat() error {
	if e.Path == "-" {
		return nil // no file: the encoder makes the CNF
	}
	_, err := os.Stat(e.Path)
	if err == nil {
		return nil
	}
	msg := "no such file"
	var pe *fs.PathError
	if !errors.Is(err, fs.ErrNotExist) && errors.As(err, &pe) {
		msg = pe.Err.Error()
	}
	return &textpos.Error{Name: e.name, Pos: textpos.Pos{Line: e.line}, Msg: e.written + ": " + msg}
}

// tagsPrefix starts a suite line that tags the instances below it.
const tagsPrefix = "#tags:"

// readSuite is Read, returning each instance's tags and line too.
func readSuite(r io.Reader, name, dir string) ([]suiteEntry, error) {
	var out []suiteEntry
	var cur []string
	br := bufio.NewReader(r)
	for line := 1; ; line++ {
		s, err := br.ReadString('\n')
		if err != nil && err != io.EOF {
			return nil, err
		}
		if t, ok := strings.CutPrefix(strings.TrimSpace(s), tagsPrefix); ok {
			cur = parseTags(t)
		}
		if t := strings.TrimSpace(s); t != "" && !strings.HasPrefix(t, "#") {
			if strings.HasPrefix(t, "|") {
				return nil, suiteErr(name, line, strings.IndexByte(s, '|')+1, s, `no instance path before "|"`)
			}
			path, enc, _ := strings.Cut(t, " | ")
			path, enc = strings.TrimSpace(path), strings.TrimSpace(enc)
			written := path
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
			out = append(out, suiteEntry{Instance: NewInstance(path, enc), tags: cur, name: name, line: line, written: written})
		}
		if err == io.EOF {
			return out, nil
		}
	}
}

// parseTags splits a "#tags:" line's text at spaces and commas, dropping
// repeats.
func parseTags(s string) []string {
	var out []string
	seen := map[string]bool{}
	for _, t := range strings.FieldsFunc(s, func(r rune) bool { return r == ',' || unicode.IsSpace(r) }) {
		if !seen[t] {
			seen[t] = true
			out = append(out, t)
		}
	}
	return out
}

// suiteErr returns the *textpos.Error msg at line and col of the suite
// file called name, quoting the line s.
func suiteErr(name string, line, col int, s, msg string) error {
	return &textpos.Error{Name: name, Pos: textpos.Pos{Line: line, Col: col}, Msg: msg, Source: textpos.LineAt(s)}
}

// ReadFile reads the suite file at path.
func ReadFile(path string) ([]Instance, error) {
	es, err := readSuiteFile(path)
	var out []Instance
	for _, e := range es {
		out = append(out, e.Instance)
	}
	return out, err
}

func readSuiteFile(path string) ([]suiteEntry, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readSuite(f, path, filepath.Dir(path))
}

// Instance is a benchmark instance: a CNF file, or a puzzle file and the
// encoder command that turns it into CNF.
type Instance struct {
	// Name identifies the instance in rows: the path, followed by
	// " | " and the encoder command when there is one (see SplitName).
	Name string
	Path string
	// Encode is a shell command printing CNF on its stdout; "{}" in it
	// stands for Path, and without "{}" the file is its stdin. The Path
	// "-" means no file: the command makes the CNF from its arguments.
	Encode string
	// GBD is the GBD hash of the CNF file (see package gbd), recorded in
	// every row; empty for encoded instances, whose rows get the hash of
	// the CNF the encoder wrote for the run instead.
	GBD string
}

// NewInstance returns the instance for path, encoded with encode if it is
// not empty.
func NewInstance(path, encode string) Instance {
	name := path
	if encode != "" {
		name += " | " + encode
	}
	return Instance{Name: name, Path: path, Encode: encode}
}

// SplitName returns the path and the encoder command of an instance
// name (Instance.Name); encode is empty for a plain CNF file.
func SplitName(name string) (path, encode string) {
	path, encode, _ = strings.Cut(name, " | ")
	return path, encode
}

// ErrNoInstances is Instances' error when it has no instance to give.
var ErrNoInstances = errors.New("no instances")

// ErrStdin is Instances' error for the instance "-" without an encoder:
// a benchmark reads no CNF from standard input.
var ErrStdin = errors.New(`instance "-" needs an encoder: no CNF is read from standard input`)

// TwiceError is Instances' error for an instance listed twice.
type TwiceError struct{ Name string }

func (e *TwiceError) Error() string { return fmt.Sprintf("instance %q listed twice", e.Name) }

// Instances reads the suite files and adds the instance paths, a folder
// standing for the CNF files under it (see CNFFiles). A suite
// line without an encoder command of its own, and each path, is there
// once per encoder command when there are encoders. Every instance must
// exist, once: a suite line that names no file is a *textpos.Error at its
// line; an instance listed twice is a *TwiceError, none at all
// ErrNoInstances, and "-" without an encoder ErrStdin.
func Instances(suites, encoders, paths []string) ([]Instance, error) {
	var out []Instance
	for _, s := range suites {
		es, err := readSuiteFile(s)
		if err != nil {
			return nil, err
		}
		for _, e := range es {
			if err := e.stat(); err != nil {
				return nil, err
			}
			if e.Encode != "" || len(encoders) == 0 {
				out = append(out, e.Instance)
				continue
			}
			for _, enc := range encoders {
				out = append(out, NewInstance(e.Path, enc))
			}
		}
	}
	paths, err := expand(paths)
	if err != nil {
		return nil, err
	}
	for _, p := range paths {
		if len(encoders) == 0 {
			out = append(out, NewInstance(p, ""))
		}
		for _, e := range encoders {
			out = append(out, NewInstance(p, e))
		}
	}
	if len(out) == 0 {
		return nil, ErrNoInstances
	}
	return out, check(out)
}

// cnfSuffixes end the names of the files CNFFiles finds.
var cnfSuffixes = []string{".cnf", ".cnf.gz", ".cnf.xz", ".cnf.bz2", ".cnf.zst", ".cnf.lzma"}

// EmptyDirError is Instances' error for a folder with no CNF file under it.
type EmptyDirError struct{ Dir string }

func (e *EmptyDirError) Error() string {
	return fmt.Sprintf("%s: no CNF files under it (%s)", e.Dir, "*"+strings.Join(cnfSuffixes, ", *"))
}

// CNFFiles returns the CNF files under the folder dir, as BenchExec's
// include patterns find them: every file whose name ends in .cnf or a
// compressed form of it (.cnf.gz, .cnf.xz, .cnf.bz2, .cnf.zst, .cnf.lzma),
// in every subfolder, sorted by path; files and folders whose names
// start with "." are skipped, and so are symbolic links to folders.
func CNFFiles(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		hidden := p != dir && strings.HasPrefix(d.Name(), ".")
		switch {
		case d.IsDir() && hidden:
			return filepath.SkipDir
		case d.IsDir() || hidden:
			return nil
		}
		for _, suf := range cnfSuffixes {
			if strings.HasSuffix(d.Name(), suf) {
				if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
					out = append(out, p)
				}
				break
			}
		}
		return nil
	})
	if err == nil && len(out) == 0 {
		err = &EmptyDirError{dir}
	}
	return out, err
}

// expand replaces each folder in paths by the CNF files under it.
func expand(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil || !fi.IsDir() {
			out = append(out, p) // check says what is wrong
			continue
		}
		files, err := CNFFiles(p)
		if err != nil {
			return nil, err
		}
		out = append(out, files...)
	}
	return out, nil
}

// check checks that each instance is listed once and exists.
func check(instances []Instance) error {
	seen := map[string]bool{}
	for _, in := range instances {
		if seen[in.Name] {
			return &TwiceError{in.Name}
		}
		seen[in.Name] = true
		if in.Path == "-" {
			if in.Encode == "" {
				return ErrStdin
			}
			continue
		}
		if _, err := os.Stat(in.Path); err != nil {
			return err
		}
	}
	return nil
}
