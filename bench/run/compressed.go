package run

// Instances may be xz- and zstd-compressed too, as for satrun, when a model
// is checked against them (gzip and bzip2 need nothing).
import _ "github.com/pipesat/pipesat/dimacs/compressed"
