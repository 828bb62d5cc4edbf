#!/usr/bin/env bash
# The batch pipeline of the README under GNU parallel: each shipped term split by day and by component (and a
# generated season by region), the parts solved two at a time by separate `touchline` processes, merged, and
# the merged plan verified against the whole instance. Installs GNU parallel (Debian package `parallel`) when missing.
# Uses the test suite's build (scripts/lib.sh), so after scripts/test.sh it compiles nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib.sh
scripts/setup.sh --parallel
swift build --product touchline "${TEST_BUILD[@]}" >&2
touchline="$(pwd)/$TEST_BIN/touchline"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for instance in instances/officials/fieldgame-term.json instances/pitches/fieldgame-term.json instances/matchday/fieldgame-saturday.json; do
  for by in day component; do
    "$touchline" split --by "$by" "$instance" \
      | parallel --will-cite --pipe -N1 --jobs 2 "$touchline" solve --jsonl --time-limit 2 > "$work/results.jsonl"
    "$touchline" merge "$instance" "$work/results.jsonl" > "$work/merged.json" 2> "$work/merge.err"
    "$touchline" verify "$instance" "$work/merged.json" > /dev/null
    parts=$(wc -l < "$work/results.jsonl")
    summary=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["status"], d["objective"], "proven:", ",".join(d["split"]["provenLevels"]) or "none")' "$work/merged.json")
    echo "split-merge: $instance by $by: $parts parts, $summary"
  done
done
# By region: a generated season of three regions (venues carry `region`), split by region, solved, merged,
# verified; its regions share nothing, so the merge claims what the parts prove.
"$touchline" generate officials --size 300 --regions 3 --seed 1 > "$work/season.json"
"$touchline" split --by region "$work/season.json" \
  | parallel --will-cite --pipe -N1 --jobs 2 "$touchline" solve --jsonl --time-limit 2 > "$work/results.jsonl"
"$touchline" merge "$work/season.json" "$work/results.jsonl" > "$work/merged.json"
"$touchline" verify "$work/season.json" "$work/merged.json" > /dev/null
summary=$(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); s=d["split"]; assert s["by"] == "region" and s["parts"] == 3 and not s.get("linked"), s; print(d["status"], d["objective"], "proven:", ",".join(s["provenLevels"]) or "none")' "$work/merged.json")
echo "split-merge: generated 3-region season by region: 3 parts, $summary"
