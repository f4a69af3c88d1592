//! Times the randomised Tukey HSD of evia-repro (one thread and all cores) against the `elinor`
//! crate's `RandomizedTukeyHsdTester` on the same random matrices and B:
//! 100 topics × 16 runs with B = 5,000 (paper A's setting) and 50 topics × 13 runs with B = 10,000
//! (paper B's). The trial loop is timed in `ROUNDS` alternating rounds (elinor once, then evia-repro
//! on one thread and on all cores `INNER` times each, alternating; each round keeps its best call
//! per implementation), because on a shared 2-core machine one reading is at the mercy of other
//! jobs: it prints the best and the median over the rounds, permuted cells per second (B × topics ×
//! runs / seconds), the speed-ups over elinor, the ratio of the 1-thread to the all-core time (best
//! against best and the median of the per-round ratios), the ceiling of that ratio on this machine
//! (each round also times two independent 1-thread calls running at once on two threads: on a VM
//! whose two cores share a physical core or a busy host, two busy threads do less than twice the
//! work of one, and no thread split can do better), the share of the ceiling the all-core call
//! reaches, the load average, and the largest p-value
//! difference between the two implementations (they use different random streams, so they agree
//! only within Monte Carlo error). Then times the
//! classical Tukey HSD p-values of every pair (the studentized range distribution, one thread) for
//! 16 and 100 runs over 100 topics: the fixed cost every `hsd` call pays besides its trials.
//! Given the path of an `evia-repro` binary as its argument, it finally times the whole process
//! `evia-repro hsd --trials 5000` on the 100 × 16 matrix (written to a TSV file under `bench/out/`)
//! against elinor's in-process test time on the same matrix (a harness cost of zero for elinor).
//!
//! Two more modes serve the work on the trial loop itself (`bench/README.md`):
//! - `loop SHAPE TRIALS THREADS [MATRICES] [REPEATS]` (SHAPE as `100x16`) runs only
//!   `randomised_hsd_shared` on MATRICES random matrices of that shape (default 1) REPEATS times
//!   (default 1) and prints the best and median wall time, permuted cells per second and a hash of every
//!   count: small enough for `valgrind --tool=cachegrind` to count its instructions;
//! - `identity` prints one hash of every count per configuration (shapes of 2 to 20 runs, one to
//!   three matrices sharing a stream, tied scores, partial blocks, 1, 2 and 3 threads), so that the
//!   outputs of two builds can be compared with `cmp`.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use elinor::statistical_tests::randomized_tukey_hsd_test::RandomizedTukeyHsdTester;
use evia_engine::rng::{self, StreamSpec};
use evia_engine::significance::ScoreMatrix;
use evia_engine::significance::ptukey::tukey_hsd_p_many;
use evia_engine::significance::randomised_hsd::{HsdResult, randomised_hsd, randomised_hsd_shared};

const REPEATS: usize = 3;
const SEED: u64 = 2017;

/// A random matrix: run j has a quality offset 0.02·j, topics a difficulty, plus uniform noise.
fn random_matrix(topics: usize, runs: usize) -> ScoreMatrix {
    let mut r = rng::stream(SEED, "bench.hsd", &format!("matrix-{topics}x{runs}"));
    let mut values = Vec::with_capacity(topics * runs);
    for _ in 0..topics {
        let difficulty = rng::uniform_f64(&mut r) * 0.5;
        for j in 0..runs {
            let v = difficulty + 0.02 * j as f64 + 0.4 * rng::uniform_f64(&mut r);
            values.push(v.min(1.0));
        }
    }
    ScoreMatrix::new(topics, runs, values).expect("a valid random matrix")
}

/// Best wall-clock seconds of `REPEATS` calls of `f`, and the last result.
fn best_of<T>(mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::INFINITY;
    let mut last = None;
    for _ in 0..REPEATS {
        let start = Instant::now();
        let out = f();
        best = best.min(start.elapsed().as_secs_f64());
        last = Some(out);
    }
    (best, last.expect("REPEATS >= 1"))
}

/// Rounds of the trial-loop comparison: each round times elinor once and evia-repro on one thread
/// and on all cores [`INNER`] times each, alternating, and keeps each implementation's best call
/// of the round, so that a job that takes a core for a moment spoils one round, not a reading.
const ROUNDS: usize = 15;
/// Calls of each evia-repro thread count per round (alternating 1 thread, all cores).
const INNER: usize = 3;

/// The median of `xs` (the mean of the two middle values for an even count); NaN if empty.
fn median(xs: &[f64]) -> f64 {
    let mut sorted = xs.to_vec();
    sorted.sort_by(f64::total_cmp);
    match sorted.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => sorted[n / 2],
        n => (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0,
    }
}

