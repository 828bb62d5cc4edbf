#!/usr/bin/env bash
# Runs the package-benchmark suite (MILP against greedy on every shipped instance). Not part of CI: its first
# build takes several minutes. Extra arguments go to `swift package benchmark`, e.g. --filter 'pitches/.*'.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export TOUCHLINE_BENCHMARKS=1
exec swift package --scratch-path .build-bench benchmark --no-progress "$@"
