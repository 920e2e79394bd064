//! SQLcl's own traffic in its autotrace block (session/sqlcl.rs): the
//! Statistics of seed 000's five SQLcl blocks (Philipp Salvisberg,
//! "MemOptimized RowStore in Oracle Database 18c", 2018, 18.2.0.0.180417,
//! SQLcl; /work/shared/seeds/memoptimized-rowstore-18c.txt, copied in
//! tests/golden/memopt-sqlcl.article.txt), line by line, from
//! tests/golden/memopt-sqlcl.sql.
//!
//! The lab's block must have the article's lines, in its order, with the
//! article's values, except:
//! - lines whose presence and value follow the session's history and the
//!   10 ms clock, and vary among the article's own five blocks: `CPU used
//!   by this session`, `CPU used when call started`, `DB time`, `cursor
//!   authentications`, `session cursor cache count`, `session cursor
//!   cache hits`. They are compared apart: a line the lab prints must have
//!   a value within the article's range over the five blocks.
//! - `bytes received via SQL*Net from client` within 1% of the block's
//!   (598 and 605 published; exact to a byte, and the hit's 7 bytes more
//!   than the miss exact, in `sqlcl_fetch_request_is_the_hits_seven_bytes`),
//!   `non-idle wait count` within the five blocks'
//!   range (42 to 44: the article's t4 blocks count one wait more than
//!   their round trips, which the lab does not model).
//! - bytes sent within 10%, not 5%: the lab's 76.8K to 77.0K against
//!   83.3K to 83.5K. The 2,011 rows are most of it, and the names of the
//!   statistics the lab does not model are taken at 28 characters each
//!   (an 11.2.0.4 listing's mean); 18c's names are not published.
//! - one known gap: `user calls`. The lab counts a user call a round trip
//!   and one more for the thin driver's close-cursors piggyback (the first
//!   snapshot's statement, closed inside the window): 43 and 44 against
//!   the article's 45 and 46. Every later SQLcl block found (12c to 21c,
//!   `sqlcl_piggyback_*` below) shows exactly that one call more than its
//!   round trips; the two further calls of SQLcl's 2018 release are in no
//!   published trace, and they cannot be cursor closes (the block's
//!   `opened cursors current` 1 leaves room for one close), so the test
//!   asserts the lab's figure and the article's difference of 2 rather
//!   than a fitted value (docs/MODEL.md).
//!
//! `opened cursors cumulative` is compared exactly: every parse call opens
//! a cursor, a session cursor cache hit included (core/tests/
//! cursors_opened.rs), so the statement's parse and SQLcl's second
//! snapshot query's make the article's 2.

use lio_core::{Engine, EngineConfig};
use std::collections::BTreeMap;

const KNOWN_GAPS: &[&str] = &["user calls"];

const SPREAD: &[&str] = &[
    "CPU used by this session",
    "CPU used when call started",
    "DB time",
    "cursor authentications",
    "session cursor cache count",
    "session cursor cache hits",
];

fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The article's Statistics lines, block by block: (name, value) in order.
fn article() -> Vec<(String, Vec<(String, u64)>)> {
    let text = std::fs::read_to_string(root().join("tests/golden/memopt-sqlcl.article.txt")).unwrap();
    let mut blocks: Vec<(String, Vec<(String, u64)>)> = Vec::new();
    let mut in_stats = false;
    for l in text.lines().filter(|l| !l.starts_with('#')) {
        if let Some(name) = l.strip_prefix("=== ") {
            blocks.push((name.to_string(), Vec::new()));
            in_stats = false;
        } else if l == "Statistics" {
            in_stats = true;
        } else if in_stats {
            if let Some((v, n)) = l.trim_start().split_once("  ") {
                if let Ok(v) = v.parse::<u64>() {
                    blocks.last_mut().unwrap().1.push((n.to_string(), v));
                }
            }
        }
    }
    blocks
}

