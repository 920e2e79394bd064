//! DBMS_XPLAN's text: the plan of a statement as `dbms_xplan.display`
//! (EXPLAIN PLAN, autotrace) and `dbms_xplan.display_cursor` print it.
//!
//! ```text
//! Plan hash value: 2347959165
//!
//! -------------------------------------------------------------------------------------
//! | Id  | Operation                   | Name  | Rows  | Bytes | Cost (%CPU)| Time     |
//! -------------------------------------------------------------------------------------
//! |   0 | SELECT STATEMENT            |       |     1 |    24 |     2   (0)| 00:00:01 |
//! |   1 |  TABLE ACCESS BY INDEX ROWID| T1    |     1 |    24 |     2   (0)| 00:00:01 |
//! |*  2 |   INDEX UNIQUE SCAN         | T1_PK |     1 |       |     1   (0)| 00:00:01 |
//! -------------------------------------------------------------------------------------
//!
//! Predicate Information (identified by operation id):
//! ---------------------------------------------------
//!
//!    2 - access("KEY"=42)
//! ```
//!
//! Formats: `BASIC` (Id, Operation, Name), `TYPICAL` (the default: Rows,
//! Bytes, Cost (%CPU), Time and the predicates), `ALL`/`ADVANCED` (as
//! TYPICAL; refused, as are `+PROJECTION` and `+OUTLINE`: the lab prints
//! neither section), `+ALIAS` (the Query Block Name / Object Alias section,
//! `session/xplan_alias.rs`), `ALLSTATS`/`IOSTATS` [`LAST`] (Starts, E-Rows, A-Rows, A-Time,
//! Buffers: with `LAST` the cursor's last execution's, without it the sums
//! over its executions since it was loaded), with `+`/`-` modifiers for
//! `ROWS`, `BYTES`, `COST`, `PREDICATE` and `NOTE`, and `+PEEKED_BINDS`
//! (display_cursor's "Peeked Binds" section: `session/xplan_binds.rs`).
//!
//! Numbers wider than five characters are shown in units as Oracle does
//! (`100K`, `1000K`, `10M`). %CPU is `ceil(100 x (Cost - IO_COST) /
//! Cost)` of each line's rounded Cost and I/O cost (`plan/cpu.rs`). Time is the cost in single-block reads of
//! Oracle's default no-workload system statistics (12 ms each: a 10 ms
//! seek plus 8 KB at 4 KB/ms), rounded up to whole seconds, at least
//! `00:00:01`.

mod sections;

use super::hash::shape_hash;
use crate::result::PlanLineOut;
use sections::{push_notes, push_peeked, push_predicates};

/// Row sources whose name Oracle keeps with a blank at its end (DBMS_XPLAN
/// prints OPERATION, a blank and OPTIONS, and these have no OPTIONS): the
/// published plans print "OPTIMIZER STATISTICS GATHERING |" even where it
/// is the widest operation (Nyffenegger's 12c plan), and "SELECT STATEMENT
/// |" over a SEQUENCE and a FAST DUAL (an 11g autotrace of `select
/// s.nextval from dual`, `tests/sequences.rs`), so the Operation column is
/// one wider.
const ENDS_IN_BLANK: &[&str] =
    &["OPTIMIZER STATISTICS GATHERING", "SELECT STATEMENT", "INSERT STATEMENT", "UPDATE STATEMENT", "DELETE STATEMENT"];

/// Milliseconds per unit of cost (Oracle's noworkload SREADTIM).
pub const MS_PER_COST: f64 = 12.0;

/// Where the plan comes from: PLAN_TABLE (EXPLAIN PLAN, autotrace) or a
/// cursor in the library cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlanSource {
    Explain,
    Cursor,
}

