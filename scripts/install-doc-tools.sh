#!/usr/bin/env bash
# Installs what the tests of the man pages and shell completions drive,
# from Debian's packages: mandoc (mandoc -T lint on every page), and zsh
# and fish, whose completion systems the tests ask (bash is there
# already). Idempotent, as install-solvers.sh.
set -euo pipefail
"$(dirname "$0")/apt-install.sh" install-doc-tools mandoc zsh fish
