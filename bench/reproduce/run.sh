#!/usr/bin/env bash
# `reproduce --force` (release build, 2 threads) into a scratch directory under bench/out/
# (git-ignored), in two parts with two targets:
#  1. every artefact of the papers except the robustness studies (the manifest's artefacts whose
#     experiment is not `*.robustness`), timed in alternation with a no-op rebuild (everything up to
#     date); anchor: under 1 s wall on a 2-core machine;
#  2. with STUDY_REPLICATES given, the robustness studies once at that many replicates (200 is the
#     manifest's default), with /usr/bin/time; anchor: R = 200 in 5 minutes;
#  3. with DESIGN_POINTS given, the knob-space studies (A.M1, B.M1; experiments `*.knob_space`) once
#     at that many design points (256 is the manifest's default), each alone and both together, with
#     /usr/bin/time; anchor: both together add at most 90 s to `cargo reproduce`.
# Usage: bench/reproduce/run.sh [ROUNDS] [STUDY_REPLICATES] [DESIGN_POINTS]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
rounds="${1:-5}"
study_replicates="${2:-}"
design_points="${3:-}"
(cd "$root" && cargo build --release -q)
evia="${CARGO_TARGET_DIR:-$root/target}/release/evia-repro"
out="$root/bench/out/reproduce"
mkdir -p "$out"
cd "$root"
# Artefact ids of paper/manifest.yaml: "  - id: X" lines, each followed by its "    experiment: Y".
split_ids() {
    awk -v want="$1" '
        /^  - id: / { id = $3 }
        /^    experiment: / {
            study = ($2 ~ /\.robustness$/)
            space = ($2 ~ /\.knob_space$/)
            if ((want == "papers" && !study && !space) || (want == "studies" && study) \
                || (want == "spaces" && space)) {
                ids = ids (ids == "" ? "" : ",") id
            }
        }
        END { print ids }' paper/manifest.yaml
}
papers="$(split_ids papers)"
studies="$(split_ids studies)"
spaces="$(split_ids spaces)"
echo "paper artefacts: $papers"
echo "load average before timing: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 "$here/../alternate.py" "$rounds" \
    "reproduce --force (paper artefacts)" "$evia reproduce --force --threads 2 --only $papers --out $out" \
    "reproduce (up to date)" "$evia reproduce --threads 2 --only $papers --out $out"
echo "load average after timing: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "$study_replicates" ]; then
    echo "robustness studies $studies at R = $study_replicates (load $(cut -d' ' -f1-3 /proc/loadavg)):"
    /usr/bin/time -f "%e s wall, %U s user, %S s system, %M KiB max RSS" \
        "$evia" reproduce --force --threads 2 --only "$studies" --replicates "$study_replicates" \
        --out "$out" >/dev/null
fi
if [ -n "$design_points" ]; then
    for only in ${spaces//,/ } "$spaces"; do
        echo "knob-space studies $only at N = $design_points (load $(cut -d' ' -f1-3 /proc/loadavg)):"
        /usr/bin/time -f "%e s wall, %U s user, %S s system, %M KiB max RSS" \
            "$evia" reproduce --force --threads 2 --only "$only" --design-points "$design_points" \
            --out "$out" >/dev/null
    done
fi