/// The columns and sections a format asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Format {
    pub basic: bool,
    pub rows: bool,
    pub bytes: bool,
    pub cost: bool,
    pub time: bool,
    pub predicate: bool,
    pub note: bool,
    /// Rowsource statistics (ALLSTATS, IOSTATS, RUNSTATS_LAST).
    pub stats: bool,
    /// The last execution's statistics (`LAST`, `RUNSTATS_LAST`); without
    /// it they are cumulative over the cursor's executions.
    pub last: bool,
    /// Work area figures (ALLSTATS, MEMSTATS): OMem, 1Mem, Used-Mem,
    /// Used-Tmp, on the lines that have a work area (HASH JOIN's).
    pub mem: bool,
    /// Pstart and Pstop (TYPICAL's, BASIC's with `+PARTITION`), on a
    /// plan that reads a partitioned table.
    pub partition: bool,
    /// "Peeked Binds (identified by position)" (`+PEEKED_BINDS`).
    pub peeked: bool,
    /// The Hint Report (19c+): TYPICAL's and ALL's, BASIC's with
    /// `+HINT_REPORT`; `-HINT_REPORT` hides it.
    pub hint_report: bool,
    /// "Query Block Name / Object Alias" (`+ALIAS`, and ALL's).
    pub alias: bool,
}

impl Format {
    pub const TYPICAL: Format = Format {
        basic: false,
        rows: true,
        bytes: true,
        cost: true,
        time: true,
        predicate: true,
        note: true,
        stats: false,
        last: false,
        mem: false,
        partition: true,
        peeked: false,
        hint_report: true,
        alias: false,
    };

    /// The first word of a format string that asks for a section the lab
    /// does not print: `ALL` and `ADVANCED` (Oracle adds the Column
    /// Projection Information section, ADVANCED the Outline Data too) and
    /// `PROJECTION`, `OUTLINE` unless turned off with `-`. Accepting them
    /// printed TYPICAL's text. (`+ALIAS` is printed: `session/xplan_alias.rs`.)
    pub fn not_modelled(text: Option<&str>) -> Option<String> {
        let text = text?;
        text.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()).find_map(|w| {
            let up = w.to_ascii_uppercase();
            let word = up.strip_prefix('+').unwrap_or(&up);
            matches!(word, "ALL" | "ADVANCED" | "PROJECTION" | "OUTLINE").then(|| w.to_string())
        })
    }

    /// Parse a DBMS_XPLAN format string; `Err(word)` for a word it does not take.
    pub fn parse(text: Option<&str>) -> Result<Format, String> {
        let mut f = Format::TYPICAL;
        let Some(text) = text else { return Ok(f) };
        for w in text.split(|c: char| c.is_whitespace() || c == ',').filter(|w| !w.is_empty()) {
            let up = w.to_ascii_uppercase();
            let (sign, word) = match up.as_bytes()[0] {
                b'+' => (Some(true), &up[1..]),
                b'-' => (Some(false), &up[1..]),
                _ => (None, up.as_str()),
            };
            let on = sign.unwrap_or(true);
            match (word, sign) {
                ("BASIC", None) => {
                    f = Format {
                        basic: true,
                        rows: false,
                        bytes: false,
                        cost: false,
                        time: false,
                        predicate: false,
                        note: false,
                        stats: f.stats,
                        last: f.last,
                        mem: f.mem,
                        partition: false,
                        peeked: f.peeked,
                        hint_report: false,
                        alias: f.alias,
                    }
                }
                ("TYPICAL" | "SERIAL" | "ALL" | "ADVANCED", None) => {
                    let alias = f.alias || matches!(word, "ALL" | "ADVANCED");
                    f = Format { stats: f.stats, last: f.last, mem: f.mem, peeked: f.peeked, alias, ..Format::TYPICAL }
                }
                ("LAST", _) => f.last = on,
                ("ALLSTATS" | "IOSTATS" | "RUNSTATS_LAST" | "RUNSTATS_TOT", _) => {
                    f.stats = on;
                    f.mem = on && word == "ALLSTATS";
                    if word == "RUNSTATS_LAST" {
                        f.last = on;
                    }
                    if on && sign.is_none() {
                        // ALLSTATS alone: E-Rows with the runtime figures,
                        // no Bytes, Cost or Time unless asked for.
                        f.bytes = false;
                        f.cost = false;
                        f.time = false;
                    }
                }
                ("MEMSTATS", _) => f.mem = on,
                ("PARTITION", _) => f.partition = on,
                ("PEEKED_BINDS", _) => f.peeked = on,
                ("HINT_REPORT", _) => f.hint_report = on,
                ("ALIAS", _) => f.alias = on,
                ("PROJECTION" | "OUTLINE" | "PARALLEL" | "REMOTE" | "ADAPTIVE" | "QBREGISTRY" | "REPORT", _) => {}
                ("ROWS", _) => f.rows = on,
                ("BYTES", _) => f.bytes = on,
                ("COST", _) => f.cost = on,
                ("TIME", _) => f.time = on,
                ("PREDICATE", _) => f.predicate = on,
                ("NOTE", _) => f.note = on,
                _ => return Err(w.to_string()),
            }
        }
        Ok(f)
    }
}

