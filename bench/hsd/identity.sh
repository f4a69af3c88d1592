#!/usr/bin/env bash
# Byte identity of `evia-repro hsd` between two builds: writes ten seeded score
# matrices (the shapes of the sixth round in bench/README.md: 100x16, 50x13, 30x5, 20x3, 10x2,
# 100x40, 25x8, 200x16, 40x100 and a 30x4 matrix of tied scores) and runs
# `hsd --trials 2000 --threads T --format F` with both binaries for T = 1, 2, 3 and F = text, tsv,
# json, comparing stdout with `cmp`. Prints one line per difference and exits 1 if there is any;
# also checks that each binary's output is the same for every thread count.
#
#     bench/hsd/identity.sh OLD_EVIA_REPRO NEW_EVIA_REPRO [OUT_DIR]
set -euo pipefail
old=${1:?usage: identity.sh OLD_EVIA_REPRO NEW_EVIA_REPRO [OUT_DIR]}
new=${2:?usage: identity.sh OLD_EVIA_REPRO NEW_EVIA_REPRO [OUT_DIR]}
out=${3:-"$(dirname "$0")/../out/hsd/identity"}
mkdir -p "$out"

python3 - "$out" <<'EOF'
import random, sys
out = sys.argv[1]
shapes = [(100, 16), (50, 13), (30, 5), (20, 3), (10, 2), (100, 40), (25, 8), (200, 16), (40, 100)]
def write(name, rows):
    runs = len(rows[0])
    with open(f"{out}/{name}.tsv", "w") as f:
        f.write("topic\t" + "\t".join(f"run{j}" for j in range(runs)) + "\n")
        for i, row in enumerate(rows):
            f.write(f"t{i}\t" + "\t".join(repr(v) for v in row) + "\n")
for topics, runs in shapes:
    rng = random.Random(f"identity-{topics}x{runs}")
    rows = []
    for _ in range(topics):
        difficulty = rng.random() * 0.5
        rows.append([min(1.0, difficulty + 0.02 * j + 0.4 * rng.random()) for j in range(runs)])
    write(f"m{topics}x{runs}", rows)
rng = random.Random("identity-tied")
write("tied30x4", [[rng.choice([0.0, 0.25, 0.5, 0.75, 1.0]) for _ in range(4)] for _ in range(30)])
EOF

status=0
compared=0
for matrix in "$out"/*.tsv; do
    name=$(basename "$matrix" .tsv)
    for format in text tsv json; do
        for threads in 1 2 3; do
            for side in old new; do
                bin=$old
                [ "$side" = new ] && bin=$new
                "$bin" hsd --matrix "$matrix" --trials 2000 --threads "$threads" --format "$format" \
                    > "$out/$name.$format.t$threads.$side"
            done
            if ! cmp -s "$out/$name.$format.t$threads.old" "$out/$name.$format.t$threads.new"; then
                echo "DIFFERENT: $name --format $format --threads $threads"
                status=1
            fi
            if ! cmp -s "$out/$name.$format.t1.new" "$out/$name.$format.t$threads.new"; then
                echo "THREADS CHANGE OUTPUT: $name --format $format --threads $threads"
                status=1
            fi
            compared=$((compared + 1))
        done
    done
done
echo "$compared comparisons of old and new output, $([ $status = 0 ] && echo all identical || echo DIFFERENCES FOUND)"
exit $status
