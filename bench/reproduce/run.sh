#!/usr/bin/env bash
# `reproduce --force` of every artefact (release build, 2 threads) into a scratch directory under
# bench/out/ (git-ignored), timed in alternation with a no-op rebuild (everything up to date).
# Its anchor is the issue's target: under 1 s wall on a 2-core machine.
# Usage: bench/reproduce/run.sh [ROUNDS]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
rounds="${1:-5}"
(cd "$root" && cargo build --release -q)
evia="${CARGO_TARGET_DIR:-$root/target}/release/evia-repro"
out="$root/bench/out/reproduce"
mkdir -p "$out"
cd "$root"
echo "load average before timing: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 "$here/../alternate.py" "$rounds" \
    "reproduce --force" "$evia reproduce --force --threads 2 --out $out" \
    "reproduce (up to date)" "$evia reproduce --threads 2 --out $out"
echo "load average after timing: $(cut -d' ' -f1-3 /proc/loadavg)"