/// The plan hash value: a stable 32-bit hash of the plan's shape, FNV-1a
/// over each line's id, parent id, operation (with its options) and object
/// name, in line order. Equal shapes give equal values in every run; the
/// numbers are not Oracle's (whose function is not public), and never 0.
pub fn plan_hash(lines: &[PlanLineOut]) -> u32 {
    shape_hash(lines.iter().map(|l| (l.id, l.parent, l.operation.as_str(), l.name.as_deref())))
}

/// [`plan_hash`] of a cursor's plan lines (V$SQL.PLAN_HASH_VALUE): the
/// same value its plan text prints.
pub fn plan_hash_of(lines: &[super::PlanLine]) -> u32 {
    shape_hash(lines.iter().map(|l| (l.id, l.parent, l.operation.as_str(), l.name.as_deref())))
}

/// A count as DBMS_XPLAN shows it: at most five characters, in units of
/// K, M, G, T, P, E above 99,999.
pub fn units(n: u64) -> String {
    scaled(n, 1000.0)
}

/// `n` in at most five characters, in units of `base`, `base`^2, ...
fn scaled(n: u64, base: f64) -> String {
    let s = n.to_string();
    if s.len() <= 5 {
        return s;
    }
    let mut v = n as f64;
    for u in ["K", "M", "G", "T", "P", "E"] {
        v /= base;
        let t = format!("{}{u}", v.round() as u64);
        if t.len() <= 5 {
            return t;
        }
    }
    s
}

/// A byte count as DBMS_XPLAN's Bytes column shows it: at most five
/// characters, in K, M, G, ... of 1,024 above 99,999 (Lewis's 18.3 plan:
/// 100,000 rows of 5 bytes, `100K| 488K`).
pub fn bytes_units(n: u64) -> String {
    scaled(n, 1024.0)
}

