#!/usr/bin/env bash
# `evia-repro eval` against trec_eval 10.0 built from a checkout (never committed here), once with
# its own Makefile and once with -O2, on bench/eval's collection (gen_collection.py).
#
# Usage: bench/eval/trec_eval.sh TREC_EVAL_CHECKOUT [--topics N] [--runs R]
#   TREC_EVAL_CHECKOUT: a clone of https://github.com/usnistgov/trec_eval (its source is copied
#   to bench/out/trec_eval/ and built there; bench/out is git-ignored).
# Needs: a C compiler, make, GNU time (/usr/bin/time), python3.
#
# Before timing it checks that evia-repro and trec_eval agree on every per-topic AP and
# nDCG@10 at 4 decimals (trec_eval's nDCG: gain = level, 1/log2(r+1); evia-repro's MSnDCG@10 with
# gains 1:2:3). Then it times the three whole processes, alternating (bench/alternate.py, R rounds), and
# prints the median of each one's wall times, the median per-round ratio to evia-repro, and peak
# memory (max RSS, one run each).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
checkout="${1:?usage: trec_eval.sh TREC_EVAL_CHECKOUT [--topics N] [--runs R]}"
shift
topics=2000
runs=10
while [ $# -gt 0 ]; do
    case "$1" in
        --topics) topics="$2"; shift 2 ;;
        --runs) runs="$2"; shift 2 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done
out="$root/bench/out"
data="$out/eval/t$topics"
te="$out/trec_eval"

# trec_eval, twice: its Makefile's flags (-g, no optimisation) and -O2.
rm -rf "$te" && mkdir -p "$te/src"
cp -r "$checkout"/. "$te/src/" && rm -rf "$te/src/.git"
(cd "$te/src" && make -s >/dev/null 2>&1 && cp trec_eval "$te/trec_eval_make" && make -s clean >/dev/null 2>&1)
(cd "$te/src" && make -s CFLAGS='-O2 -I. -w -DVERSIONID="\"10.0\""' >/dev/null 2>&1 && cp trec_eval "$te/trec_eval_O2")

(cd "$root" && cargo build --release -q)
evia="${CARGO_TARGET_DIR:-$root/target}/release/evia-repro"
if [ ! -e "$data/runA.trec" ]; then
    python3 "$here/gen_collection.py" "$data" --topics "$topics"
fi

cmd_evia="$evia eval --qrels $data/qrels.ntcir --run $data/runA.trec --gains 1:2:3 --cutoffs 10 --format tsv"
cmd_te_o2="$te/trec_eval_O2 -q -m map -m ndcg_cut.10 $data/qrels.trec $data/runA.trec"
cmd_te_make="$te/trec_eval_make -q -m map -m ndcg_cut.10 $data/qrels.trec $data/runA.trec"

# Agreement on every per-topic value, at 4 decimals.
$cmd_evia > "$out/evia.tsv"
$cmd_te_o2 > "$out/trec_eval.txt"
python3 - "$out/evia.tsv" "$out/trec_eval.txt" <<'PY'
import sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
head = rows[0]
ap, nd = head.index("AP"), head.index("MSnDCG@0010")
evia = {}
for r in rows[1:]:
    if r[0] != "mean":
        evia[(r[0], "map")] = float(r[ap])
        evia[(r[0], "ndcg_cut_10")] = float(r[nd])
te = {}
for line in open(sys.argv[2]):
    m, q, v = line.split()
    if q != "all":
        te[(q, m)] = float(v)
assert set(te) == set(evia), "the tools evaluated different topic/measure sets"
bad = [k for k in te if abs(round(te[k], 4) - round(evia[k], 4)) > 1.01e-4]
worst = max(abs(te[k] - evia[k]) for k in te)
if bad:
    sys.exit("disagreement at 4 decimals on %d values, e.g. %s" % (len(bad), bad[:3]))
print("agreement: %d per-topic values (AP, nDCG@10) equal at 4 decimals; largest |difference| %.1e"
      % (len(te), worst))
PY

echo "load average before timing: $(cut -d' ' -f1-3 /proc/loadavg)"
python3 "$here/../alternate.py" "$runs" evia-repro "$cmd_evia" trec_eval-O2 "$cmd_te_o2" \
    trec_eval-make "$cmd_te_make"
echo "load average after timing: $(cut -d' ' -f1-3 /proc/loadavg)"
for c in "$cmd_evia" "$cmd_te_o2"; do
    /usr/bin/time -f "peak memory %M KiB: ${c%% *}" $c > /dev/null
done
