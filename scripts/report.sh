#!/usr/bin/env bash
# Regenerates Benchmarks/REPORT.md, its charts and report.json: every shipped instance and a generated size
# series per kind with greedy and the MILP, and each exported model solved by glpsol, CBC and HiGHS beside
# Touchline's in-process GLPK. Installs what it needs when missing: GLPK and glpsol (scripts/setup.sh), CBC
# (Debian coinor-cbc) and HiGHS (highspy from PyPI, in a virtual environment under .build-report/). Takes
# about 50 minutes on a 2-core machine (48.5 at 2026-12-07: the 14- to 32-team umpire models take a minute and more
# each with the external solvers). Not part of CI (its tests are). Extra arguments go to
# `touchline report`, e.g. --series small --external-time-limit 5.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

sudo=""
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then sudo="sudo"; fi
apt_install() {
  if command -v apt-get >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get install -y -qq "$@" >&2 || { $sudo apt-get update -qq >&2 && $sudo apt-get install -y -qq "$@" >&2; }
  else
    echo "touchline report: please install $* (no apt-get here); the report will leave that solver out" >&2
    return 1
  fi
}
command -v cbc >/dev/null 2>&1 || apt_install coinor-cbc || true

python=".build-report/venv/bin/python"
if [ ! -x "$python" ] || ! "$python" -c "import highspy" 2>/dev/null; then
  command -v python3 >/dev/null 2>&1 || apt_install python3 || true
  if ! python3 -m venv .build-report/venv >/dev/null 2>&1; then
    apt_install python3-venv || true
    python3 -m venv .build-report/venv >&2 || true
  fi
  if [ -x "$python" ]; then
    "$python" -m pip install --quiet --disable-pip-version-check highspy >&2 || \
      echo "touchline report: could not install highspy; HiGHS is left out" >&2
  fi
fi

swift build -c release --product touchline >&2
exec .build/release/touchline report --python "$python" "$@"