/// The 1-, 5- and 15-minute load averages of `/proc/loadavg`, or a note that there are none.
fn load_average() -> String {
    match std::fs::read_to_string("/proc/loadavg") {
        Ok(text) => {
            let fields: Vec<&str> = text.split_whitespace().take(3).collect();
            format!("load average {}", fields.join(" "))
        }
        Err(_) => "load average unknown".to_string(),
    }
}

/// Seconds of one call of `f`, and its result.
fn timed<T>(f: impl FnOnce() -> T) -> (f64, T) {
    let start = Instant::now();
    let out = f();
    (start.elapsed().as_secs_f64(), out)
}

/// The trial loop of one matrix: elinor, evia-repro on 1 thread and on `cores` threads, in
/// [`ROUNDS`] alternating rounds; prints best and median wall time, cells per second and the
/// speed-ups over elinor, then the ratio of the 1-thread time to the `cores`-thread time (best
/// against best, and the median of the per-round ratios).
fn trial_loop_case(topics: usize, runs: usize, trials: u64, cores: usize) {
    let x = random_matrix(topics, runs);
    let cells = (trials as usize * topics * runs) as f64;
    let spec = StreamSpec {
        seed: SEED,
        artefact: "bench.hsd",
        unit: "trials",
    };
    let rows: Vec<Vec<f64>> = (0..topics).map(|i| x.row(i).to_vec()).collect();
    let elinor = || {
        RandomizedTukeyHsdTester::new(runs)
            .with_n_iters(trials as usize)
            .with_random_state(SEED)
            .test(rows.iter())
            .expect("elinor accepts the matrix")
    };
    let ours = |threads| randomised_hsd(&x, trials, spec, threads, None).expect("valid arguments");
    let reference = ours(1);
    let elinor_p = elinor().p_values();
    // Two independent 1-thread calls at once, one on a spawned thread: the throughput the machine
    // gives two busy threads, the ceiling of any `cores`-thread speed-up (module documentation).
    let pair = || {
        std::thread::scope(|scope| {
            let other = scope.spawn(|| ours(1));
            let mine = ours(1);
            let theirs = other.join().expect("the copy does not panic");
            assert_eq!(mine, theirs, "two copies of one call must agree");
        })
    };
    let (mut t_elinor, mut t_one, mut t_all, mut t_pair) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        t_elinor.push(timed(elinor).0);
        let (mut one, mut all, mut both) = (f64::INFINITY, f64::INFINITY, f64::INFINITY);
        for _ in 0..INNER {
            let (t, result) = timed(|| ours(1));
            assert_eq!(
                result, reference,
                "the result must not change between calls"
            );
            one = one.min(t);
            let (t, result) = timed(|| ours(cores));
            assert_eq!(result, reference, "thread count must not change the result");
            all = all.min(t);
            if cores >= 2 {
                both = both.min(timed(pair).0);
            }
        }
        t_one.push(one);
        t_all.push(all);
        t_pair.push(both);
    }
    let max_dp = reference
        .pairs
        .iter()
        .map(|p| (p.p - elinor_p[p.a][p.b]).abs())
        .fold(0.0, f64::max);
    let best = |ts: &[f64]| ts.iter().copied().fold(f64::INFINITY, f64::min);
    let (elinor_best, elinor_median) = (best(&t_elinor), median(&t_elinor));
    let name = format!("{topics}×{runs}");
    for (label, ts) in [
        ("elinor (1 thread)".to_string(), &t_elinor),
        ("evia-repro 1 thread".to_string(), &t_one),
        (format!("evia-repro {cores} threads"), &t_all),
    ] {
        let (b, m) = (best(ts), median(ts));
        println!(
            "{:<10} {:>6} {:<22} {:>9.4} {:>9.4} {:>16.0} {:>8.1}× {:>8.1}× {:>11.4}",
            name,
            trials,
            label,
            b,
            m,
            cells / b,
            elinor_best / b,
            elinor_median / m,
            max_dp
        );
    }
    let ratios: Vec<f64> = t_one.iter().zip(&t_all).map(|(a, b)| a / b).collect();
    println!(
        "{name:<10} {trials:>6} 1 thread ÷ {cores} threads: {:.2} best against best, {:.2} median \
         of the per-round ratios (range {:.2}–{:.2})",
        best(&t_one) / best(&t_all),
        median(&ratios),
        best(&ratios),
        ratios.iter().copied().fold(0.0, f64::max)
    );
    if cores >= 2 {
        // Per round: the speed-up two independent copies allow (2 · t_one / t_pair) and the share
        // of it that the `cores`-thread call reaches (t_pair / (2 · t_all)).
        let ceilings: Vec<f64> = t_one
            .iter()
            .zip(&t_pair)
            .map(|(a, p)| 2.0 * a / p)
            .collect();
        let shares: Vec<f64> = t_pair
            .iter()
            .zip(&t_all)
            .map(|(p, a)| p / (2.0 * a))
            .collect();
        println!(
            "{name:<10} {trials:>6} ceiling: two independent 1-thread calls at once do {:.2}× the \
             work of one (median of rounds, range {:.2}–{:.2}); {cores} threads reach {:.0}% of \
             it (median, range {:.0}–{:.0}%)",
            median(&ceilings),
            best(&ceilings),
            ceilings.iter().copied().fold(0.0, f64::max),
            100.0 * median(&shares),
            100.0 * best(&shares),
            100.0 * shares.iter().copied().fold(0.0, f64::max)
        );
    }
}

