//go:build !unix

package satrun

// cpuSeconds returns 0 where there is no getrusage: no cpu-ms/op metric.
func cpuSeconds() float64 { return 0 }
