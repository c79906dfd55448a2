package twisty

import (
	"strconv"
	"strings"

	yaml "go.yaml.in/yaml/v3"
)

// The net: how the stickers lie when the puzzle is unfolded flat, as a
// definition's "net:" draws it, so that a person holding the puzzle can
// type its state in the order --state wants.

// net reads a definition's "net:": a list of rows, each a list of sticker
// numbers (from 0, as the turns') and "-" for a gap, every sticker once.
func (ps *parser) net(p *Puzzle, n *yaml.Node) error {
	rows, err := ps.seq(n, "net")
	if err != nil {
		return err
	}
	seen := make([]bool, len(p.Goal))
	count := 0
	for _, r := range rows {
		cells, err := ps.seq(r, "net row")
		if err != nil {
			return err
		}
		row := make([]int, 0, len(cells))
		for _, c := range cells {
			if c.Kind == yaml.ScalarNode && c.Value == "-" {
				row = append(row, -1)
				continue
			}
			v, err := ps.int(c, "net", 0, len(p.Goal)-1)
			if err != nil {
				return err
			}
			if seen[v] {
				return ps.errf(c, "net: sticker %d is drawn twice", v)
			}
			seen[v] = true
			count++
			row = append(row, v)
		}
		p.Net = append(p.Net, row)
	}
	if count < len(p.Goal) {
		for v, ok := range seen {
			if !ok {
				return ps.errf(n, "net: sticker %d is not drawn (want each of 0..%d once)", v, len(p.Goal)-1)
			}
		}
	}
	return nil
}

// DrawNet returns p's net as text, or "" if its definition has none: on
// the left each sticker's place in --state (from 1: the 5th colour is
// sticker 5, as the CNF's names and satrun --explain count them), on the
// right its colour in the goal state.
func (p *Puzzle) DrawNet() string {
	if len(p.Net) == 0 {
		return ""
	}
	nw := len(strconv.Itoa(len(p.Goal)))
	cw := 0
	for _, c := range p.Goal {
		cw = max(cw, len(c))
	}
	cols := 0
	for _, r := range p.Net {
		cols = max(cols, len(r))
	}
	var b strings.Builder
	for _, r := range p.Net {
		left := cells(r, nw, cols, func(v int) string { return strconv.Itoa(v + 1) })
		right := cells(r, cw, 0, func(v int) string { return p.Goal[v] })
		b.WriteString(strings.TrimRight(left+"   "+right, " ") + "\n")
	}
	return b.String()
}

// cells writes a net row: each cell right-aligned in w columns after a
// space, blanks for a gap, padded to cols cells.
func cells(row []int, w, cols int, text func(v int) string) string {
	var b strings.Builder
	for i := range max(len(row), cols) {
		s := ""
		if i < len(row) && row[i] >= 0 {
			s = text(row[i])
		}
		b.WriteString(strings.Repeat(" ", w+1-len(s)) + s)
	}
	return b.String()
}
