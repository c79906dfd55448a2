package dimacs

import (
	"encoding/binary"
	"strconv"
	"testing"
)

// TestDigits8 checks cnfDigitCount and cnfDigitValue against a digit-by-digit reading: every
// count of digits 0-8 followed by each byte value, at each offset.
func TestDigits8(t *testing.T) {
	nums := []string{"", "0", "7", "10", "123", "9999", "12345", "987654", "1000000", "99999999", "123456789"}
	for _, num := range nums {
		for c := 0; c < 256; c++ {
			in := []byte("-" + num + string(rune(0)) + "9999999999")
			in[1+len(num)] = byte(c)
			n, v := cnfDigits8(in, 1)
			want := 0
			for 1+want < len(in) && in[1+want]-'0' <= 9 {
				want++
			}
			if want >= 8 {
				if n != 8 {
					t.Errorf("%q: n = %d, want 8", in, n)
				}
				continue
			}
			wantV, _ := strconv.ParseUint(string(in[1:1+want]), 10, 64)
			if n != want || v != wantV {
				t.Errorf("%q: got %d digits %d, want %d digits %d", in, n, v, want, wantV)
			}
		}
	}
}

// cnfDigits8 is what literals does with cnfDigitCount and cnfDigitValue.
func cnfDigits8(buf []byte, p int) (int, uint64) {
	w := binary.LittleEndian.Uint64(buf[p:])
	n := cnfDigitCount(w)
	if n == 8 {
		return 8, 0
	}
	return n, cnfDigitValue(w, n)
}
