package proctree

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// serveArg, a supervisor's first argument, makes it a server (see serve)
// rather than the supervisor of the one program its arguments name.
const serveArg = "--serve"

// Spec is a program for Spawn to run.
type Spec struct {
	Path string   // the program's file; relative to the working directory
	Args []string // its argv, the program's name first
	Env  []string // nil: this process's environment
	// Stdin, Stdout and Stderr are its standard files; nil is /dev/null.
	Stdin, Stdout, Stderr *os.File
	// CPU, if not nil, pins the program to that CPU: it inherits the mask,
	// and so does everything it starts.
	CPU *int
	// CgroupFD, if not nil, is a cgroup (v2) directory the program starts
	// in (clone3's CLONE_INTO_CGROUP).
	CgroupFD *os.File
}

// Proc is a program Spawn started.
type Proc struct {
	Pid int // the program's pid, the leader of its own process group
	// Supervisor is the pid of the server that started the program: while
	// the program runs, its descendants are the program's whole tree (the
	// program and its orphans, children of the server's main thread, and
	// their descendants), and nothing else.
	Supervisor int
	done       chan struct{}
	exit       Exit
}

// Exit is how a program Spawn started ended, and what its whole tree
// cost: the program and every process of its tree that was reaped, by the
// program or by the supervisor (an orphan), not the supervisor's own.
type Exit struct {
	Status    syscall.WaitStatus
	User, Sys time.Duration
	MaxRSS    int64 // KiB, of the tree's largest process
}

// ExitCode returns the program's exit status, or -1 if a signal killed it.
func (e Exit) ExitCode() int {
	if e.Status.Exited() {
		return e.Status.ExitStatus()
	}
	return -1
}

// Wait waits until the program has exited and its whole tree is gone, and
// returns how it ended.
func (p *Proc) Wait() Exit {
	<-p.done
	return p.exit
}

// request is what Spawn asks a server to start. Its files (standard input,
// output, error, and the cgroup if Cgroup) travel with it.
type request struct {
	Path      string
	Args, Env []string
	CPU       int // -1: not pinned
	Cgroup    bool
}

// reply is a server's answer to a request: first the program's Pid, or the
// Errno its start failed with; then, once the program has exited and its
// tree is gone, its Status and the tree's usage.
type reply struct {
	Pid, Errno int
	Pin        bool // the Errno is the pinning's, not the start's
	Status     uint32
	User, Sys  int64 // ns
	MaxRSS     int64 // KiB
}

// Spawn runs s's program as Start does, so that its whole tree dies with
// this process even by SIGKILL, but without starting a supervisor for each
// program: a server, one supervisor started once and then reused, starts
// the program as its own child and waits for it. A server runs one program
// at a time (each of several at once gets a server of its own), and when
// the program has exited it kills and reaps whatever the program left, as
// a supervisor does, before it reports how the program ended. The program
// runs in a process group of its own, with signal dispositions as Start
// gives them. A supervisor's start costs about 3 ms of CPU (the Go runtime
// and every package's init): a server saves that for each program but the
// first, which matters where programs run by the hundred and take a
// millisecond each (satbench on tiny formulas).
func Spawn(s Spec) (*Proc, error) {
	req := request{Path: s.Path, Args: s.Args, Env: s.Env, CPU: -1}
	if req.Env == nil {
		req.Env = os.Environ()
	}
	if !filepath.IsAbs(req.Path) {
		// The server's working directory is this process's at its start.
		abs, err := filepath.Abs(req.Path)
		if err != nil {
			return nil, err
		}
		req.Path = abs
	}
	if s.CPU != nil {
		req.CPU = *s.CPU
	}
	files := []*os.File{s.Stdin, s.Stdout, s.Stderr}
	for i, f := range files {
		if f == nil {
			n, err := devNull()
			if err != nil {
				return nil, err
			}
			files[i] = n
		}
	}
	if s.CgroupFD != nil {
		req.Cgroup = true
		files = append(files, s.CgroupFD)
	}
	fds := make([]int, len(files))
	for i, f := range files {
		fds[i] = int(f.Fd())
	}
	srv, err := takeServer()
	if err != nil {
		return nil, err
	}
	var rep reply
	err = sendMsg(srv.fd, req, fds)
	runtime.KeepAlive(files)
	if err == nil {
		_, err = recvMsg(srv.fd, &rep)
	}
	if err != nil {
		srv.drop()
		return nil, fmt.Errorf("starting %s: its supervisor: %v", s.Path, err)
	}
	if rep.Errno != 0 {
		srv.release()
		if rep.Pin {
			return nil, fmt.Errorf("pinning to CPU %d: %v", req.CPU, syscall.Errno(rep.Errno))
		}
		return nil, &os.PathError{Op: "fork/exec", Path: s.Path, Err: syscall.Errno(rep.Errno)}
	}
	p := &Proc{Pid: rep.Pid, Supervisor: srv.cmd.Process.Pid, done: make(chan struct{})}
	go func() {
		defer close(p.done)
		var rep reply
		if _, err := recvMsg(srv.fd, &rep); err != nil {
			// The server died, by SIGKILL: so did the program (its
			// parent-death signal), and the rest of its tree is an
			// orphan of this process (see Kill).
			srv.drop()
			p.exit.Status = syscall.WaitStatus(syscall.SIGKILL)
			return
		}
		srv.release()
		p.exit = Exit{
			Status: syscall.WaitStatus(rep.Status),
			User:   time.Duration(rep.User),
			Sys:    time.Duration(rep.Sys),
			MaxRSS: rep.MaxRSS,
		}
	}()
	return p, nil
}

