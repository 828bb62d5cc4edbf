#!/usr/bin/env bash
# The greedy-only configuration (no GLPK trait): what an iOS app or a machine without glpk.h embeds.
# Builds and tests it in its own build folder, then checks that the binary does not link GLPK.
set -euo pipefail
cd "$(dirname "$0")/.."
# Optimised and compiled for testing, as the main test build is: the built-in solver proves this build's lineups, and
# the contract oracle runs it on 2,000 squads.
flags=(--disable-default-traits -c release -Xswiftc -enable-testing -Xswiftc -num-threads -Xswiftc 2 --scratch-path .build-greedy)
swift build "${flags[@]}" --build-tests
swift test "${flags[@]}" --skip-build "$@"
binary=.build-greedy/release/touchline
# Outputs are read whole before grep looks at them (`cmd | grep -q` under pipefail fails at random on SIGPIPE).
if grep -q glpk <<<"$(ldd "$binary")"; then
  echo "greedy-only build links GLPK" >&2
  exit 1
fi
grep -q "greedy-only build" <<<"$("$binary" kinds)"
echo "greedy-only build: no GLPK linked"
