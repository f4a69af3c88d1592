//! The fuzzer's mutations: one to four per input, drawn from the target's seeded stream (bit flips,
//! random bytes, deleted, duplicated or swapped lines, truncation, digits grown into huge numbers, and
//! tokens known to break readers).

use rand_core::RngCore;

use evia_engine::rng::below;

/// Inputs are cut to this many bytes (mutations duplicate lines; this keeps each input small).
const MAX_INPUT: usize = 1 << 16;

/// Tokens that broke readers before, or plausibly could.
const TOKENS: &[&[u8]] = &[
    b"4294967295",
    b"4294967296",
    b"18446744073709551616",
    b"99999999999999999999999999",
    b"1000000000",
    b"-1",
    b"-0",
    b"0",
    b"1e308",
    b"-1e308",
    b"1e999",
    b"1e-400",
    b"NaN",
    b"nan",
    b"inf",
    b"-inf",
    b".nan",
    b".inf",
    b"\xef\xbb\xbf",
    b"\xff",
    b"\xc3",
    b"\xe2\x80\x8b",
    b"\xe2\x80\xae",
    b"\0",
    b"\t",
    b"\n",
    b"\r\n",
    b"\r",
    b" ",
    b"L4294967295",
    b"L-1",
    b"L",
    b"NA",
    b"Q0",
    b"#",
    b"\"",
    b"'",
    b":",
    b"- ",
    b"{",
    b"}",
    b"[",
    b"]",
    b"&a ",
    b"*a",
    b"!!binary ",
    b"~",
    b"null",
    b"..",
    b"/",
    b"\\",
    b"%",
    b"<b>",
    b"$",
];

fn rand_below(rng: &mut impl RngCore, n: usize) -> usize {
    if n == 0 { 0 } else { below(rng, n) }
}

/// Byte ranges of the lines of `data` (without their `\n`).
fn line_ranges(data: &[u8]) -> Vec<(usize, usize)> {
    let mut ranges = Vec::new();
    let mut start = 0;
    for (i, &b) in data.iter().enumerate() {
        if b == b'\n' {
            ranges.push((start, i));
            start = i + 1;
        }
    }
    if start < data.len() {
        ranges.push((start, data.len()));
    }
    ranges
}

/// The `(start, end)` of every run of ASCII digits in `data`.
fn digit_runs(data: &[u8]) -> Vec<(usize, usize)> {
    let mut runs = Vec::new();
    let mut start = None;
    for (i, b) in data.iter().enumerate() {
        match (b.is_ascii_digit(), start) {
            (true, None) => start = Some(i),
            (false, Some(a)) => {
                runs.push((a, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(a) = start {
        runs.push((a, data.len()));
    }
    runs
}

/// Applies one random mutation to `data`.
fn mutate_once(rng: &mut impl RngCore, data: &mut Vec<u8>, seeds: &[Vec<u8>]) {
    let len = data.len();
    match rand_below(rng, 12) {
        0 if len > 0 => {
            let i = rand_below(rng, len);
            data[i] ^= 1 << rand_below(rng, 8);
        }
        1 if len > 0 => {
            let i = rand_below(rng, len);
            data[i] = (rng.next_u32() & 0xff) as u8;
        }
        2 | 3 => {
            let token = TOKENS[rand_below(rng, TOKENS.len())];
            let i = rand_below(rng, len + 1);
            data.splice(i..i, token.iter().copied());
        }
        4 if len > 0 => {
            // Replace a short range (often a number) with a token.
            let token = TOKENS[rand_below(rng, TOKENS.len())];
            let i = rand_below(rng, len);
            let j = (i + 1 + rand_below(rng, 8)).min(len);
            data.splice(i..j, token.iter().copied());
        }
        5 if len > 0 => {
            let i = rand_below(rng, len);
            let j = (i + 1 + rand_below(rng, 16)).min(len);
            data.drain(i..j);
        }
        6 => {
            // Duplicate a line somewhere else (duplicate keys, judgements, topics).
            let lines = line_ranges(data);
            if let Some(&(a, b)) = lines.get(rand_below(rng, lines.len())) {
                let mut line = data[a..b].to_vec();
                line.push(b'\n');
                let at = lines[rand_below(rng, lines.len())].0;
                data.splice(at..at, line);
            }
        }
        7 => {
            // Swap two lines.
            let lines = line_ranges(data);
            if lines.len() >= 2 {
                let (x, y) = (rand_below(rng, lines.len()), rand_below(rng, lines.len()));
                let (first, second) = (lines[x.min(y)], lines[x.max(y)]);
                if first != second {
                    let mut out = data[..first.0].to_vec();
                    out.extend_from_slice(&data[second.0..second.1]);
                    out.extend_from_slice(&data[first.1..second.0]);
                    out.extend_from_slice(&data[first.0..first.1]);
                    out.extend_from_slice(&data[second.1..]);
                    *data = out;
                }
            }
        }
        8 if len > 0 => {
            let i = rand_below(rng, len);
            data.truncate(i);
        }
        9 => {
            // Splice: this input's head, another seed's tail.
            let other = &seeds[rand_below(rng, seeds.len())];
            let i = rand_below(rng, len + 1);
            let j = rand_below(rng, other.len() + 1);
            data.truncate(i);
            data.extend_from_slice(&other[j..]);
        }
        10 => {
            // Replace a whole number in place with a huge one, keeping what surrounds it (`L2` →
            // `L4294967295`, `runs: 13` → `runs: 18446744073709551615`): sizes and levels that
            // must be bounded before anything is allocated or enumerated.
            let runs = digit_runs(data);
            if let Some(&(a, b)) = runs.get(rand_below(rng, runs.len().max(1))) {
                const HUGE: [&[u8]; 4] = [
                    b"4294967295",
                    b"18446744073709551615",
                    b"1000000000",
                    b"99999999999999999999",
                ];
                data.splice(a..b, HUGE[rand_below(rng, HUGE.len())].iter().copied());
            }
        }
        _ => {
            let i = rand_below(rng, len + 1);
            let byte = b" \t\n-.:0123456789LQabcdefxyz"[rand_below(rng, 27)];
            data.insert(i, byte);
        }
    }
}

/// The `index`-th input of a target: a seed with one to four mutations.
pub(super) fn next_input(rng: &mut impl RngCore, seeds: &[Vec<u8>]) -> Vec<u8> {
    let mut data = seeds[rand_below(rng, seeds.len())].clone();
    for _ in 0..1 + rand_below(rng, 4) {
        mutate_once(rng, &mut data, seeds);
    }
    data.truncate(MAX_INPUT);
    data
}