var null struct {
	once sync.Once
	f    *os.File
	err  error
}

func devNull() (*os.File, error) {
	null.once.Do(func() { null.f, null.err = os.OpenFile(os.DevNull, os.O_RDWR, 0) })
	return null.f, null.err
}

// server is a supervisor that runs programs on request (see serve), and
// this process's end of the socket to it.
type server struct {
	fd  int
	cmd *exec.Cmd
}

// servers holds the servers that run no program.
var servers struct {
	sync.Mutex
	idle []*server
}

// takeServer returns an idle server, or starts one.
func takeServer() (*server, error) {
	servers.Lock()
	if n := len(servers.idle); n > 0 {
		s := servers.idle[n-1]
		servers.idle = servers.idle[:n-1]
		servers.Unlock()
		return s, nil
	}
	servers.Unlock()
	becomeSubreaper() // a server killed by SIGKILL leaves its tree to us
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, fmt.Errorf("starting a supervisor: %v", err)
	}
	theirs := os.NewFile(uintptr(fds[1]), "supervisor socket")
	cmd := exec.Command("/proc/self/exe")
	cmd.Args = []string{supervisorName, serveArg, "3"}
	cmd.Env = append(os.Environ(), superviseEnv+"="+strconv.Itoa(os.Getpid()))
	cmd.ExtraFiles = []*os.File{theirs}
	cmd.Stderr = os.Stderr
	// Its own process group: a signal to this process's group (^C) is for
	// this process, which then ends its runs as it sees fit. The
	// parent-death signal is one it catches (see Start).
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
	err = startOnSpawner(cmd, nil)
	theirs.Close()
	if err != nil {
		unix.Close(fds[0])
		return nil, fmt.Errorf("starting a supervisor: %v", err)
	}
	return &server{fd: fds[0], cmd: cmd}, nil
}

// StopServers ends every server that runs no program and waits for it to
// exit, so that its CPU time and its programs' count in this process's
// children's, as time(1) or a parent's wait4 sees them: a server that
// outlives this process is reaped by someone else. Spawn starts servers
// again as needed.
func StopServers() {
	servers.Lock()
	idle := servers.idle
	servers.idle = nil
	servers.Unlock()
	for _, s := range idle {
		unix.Close(s.fd) // the server reads the end of the stream and exits
		s.cmd.Wait()
	}
}

// release makes s idle again.
func (s *server) release() {
	servers.Lock()
	servers.idle = append(servers.idle, s)
	servers.Unlock()
}

// drop closes the socket of s, a server that failed, which then ends (or
// has ended), and reaps it.
func (s *server) drop() {
	unix.Close(s.fd)
	go s.cmd.Wait()
}

// serve is a server's life after supervise's start: it reads requests from
// the socket fd, one at a time, runs each program in a process group of
// its own, waits for it, kills and reaps what it left (its whole subtree:
// every process of the server's but the program's is an orphan of the
// program's run), and reports. It ends, killing its whole subtree, when
// its parent dies (sigc, the parent-death signal) or closes its end.
func serve(ppid int, fdArg string, sigc <-chan os.Signal) int {
	fd, err := strconv.Atoi(fdArg)
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: socket %q\n", supervisorName, fdArg)
		return 127
	}
	unix.CloseOnExec(fd) // the programs have no business with it
	type msg struct {
		req   request
		files []int
		err   error
	}
	reqc := make(chan msg)
	go func() {
		for {
			var m msg
			m.files, m.err = recvMsg(fd, &m.req)
			reqc <- m
			if m.err != nil {
				return
			}
		}
	}()
	gone := func() int {
		killSubtree(nil)
		return 128 + int(syscall.SIGKILL)
	}
	for {
		var m msg
		select {
		case m = <-reqc:
		case <-sigc:
			if os.Getppid() != ppid {
				return gone()
			}
			continue
		}
		if m.err != nil {
			return gone() // the parent closed its end, or died
		}
		pid, pin, err := m.req.start(m.files)
		for _, f := range m.files {
			unix.Close(f)
		}
		if err != nil {
			errno, ok := err.(syscall.Errno)
			if !ok {
				errno = syscall.EINVAL
			}
			if sendMsg(fd, reply{Errno: int(errno), Pin: pin}, nil) != nil {
				return gone()
			}
			continue
		}
		if sendMsg(fd, reply{Pid: pid}, nil) != nil {
			return gone()
		}
		type exit struct {
			ws syscall.WaitStatus
			ru syscall.Rusage
		}
		done := make(chan exit, 1)
		go func() {
			var e exit
			for {
				if _, err := syscall.Wait4(pid, &e.ws, 0, &e.ru); err != syscall.EINTR {
					break
				}
			}
			done <- e
		}()
	run:
		for {
			select {
			case e := <-done:
				killSubtree(&e.ru)
				r := reply{
					Status: uint32(e.ws),
					User:   e.ru.Utime.Nano(),
					Sys:    e.ru.Stime.Nano(),
					MaxRSS: e.ru.Maxrss,
				}
				if sendMsg(fd, r, nil) != nil {
					return gone()
				}
				break run
			case <-sigc:
				if os.Getppid() != ppid {
					return gone()
				}
			case m := <-reqc:
				// A busy server is asked nothing: this is its end.
				for _, f := range m.files {
					unix.Close(f)
				}
				return gone()
			}
		}
	}
}

