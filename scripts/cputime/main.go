// Command cputime is the timer of the benchmark scripts
// (scripts/bench-pipeline.sh, scripts/bench-satbench.sh): it runs the
// commands of a file, one "LABEL<TAB>COMMAND" a line (a command with "|"
// or ">" through sh -c, any other split at blanks and run directly), each
// once as a warm-up and then in RUNS rounds, alternating, with standard
// input and output /dev/null, and prints "LABEL CPU_MS WALL_MS" for each,
// medians of the rounds, CPU being user plus system time of the command
// and its children.
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
	"time"
)

func main() {
	runs, _ := strconv.Atoi(os.Args[1])
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
			start := time.Now()
			cmd.Run() // exit statuses 10 (satrun) and 20 are answers
			if r == 0 {
				continue
			}
			el := time.Since(start)
			st := cmd.ProcessState
			cpu[i] = append(cpu[i], float64(st.UserTime()+st.SystemTime())/1e6)
			wall[i] = append(wall[i], float64(el)/1e6)
		}
	}
	median := func(x []float64) float64 { slices.Sort(x); return x[len(x)/2] }
	for i, l := range labels {
		fmt.Printf("%s %.2f %.2f\n", l, median(cpu[i]), median(wall[i]))
	}
}
