package suite

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestSuiteDashPaths: issue 9.10. Only a bare "-" is the marker for "no
// input file"; "./-" is the file named "-" in the suite's folder, and
// never turns back into the marker however the folder is spelled.
func TestSuiteDashPaths(t *testing.T) {
	tests := []struct {
		dir, in string
		want    Instance
		wantErr string
	}{
		{dir: "s", in: "./-\n", want: Instance{Name: "s/-", Path: "s/-"}},
		{dir: ".", in: "./-\n", want: Instance{Name: "./-", Path: "./-"}},
		{dir: "", in: "./-\n", want: Instance{Name: "./-", Path: "./-"}},
		{dir: ".", in: "x/../-\n", want: Instance{Name: "./-", Path: "./-"}},
		{dir: "/abs", in: "./-\n", want: Instance{Name: "/abs/-", Path: "/abs/-"}},
		{dir: ".", in: "./- | nono2cnf {}\n", want: Instance{Name: "./- | nono2cnf {}", Path: "./-", Encode: "nono2cnf {}"}},
		{dir: ".", in: "- | queens2cnf --n 8\n", want: Instance{Name: "- | queens2cnf --n 8", Path: "-", Encode: "queens2cnf --n 8"}},
		{dir: ".", in: "a.cnf\n  -  \n", wantErr: `suite.txt:2:3: "-" (no input file) needs an encoder command: "- | CMD"; write "./-" for a file named "-"`},
	}
	for _, tt := range tests {
		got, err := Read(strings.NewReader(tt.in), "suite.txt", tt.dir)
		if tt.wantErr != "" {
			if err == nil || err.Error() != tt.wantErr {
				t.Errorf("dir %q, %q: error %v, want %q", tt.dir, tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || len(got) != 1 || got[0] != tt.want {
			t.Errorf("dir %q, %q: got %+v, %v; want %+v", tt.dir, tt.in, got, err, tt.want)
		}
	}
}

// TestSuiteDashFile: a real file named "-" listed as "./-" in a suite is
// an instance that exists, from the suite's folder and from elsewhere,
// not a usage error about standard input.
func TestSuiteDashFile(t *testing.T) {
	dir := t.TempDir()
	for name, text := range map[string]string{
		"-":         "p cnf 1 1\n1 0\n",
		"suite.txt": "./-\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, suite := range []string{filepath.Join(dir, "suite.txt"), "suite.txt"} {
		if suite == "suite.txt" {
			t.Chdir(dir)
		}
		is, err := Instances([]string{suite}, nil, nil)
		if err != nil {
			t.Fatalf("%s: %v", suite, err)
		}
		want := filepath.Join(dir, "-")
		if suite == "suite.txt" {
			want = "./-"
		}
		if len(is) != 1 || is[0].Path != want || is[0].Encode != "" {
			t.Fatalf("%s: got %+v, want the file %s", suite, is, want)
		}
	}
}

// TestSuiteEncoders: issue 20.10. A suite line without an encoder command
// of its own gets each --encode command, as an instance argument does; a
// line with its own keeps it. Before, the suite's .non files went to the
// solvers as CNF.
func TestSuiteEncoders(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, f := range []string{"a.non", "b.non", "c.cnf"} {
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.WriteFile("s.txt", []byte("a.non\nb.non | own {}\n- | queens2cnf --n 4\n"), 0o644)
	is, err := Instances([]string{"s.txt"}, []string{"nono2cnf {}", "cat {}"}, []string{"c.cnf"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, in := range is {
		got = append(got, in.Name)
	}
	want := []string{"a.non | nono2cnf {}", "a.non | cat {}", "b.non | own {}", "- | queens2cnf --n 4", "c.cnf | nono2cnf {}", "c.cnf | cat {}"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("instances:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if is, err = Instances([]string{"s.txt"}, nil, []string{"c.cnf"}); err != nil || len(is) != 4 || is[0].Name != "a.non" || is[0].Encode != "" {
		t.Errorf("without --encode: %+v, %v", is, err)
	}
}

// TestSuiteMissingFile: issue 20.11. A suite entry that names no file is an
// error at the suite's line, with the path as the line writes it (before:
// "stat DIR/-: no such file or directory").
func TestSuiteMissingFile(t *testing.T) {
	t.Chdir(t.TempDir())
	os.Mkdir("sub", 0o755)
	os.WriteFile("sub/a.cnf", nil, 0o644)
	os.WriteFile("s.txt", []byte("./-\n"), 0o644)
	os.WriteFile("sub/s.txt", []byte("# two\na.cnf\n  ../b.cnf | nono2cnf {}\n"), 0o644)
	for _, tt := range []struct{ suite, want string }{
		{"s.txt", "s.txt:1: ./-: no such file"},
		{"sub/s.txt", "sub/s.txt:3: ../b.cnf: no such file"},
	} {
		if _, err := Instances([]string{tt.suite}, nil, nil); err == nil || err.Error() != tt.want {
			t.Errorf("%s: %v, want %s", tt.suite, err, tt.want)
		}
	}
}

func TestReadSuite(t *testing.T) {
	tests := []struct {
		name, in string
		want     []Instance
		wantErr  string
	}{
		{name: "plain", in: "# c\n\na.cnf\n /abs/b.cnf.xz \n", want: []Instance{
			{Name: "s/a.cnf", Path: "s/a.cnf"}, {Name: "/abs/b.cnf.xz", Path: "/abs/b.cnf.xz"}}},
		{name: "encoded", in: "p.non | nono2cnf --encoding runs {} | cat\n- | queens2cnf --n 8", want: []Instance{
			{Name: "s/p.non | nono2cnf --encoding runs {} | cat", Path: "s/p.non", Encode: "nono2cnf --encoding runs {} | cat"},
			{Name: "- | queens2cnf --n 8", Path: "-", Encode: "queens2cnf --n 8"}}},
		{name: "no path", in: "a.cnf\n | x\n", wantErr: `suite.txt:2:2: no instance path before "|"`},
		{name: "no command", in: "p.non |  \n", wantErr: `suite.txt:1:7: no encoder command after "|"`},
		{name: "dash alone", in: "-\n", wantErr: `suite.txt:1:1: "-" (no input file) needs an encoder command: "- | CMD"; write "./-" for a file named "-"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Read(strings.NewReader(tt.in), "suite.txt", "s")
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("error %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %+v, want %+v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("%d: got %+v, want %+v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

// TestSuites checks that every file the suites name exists.
func TestSuites(t *testing.T) {
	for _, s := range []string{"small.txt", "medium.txt"} {
		is, err := ReadFile(filepath.Join("..", "..", "testdata", "bench", s))
		if err != nil {
			t.Fatal(err)
		}
		if len(is) < 10 {
			t.Errorf("%s: %d instances", s, len(is))
		}
		for _, in := range is {
			if in.Path == "-" {
				continue
			}
			if _, err := os.Stat(in.Path); err != nil {
				t.Errorf("%s: %v", s, err)
			}
		}
	}
}

// FuzzReadSuite: never panic; every instance has a path, and an encoder
// when its path is "-"; the instances whose path is "-" (no file) are the
// same whatever folder the suite is in, so a path such as "./-" or
// "../-" never turns into the no-file marker.
func FuzzReadSuite(f *testing.F) {
	f.Add("# c\n\na.cnf\n /abs/b.cnf.xz \n")
	f.Add("p.non | nono2cnf --encoding runs {} | cat\n- | queens2cnf --n 8")
	f.Add("a.cnf\n | x\n")
	f.Add("p.non |  \n")
	f.Add("-\n")
	f.Add("./-\n../- | cat {}\nx/../-\n")
	f.Fuzz(func(t *testing.T, in string) {
		var dashes []int
		for k, dir := range []string{"d", ".", "", "/"} {
			is, err := Read(strings.NewReader(in), "fuzz", dir)
			if err != nil {
				checkSource(t, err, in)
				if k > 0 {
					t.Fatalf("dir %q: %v, but dir \"d\" read it", dir, err)
				}
				return
			}
			var d []int
			for n, i := range is {
				if i.Path == "" || (i.Path == "-" && i.Encode == "") || !strings.HasPrefix(i.Name, i.Path) {
					t.Fatalf("bad instance %+v", i)
				}
				if i.Path == "-" {
					d = append(d, n)
				}
			}
			if k == 0 {
				dashes = d
			} else if !reflect.DeepEqual(d, dashes) {
				t.Fatalf("dir %q: no-file instances %v, dir \"d\": %v", dir, d, dashes)
			}
		}
	})
}

// TestInstancesErrors: the errors a caller words, each naming its
// instance.
func TestInstancesErrors(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("a.cnf", nil, 0o644)
	os.WriteFile("s.txt", []byte("a.cnf\n"), 0o644)
	var twice *TwiceError
	if _, err := Instances(nil, nil, nil); err != ErrNoInstances {
		t.Errorf("nothing: %v, want ErrNoInstances", err)
	}
	if _, err := Instances([]string{"s.txt"}, nil, []string{"a.cnf"}); !errors.As(err, &twice) || twice.Name != "a.cnf" || err.Error() != `instance "a.cnf" listed twice` {
		t.Errorf("twice: %v, want a *TwiceError naming a.cnf", err)
	}
	if _, err := Instances(nil, nil, []string{"-"}); err != ErrStdin {
		t.Errorf("\"-\" without an encoder: %v, want ErrStdin", err)
	}
	if is, err := Instances(nil, []string{"queens2cnf --n 4"}, []string{"-"}); err != nil || len(is) != 1 || is[0].Name != "- | queens2cnf --n 4" {
		t.Errorf("\"-\" with an encoder: %+v, %v", is, err)
	}
	if _, err := Instances(nil, nil, []string{"none.cnf"}); err == nil || err.Error() != "stat none.cnf: no such file or directory" {
		t.Errorf("a missing file: %v", err)
	}
}

func TestSplitName(t *testing.T) {
	for _, tt := range []struct{ name, path, enc string }{
		{"a.cnf", "a.cnf", ""}, {"p.non | nono2cnf {} | cat", "p.non", "nono2cnf {} | cat"}, {"- | queens2cnf --n 8", "-", "queens2cnf --n 8"},
	} {
		if in := NewInstance(tt.path, tt.enc); in.Name != tt.name {
			t.Errorf("NewInstance(%q, %q).Name = %q, want %q", tt.path, tt.enc, in.Name, tt.name)
		}
		if p, e := SplitName(tt.name); p != tt.path || e != tt.enc {
			t.Errorf("SplitName(%q) = %q, %q; want %q, %q", tt.name, p, e, tt.path, tt.enc)
		}
	}
}

// TestCNFFiles: a folder operand is every CNF file under it, compressed
// or not, sorted, hidden files and folders skipped.
func TestCNFFiles(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"b.cnf", "a.cnf.xz", "sub/c.cnf.gz", "sub/deeper/d.cnf.zst", "e.cnf.bz2", ".hidden.cnf", ".git/x.cnf", "notes.txt", "z.cnf.bak", "cnf"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("p cnf 1 1\n1 0\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	os.Mkdir(filepath.Join(dir, "empty"), 0o755)
	os.Symlink(filepath.Join(dir, "sub"), filepath.Join(dir, "link"))
	got, err := Instances(nil, nil, []string{dir, filepath.Join(dir, "notes.txt")})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, in := range got {
		names = append(names, strings.TrimPrefix(in.Name, dir+"/"))
	}
	want := "a.cnf.xz b.cnf e.cnf.bz2 sub/c.cnf.gz sub/deeper/d.cnf.zst notes.txt"
	if strings.Join(names, " ") != want {
		t.Errorf("instances %q, want %q", strings.Join(names, " "), want)
	}
	_, err = Instances(nil, nil, []string{filepath.Join(dir, "empty")})
	var e *EmptyDirError
	if !errors.As(err, &e) || err.Error() != dir+"/empty: no CNF files under it (*.cnf, *.cnf.gz, *.cnf.xz, *.cnf.bz2, *.cnf.zst, *.cnf.lzma)" {
		t.Errorf("an empty folder: %v", err)
	}
}
