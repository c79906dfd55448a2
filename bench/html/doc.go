// Package html writes a benchmark report as one self-contained HTML page,
// in the spirit of BenchExec's table-generator: what was run and on which
// machines at the top, the plots as inline SVG, then every table of the
// report (package score's Tables, the cells the Markdown shows), each
// sortable by a click on a column header and filterable by a text box,
// and under Instances each instance's runs, shown on demand. The page
// needs no network: its style and its small script are inline, its text
// uses the reader's own sans-serif fonts. The same rows give the same
// bytes.
package html
