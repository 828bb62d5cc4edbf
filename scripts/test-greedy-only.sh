#!/usr/bin/env bash
# The greedy-only configuration (no GLPK trait): what an iOS app or a machine without glpk.h embeds.
# Builds and tests it in its own build folder, then checks that the binary does not link GLPK.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --disable-default-traits --scratch-path .build-greedy --build-tests
swift test --disable-default-traits --scratch-path .build-greedy --skip-build
binary=.build-greedy/debug/touchline
# Outputs are read whole before grep looks at them (`cmd | grep -q` under pipefail fails at random on SIGPIPE).
if grep -q glpk <<<"$(ldd "$binary")"; then
  echo "greedy-only build links GLPK" >&2
  exit 1
fi
grep -q "greedy-only build" <<<"$("$binary" kinds)"
echo "greedy-only build: no GLPK linked"
