#!/usr/bin/env bash
# Benchmark of `evia-repro eval` against pyNTCIREVAL and pytrec_eval (see bench.py).
# Creates bench/eval/.venv (git-ignored), builds the release binary, generates the seeded
# collection under bench/out/eval/ (git-ignored) and prints a Markdown table.
# Usage: bench/eval/run.sh [--topics N] [--py-topics N]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../.."
if [ ! -x "$here/.venv/bin/python" ]; then
    python3 -m venv "$here/.venv"
fi
"$here/.venv/bin/pip" install -q pyNTCIREVAL==0.0.3 pytrec-eval-terrier==0.5.11
(cd "$root" && cargo build --release -q)
exec "$here/.venv/bin/python" "$here/bench.py" "$@"
