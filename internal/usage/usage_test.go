package usage

import (
	"errors"
	"fmt"
	"io/fs"
	"testing"
)

func TestError(t *testing.T) {
	if Wrap(nil) != nil {
		t.Error("Wrap(nil) is not nil")
	}
	err := fmt.Errorf("reading flags: %w", Wrap(fs.ErrNotExist))
	var ue *Error
	if !errors.As(err, &ue) || ue.Error() != "file does not exist" || !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Wrap: %v, as %v", err, ue)
	}
	err = Errorf("--max %d: %w", 0, fs.ErrInvalid)
	if !errors.As(err, &ue) || err.Error() != "--max 0: invalid argument" || !errors.Is(err, fs.ErrInvalid) {
		t.Errorf("Errorf: %v", err)
	}
}
