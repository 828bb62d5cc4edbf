#!/usr/bin/env bash
# Installs what Touchline's default build needs on Debian or Ubuntu: GLPK's headers and library
# (libglpk-dev) and, for the tests and `touchline export` checks, glpsol (glpk-utils). With --print also what
# the tests of the printable pages use: headless Chromium and poppler-utils (pdfinfo, pdftotext, pdftoppm).
# With --parallel also GNU parallel (the batch pipeline of split and merge).
# Does nothing when they are already there. Usage: scripts/setup.sh [--print] [--parallel]
set -euo pipefail

missing=()
[ -f /usr/include/glpk.h ] || missing+=(libglpk-dev)
command -v glpsol >/dev/null 2>&1 || missing+=(glpk-utils)
for option in "$@"; do
  case "$option" in
    --print)
      command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || missing+=(chromium)
      command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
      ;;
    --parallel)
      command -v parallel >/dev/null 2>&1 || missing+=(parallel)
      ;;
    *) echo "touchline setup: unknown option $option (expected --print or --parallel)" >&2; exit 64 ;;
  esac
done
[ ${#missing[@]} -eq 0 ] && exit 0

if ! command -v apt-get >/dev/null 2>&1; then
  echo "touchline setup: please install GLPK (${missing[*]}) with your package manager," >&2
  echo "or build without it: swift build --disable-default-traits" >&2
  exit 1
fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "touchline setup: need root (or sudo) to install ${missing[*]}" >&2
    exit 1
  fi
fi
echo "touchline setup: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq >&2
$sudo apt-get install -y -qq "${missing[@]}" >&2
