//go:build !unix

package dimacs

// cnfCPUSeconds returns 0 where there is no getrusage: no cpu-MB/s metric.
func cnfCPUSeconds() float64 { return 0 }
