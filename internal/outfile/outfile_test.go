package outfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"
)

type failWriter struct{}

func (failWriter) WriteTo(w io.Writer) (int64, error) {
	w.Write([]byte("partial"))
	return 7, errors.New("boom")
}

// TestWrite writes "new" through Write to what each case sets up in
// a fresh folder, and checks what is there afterwards: every entry of the
// folder with its type, mode and content, so that a temporary file left
// behind or a link turned into a file fails the case.
func TestWrite(t *testing.T) {
	for _, tc := range []struct {
		name  string
		umask int
		setup func(t *testing.T, dir string) string // returns the path to write
		w     io.WriterTo
		// want lists the folder afterwards, sorted: "name type mode content"
		// (a link as "name -> target").
		want    []string
		wantErr string // %s is the folder
	}{
		{
			name: "new file, umask 022", umask: 0o22,
			setup: func(t *testing.T, dir string) string { return filepath.Join(dir, "out.cnf") },
			want:  []string{"out.cnf file 644 new"},
		},
		{
			name: "new file, umask 077", umask: 0o77,
			setup: func(t *testing.T, dir string) string { return filepath.Join(dir, "out.cnf") },
			want:  []string{"out.cnf file 600 new"},
		},
		{
			name: "relative name", umask: 0o22,
			setup: func(t *testing.T, dir string) string { t.Chdir(dir); return "out.cnf" },
			want:  []string{"out.cnf file 644 new"},
		},
		{
			name: "existing file keeps its mode", umask: 0o22,
			setup: func(t *testing.T, dir string) string { return file(t, dir, "out.cnf", 0o640) },
			want:  []string{"out.cnf file 640 new"},
		},
		{
			name: "existing file keeps its mode under umask 077", umask: 0o77,
			setup: func(t *testing.T, dir string) string { return file(t, dir, "out.cnf", 0o664) },
			want:  []string{"out.cnf file 664 new"},
		},
		{
			name: "symlink is followed", umask: 0o22,
			setup: func(t *testing.T, dir string) string {
				file(t, dir, "real.cnf", 0o640)
				return link(t, "real.cnf", dir, "out.cnf")
			},
			want: []string{"out.cnf -> real.cnf", "real.cnf file 640 new"},
		},
		{
			name: "chain of symlinks through a folder", umask: 0o22,
			setup: func(t *testing.T, dir string) string {
				os.Mkdir(filepath.Join(dir, "sub"), 0o755)
				file(t, dir, "real.cnf", 0o600)
				link(t, "../real.cnf", dir, "sub/l1")
				return link(t, "sub/l1", dir, "out.cnf")
			},
			want: []string{"out.cnf -> sub/l1", "real.cnf file 600 new", "sub dir 755", "sub/l1 -> ../real.cnf"},
		},
		{
			name: "dangling symlink creates its target", umask: 0o22,
			setup: func(t *testing.T, dir string) string { return link(t, "made.cnf", dir, "out.cnf") },
			want:  []string{"made.cnf file 644 new", "out.cnf -> made.cnf"},
		},
		{
			name: "symlink loop", umask: 0o22,
			setup: func(t *testing.T, dir string) string {
				link(t, "b", dir, "a")
				return link(t, "a", dir, "b")
			},
			want:    []string{"a -> b", "b -> a"},
			wantErr: "stat %s/b: too many levels of symbolic links",
		},
		{
			name: "failed write leaves the old file", umask: 0o22,
			setup:   func(t *testing.T, dir string) string { return file(t, dir, "out.cnf", 0o640) },
			w:       failWriter{},
			want:    []string{"out.cnf file 640 old"},
			wantErr: "boom",
		},
		{
			name: "failed write through a symlink", umask: 0o22,
			setup: func(t *testing.T, dir string) string {
				file(t, dir, "real.cnf", 0o644)
				return link(t, "real.cnf", dir, "out.cnf")
			},
			w:       failWriter{},
			want:    []string{"out.cnf -> real.cnf", "real.cnf file 644 old"},
			wantErr: "boom",
		},
		{
			name: "failed write of a new file leaves nothing", umask: 0o22,
			setup:   func(t *testing.T, dir string) string { return filepath.Join(dir, "out.cnf") },
			w:       failWriter{},
			want:    nil,
			wantErr: "boom",
		},
		{
			name: "a folder is an error", umask: 0o22,
			setup: func(t *testing.T, dir string) string {
				os.Mkdir(filepath.Join(dir, "out"), 0o755)
				return filepath.Join(dir, "out")
			},
			want:    []string{"out dir 755"},
			wantErr: "open %s/out: is a directory",
		},
		{
			name: "missing folder is an error", umask: 0o22,
			setup:   func(t *testing.T, dir string) string { return filepath.Join(dir, "no/out.cnf") },
			want:    nil,
			wantErr: "open %s/no/out.cnf: no such file or directory",
		},
		{
			name: "magic link to a regular file is written in place", umask: 0o22,
			setup: func(t *testing.T, dir string) string {
				// What /dev/stdout is when stdout is redirected to a file.
				f, err := os.OpenFile(file(t, dir, "out.cnf", 0o640), os.O_RDWR, 0)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { f.Close() })
				return fmt.Sprintf("/proc/self/fd/%d", f.Fd())
			},
			want: []string{"out.cnf file 640 new"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			old := syscall.Umask(tc.umask)
			defer syscall.Umask(old)
			dir := t.TempDir()
			path := tc.setup(t, dir)
			var inode uint64
			if st, err := os.Stat(path); err == nil && strings.HasPrefix(path, "/proc/") {
				inode = st.Sys().(*syscall.Stat_t).Ino
			}
			w := tc.w
			if w == nil {
				w = strings.NewReader("new")
			}
			var stdout bytes.Buffer
			err := Write(path, w, &stdout)
			switch {
			case tc.wantErr == "" && err != nil:
				t.Fatalf("Write: %v", err)
			case tc.wantErr != "" && (err == nil || err.Error() != strings.ReplaceAll(tc.wantErr, "%s", dir)):
				t.Fatalf("Write error = %v, want %q", err, strings.ReplaceAll(tc.wantErr, "%s", dir))
			}
			if got := listDir(t, dir); strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("the folder holds\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(tc.want, "\n\t"))
			}
			if stdout.Len() > 0 {
				t.Errorf("wrote %q to stdout", stdout.String())
			}
			if inode != 0 {
				st, _ := os.Stat(path)
				if st.Sys().(*syscall.Stat_t).Ino != inode {
					t.Errorf("the file was replaced, not written in place")
				}
			}
		})
	}
}

