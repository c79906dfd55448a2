package score

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"testing"

	"github.com/pipesat/pipesat/bench/results"
)

// bigRows returns n rows of a results file as run writes them: 5 solvers,
// 3 reps, instances in 20 folders, a tenth of the runs timed out.
func bigRows(n int) []byte {
	var b bytes.Buffer
	solvers := []string{"kissat", "cadical", "minisat", "gini", "picosat"}
	for i, inst := 0, 0; i < n; inst++ {
		for _, s := range solvers {
			for rep := 1; rep <= 3 && i < n; rep++ {
				status := []string{"SAT", "UNSAT"}[inst%2]
				if (inst*7+len(s)+rep)%10 == 0 {
					status = "TIMEOUT"
				}
				wall := float64((inst*13+rep*7+len(s)*3)%1000) / 100
				fmt.Fprintf(&b, `{"solver":%q,"instance":"suite/fam%d/inst%06d.cnf","rep":%d,"status":%q,"verified":true,`+
					`"model":"e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b%03d","wall":%g,"user":%g,"sys":0.01,`+
					`"maxrss_kib":12345,"exit":10,"version":"1.0","start":"2026-12-06T10:00:%02dZ","timeout":10,"host":"box","jobs":2,"cpu":1,`+
					`"mem_method":"proc","gbd":"0123456789abcdef0123456789abcdef"}`+"\n",
					s, inst%20, inst, rep, status, i%1000, wall, wall*0.9, i%60)
				i++
			}
		}
	}
	return b.Bytes()
}

// BenchmarkReport reads, scores and writes a report of 30,000 rows:
// allocations per report, and live-MB, the heap the rows and the report
// keep (after a collection), which must stay under 200 MB for 300,000
// rows (see TestReportMemory).
func BenchmarkReport(b *testing.B) {
	in := bigRows(30000)
	b.ReportAllocs()
	b.SetBytes(int64(len(in)))
	var live uint64
	for b.Loop() {
		rows, _, err := results.Read(bytes.NewReader(in), "big")
		if err != nil {
			b.Fatal(err)
		}
		rep := SummarizeBy(rows, Wall)
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		live = max(live, m.HeapAlloc)
		if err := rep.WriteMarkdown(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(live)/(1<<20), "live-MB")
}
