//! The executor never panics: mutated and truncated sample scripts run
//! natively in one engine under small work and memory budgets; every step is
//! a result or an error with a real position, and the engine still answers
//! afterwards. Deterministic (xorshift, fixed seeds). `npm run fuzz` runs
//! the same idea, longer, against the wasm build.

mod common;
use common::*;
use std::panic::{catch_unwind, AssertUnwindSafe};

struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const NUMBERS: &[&str] = &["0", "-1", "1e12", "9223372036854775807", "-9223372036854775808", "100000", "2", "1.5"];
const WORDS: &[&str] = &[
    "select",
    "from",
    "where",
    "and",
    "or",
    "(",
    ")",
    ",",
    ";",
    "'",
    "level",
    "rownum",
    "connect by",
    "order by",
    "group by",
    "count(*)",
    "max(",
    "dual",
    "t1",
    "key",
    "value",
    "loop",
    "end",
    "begin",
    "/",
    "LAB RUN",
    "BIND",
    "TO",
    "RUNS",
    "insert into",
    "values",
    "xmltable('1 to 5')",
    "||",
    "+",
    "*",
    "null",
];

fn samples() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../samples");
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok()).collect())
        .unwrap_or_default();
    v.sort();
    v
}

/// Every whole number of four digits or more becomes 200 (row counts,
/// bind ranges), so each case stays small.
fn shrink_numbers(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_')) {
            let j = (i..b.len()).find(|&j| !b[j].is_ascii_digit()).unwrap_or(b.len());
            let whole = j == b.len() || !(b[j].is_ascii_alphabetic() || b[j] == b'_' || b[j] == b'.');
            if j - i >= 4 && whole {
                out.push_str("200");
            } else {
                out.push_str(&src[i..j]);
            }
            i = j;
        } else {
            let c = src[i..].chars().next().unwrap_or(' ');
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// Replace, insert or drop a few whitespace-separated tokens.
fn mutate(src: &str, rng: &mut XorShift) -> String {
    let mut toks: Vec<String> = src.split_inclusive(char::is_whitespace).map(str::to_string).collect();
    for _ in 0..1 + rng.below(4) {
        if toks.is_empty() {
            break;
        }
        let i = rng.below(toks.len());
        match rng.below(4) {
            0 => toks[i] = format!("{} ", NUMBERS[rng.below(NUMBERS.len())]),
            1 => toks.insert(i, format!("{} ", WORDS[rng.below(WORDS.len())])),
            2 => {
                toks.remove(i);
            }
            _ => toks.truncate(i),
        }
    }
    toks.concat()
}

#[test]
fn numbers_shrink_but_names_and_sizes_stay() {
    assert_eq!(
        shrink_numbers("BIND 1 TO 4000000 level <= 100000 mod(:1, 8000) size 1g t20000x 12345.5 999"),
        "BIND 1 TO 200 level <= 200 mod(:1, 200) size 1g t20000x 12345.5 999"
    );
}

#[test]
fn mutated_samples_never_panic_and_leave_the_engine_usable() {
    let samples = samples();
    assert!(!samples.is_empty(), "samples/*.sql not found");
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    let mut cases = 0;
    for round in 0..300 {
        for s in &samples {
            // Keep each case small: the samples load 100,000-row tables and
            // run workloads of millions of calls.
            let src = shrink_numbers(&s.replace("1 to 10000", "1 to 50"));
            let script = format!(
                "LAB SET max_statement_work = 2000000;\nLAB SET max_memory_mb = 64;\n{}",
                if round == 0 { src } else { mutate(&src, &mut rng) }
            );
            let lines = script.split('\n').count() as u32 + 1;
            let mut e = quiet_engine();
            let steps = catch_unwind(AssertUnwindSafe(|| e.exec(&script)))
                .unwrap_or_else(|_| panic!("engine panicked on:\n{script}"));
            for st in &steps {
                if let Some(err) = &st.error {
                    assert!(
                        err.line >= 1 && err.column >= 1 && err.line <= lines,
                        "{} at {}:{} outside the script:\n{script}",
                        err.code,
                        err.line,
                        err.column
                    );
                }
            }
            let probe = catch_unwind(AssertUnwindSafe(|| e.exec("LAB RESET;\nselect 1 from dual;")))
                .unwrap_or_else(|_| panic!("engine panicked after:\n{script}"));
            assert!(probe[1].error.is_none(), "engine unusable after:\n{script}");
            cases += 1;
            if std::env::var_os("FUZZ_VERBOSE").is_some() {
                let errs = steps.iter().filter(|s| s.error.is_some()).count();
                eprintln!("case {cases}: {} steps, {errs} errors", steps.len());
            }
        }
    }
    assert!(cases >= 40);
}
