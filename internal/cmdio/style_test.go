package cmdio

import (
	"context"
	"slices"
	"testing"

	"github.com/pipesat/pipesat/encoders/cnfstyle"
)

func TestStyle(t *testing.T) {
	ctx := context.WithValue(context.Background(), invocationKey{}, invocation{"nono2cnf", []string{"-o", "x.cnf", "--names", "all", "--output=y", "p.non", "--", "-o"}})
	st, err := Style(ctx, "all", false)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"--names", "all", "p.non", "--", "-o"}
	if st.Names != cnfstyle.All || st.Comments || st.Provenance.Tool != "nono2cnf" || !slices.Equal(st.Provenance.Args, want) || st.Provenance.Version == "" {
		t.Errorf("Style = %+v, want names all, no comments, tool nono2cnf, args %q and a version", st, want)
	}
	if _, err := Style(ctx, "cells", true); err == nil || err.Error() != `--names: "cells" is not none, primary or all` {
		t.Errorf("Style(cells): %v", err)
	}
}
