//go:build !race

package satbench

// raceEnabled: the race detector, which multiplies memory, is on.
const raceEnabled = false