/// Writes `x` as the TSV matrix `evia-repro hsd --matrix` reads.
fn write_matrix(x: &ScoreMatrix, path: &Path) {
    let mut text = String::from("topic");
    for j in 0..x.runs() {
        text.push_str(&format!("\trun{j}"));
    }
    text.push('\n');
    for i in 0..x.topics() {
        text.push_str(&format!("t{i}"));
        for v in x.row(i) {
            text.push_str(&format!("\t{v}"));
        }
        text.push('\n');
    }
    std::fs::write(path, text).expect("bench/out is writable");
}

/// Best wall-clock seconds of `REPEATS` whole `evia-repro hsd` processes on `matrix`.
fn time_process(evia: &Path, matrix: &Path, trials: u64, threads: usize) -> f64 {
    best_of(|| {
        let status = Command::new(evia)
            .args(["hsd", "--matrix"])
            .arg(matrix)
            .args([
                "--trials",
                &trials.to_string(),
                "--threads",
                &threads.to_string(),
            ])
            .stdout(std::process::Stdio::null())
            .status()
            .expect("evia-repro runs");
        assert!(status.success(), "evia-repro hsd failed");
    })
    .0
}

/// Whole-process `evia-repro hsd` on 100 × 16, B = 5,000 against elinor's in-process time.
fn whole_process(evia: &Path, cores: usize) {
    let (topics, runs, trials) = (100, 16, 5_000u64);
    let x = random_matrix(topics, runs);
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../out/hsd");
    std::fs::create_dir_all(&dir).expect("bench/out is writable");
    let matrix = dir.join("matrix-100x16.tsv");
    write_matrix(&x, &matrix);
    let rows: Vec<Vec<f64>> = (0..topics).map(|i| x.row(i).to_vec()).collect();
    let (t_elinor, _) = best_of(|| {
        RandomizedTukeyHsdTester::new(runs)
            .with_n_iters(trials as usize)
            .with_random_state(SEED)
            .test(rows.iter())
            .expect("elinor accepts the matrix")
    });
    println!();
    println!(
        "whole process `evia-repro hsd` vs elinor in process, 100×16, B = {trials} (best of {REPEATS})"
    );
    println!("{:<34} {:>9} {:>9}", "command", "seconds", "speed-up");
    println!(
        "{:<34} {:>9.4} {:>8.1}×",
        "elinor test (in process)", t_elinor, 1.0
    );
    for threads in [1, cores] {
        let t = time_process(evia, &matrix, trials, threads);
        let label = format!("evia-repro hsd --threads {threads}");
        println!("{label:<34} {t:>9.4} {:>8.1}×", t_elinor / t);
    }
}

/// 64-bit FNV-1a over every pair's count of `results`, in order.
fn counts_hash(results: &[HsdResult]) -> u64 {
    let counts = results.iter().flat_map(|r| r.pairs.iter().map(|p| p.count));
    let bytes: Vec<u8> = counts.flat_map(u64::to_le_bytes).collect();
    rng::fnv1a64(&bytes)
}

/// `MATRICES` random matrices of one shape, each from its own stream.
fn random_matrices(topics: usize, runs: usize, matrices: usize) -> Vec<ScoreMatrix> {
    (0..matrices)
        .map(|t| {
            let mut r = rng::stream(SEED, "bench.hsd.loop", &format!("{topics}x{runs}-{t}"));
            let values = (0..topics * runs)
                .map(|_| rng::uniform_f64(&mut r))
                .collect();
            ScoreMatrix::new(topics, runs, values).expect("a valid random matrix")
        })
        .collect()
}

