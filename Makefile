# pipesat: see README.md.
GO      ?= go
BIN     ?= bin
# make install puts the tools in $(DESTDIR)$(PREFIX)/bin, the man pages
# and the shell completions under $(DESTDIR)$(PREFIX)/share.
PREFIX  ?= /usr/local
DESTDIR ?=
FUZZTIME ?= 30s
# Build tags of build and install. urfave_cli_no_docs drops urfave/cli's
# ToMarkdown/ToMan, which no tool uses (nor the man pages: internal/docgen
# writes them), and with them blackfriday and go-md2man, whose package
# initialisation costs every start about 0.4 ms.
GOTAGS  ?= urfave_cli_no_docs
# The version --version and each CNF's "c pipesat tool" line name, stamped
# in at build and install (internal/cmdio's stamped), so that a machine
# that builds with -buildvcs=false still has one; empty outside a git
# checkout, and the tools then fall back on the build information.
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null)
LDFLAGS ?= -X github.com/pipesat/pipesat/internal/cmdio.stamped=$(VERSION)
# staticcheck at a fixed version, fetched through the Go module proxy.
STATICCHECK ?= $(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2

# The man pages' date: the last commit's, so that the same checkout makes
# the same pages.
MANDATE ?= $(shell git log -1 --format=%cs 2>/dev/null || date +%Y-%m-%d)
# The generator of the man pages and completions (internal/docgen): it
# reads each tool's declarations and doc.go, as -h and --help do.
GENDOCS  = $(GO) run -tags '$(GOTAGS)' ./internal/docgen/gendocs

.PHONY: all build test cover check demo install install-solvers bench fuzz clean difftest man completions

all: build

build:
	$(GO) build -tags '$(GOTAGS)' -ldflags '$(LDFLAGS)' -o $(BIN)/ ./cmd/...

# The README's test command. Tests that need an external solver skip when it
# is missing, unless PIPESAT_REQUIRE_SOLVERS names it (CI sets it). The
# tests run with the build's tags: the tools they run (the test binaries,
# testscript.Main) are then built as make build and the README's go
# install build them, and each of their thousands of starts skips
# blackfriday's initialisation too.
test:
	$(GO) test -p $(TESTP) -tags '$(GOTAGS)' $(TESTPKGS)

# Every package, the ones whose tests take longest first: go test starts
# them in this order, and the short ones then fill the cores at the end
# instead of one long package running alone (on 2 cores, one pair of runs
# on a host whose speed drifts 10-20%: 66 s in ./... order, 58 s in this
# one). ./... adds the others, each once.
TESTPKGS = . ./bench/run ./internal/tools/satbench ./solver ./encoders/nonogram ./dimacs ./internal/corrupt \
	./internal/difftest ./decoders/grid/draw ./solver/mus ./encoders/twisty ./...
# Packages whose tests run at once: one more than the cores (go test's
# default is the cores), since much of a test's time is spent waiting on
# a solver's process or a timeout (on 2 cores, paired runs: 58.4 and 60.4
# s with 2, 51.5 and 57.5 s with 3; with 8 busy loops besides, it passes).
TESTP   ?= $(shell echo $$(( $$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1) + 1 )))

# Statement coverage per package by all the tests, the scripts' runs of the
# tools included (scripts/cover.sh); the profile is cover.out.
cover:
	./scripts/cover.sh

check:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [ -n "$$out" ]; then echo "gofmt -l:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	$(STATICCHECK) ./...
	$(GO) test -race -tags '$(GOTAGS)' -timeout 30m $(TESTPKGS)

# The main job on a new machine: needs no external solver (embedded gini).
demo: build
	./scripts/demo.sh $(BIN)

# man/man1/TOOL.1 for every tool, made from its declarations and doc.go.
man:
	rm -rf man/man1
	$(GENDOCS) -man man/man1 -date '$(MANDATE)' -version '$(VERSION)'

# completions/bash/TOOL, completions/zsh/_TOOL, completions/fish/TOOL.fish.
completions:
	rm -rf completions
	$(GENDOCS) -completions completions

# The tools, their man pages and completions, where each is looked for:
# PREFIX/bin, PREFIX/share/man/man1, and bash-completion's, zsh's and
# fish's folders of completions that packages install.
install: build man completions
	install -d '$(DESTDIR)$(PREFIX)/bin' '$(DESTDIR)$(PREFIX)/share/man/man1' \
		'$(DESTDIR)$(PREFIX)/share/bash-completion/completions' \
		'$(DESTDIR)$(PREFIX)/share/zsh/site-functions' \
		'$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d'
	install -m 755 $(BIN)/* '$(DESTDIR)$(PREFIX)/bin/'
	install -m 644 man/man1/*.1 '$(DESTDIR)$(PREFIX)/share/man/man1/'
	install -m 644 completions/bash/* '$(DESTDIR)$(PREFIX)/share/bash-completion/completions/'
	install -m 644 completions/zsh/_* '$(DESTDIR)$(PREFIX)/share/zsh/site-functions/'
	install -m 644 completions/fish/*.fish '$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/'

install-solvers:
	./scripts/install-solvers.sh

bench:
	GOTAGS='$(GOTAGS)' ./scripts/bench.sh

# Differential test: DIFFTEST_N seeded random formulas through gini and every
# installed solver, raw and through satrun; disagreements are shrunk into
# testdata/regress (SEED picks the formulas, default 1).
DIFFTEST_N ?= 300
difftest:
	./scripts/difftest.sh $(DIFFTEST_N)

fuzz:
	FUZZTIME=$(FUZZTIME) ./scripts/fuzz.sh

clean:
	rm -rf $(BIN) cover.out man completions
