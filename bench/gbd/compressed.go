package gbd

// Hash reads xz- and zstd-compressed CNF too (gzip and bzip2 need
// nothing).
import _ "github.com/pipesat/pipesat/dimacs/compressed"
