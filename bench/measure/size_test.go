package measure

import (
	"strconv"
	"strings"
	"testing"
)

func TestParseSize(t *testing.T) {
	for _, tt := range []struct {
		in      string
		want    int64
		wantErr bool
	}{
		{"512", 512 << 20, false}, {"512M", 512 << 20, false}, {"2G", 2 << 30, false},
		{"2GiB", 2 << 30, false}, {"1.5g", 3 << 29, false}, {"64k", 64 << 10, false}, {"1T", 1 << 40, false},
		{"", 0, true}, {"x", 0, true}, {"-1G", 0, true}, {"9999999999T", 0, true},
		{"512B", 0, true}, {"1iB", 0, true}, {"1I", 0, true}, {"NaN", 0, true}, {"nanM", 0, true}, {"inf", 0, true}, {"B", 0, true},
		{"64KB", 64 << 10, false}, {" 3 mib ", 3 << 20, false},
	} {
		got, err := ParseSize(tt.in)
		if (err != nil) != tt.wantErr || got != tt.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		}
	}
	if _, err := ParseSize("x"); err == nil || err.Error() != `bad memory size "x" (want e.g. 512M or 2G)` {
		t.Errorf("ParseSize(\"x\"): %v", err)
	}
}

// FuzzParseSize: never panic; a size is 0..2^62 bytes; a "B" needs a
// unit before it; a number alone is MiB; K is 1024 bytes.
func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"512", "512M", "2G", "2GiB", "1.5g", "64k", "1T", "", "x", "-1G", "9999999999T", "512B", "NaN", "1e3K", "0x10M", " 3 mib ", "inf", "1I"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseSize(s)
		if err != nil {
			if n != 0 {
				t.Fatalf("ParseSize(%q) = %d with error %v", s, n, err)
			}
			return
		}
		if n < 0 || n > 1<<62 {
			t.Fatalf("ParseSize(%q) = %d, out of range", s, n)
		}
		u := strings.ToUpper(strings.TrimSpace(s))
		if strings.HasSuffix(u, "B") && !strings.ContainsAny(u[max(len(u)-3, 0):len(u)-1], "KMGT") {
			t.Fatalf("ParseSize(%q) = %d: a B with no unit before it", s, n)
		}
		if _, err := strconv.ParseUint(strings.TrimSpace(s), 10, 64); err == nil && n%(1<<20) != 0 {
			t.Fatalf("ParseSize(%q) = %d: a plain number is MiB", s, n)
		}
		k := n / 1024
		if back, err := ParseSize(strconv.FormatInt(k, 10) + "K"); err != nil || back != k*1024 {
			t.Fatalf("ParseSize(%dK) = %d, %v; want %d", k, back, err, k*1024)
		}
	})
}