/// The lab's blocks: each `/` (the second execution) of the golden script,
/// its statistics in SQLcl's order (byte order: upper case first).
fn lab() -> Vec<Vec<(String, u64)>> {
    let script = std::fs::read_to_string(root().join("tests/golden/memopt-sqlcl.sql")).unwrap();
    let steps = Engine::new(EngineConfig { trace: false, ..Default::default() }).exec(&script);
    steps
        .iter()
        .filter(|s| s.statement.trim() == "/")
        .map(|s| {
            assert!(s.error.is_none(), "{:?}", s.error);
            s.stats.iter().map(|(n, v)| (n.clone(), *v)).collect()
        })
        .collect()
}

/// One statistic of a block (0 when the block does not print it).
fn stat(b: &[(String, u64)], name: &str) -> u64 {
    b.iter().find(|(n, _)| n == name).map_or(0, |(_, v)| *v)
}

fn round_trips(b: &[(String, u64)]) -> u64 {
    stat(b, "SQL*Net roundtrips to/from client")
}

#[test]
fn sqlcl_statistics_blocks_match_the_article_line_by_line() {
    let want = article();
    let got = lab();
    assert_eq!(want.len(), 5);
    assert_eq!(got.len(), want.len());
    let mut range: BTreeMap<&str, (u64, u64)> = BTreeMap::new();
    for (_, b) in &want {
        for (n, v) in b {
            if let Some(k) = SPREAD.iter().find(|k| **k == n) {
                let r = range.entry(k).or_insert((u64::MAX, 0));
                *r = (r.0.min(*v), r.1.max(*v));
            }
        }
    }
    let mut report = String::new();
    for ((name, w), g) in want.iter().zip(&got) {
        let strip = |b: &[(String, u64)]| -> Vec<(String, u64)> {
            b.iter().filter(|(n, _)| !SPREAD.contains(&n.as_str())).cloned().collect()
        };
        let (ws, gs) = (strip(w), strip(g));
        let names = |b: &[(String, u64)]| b.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>();
        if names(&ws) != names(&gs) {
            report += &format!("{name}: lines differ\n  article {:?}\n  lab     {:?}\n", names(&ws), names(&gs));
            continue;
        }
        for ((n, wv), (_, gv)) in ws.iter().zip(&gs) {
            let ok = match n.as_str() {
                "bytes received via SQL*Net from client" => (*gv as f64 - *wv as f64).abs() <= 0.01 * *wv as f64,
                "bytes sent via SQL*Net to client" => (*gv as f64 - *wv as f64).abs() <= 0.10 * *wv as f64,
                "non-idle wait count" => (42..=44).contains(gv),
                n if KNOWN_GAPS.contains(&n) => *wv == *gv + 2 && *gv == round_trips(g) + 1,
                _ => gv == wv,
            };
            if !ok {
                report += &format!("{name}: {n}: lab {gv}, article {wv}\n");
            }
        }
        for (n, v) in g.iter().filter(|(n, _)| SPREAD.contains(&n.as_str())) {
            let (lo, hi) = range.get(n.as_str()).copied().unwrap_or((0, 0));
            if !(lo..=hi).contains(v) {
                report += &format!("{name}: {n}: lab {v}, article {lo}..{hi}\n");
            }
        }
    }
    assert!(report.is_empty(), "{report}");
}

/// One autotraced query in SQLcl's layout on `version`: its statistics.
fn sqlcl_block(version: &str, query: &str) -> BTreeMap<String, u64> {
    let script = format!(
        "LAB VERSION {version};\nLAB SET autotrace_style = sqlcl;\ncreate table t (n number, s varchar2(20));\n\
         insert into t values (1, 'one');\ncommit;\n{query}\nset autotrace traceonly statistics\n{query}\n{query}\n"
    );
    let steps = Engine::new(EngineConfig { trace: false, ..Default::default() }).exec(&script);
    let s = steps.last().unwrap();
    assert!(s.error.is_none(), "{:?}", s.error);
    s.stats.iter().map(|(n, v)| (n.clone(), *v)).collect()
}

