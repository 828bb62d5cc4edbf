#!/usr/bin/env bash
# The fuzzer: mutations of every shipped instance and of small generated ones through the whole JSON
# front end (validate, solve with greedy and, for 1 input in 100, the MILP with a 0.05 s limit, verify, export,
# text and calendar rendering), on two threads, in the test suite's release build (scripts/lib.sh). Fails on a crash, a hang or a broken promise
# (the input is written under .build/fuzz/; keep it in Tests/TouchlineFuzzTests/Regressions/). Before the random
# inputs, a sweep sets every numeric field of every seed up to 20 kB to each extreme in turn (--sweep).
#
#   scripts/fuzz.sh [COUNT] [touchline-fuzz flags]   COUNT inputs (default 100000, what CI runs)
#   scripts/fuzz.sh --record [COUNT]                 also writes Benchmarks/FUZZ.md and its section of
#                                                    Benchmarks/REPORT.md (make fuzz: 1000000 inputs)
set -euo pipefail
cd "$(dirname "$0")/.."
record=0
if [ "${1:-}" = "--record" ]; then record=1; shift; fi
count="${1:-100000}"
if [ $# -gt 0 ]; then shift; fi
source scripts/lib.sh
scripts/setup.sh
swift build --product touchline-fuzz "${TEST_BUILD[@]}" >&2
mkdir -p .build/fuzz
summary=.build/fuzz/summary.json
started=$(date -u +%Y-%m-%dT%H:%MZ)
rm -f "$summary"
status=0
# First every numeric field of every small seed at each extreme (Int64's and Double's ends, -0, a subnormal).
"$TEST_BIN/touchline-fuzz" --sweep --output .build/fuzz Tests/TouchlineFuzzTests/Regressions/*objective*.json || status=$?
"$TEST_BIN/touchline-fuzz" --count "$count" --output .build/fuzz --summary "$summary" "$@" || status=$?
if [ "$record" = 1 ] && [ -f "$summary" ]; then
  python3 scripts/fuzz-record.py "$summary" "$started" "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
fi
exit "$status"