/// `hh:mm:ss` from seconds (at least one second), as the Time column.
pub fn time_of_cost(cost: f64) -> String {
    let secs = ((cost * MS_PER_COST / 1000.0).ceil() as u64).max(1);
    format!("{:02}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

/// `hh:mm:ss.cc` from microseconds, as the A-Time column.
pub fn a_time(us: f64) -> String {
    let cs = (us.max(0.0) / 10_000.0).round() as u64;
    let s = cs / 100;
    format!("{:02}:{:02}:{:02}.{:02}", s / 3600, s / 60 % 60, s % 60, cs % 100)
}

struct Col {
    head: &'static str,
    /// Cell text (without the blanks around it), right-aligned unless `left`.
    cells: Vec<String>,
    left: bool,
}

/// What the header of a display_cursor shows.
pub struct CursorHeader<'a> {
    pub sql_id: &'a str,
    pub child: u32,
    pub text: &'a str,
    /// Rowsource statistics were gathered for the cursor.
    pub stats_gathered: bool,
}

/// The plan as DBMS_XPLAN prints it, one string per PLAN_TABLE_OUTPUT row.
/// `notes`: the Note section's lines the plan itself carries (dynamic
/// sampling's), before the rowsource statistics warning.
pub fn render(
    lines: &[PlanLineOut],
    f: &Format,
    src: PlanSource,
    cursor: Option<&CursorHeader<'_>>,
    notes: &[String],
) -> Vec<String> {
    render_with(lines, f, src, cursor, notes, &[], &[])
}

/// [`render`] with the "Peeked Binds" section's lines (`peeked`: one per
/// bind position, printed when the format asks for them and there are
/// some) and the "Query Block Name / Object Alias" section's (`alias`, its
/// heading included: printed as given, under the plan table).
pub fn render_with(
    lines: &[PlanLineOut],
    f: &Format,
    src: PlanSource,
    cursor: Option<&CursorHeader<'_>>,
    notes: &[String],
    peeked: &[String],
    alias: &[String],
) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(c) = cursor {
        let head = format!("SQL_ID  {}, child number {}", c.sql_id, c.child);
        out.push(head.clone());
        out.push("-".repeat(head.len()));
        out.extend(c.text.lines().map(str::to_string));
        out.push(String::new());
    }
    out.push(format!("Plan hash value: {}", plan_hash(lines)));
    out.push(String::new());
    let stats_shown = f.stats && cursor.is_none_or(|c| c.stats_gathered);
    let cursor_mode = src == PlanSource::Cursor;
    let has_pred = |l: &PlanLineOut| l.access.is_some() || l.filter.is_some();
    let mut cols = vec![
        Col {
            head: "Id",
            cells: lines
                .iter()
                .map(|l| format!("{}{:>3}", if f.predicate && has_pred(l) { '*' } else { ' ' }, l.id))
                .collect(),
            left: false,
        },
        Col {
            head: "Operation",
            cells: lines
                .iter()
                .map(|l| {
                    let op = l.operation.trim_end();
                    let blank = if ENDS_IN_BLANK.contains(&op) { " " } else { "" };
                    format!("{}{op}{blank}", " ".repeat(l.depth as usize))
                })
                .collect(),
            left: true,
        },
        Col { head: "Name", cells: lines.iter().map(|l| l.name.clone().unwrap_or_default()).collect(), left: true },
    ];
    // Line 0 of a cursor shows no estimates, and its cost with (100).
    // Lines DBMS_XPLAN leaves blank: COUNT STOPKEY and FILTER print no
    // estimate at all, SORT AGGREGATE its Rows and Bytes but no Cost or
    // Time, and the outer NESTED LOOPS of NLJ batching nothing (the inner
    // one carries the join's figures).
    let blank = |l: &PlanLineOut| blank_estimates(lines, l);
    let est = |l: &PlanLineOut, s: String| {
        if (cursor_mode && l.id == 0) || blank(l) == Blank::All {
            String::new()
        } else {
            s
        }
    };
    let cost_cell = |l: &PlanLineOut| {
        if blank(l) != Blank::None {
            return String::new();
        }
        let pct = if cursor_mode && l.id == 0 { 100 } else { super::plan::cpu::cpu_percent(l.cost, l.io_cost) };
        format!("{:>5} {:>5}", units(l.cost), format!("({pct})"))
    };
    // BASIC turns every estimate column off; a modifier after it turns
    // its column on again (BASIC +ROWS). Runtime columns stay off under BASIC.
    let stats_cols = stats_shown && !f.basic;
    if stats_cols {
        cols.push(num_col("Starts", lines.iter().map(|l| units(l.starts)).collect()));
    }
    if f.rows {
        let head = if f.stats { "E-Rows" } else { "Rows" };
        cols.push(num_col(head, lines.iter().map(|l| est(l, units(l.e_rows))).collect()));
    }
    // A plan none of whose lines has Bytes (FAST DUAL) has no column.
    if f.bytes && lines.iter().any(|l| l.bytes.is_some()) {
        let head = if f.stats { "E-Bytes" } else { "Bytes" };
        let cells = lines.iter().map(|l| est(l, l.bytes.map(bytes_units).unwrap_or_default())).collect();
        cols.push(num_col(head, cells));
    }
    if f.cost {
        cols.push(Col { head: "Cost (%CPU)", cells: lines.iter().map(cost_cell).collect(), left: false });
    }
    if f.time {
        let head = if f.stats { "E-Time" } else { "Time" };
        let cells = lines
            .iter()
            .map(|l| if blank(l) == Blank::None { est(l, time_of_cost(l.cost as f64)) } else { String::new() })
            .collect();
        cols.push(Col { head, cells, left: true });
    }
    // A partitioned table's plan: the first and last partition of each line.
    if f.partition && lines.iter().any(|l| l.pstart.is_some()) {
        let cells =
            |f: fn(&PlanLineOut) -> &Option<String>| lines.iter().map(|l| f(l).clone().unwrap_or_default()).collect();
        cols.push(Col { head: "Pstart", cells: cells(|l| &l.pstart), left: false });
        cols.push(Col { head: "Pstop", cells: cells(|l| &l.pstop), left: false });
    }
    if stats_cols {
        cols.push(num_col("A-Rows", lines.iter().map(|l| units(l.a_rows)).collect()));
        let times = lines.iter().map(|l| a_time(l.time_us.unwrap_or(0.0))).collect();
        cols.push(Col { head: "A-Time", cells: times, left: false });
        cols.push(num_col("Buffers", lines.iter().map(|l| units(l.buffers)).collect()));
    }
    if stats_cols && f.mem && lines.iter().any(|l| l.workarea.is_some()) {
        push_mem_cols(&mut cols, lines);
    }
    push_table(&mut out, &cols, lines.len());
    out.extend(alias.iter().cloned());
    push_peeked(&mut out, f.peeked, peeked);
    if f.predicate {
        push_predicates(&mut out, lines);
    }
    push_notes(&mut out, f.note, f.stats && cursor.is_some_and(|c| !c.stats_gathered), notes);
    if cursor.is_some() {
        out.push(String::new());
    }
    out
}

