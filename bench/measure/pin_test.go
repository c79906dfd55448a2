package measure

import (
	"slices"
	"testing"
)

func TestPinPlan(t *testing.T) {
	tests := []struct {
		name    string
		jobs    int
		allowed []int
		want    []int
	}{
		{"one job: not pinned", 1, []int{0, 1, 2, 3}, nil},
		{"two of four", 2, []int{0, 1, 2, 3}, []int{0, 1}},
		{"all four", 4, []int{0, 1, 2, 3}, []int{0, 1, 2, 3}},
		{"a narrowed mask", 2, []int{2, 5, 7}, []int{2, 5}},
		{"more jobs than CPUs: not pinned", 3, []int{0, 1}, nil},
		{"no mask known", 2, nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := PinPlan(tt.jobs, tt.allowed)
			if !slices.Equal(got, tt.want) || (got == nil) != (tt.want == nil) {
				t.Errorf("PinPlan(%d, %v) = %v, want %v", tt.jobs, tt.allowed, got, tt.want)
			}
		})
	}
}
