//go:build !race

package queens_test

const raceEnabled = false
