#!/usr/bin/env bash
# Counts the public declarations of each module and, for Touchline, of each group (the instance model, the
# kinds' conformances, the engine's API, split, JSON, output), the figures CONTRIBUTING's "The public surface"
# gives. A declaration is a line that starts with `public` (after its attributes).
set -euo pipefail
cd "$(dirname "$0")/.."
count() { grep -rhoE '^\s*(@\w+(\([^)]*\))?\s+)*public ' "$@" --include=*.swift 2>/dev/null | wc -l | tr -d ' '; }
for module in Touchline TouchlineMILP TouchlineSearch TouchlineReport TouchlineFuzz TouchlineTesting; do
  printf '%-18s %5s\n' "$module" "$(count "Sources/$module")"
done
echo "Touchline by group:"
printf '  %-34s %5s\n' "instance model (Kinds/*/*Instance)" "$(cat Sources/Touchline/Kinds/*/*Instance.swift | grep -cE '^\s*(@\w+(\([^)]*\))?\s+)*public ')"
printf '  %-34s %5s\n' "kinds (the rest of Kinds/)" "$(( $(count Sources/Touchline/Kinds) - $(cat Sources/Touchline/Kinds/*/*Instance.swift | grep -cE '^\s*(@\w+(\([^)]*\))?\s+)*public ') ))"
for group in Engine Split JSON Output; do
  printf '  %-34s %5s\n' "Core/$group" "$(count "Sources/Touchline/Core/$group")"
done
