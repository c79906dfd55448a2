package bench

import (
	"os"
	"path/filepath"
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
		got, err := ReadSuite(strings.NewReader(tt.in), "suite.txt", tt.dir)
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
		o := &Options{Suites: []string{suite}}
		is, err := o.instances()
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
	o := Options{Suites: []string{"s.txt"}, Encoders: []string{"nono2cnf {}", "cat {}"}, Instances: []string{"c.cnf"}}
	is, err := o.instances()
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
	o.Encoders = nil
	if is, err = o.instances(); err != nil || len(is) != 4 || is[0].Name != "a.non" || is[0].Encode != "" {
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
		o := Options{Suites: []string{tt.suite}}
		if _, err := o.instances(); err == nil || err.Error() != tt.want {
			t.Errorf("%s: %v, want %s", tt.suite, err, tt.want)
		}
	}
}
