#!/usr/bin/env bash
# The main job: installs GLPK when missing, builds Touchline (release), and solves a shipped lineup,
# printing its rotation chart. Any arguments replace the default ones, e.g.
#   scripts/run.sh solve --format text instances/pitches/fieldgame-saturday.json
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product touchline >&2
if [ $# -eq 0 ]; then
  set -- solve --format text instances/lineups/quick-start.json
fi
exec .build/release/touchline "$@"
