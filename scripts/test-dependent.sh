#!/usr/bin/env bash
# Builds Tests/Fixtures/Dependent, a package that depends on Touchline by path, in both configurations a
# dependent can choose: default traits (GLPK: links libglpk, solves by MILP) and `traits: []` (greedy-only:
# links no GLPK, solves by greedy). Fails when either builds wrong, links wrong or answers wrong.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
ln -s "$root" "$work/Touchline"
cp -R Tests/Fixtures/Dependent "$work/Dependent"
for mode in default greedy-only; do
  if [ "$mode" = greedy-only ]; then export TOUCHLINE_GREEDY_ONLY=1; else unset TOUCHLINE_GREEDY_ONLY; fi
  swift build --package-path "$work/Dependent" --scratch-path "$work/build-$mode" >&2
  binary="$work/build-$mode/debug/Dependent"
  output="$("$binary")"
  echo "$mode: $output" | tr '\n' ' '; echo
  # The linked libraries are read whole before grep looks at them: `ldd | grep -q` under pipefail fails at
  # random when grep stops reading first and ldd dies of SIGPIPE.
  libraries="$(ldd "$binary")"
  if [ "$mode" = default ]; then
    grep -q glpk <<<"$libraries" || { echo "the default build of a dependent does not link GLPK" >&2; exit 1; }
    grep -q "milp available: true" <<<"$output" || { echo "the default build has no MILP" >&2; exit 1; }
    grep -q "method: milp" <<<"$output" || { echo "the default build did not solve by MILP" >&2; exit 1; }
  else
    if grep -q glpk <<<"$libraries"; then echo "the greedy-only build of a dependent links GLPK" >&2; exit 1; fi
    grep -q "milp available: false" <<<"$output" || { echo "the greedy-only build has a MILP" >&2; exit 1; }
    grep -q "method: greedy" <<<"$output" || { echo "the greedy-only build did not answer by greedy" >&2; exit 1; }
  fi
  grep -q "placed: 2" <<<"$output" || { echo "$mode: not every match placed" >&2; exit 1; }
done
echo "dependent package: both configurations build, link and solve as expected"
