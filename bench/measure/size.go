package measure

import (
	"fmt"
	"strconv"
	"strings"
)

// ParseSize parses a memory size: a number with an optional suffix K, M,
// G or T (powers of 1024, an optional trailing "B" or "iB" after it);
// without a suffix the number is in MiB. It returns bytes. A "B" with no
// K, M, G or T before it is an error, not 512 MiB for "512B".
func ParseSize(s string) (int64, error) {
	bad := fmt.Errorf("bad memory size %q (want e.g. 512M or 2G)", s)
	t := strings.TrimSpace(strings.ToUpper(s))
	byteSuffix := false
	if u, ok := strings.CutSuffix(t, "IB"); ok {
		t, byteSuffix = u, true
	} else if u, ok := strings.CutSuffix(t, "B"); ok {
		t, byteSuffix = u, true
	}
	mult, unit := int64(1<<20), true
	switch t[max(len(t)-1, 0):] {
	case "K":
		mult = 1 << 10
	case "M":
		mult = 1 << 20
	case "G":
		mult = 1 << 30
	case "T":
		mult = 1 << 40
	default:
		unit = false
	}
	if unit {
		t = t[:len(t)-1]
	} else if byteSuffix {
		return 0, bad
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(t), 64)
	if err != nil || !(f >= 0) || f*float64(mult) > 1<<62 { // !(f >= 0) is true for NaN too
		return 0, bad
	}
	return int64(f * float64(mult)), nil
}
