#!/usr/bin/env bash
# Checks that every Swift file is formatted as `.swift-format` says (the formatter ships with the Swift
# toolchain: `swift format`). To format in place: bash scripts/format-check.sh --fix
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests Benchmarks/TouchlineBenchmarks)
if [[ "${1:-}" == "--fix" ]]; then
  swift format format --in-place --recursive "${paths[@]}"
else
  swift format lint --strict --recursive "${paths[@]}"
fi
