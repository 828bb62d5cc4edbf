#!/usr/bin/env bash
# The test suite of the default build (with GLPK): installs GLPK (and Chromium and poppler-utils for the
# printed-page tests) when missing, builds once (release, compiled for testing, in .build-test/), runs every
# test. About 5 minutes to build from a fresh clone and 4 to 5 to test on 2 cores. Arguments go to `swift test` (`--filter LineupTests`).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
scripts/setup.sh --print
swift build --build-tests "${TEST_BUILD[@]}"
swift test --skip-build "${TEST_BUILD[@]}" "$@"
