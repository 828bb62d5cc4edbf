#!/usr/bin/env bash
# The test suite of the default build (with GLPK): installs GLPK (and Chromium and poppler-utils for the
# printed-page tests) when missing, builds, runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --print
swift build --build-tests
swift test --skip-build
