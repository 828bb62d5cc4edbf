#!/usr/bin/env bash
# Builds the DocC documentation of the two libraries (swift-docc-plugin) and fails on any warning: a broken
# symbol link, an undocumented parameter, an article that does not resolve. Output:
# .build/plugins/Swift-DocC/outputs/{Touchline,TouchlineMILP}.doccarchive (open with `docc preview` or host it
# with --transform-for-static-hosting).
set -euo pipefail
cd "$(dirname "$0")/.."
for target in Touchline TouchlineMILP; do
  swift package generate-documentation --target "$target" --warnings-as-errors "$@"
done
