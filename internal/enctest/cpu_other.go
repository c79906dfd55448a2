//go:build !unix

package enctest

// cpuSeconds returns 0 where there is no getrusage: no cpu-ns/op metric.
func cpuSeconds() float64 { return 0 }
