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
