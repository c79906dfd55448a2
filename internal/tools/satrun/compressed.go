package satrun

// Run reads xz- and zstd-compressed input too (gzip and bzip2 need nothing).
import _ "github.com/pipesat/pipesat/dimacs/compressed"
