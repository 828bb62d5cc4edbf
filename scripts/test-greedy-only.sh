#!/usr/bin/env bash
# The greedy-only configuration (no GLPK trait): what an iOS app or a machine without glpk.h embeds.
# Builds and tests it in its own build folder, then checks that the binary does not link GLPK.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --disable-default-traits --scratch-path .build-greedy --build-tests
swift test --disable-default-traits --scratch-path .build-greedy --skip-build
binary=.build-greedy/debug/touchline
if ldd "$binary" | grep -q glpk; then
  echo "greedy-only build links GLPK" >&2
  exit 1
fi
"$binary" kinds | grep -q "greedy-only build"
echo "greedy-only build: no GLPK linked"
