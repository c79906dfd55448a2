//go:build !race

package pipesat_test

const raceEnabled = false