// file creates dir/name holding "old" with mode perm and returns its path.
func file(t *testing.T, dir, name string, perm fs.FileMode) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte("old"), perm); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, perm); err != nil { // the umask applied above
		t.Fatal(err)
	}
	return p
}

// link creates the symbolic link dir/name -> target and returns its path.
func link(t *testing.T, target, dir, name string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.Symlink(target, p); err != nil {
		t.Fatal(err)
	}
	return p
}

// listDir describes every entry under dir, sorted.
func listDir(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		if p == dir {
			return nil
		}
		rel, _ := filepath.Rel(dir, p)
		fi, err := os.Lstat(p)
		if err != nil {
			t.Fatal(err)
		}
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			l, _ := os.Readlink(p)
			out = append(out, rel+" -> "+l)
		case fi.IsDir():
			out = append(out, fmt.Sprintf("%s dir %o", rel, fi.Mode().Perm()))
		case fi.Mode().IsRegular():
			b, _ := os.ReadFile(p)
			out = append(out, fmt.Sprintf("%s file %o %s", rel, fi.Mode().Perm(), b))
		default:
			out = append(out, fmt.Sprintf("%s %v", rel, fi.Mode()))
		}
		return nil
	})
	sort.Strings(out)
	return out
}

func TestWriteStdout(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	var stdout bytes.Buffer
	if err := Write("-", strings.NewReader("new"), &stdout); err != nil {
		t.Fatal(err)
	}
	if stdout.String() != "new" {
		t.Errorf("stdout got %q, want \"new\"", stdout.String())
	}
	if got := listDir(t, dir); len(got) > 0 {
		t.Errorf("-o - made files: %v", got)
	}
}

