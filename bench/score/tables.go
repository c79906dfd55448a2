package score

// Table is one table of a report as its Markdown shows it: a title, the
// note under it, the header and the rows of cells, columns from
// NumericFrom on numeric. Other writers (an HTML page) take the tables
// from here so every format shows the same cells.
type Table struct {
	Title, Note string
	Header      []string
	Rows        [][]string
	NumericFrom int
}

// Tables returns the report's tables in the Markdown's order, a table
// with no rows included.
func (rep *Report) Tables() []Table {
	var out []Table
	for _, t := range rep.tables(false) {
		out = append(out, Table{Title: t.title, Note: t.note, Header: t.header, Rows: t.rows, NumericFrom: t.numericFrom})
	}
	return out
}