/// OMem, 1Mem and Used-Mem (with its passes), and Used-Tmp when a line
/// spilled: bytes up to 99,999, then K (1,024 bytes) and M; Used-Tmp in
/// KB as Oracle prints it (its figure times 1,024 is the bytes).
fn push_mem_cols(cols: &mut Vec<Col>, lines: &[PlanLineOut]) {
    let cells = |f: &dyn Fn(&crate::result::WorkareaOut) -> String| -> Vec<String> {
        lines.iter().map(|l| l.workarea.as_ref().map(f).unwrap_or_default()).collect()
    };
    cols.push(num_col("OMem", cells(&|w| mem_units(w.optimal))));
    cols.push(num_col("1Mem", cells(&|w| mem_units(w.onepass))));
    cols.push(num_col("Used-Mem", cells(&|w| format!("{} ({})", mem_units(w.used), w.passes))));
    if lines.iter().any(|l| l.workarea.is_some_and(|w| w.temp > 0)) {
        cols.push(num_col("Used-Tmp", cells(&|w| if w.temp > 0 { mem_units(w.temp / 1024) } else { String::new() })));
    }
}

/// A memory figure as DBMS_XPLAN prints it: up to 99,999 as it is, then
/// in K and M of 1,024.
pub fn mem_units(n: u64) -> String {
    if n <= 99_999 {
        return n.to_string();
    }
    let k = (n as f64 / 1024.0).round() as u64;
    if k <= 99_999 {
        return format!("{k}K");
    }
    format!("{}M", (n as f64 / 1_048_576.0).round() as u64)
}

/// The plan table: a rule, the heading, a rule, `rows` lines, a rule.
fn push_table(out: &mut Vec<String>, cols: &[Col], rows: usize) {
    // Every column is ` text ` between bars, except that Operation and
    // Cost (%CPU) have no blank after their text, and A-Time none before.
    let widths: Vec<usize> = cols
        .iter()
        .map(|c| {
            let cells = c.cells.iter().map(|s| s.len()).max().unwrap_or(0);
            // A memory figure may reach into the blank before the bar.
            let cells = if is_mem(c.head) { cells.saturating_sub(1) } else { cells };
            cells.max(c.head.len()).max(min_width(c.head))
        })
        .collect();
    let cell = |c: &Col, w: usize, text: &str, header: bool| -> String {
        match c.head {
            "Cost (%CPU)" => format!(" {:>w$}", text),
            // Seven characters: `| Pstart| Pstop |`, `|     2 |`, `|KEY(I) |`, `|INVALID|`.
            "Pstart" | "Pstop" if header => format!("{:<7}", format!(" {text}")),
            "Pstart" | "Pstop" if text.len() >= 7 => text.to_string(),
            "Pstart" | "Pstop" => format!("{:>6} ", text),
            "A-Time" if header => format!("{:^w$}", text, w = w + 1),
            "A-Time" => format!("{:<w$} ", text),
            "Id" => format!("{:<w$} ", if header { " Id" } else { text }),
            // Operation has no blank before the bar: its longest text meets it.
            "Operation" => format!(" {:<w$}", text),
            // Memory columns: right-aligned against the bar, the heading
            // one blank in from it (`|  OMem |   960K|`).
            h if is_mem(h) && header => format!(" {:>w$} ", text),
            h if is_mem(h) => format!("{:>w$}", text, w = w + 2),
            _ if header || c.left => format!(" {:<w$} ", text),
            _ => format!(" {:>w$} ", text),
        }
    };
    let row = |texts: Vec<&str>, header: bool| -> String {
        let mut s = String::from("|");
        for ((c, w), t) in cols.iter().zip(&widths).zip(texts) {
            s.push_str(&cell(c, *w, t, header));
            s.push('|');
        }
        s
    };
    let head = row(cols.iter().map(|c| c.head).collect(), true);
    let rule = "-".repeat(head.len());
    out.push(rule.clone());
    out.push(head);
    out.push(rule.clone());
    for i in 0..rows {
        out.push(row(cols.iter().map(|c| c.cells[i].as_str()).collect(), false));
    }
    out.push(rule);
}

