package nonogram

import (
	"fmt"
	"strconv"
	"strings"
)

// ReadHeader reads the puzzle's size from the first "pipesat nonogram W H"
// line among lines (comment texts without "c "), the line WriteHeader
// writes. ok is false when there is none; a malformed line or a size
// beyond MaxSide or MaxCells is an error.
func ReadHeader(lines []string) (w, h int, ok bool, err error) {
	for _, l := range lines {
		f := strings.Fields(l)
		if len(f) < 2 || f[0] != "pipesat" || f[1] != "nonogram" {
			continue
		}
		if len(f) != 4 {
			return 0, 0, false, fmt.Errorf("header %q: want \"pipesat nonogram W H\"", l)
		}
		w, err1 := strconv.Atoi(f[2])
		h, err2 := strconv.Atoi(f[3])
		if err1 != nil || err2 != nil || w < 1 || h < 1 || w > MaxSide || h > MaxSide || w*h > MaxCells {
			return 0, 0, false, fmt.Errorf("header %q: bad size", l)
		}
		return w, h, true, nil
	}
	return 0, 0, false, nil
}
