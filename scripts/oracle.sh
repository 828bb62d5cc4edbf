#!/usr/bin/env bash
# The contract oracle: random tiny lineups of every mode, each solved by the engine and by enumerating every plan
# the verifier accepts (Tests/TouchlineTests/Oracle). A disagreement fails the run and is written as an instance
# under .build/oracle/ (keep it in Tests/Regressions/lineup-oracle/, where every run replays it).
#
#   scripts/oracle.sh [N] [--record]   N instances per lineup mode and per kind (default 500, what the test suite
#                                      runs in CI); --record writes Benchmarks/ORACLE.md (make oracle N=5000)
#
# The tests run in the test suite's release build (scripts/lib.sh), where the enumeration is about ten times faster
# than in a debug build.
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-500}"
record=0
[ "${2:-}" = "--record" ] && record=1
source scripts/lib.sh
scripts/setup.sh
build=("${TEST_BUILD[@]}")
swift build --build-tests "${build[@]}" >&2
log=.build/oracle-run.log
mkdir -p .build
status=0
started=$(date -u +%Y-%m-%dT%H:%MZ)
begin=$(date +%s)
ORACLE_COUNT="$count" swift test "${build[@]}" --skip-build --filter 'LineupOracleTests|LineupOutsideCaseTests|KindsOracleTests|ContractEdgeTests' 2>&1 | tee "$log" | grep -E '^oracle|✘|passed after|failed after' || true
grep -q 'Test run with .* passed' "$log" || status=1
seconds=$(( $(date +%s) - begin ))
if [ "$record" = 1 ]; then
  python3 - "$log" "$started" "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" "$seconds" "$status" <<'PY'
import re, sys
log, started, commit, seconds, status = sys.argv[1:]
rows = []
for line in open(log, encoding="utf-8", errors="replace"):
    # A lineup line names its engines: "milp: optimal .., infeasible .., other ..; builtin: optimal .., ..".
    m = re.match(r"oracle (\w+) (\w+): (\d+) checked \((\d+) .*?\), (?:(\w+): )?optimal (\d+), infeasible (\d+), other (\d+)"
                 r"(?:; builtin: optimal (\d+), infeasible (\d+), other (\d+))?(?:[;,] best efforts checked (\d+))?, disagreements (\d+)", line)
    if m: rows.append(m.groups())
total = sum(int(r[2]) for r in rows)
engines = sorted({r[4] for r in rows if r[4]})
out = ["# The contract oracle", "",
       f"Written by `scripts/oracle.sh N --record` (`make oracle N=...`) on commit {commit}, {started}, release build, "
       f"{seconds} s in all, {'every test passed' if status == '0' else 'A TEST FAILED'}.", "",
       "Each lineup instance is a random tiny lineup (one to three segments, four to six players, every rule on or off at",
       "random: injuries, late arrivals, locks, minutes bounds, keepers, overtime, live state, queues, marks, colour",
       "assignments). The oracle enumerates every lineup of every segment and every colouring and keeps the plans",
       "`verify` accepts; each exact engine must prove the same optimum, or prove infeasible exactly when the",
       "oracle finds no plan. Lineups are solved by both exact engines where GLPK is built in: GLPK (`milp`) and",
       "Touchline's own simplex and branch and bound (`builtin`) on the same programs, which must also agree with",
       "each other (a disagreement counts); the other kinds by GLPK. First engine of this run's lineups: "
       + (", ".join(engines) or "-") + ".", "",
       "| kind | mode | instances | optimal | infeasible | other status | builtin optimal | builtin infeasible | builtin other | best efforts checked | disagreements |",
       "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
for kind, mode, checked, skipped, engine, opt, inf, other, bopt, binf, bother, effort, dis in rows:
    out.append(f"| {kind} | {mode} | {checked} | {opt} | {inf} | {other} | {bopt or '-'} | {binf or '-'} | {bother or '-'} | {effort or '-'} | {dis} |")
out += ["", f"In all: {total} instances, {sum(int(r[12]) for r in rows)} disagreements.", "",
        "The other kinds: pitches (every placement of five matches on three pitches or none), officials (every crew",
        "up to each match's most, with the default, `udine` and custom level orders), matchday (every placement of",
        "three matches on two pitches or none with every crew; pinned pitches and officials, closures, a one-match",
        "pitch, a published plan), standings (every result of the remaining matches, ranks counted on points from",
        "the results alone). A best effort (an infeasible lineup) is checked against the fairest structurally sound",
        "plan that keeps the keeper and mode rules (in colour-group mode over every colouring too): as few empty",
        "slots, then as small a largest and total minutes shortfall; where that space is too large to list, it is",
        "not checked (the column counts those that were).", "",
        "A day (`kind` day) is a random tiny tournament day: the squad, formation and rules of a random tiny lineup",
        "over two games (one of a single segment) or three of one segment each, with a knock or a late arrival in a",
        "later game, a smaller formation in one game, locks and pre-marked periods naming their game; the oracle",
        "lists each game's plans the verifier accepts on that game and judges every combination with the day's",
        "verifier. A day's best effort is each game's own and is not checked against the fairest day. Days are a",
        "tenth of the lineup count per mode.", ""]
open("Benchmarks/ORACLE.md", "w").write("\n".join(out))
print("wrote Benchmarks/ORACLE.md")
PY
fi
exit "$status"
