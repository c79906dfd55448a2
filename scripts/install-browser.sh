#!/usr/bin/env bash
# Installs Debian's chromium, the headless browser the HTML report's test
# drives (bench/html/browser_test.go, through chromedp). Idempotent, as
# install-solvers.sh.
set -euo pipefail
"$(dirname "$0")/apt-install.sh" install-browser chromium
