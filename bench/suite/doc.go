// Package suite reads benchmark suites: an Instance is a CNF file, or a
// puzzle file and the encoder command that makes its CNF; a suite file
// lists instances one per line ("PATH" or "PATH | CMD"), and "#tags:"
// lines tag the instances below them (see Read and Tags). Instances
// gathers suite files and instance paths, once per encoder command, into
// the instances of a benchmark.
package suite
