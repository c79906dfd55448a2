// Package gbd computes the GBD hash of a CNF formula: the identifier under
// which the Global Benchmark Database (benchmark-database.de) lists an
// instance, so that benchmark results can be joined with its metadata.
// gzip, bzip2, xz and zstd input is decompressed first.
package gbd
