# Recipes mirroring the README's commands. Get `just` with `cargo install just` (or your package manager).

# Rebuild every built table and figure into build/ from the shipped data.
reproduce *ARGS:
    cargo run --release --quiet -- reproduce {{ARGS}}

# Run every test (the README's test command; CI runs it through .ci/run). In the release profile, so
# that it reuses everything `just reproduce` (`cargo reproduce`) built.
test:
    cargo test --release

# Print the ledger of published vs rebuilt numbers (text, md or json).
check FORMAT="text":
    cargo run --release --quiet -- check --format {{FORMAT}}

# Rebuild one table and print it in the terminal, e.g. `just show B.T1`.
show ID:
    cargo run --release --quiet -- show {{ID}}

# List every table and figure with its status.
list:
    cargo run --release --quiet -- list

# Everything CI runs: formatting, lints and docs with warnings denied, tests.
ci:
    bash .ci/run

# Benchmarks (bench/README.md): eval against trec_eval built from TREC_EVAL (a checkout of
# usnistgov/trec_eval; never committed here), pytrec_eval and pyNTCIREVAL (on 200 topics);
# randomised/classical Tukey HSD and whole-process `hsd` against elinor; reproduce --force against
# its 1 s target; study on 10 assessors x 50 topics x 20 runs with B = 10,000 against its 30 s target.
bench TREC_EVAL:
    bench/eval/trec_eval.sh {{TREC_EVAL}}
    bench/eval/run.sh --py-topics 200
    cargo build --release --quiet
    cargo run --release --quiet --manifest-path bench/hsd/Cargo.toml -- "${CARGO_TARGET_DIR:-target}/release/evia-repro"
    bench/reproduce/run.sh
    bench/study/run.sh
