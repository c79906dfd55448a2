package score

import (
	"bytes"
	"io"
	"runtime"
	"testing"

	"github.com/pipesat/pipesat/bench/results"
	"github.com/pipesat/pipesat/bench/run/runtest"
)

// BenchmarkReport reads, scores and writes a report of 30,000 rows:
// allocations per report, and live-MB, the heap the rows and the report
// keep (after a collection): about a tenth of what 300,000 rows keep,
// whose peak internal/tools/satbench's TestReportMemory measures.
func BenchmarkReport(b *testing.B) {
	var buf bytes.Buffer
	if err := runtest.WriteResults(&buf, 30000); err != nil {
		b.Fatal(err)
	}
	in := buf.Bytes()
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