// TestWriteFIFO writes to a FIFO while a goroutine reads it: the FIFO
// must get the bytes and stay a FIFO.
func TestWriteFIFO(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Fatal(err)
	}
	got := make(chan string, 1)
	go func() {
		f, err := os.Open(p) // blocks until Write opens the other end
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(f)
		f.Close()
		got <- string(b)
	}()
	if err := Write(p, strings.NewReader("new"), nil); err != nil {
		t.Fatal(err)
	}
	if s := <-got; s != "new" {
		t.Errorf("the reader got %q, want \"new\"", s)
	}
	if l := listDir(t, dir); strings.Join(l, ",") != "fifo prw-------" {
		t.Errorf("the folder holds %v, want only the FIFO", l)
	}
}

// TestWriteDevNull writes to /dev/null, directly and through a link:
// it must stay the character device it is.
func TestWriteDevNull(t *testing.T) {
	l := filepath.Join(t.TempDir(), "null")
	if err := os.Symlink("/dev/null", l); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/dev/null", l} {
		if err := Write(p, strings.NewReader("new"), nil); err != nil {
			t.Fatalf("Write(%s): %v", p, err)
		}
		fi, err := os.Stat("/dev/null")
		if err != nil || fi.Mode()&fs.ModeCharDevice == 0 {
			t.Fatalf("after Write(%s), /dev/null is %v (%v)", p, fi.Mode(), err)
		}
		if fi, _ := os.Lstat(l); fi.Mode()&fs.ModeSymlink == 0 {
			t.Fatalf("after Write(%s), the link is %v", p, fi.Mode())
		}
	}
}

// TestWritePipe writes to /proc/self/fd/N of a pipe, as -o /dev/stdout
// does when stdout is a pipe.
func TestWritePipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	err = Write(fmt.Sprintf("/proc/self/fd/%d", w.Fd()), strings.NewReader("new"), nil)
	w.Close()
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(r); string(b) != "new" {
		t.Errorf("the pipe got %q, want \"new\"", b)
	}
}

// TestWriteReadOnly: an existing file that may not be written is an
// error, as with ">", although the folder would allow a rename. Root may
// write any file, as with ">".
func TestWriteReadOnly(t *testing.T) {
	dir := t.TempDir()
	p := file(t, dir, "out.cnf", 0o444)
	err := Write(p, strings.NewReader("new"), nil)
	want := []string{"out.cnf file 444 old"}
	if os.Geteuid() == 0 {
		if err != nil {
			t.Fatalf("as root: %v", err)
		}
		want = []string{"out.cnf file 444 new"}
	} else if err == nil || err.Error() != "open "+p+": permission denied" {
		t.Fatalf("Write error = %v, want permission denied", err)
	}
	if got := listDir(t, dir); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("the folder holds %v, want %v", got, want)
	}
}

// TestSignalContext sends this process SIGHUP, which would end it without

// TestWriteInPlaceErrors: what cannot be opened or written in place is
// the error the shell's ">" would report, with nothing left behind.
func TestWriteInPlaceErrors(t *testing.T) {
	dir := t.TempDir()
	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	for _, tc := range []struct {
		path    string
		w       io.WriterTo
		wantErr string
	}{
		{"/dev/full", strings.NewReader("new"), "write /dev/full: no space left on device"},
		{"/dev/null", failWriter{}, "boom"},
		{sock, strings.NewReader("new"), "open " + sock + ": no such device or address"},
	} {
		err := Write(tc.path, tc.w, nil)
		if err == nil || err.Error() != tc.wantErr {
			t.Errorf("Write(%s) error = %v, want %s", tc.path, err, tc.wantErr)
		}
	}
	if got := listDir(t, dir); len(got) != 1 || !strings.HasPrefix(got[0], "sock ") {
		t.Errorf("the folder holds %v, want only the socket", got)
	}
}
