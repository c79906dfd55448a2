// Command cputime is the timer of the benchmark scripts
// (scripts/bench-pipeline.sh, scripts/bench-satbench.sh): it runs the
// commands of a file, one "LABEL<TAB>COMMAND" a line (a command with "|"
// or ">" through sh -c, any other split at blanks and run directly), each
// once as a warm-up and then in RUNS rounds, alternating, with standard
// input and output /dev/null, and prints "LABEL CPU_MS WALL_MS" for each,
// medians of the rounds, CPU being user plus system time of the command
// and every descendant: cputime is a child subreaper, so a descendant that
// outlives its parent (a helper the command leaves to exit after it) is
// its child, waited for and counted, not lost to init.
//
//	go run ./scripts/cputime RUNS FILE
package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

func main() {
	runs, _ := strconv.Atoi(os.Args[1])
	unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
	f, err := os.Open(os.Args[2])
	if err != nil {
		panic(err)
	}
	var labels, cmds []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		label, cmd, _ := strings.Cut(sc.Text(), "\t")
		labels, cmds = append(labels, label), append(cmds, cmd)
	}
	cpu := make([][]float64, len(cmds))
	wall := make([][]float64, len(cmds))
	for r := 0; r <= runs; r++ {
		for i, c := range cmds {
			var cmd *exec.Cmd
			if strings.ContainsAny(c, "|>") {
				cmd = exec.Command("sh", "-c", c)
			} else {
				w := strings.Fields(c)
				cmd = exec.Command(w[0], w[1:]...)
			}
			before := childrenCPU()
			start := time.Now()
			cmd.Run() // exit statuses 10 (satrun) and 20 are answers
			el := time.Since(start)
			reapOrphans(c)
			if r == 0 {
				continue
			}
			cpu[i] = append(cpu[i], float64(childrenCPU()-before)/1e6)
			wall[i] = append(wall[i], float64(el)/1e6)
		}
	}
	median := func(x []float64) float64 { slices.Sort(x); return x[len(x)/2] }
	for i, l := range labels {
		fmt.Printf("%s %.2f %.2f\n", l, median(cpu[i]), median(wall[i]))
	}
}

// childrenCPU returns the user plus system time of every child waited for.
func childrenCPU() time.Duration {
	var ru unix.Rusage
	unix.Getrusage(unix.RUSAGE_CHILDREN, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reapOrphans waits for the descendants command c left behind, which are
// this process's children now, for up to 10 s; then it gives up on them.
func reapOrphans(c string) {
	deadline := time.Now().Add(10 * time.Second)
	for {
		var ws syscall.WaitStatus
		n, err := syscall.Wait4(-1, &ws, syscall.WNOHANG, nil)
		if err == syscall.ECHILD {
			return
		}
		if n > 0 {
			continue
		}
		if time.Now().After(deadline) {
			fmt.Fprintf(os.Stderr, "cputime: %s left processes running 10 s after it exited; not counted\n", c)
			return
		}
		time.Sleep(time.Millisecond)
	}
}