/// Which estimate columns DBMS_XPLAN leaves blank on a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Blank {
    None,
    /// Cost and Time.
    Cost,
    /// Rows, Bytes, Cost and Time.
    All,
}

fn blank_estimates(lines: &[PlanLineOut], l: &PlanLineOut) -> Blank {
    match l.operation.trim_end() {
        // A set operation's line has no estimates of its own (11.2's and
        // 19c's dbms_xplan alike); nor have CONNECT BY's (René
        // Nyffenegger's `connect by level < 10`, tests/articles/blogs).
        "COUNT STOPKEY" | "COUNT" | "FILTER" | "MINUS" | "INTERSECTION" => Blank::All,
        // Nor has a SEQUENCE line (NEXTVAL in the select list).
        "SEQUENCE" => Blank::All,
        "CONNECT BY WITHOUT FILTERING" | "CONNECT BY NO FILTERING WITH START-WITH" => Blank::All,
        // Bitmap lines carry no estimates (Foote's plans, 10g to 12c).
        "BITMAP CONVERSION TO ROWIDS" | "BITMAP INDEX SINGLE VALUE" | "BITMAP INDEX RANGE SCAN" => Blank::All,
        "BITMAP CONVERSION COUNT" | "BITMAP CONVERSION FROM ROWIDS" => Blank::All,
        // Nor the combinations' (Kyte, Expert Oracle Database
        // Architecture, 12c; Antognini, TOP 2nd ed.).
        "BITMAP AND" | "BITMAP OR" | "BITMAP MINUS" | "BITMAP MERGE" => Blank::All,
        // The change of an UPDATE or DELETE has no estimates of its own.
        "UPDATE" | "DELETE" | "MERGE" => Blank::All,
        // Nor the VIEW of a MERGE's join.
        "VIEW" if l.parent.and_then(|p| lines.get(p as usize)).is_some_and(|p| p.operation == "MERGE") => Blank::All,
        "SORT AGGREGATE" => Blank::Cost,
        "NESTED LOOPS" => {
            // NLJ batching: NESTED LOOPS over (NESTED LOOPS, a table
            // access by rowid with no child of its own).
            let kids: Vec<&PlanLineOut> = lines.iter().filter(|k| k.parent == Some(l.id)).collect();
            let batching = kids.len() == 2
                && kids[0].operation.trim_end() == "NESTED LOOPS"
                && kids[1].operation.starts_with("TABLE ACCESS BY INDEX ROWID")
                && !lines.iter().any(|k| k.parent == Some(kids[1].id));
            if batching {
                Blank::All
            } else {
                Blank::None
            }
        }
        _ => Blank::None,
    }
}

fn num_col(head: &'static str, cells: Vec<String>) -> Col {
    Col { head, cells, left: false }
}

fn is_mem(head: &str) -> bool {
    matches!(head, "OMem" | "1Mem" | "Used-Mem" | "Used-Tmp")
}

/// Oracle's narrowest width per column (the header's, or more).
fn min_width(head: &str) -> usize {
    match head {
        "Id" => 4,
        "Rows" | "Bytes" => 5,
        "Time" => 8,
        "A-Time" => 11,
        "OMem" | "1Mem" => 5,
        "Used-Mem" | "Used-Tmp" => 8,
        "Cost (%CPU)" => 11,
        _ => head.len(),
    }
}

/// Oracle's SQL_ID of a statement text, as V$SQL shows it.
pub fn sql_id(text: &str) -> String {
    super::hash::sql_id(text).0
}
