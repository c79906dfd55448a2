// Package cmdio is what every pipesat command shares: the runner (Run,
// Main) that parses a command's flags with urfave/cli, prints its summary
// (-h), manual (--help) and version, and maps the error its action
// returns to an exit status in one place; the flags several commands
// share, each declared once, with its usage text, and bound to a typed
// field (Output, Style, Models, Index, Puzzle, Status, and the single
// flags of StatsFlag, TimeoutFlag, CertifyFlag, DepthFlag, ColourFlag,
// ExplainFlag); the value
// of a flag whose values are a fixed set (Choice); and the commands'
// input and output files (Open, Input, Output.Write and Output.Writer,
// ReadPuzzle, DecodeAnswer).
//
// Every text about a command line is made from a Tool's declarations:
// the usage line under a usage error, the summary, the manual's synopsis
// and flags (help.go), and through Describe the man pages and shell
// completions of internal/docgen.
//
// The flags that need a puzzle's encoder or a solver are in packages of
// their own, so that a tool links only what it uses: solverflag (the
// solver, with gini and the DRAT checker), nonoflag, sudokuflag,
// twistyflag (with a YAML reader) and gridflag (the picture's flags, with
// the drawing code). This package imports no encoder and no
// solver (TestCmdioDeps in the module's root checks it).
//
// A command is internal/tools/NAME: a function that builds its Tool, flags
// bound to a struct of its own, and a Main that runs it. Only those
// packages, this one and its flag packages import the flag library
// (TestCLIImports in the module's root checks it).
package cmdio