/// The close-cursors piggyback, worked by hand on a one-row query (19c,
/// the lab's 2,011 V$STATNAME rows: SQLcl's first snapshot sends 50 rows
/// with its execute and 1,961 in 40 further fetches):
///   round trips  40 fetches + the statement + the second snapshot = 42
///   user calls   42 + the piggyback carrying the first snapshot's close = 43
///   opened cursors current  2 opens (the statement, the second snapshot)
///                           - 1 close = 1
///   bytes received  40 x 7 (fetches) + 2 x 140 (executes) + 8 (piggyback:
///                   4 header bytes, a ub4 count and a ub4 cursor id of 2
///                   bytes each) + the statement's 15 characters (its text
///                   without the terminator) = 583
/// Published: each SQLcl block found after 2018 shows user calls one above
/// its round trips with 1 cursor current (12c, 1,178 statistics: 25 round
/// trips, 26 user calls; 19c: 38 and 39; a SQL table macro listing, 19.7
/// or later: 32 and 33), and the one block whose first snapshot was still open at its
/// second read shows no extra call with 2 cursors current (33 and 33).
#[test]
fn sqlcl_piggyback_one_user_call_without_a_round_trip() {
    let b = sqlcl_block("19c", "select * from t;");
    let v = |n: &str| b.get(n).copied().unwrap_or(0);
    assert_eq!(v("SQL*Net roundtrips to/from client"), 42);
    assert_eq!(v("Requests to/from client"), 42);
    assert_eq!(v("user calls"), 43);
    assert_eq!(v("opened cursors cumulative"), 2);
    assert_eq!(v("opened cursors current"), 1);
    assert_eq!(v("bytes received via SQL*Net from client"), 280 + 280 + 8 + 15);
}

/// The piggyback is sent with SQLcl's next call, whatever it is: a DML
/// statement (its own call path) leaves it to the second snapshot's
/// execute, still inside the window, so the figures are the same.
#[test]
fn sqlcl_piggyback_rides_on_the_next_call_for_dml_too() {
    let b = sqlcl_block("19c", "update t set n = 2;");
    let v = |n: &str| b.get(n).copied().unwrap_or(0);
    assert_eq!(v("user calls"), v("SQL*Net roundtrips to/from client") + 1);
    assert_eq!(v("opened cursors current"), 1);
}

fn bytes_received(b: &[(String, u64)]) -> u64 {
    stat(b, "bytes received via SQL*Net from client")
}

/// The thin driver's further fetch is 7 bytes on the wire as the server
/// counts them: the OFETCH function header (message type, function 5,
/// sequence number) and the cursor id and row count as TTC ub4s of two
/// bytes each (the 18.3 JDBC thin driver, `T4C8Oall.marshal`). The seed's
/// MemOptimized hit makes one such call more than the miss, on a round
/// trip of its own, and the article prints 605 bytes against 598: 7 more,
/// so the counter holds no Oracle Net framing. Worked for the miss: 40
/// snapshot fetches x 7 = 280, the close-cursors piggyback 8, the
/// statement's 31 characters, two execute requests of 140 (the one figure
/// fitted: (598 - 280 - 8 - 31) / 2 = 139.5): 599, one byte over.
#[test]
fn sqlcl_fetch_request_is_the_hits_seven_bytes() {
    let want = article();
    let got = lab();
    let (miss, hit) = (0, want.len() - 1);
    assert!(want[miss].0.starts_with("t4, before") && want[hit].0.starts_with("t4, after"));
    assert_eq!(bytes_received(&want[hit].1) - bytes_received(&want[miss].1), 7);
    assert_eq!(bytes_received(&got[hit]) - bytes_received(&got[miss]), 7);
    for ((name, w), g) in want.iter().zip(&got) {
        let (wb, gb) = (bytes_received(w), bytes_received(g));
        assert!(gb.abs_diff(wb) <= 1, "{name}: lab {gb}, article {wb}");
    }
    assert_eq!(bytes_received(&got[miss]), 280 + 8 + 31 + 2 * 140);
}