/// The `loop` mode (module documentation).
fn loop_mode(args: &[String]) {
    let usage = "usage: loop TOPICSxRUNS TRIALS THREADS [MATRICES] [REPEATS]";
    let number = |k: usize, default: Option<usize>| -> usize {
        match (args.get(k), default) {
            (Some(a), _) => a.parse().expect(usage),
            (None, Some(d)) => d,
            (None, None) => panic!("{usage}"),
        }
    };
    let shape = args.first().expect(usage);
    let (topics, runs) = shape.split_once('x').expect(usage);
    let (topics, runs): (usize, usize) = (topics.parse().expect(usage), runs.parse().expect(usage));
    let (trials, threads) = (number(1, None) as u64, number(2, None));
    let (matrices, repeats) = (number(3, Some(1)), number(4, Some(1)));
    let xs = random_matrices(topics, runs, matrices);
    let refs: Vec<&ScoreMatrix> = xs.iter().collect();
    let spec = StreamSpec {
        seed: SEED,
        artefact: "bench.hsd",
        unit: "trials",
    };
    let mut times = Vec::with_capacity(repeats);
    let mut hash = 0;
    for _ in 0..repeats {
        let (t, results) = timed(|| {
            randomised_hsd_shared(&refs, trials, spec, threads, None).expect("valid arguments")
        });
        times.push(t);
        hash = counts_hash(&results);
    }
    let best = times.iter().copied().fold(f64::INFINITY, f64::min);
    let cells = (trials as usize * topics * runs) as f64;
    println!(
        "{topics}x{runs} B={trials} threads={threads} matrices={matrices}: best of {repeats} \
         {best:.4} s (median {:.4} s), {:.0} cells/s, counts hash {hash:016x}",
        median(&times),
        cells / best
    );
}

/// The `identity` mode (module documentation).
fn identity_mode() {
    let spec = StreamSpec {
        seed: SEED,
        artefact: "bench.hsd",
        unit: "identity",
    };
    let mut shapes: Vec<(usize, usize)> = (2..=20).map(|runs| (37, runs)).collect();
    shapes.extend([(2, 2), (2, 16), (100, 16), (50, 13), (3, 5), (250, 4)]);
    for (topics, runs) in shapes {
        for matrices in 1..=3 {
            let mut xs = random_matrices(topics, runs, matrices);
            if matrices == 3 {
                // Tied scores: every value a multiple of 0.25, so that permuted ranges tie |d|.
                let tied = xs[2].values().iter().map(|v| (v * 4.0).floor() / 4.0);
                xs[2] = ScoreMatrix::new(topics, runs, tied.collect()).expect("valid");
            }
            let refs: Vec<&ScoreMatrix> = xs.iter().collect();
            for trials in [1u64, 251, 1_000] {
                let hashes: Vec<String> = (1..=3)
                    .map(|threads| {
                        let results = randomised_hsd_shared(&refs, trials, spec, threads, None)
                            .expect("valid arguments");
                        format!("{:016x}", counts_hash(&results))
                    })
                    .collect();
                println!(
                    "{topics}x{runs} matrices={matrices} B={trials}: {}",
                    hashes.join(" ")
                );
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("loop") => return loop_mode(&args[1..]),
        Some("identity") => return identity_mode(),
        _ => {}
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "randomised Tukey HSD: evia-repro vs elinor 0.4 ({ROUNDS} alternating rounds; {cores} cores; {})",
        load_average()
    );
    println!(
        "{:<10} {:>6} {:<22} {:>9} {:>9} {:>16} {:>9} {:>9} {:>11}",
        "matrix",
        "B",
        "implementation",
        "best s",
        "median s",
        "cells/s (best)",
        "×best",
        "×median",
        "max |Δp|"
    );
    for (topics, runs, trials) in [(100usize, 16usize, 5_000u64), (50, 13, 10_000)] {
        trial_loop_case(topics, runs, trials, cores);
    }
    println!();
    println!("classical Tukey HSD p-values of every pair (best of {REPEATS}; 1 thread)");
    println!(
        "{:<10} {:>6} {:>12} {:>14}",
        "matrix", "pairs", "milliseconds", "µs per pair"
    );
    for (topics, runs) in [(100usize, 16usize), (100, 100)] {
        let x = random_matrix(topics, runs);
        let result = randomised_hsd(
            &x,
            1,
            StreamSpec {
                seed: SEED,
                artefact: "bench.hsd",
                unit: "classical",
            },
            1,
            None,
        )
        .expect("valid arguments");
        let diffs: Vec<f64> = result.pairs.iter().map(|p| p.diff).collect();
        let (t, p) = best_of(|| {
            tukey_hsd_p_many(&diffs, result.anova.v_e, topics, runs, 1).expect("valid statistics")
        });
        assert_eq!(p.len(), diffs.len());
        println!(
            "{:<10} {:>6} {:>12.2} {:>14.1}",
            format!("{topics}×{runs}"),
            diffs.len(),
            t * 1e3,
            t * 1e6 / diffs.len() as f64
        );
    }
    if let Some(evia) = std::env::args_os().nth(1) {
        whole_process(Path::new(&evia), cores);
    }
}
