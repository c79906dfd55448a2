package nonogram

import (
	"fmt"
	"strconv"
	"strings"
)

// ReadHeader reads the puzzle's size from the first "pipesat nonogram W H"
// line among lines (comment texts without "c "), the line WriteHeader
// writes. ok is false when there is none; a malformed line or a size
// beyond MaxSide or MaxCells is an error, and so is the header of a colour
// puzzle, whose variables are not one per cell (see ReadColourHeader).
func ReadHeader(lines []string) (w, h int, ok bool, err error) {
	w, h, cs, ok, err := ReadColourHeader(lines)
	if err == nil && cs != nil {
		return 0, 0, false, fmt.Errorf("header \"pipesat nonogram %d %d colours ...\": a colour puzzle", w, h)
	}
	return w, h, ok, err
}

// ReadColourHeader is ReadHeader for black-and-white and colour puzzles:
// it reads "pipesat nonogram W H" (colours nil) or "pipesat nonogram W H
// colours 0=ffffff a=d62728 ..." (the palette, background first, as
// WriteColourHeader writes it; the colours have no names).
func ReadColourHeader(lines []string) (w, h int, colours []Colour, ok bool, err error) {
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
