package results

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Statuses are the statuses a row may have, in the order messages list
// them.
var Statuses = []string{StatusSat, StatusUnsat, StatusUnknown, StatusError, StatusTimeout, StatusMemout, StatusUnproven}

// RequiredKeys are the keys every row has: without them a row cannot be
// scored.
var RequiredKeys = []string{"solver", "instance", "rep", "status", "wall"}

// missing marks a number not given: JSON has no NaN, and no rep is below 1.
const missingRep = math.MinInt

// decode decodes one line into row and checks it: the required keys are
// there, times are numbers not below 0, rep is at least 1 and the status
// is one of Statuses. The error is a message without position.
func decode(b []byte, row *Row) error {
	row.Rep, row.Wall = missingRep, math.NaN()
	if err := json.Unmarshal(b, row); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) && te.Field != "" {
			if n, ok := strings.CutPrefix(te.Value, "number "); ok {
				return fmt.Errorf("%q is %s: out of range", te.Field, n)
			}
			return fmt.Errorf("%q is a JSON %s, want a %s", te.Field, te.Value, kind(te.Type.Kind().String()))
		}
		return err
	}
	return check(row)
}

// kind names a Go kind in JSON's words.
func kind(k string) string {
	switch {
	case strings.HasPrefix(k, "float"), strings.HasPrefix(k, "int"), strings.HasPrefix(k, "uint"):
		return "number"
	case k == "bool":
		return "boolean (true or false)"
	}
	return k
}

// check checks a decoded row (see decode).
func check(row *Row) error {
	var miss []string
	for _, k := range []struct {
		name string
		gone bool
	}{{"solver", row.Solver == ""}, {"instance", row.Instance == ""}, {"rep", row.Rep == missingRep},
		{"status", row.Status == ""}, {"wall", math.IsNaN(row.Wall)}} {
		if k.gone {
			miss = append(miss, strconv.Quote(k.name))
		}
	}
	if len(miss) > 0 {
		return fmt.Errorf("not a result row: missing %s", strings.Join(miss, ", "))
	}
	if row.Rep < 1 {
		return fmt.Errorf(`"rep" is %d: repetitions count from 1`, row.Rep)
	}
	for _, t := range []struct {
		name string
		v    float64
	}{{"wall", row.Wall}, {"user", row.User}, {"sys", row.Sys}, {"encode", row.Encode}, {"check", row.Check}, {"timeout", row.Timeout}} {
		if t.v < 0 {
			return fmt.Errorf("%q is %s: a time cannot be negative", t.name, strconv.FormatFloat(t.v, 'g', -1, 64))
		}
	}
	for _, s := range Statuses {
		if row.Status == s {
			return nil
		}
	}
	return fmt.Errorf("status %q is not one of %s", row.Status, strings.Join(Statuses, ", "))
}
