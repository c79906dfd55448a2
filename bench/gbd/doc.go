// Package gbd computes the GBD hash of a CNF formula: the identifier under
// which the Global Benchmark Database (benchmark-database.de) lists an
// instance, so that benchmark results can be joined with its metadata.
// gzip, bzip2, xz and zstd input is decompressed first.
//
// The hash is gbdc's definition (github.com/Udopia/gbdc, CNF::gbdhash),
// checked against the files gbdc's tests name by their GBD hash: the MD5
// of the decompressed CNF's clauses with the header and comment lines
// dropped, each clause written as its literals, one space after each,
// then "0", clauses joined by one space ("p cnf 2 2\n1  -2 0\n2 0" hashes
// "1 -2 0 2 0"). A file gbdc cannot hash (a SATLIB "%" line) has none.
package gbd