// start starts r's program with files as its standard files (and cgroup),
// from this thread (supervise locked it: the program's PR_SET_PDEATHSIG
// follows the thread that forks it). pin reports that the error is the
// pinning's.
func (r request) start(files []int) (pid int, pin bool, err error) {
	want := 3
	if r.Cgroup {
		want = 4
	}
	if len(files) != want {
		return 0, false, syscall.EBADF
	}
	sys := &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if r.Cgroup {
		sys.UseCgroupFD, sys.CgroupFD = true, files[3]
	}
	if r.CPU >= 0 {
		var old, set unix.CPUSet
		if err := unix.SchedGetaffinity(0, &old); err != nil {
			return 0, true, err
		}
		set.Set(r.CPU)
		if err := unix.SchedSetaffinity(0, &set); err != nil {
			return 0, true, err
		}
		// Restoring a mask the thread had a moment ago does not fail;
		// if it did, the next pinned start sets its own mask anyway.
		defer unix.SchedSetaffinity(0, &old)
	}
	pid, err = syscall.ForkExec(r.Path, r.Args, &syscall.ProcAttr{
		Env:   r.Env,
		Files: []uintptr{uintptr(files[0]), uintptr(files[1]), uintptr(files[2])},
		Sys:   sys,
	})
	return pid, false, err
}

// sendMsg writes v to the socket fd as one message: its length (4 bytes,
// little-endian), then its JSON; files, if any, travel with its first byte.
func sendMsg(fd int, v any, files []int) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	b := binary.LittleEndian.AppendUint32(make([]byte, 0, 4+len(body)), uint32(len(body)))
	b = append(b, body...)
	var oob []byte
	if len(files) > 0 {
		oob = unix.UnixRights(files...)
	}
	for len(b) > 0 {
		n, err := unix.SendmsgN(fd, b, oob, nil, unix.MSG_NOSIGNAL)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return err
		}
		b, oob = b[n:], nil
	}
	return nil
}

// maxMsg bounds a message's length: an argv and environment larger than
// exec takes (ARG_MAX, 2 MB by default), with room.
const maxMsg = 16 << 20

// recvMsg reads one message of sendMsg's from the socket fd into v, and
// returns the files that came with it, close-on-exec. At the end of the
// stream it returns io.EOF's like: an error.
func recvMsg(fd int, v any) (files []int, err error) {
	var head [4]byte
	oob := make([]byte, unix.CmsgSpace(4*4))
	got := 0
	for got < len(head) {
		n, oobn, _, _, err := unix.Recvmsg(fd, head[got:], oob, unix.MSG_CMSG_CLOEXEC)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return files, err
		}
		if oobn > 0 {
			f, err := rights(oob[:oobn])
			files = append(files, f...)
			if err != nil {
				return files, err
			}
		}
		if n == 0 {
			return files, errEOF
		}
		got += n
	}
	size := binary.LittleEndian.Uint32(head[:])
	if size > maxMsg {
		return files, fmt.Errorf("a message of %d bytes", size)
	}
	body := make([]byte, size)
	for got = 0; got < len(body); {
		n, err := unix.Read(fd, body[got:])
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return files, err
		}
		if n == 0 {
			return files, errEOF
		}
		got += n
	}
	return files, json.Unmarshal(body, v)
}

var errEOF = errors.New("the other end closed the socket")

// rights returns the files of a control message.
func rights(oob []byte) ([]int, error) {
	msgs, err := unix.ParseSocketControlMessage(oob)
	if err != nil {
		return nil, err
	}
	var out []int
	for _, m := range msgs {
		fds, err := unix.ParseUnixRights(&m)
		if err != nil {
			return out, err
		}
		out = append(out, fds...)
	}
	return out, nil
}

// addUsage adds r's CPU time to ru and raises ru's Maxrss to r's.
func addUsage(ru, r *syscall.Rusage) {
	ru.Utime = syscall.NsecToTimeval(ru.Utime.Nano() + r.Utime.Nano())
	ru.Stime = syscall.NsecToTimeval(ru.Stime.Nano() + r.Stime.Nano())
	ru.Maxrss = max(ru.Maxrss, r.Maxrss)
}
