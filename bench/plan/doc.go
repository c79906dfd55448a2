// Package plan writes a benchmark's runs as plans for other schedulers,
// each run a command line of the caller's (a Command) that appends one
// row to a results file of its own: WriteParallel writes one line per run
// for GNU parallel; Slurm.Write an sbatch array script that does a chunk
// of runs per array task and carries a manifest of the runs, which
// MergePlan reads back to gather the tasks' results in the suite's order,
// refusing tasks that are missing, short, or hold another task's runs.
package plan
