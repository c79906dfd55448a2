package nonogram

import (
	"fmt"
	"strconv"
	"strings"
)

// ReadPuzzleLines reads the puzzle's size from the first "pipesat
// nonogram W H" line among lines (comment texts without "c "), the line
// PuzzleLines writes; for a colour puzzle, "pipesat nonogram W H colours
// 0=ffffff a=d62728 ..." also gives the palette, background first (the
// colours have no names); colours is nil in black and white. ok is false
// when there is no such line; a malformed line, a size beyond MaxSide or
// MaxCells, or too many colour variables is an error.
func ReadPuzzleLines(lines []string) (w, h int, colours []Colour, ok bool, err error) {
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) < 2 || f[0] != "pipesat" || f[1] != "nonogram" {
			continue
		}
		if len(f) != 4 && (len(f) < 5 || f[4] != "colours") {
			return 0, 0, nil, false, fmt.Errorf("header %q: want \"pipesat nonogram W H\"", l)
		}
		w, err1 := strconv.Atoi(f[2])
		h, err2 := strconv.Atoi(f[3])
		if err1 != nil || err2 != nil || w < 1 || h < 1 || w > MaxSide || h > MaxSide || w*h > MaxCells {
			return 0, 0, nil, false, fmt.Errorf("header %q: bad size", l)
		}
		if len(f) > 4 {
			cs, err := parsePalette(f[5:])
			if err != nil {
				return 0, 0, nil, false, fmt.Errorf("header %q: %v", l, err)
			}
			if w*h*len(cs) > MaxColourVars {
				return 0, 0, nil, false, fmt.Errorf("header %q: %d cells of %d colours is too many variables", l, w*h, len(cs))
			}
			return w, h, cs, true, nil
		}
		return w, h, nil, true, nil
	}
	return 0, 0, nil, false, nil
}
