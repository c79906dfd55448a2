// Package decoders holds the xz and zstd decoders that package
// dimacs/compressed installs and package dimacs calls. It is a package of
// its own, importing neither decoder, so that package dimacs links neither
// (their package initialisation costs every program about 0.3 ms at start,
// and most of pipesat's tools never read CNF), and so that dimacs's own
// tests can install them without an import cycle.
package decoders

import "io"

// Open returns a reader of the decompressed bytes of r and a function that
// releases the decoder's resources (never r's), or the error of a stream
// whose header is corrupt.
type Open func(r io.Reader) (io.Reader, func(), error)

// XZ and Zstd decode xz and zstd streams; nil when the program does not
// import package dimacs/compressed. They are set only while packages
// initialise, before main runs, so reading them needs no lock.
var XZ, Zstd Open
