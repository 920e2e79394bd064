//! ALTER SYSTEM RESET, the DBA's way back to a parameter's default, which
//! the order/DDL test's reset uses (issue 28).

mod common;
use common::*;

fn message(s: &lio_core::StepOut) -> String {
    s.error.as_ref().map(|e| format!("{}: {}", e.code, e.message)).unwrap_or_default()
}

/// V$PARAMETER.VALUE of `name`, if it is listed.
fn value_of(e: &mut lio_core::Engine, name: &str) -> Option<String> {
    let steps = e.exec(&format!("select value from v$parameter where name = '{name}';"));
    ok(&steps);
    steps[0].rows.first().map(|r| r[0].as_str().expect("a string").to_string())
}

/// `ALTER SYSTEM RESET name SCOPE = SPFILE [SID = '*']` deletes the
/// parameter's SPFILE entry: the value in effect stays until the next
/// STARTUP, which gives the default. SCOPE and SID come in either order
/// (https://docs.oracle.com/cd/E82638_01/sqlrf/img_text/alter_system_reset_clause.html).
#[test]
fn alter_system_reset_deletes_the_spfile_entry() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "alter system set db_cache_size = 64M scope = spfile;\n\
         alter system set \"_fastpin_enable\" = 0 scope = spfile;\n\
         shutdown immediate\nstartup",
    ));
    assert_eq!(value_of(&mut e, "db_cache_size"), Some("67108864".into()));
    assert_eq!(value_of(&mut e, "_fastpin_enable"), Some("0".into()));
    let steps = e.exec(
        "alter system reset db_cache_size scope = spfile sid = '*';\n\
         alter system reset \"_fastpin_enable\" sid = '*' scope = spfile;",
    );
    ok(&steps);
    assert_eq!(steps[0].feedback.as_deref(), Some("System altered."));
    // Until the restart, the value in effect is the one set.
    assert_eq!(value_of(&mut e, "db_cache_size"), Some("67108864".into()));
    ok(&e.exec("shutdown immediate\nstartup"));
    assert_eq!(value_of(&mut e, "db_cache_size"), Some("1073741824".into()));
    // A hidden parameter at its default is not listed.
    assert!(value_of(&mut e, "_fastpin_enable").is_none());
}

/// Only the entry named goes: the other SPFILE entries stay.
#[test]
fn alter_system_reset_keeps_the_other_entries() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "alter system set db_cache_size = 64M scope = spfile;\n\
         alter system set db_file_multiblock_read_count = 16 scope = both;\n\
         alter system reset db_cache_size scope = spfile;\n\
         shutdown immediate\nstartup",
    ));
    assert_eq!(value_of(&mut e, "db_cache_size"), Some("1073741824".into()));
    assert_eq!(value_of(&mut e, "db_file_multiblock_read_count"), Some("16".into()));
}

/// Without an SPFILE entry for the parameter (never set, set with SCOPE =
/// MEMORY, or reset already): ORA-32010 "cannot find entry to delete in
/// SPFILE" (Oracle Database Error Messages, ORA-32010; DBAs' reset
/// scripts quote it as the error to ignore when a parameter was never in
/// the SPFILE, "ALTER SYSTEM RESET open_cursors SCOPE=SPFILE SID='*';" /
/// "ORA-32010: cannot find entry to delete in SPFILE").
#[test]
fn alter_system_reset_without_an_entry_is_ora_32010() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "alter system reset db_cache_size scope = spfile;\n\
         alter system set db_file_multiblock_read_count = 16 scope = memory;\n\
         alter system reset db_file_multiblock_read_count scope = spfile;\n\
         alter system set db_cache_size = 64M scope = spfile;\n\
         alter system reset db_cache_size scope = spfile;\n\
         alter system reset db_cache_size scope = spfile;",
    );
    assert_eq!(message(&steps[0]), "ORA-32010: cannot find entry to delete in SPFILE");
    assert_eq!(message(&steps[2]), "ORA-32010: cannot find entry to delete in SPFILE");
    assert!(steps[4].error.is_none(), "{:?}", steps[4].error);
    assert_eq!(message(&steps[5]), "ORA-32010: cannot find entry to delete in SPFILE");
    // Reported at the parameter's name.
    assert_eq!(error_of(&steps[0]), ("ORA-32010", 1, 20));
}

/// SCOPE = MEMORY writes no SPFILE entry: the value is gone after a
/// restart (it lasted "until the database is shut down").
#[test]
fn scope_memory_does_not_outlive_a_restart() {
    let mut e = quiet_engine();
    ok(&e.exec("alter system set db_file_multiblock_read_count = 16 scope = memory;"));
    assert_eq!(value_of(&mut e, "db_file_multiblock_read_count"), Some("16".into()));
    ok(&e.exec("shutdown immediate\nstartup"));
    assert_eq!(value_of(&mut e, "db_file_multiblock_read_count"), Some("128".into()));
}

/// What the lab refuses: a name Oracle does not know (ORA-00922, as Oracle
/// answered `alter system reset open_cursor ...`:
/// https://blog.csdn.net/congpu1904/article/details/100312790), a hidden
/// parameter the lab does not model (LAB-00001, as for SET), and SCOPE =
/// MEMORY or BOTH (the default), which would also reset the value in
/// effect (LAB-00001: the lab resets the SPFILE entry only).
#[test]
fn alter_system_reset_refusals() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "alter system reset no_such_parameter scope = spfile;\n\
         alter system reset \"_no_such_thing\" scope = spfile;\n\
         alter system reset db_cache_size;\n\
         alter system reset db_cache_size scope = memory;\n\
         alter system reset db_cache_size scope = both sid = '*';\n\
         alter system reset db_cache_size scope = nowhere;\n\
         alter system reset;",
    );
    assert_eq!(message(&steps[0]), "ORA-00922: missing or invalid option");
    assert_eq!(error_of(&steps[1]).0, "LAB-00001");
    for s in &steps[2..5] {
        assert_eq!(error_of(s).0, "LAB-00001", "{}", s.statement);
    }
    assert_eq!(error_of(&steps[5]).0, "ORA-00922");
    assert_eq!(error_of(&steps[6]).0, "ORA-00922");
}

// ------------------------------------------------------------ the order/DDL test

/// The order/DDL test (issue 28, "How to find the siblings"): every
/// sample (samples/*.sql), every tests/articles/ script and every demo
/// (samples/demos/) gives the same rows, errors and statistics, statement
/// by statement, whatever ran before it in the instance: other scripts, in
/// another order, and unrelated DDL (a table created and its statistics
/// gathered) in between.
///
/// A group's scripts run forwards and then backwards in one engine, with
/// the reset below before each; each script's second pass is compared
/// with a fresh engine's second pass of it alone (reset, script, reset,
/// script), so both have the same history of its own (its devices and
/// tablespaces, which Oracle's hardware and database keep too) and
/// differ in everything else. A slow script runs once, after the group,
/// and is compared with a fresh engine's first pass of it. The reset is
/// what a DBA does to repeat a measurement on the same instance, with
/// the commands Oracle has for it: the SPFILE entries a script made are
/// deleted (`ALTER SYSTEM RESET ... SCOPE = SPFILE`); the instance is
/// restarted (`SHUTDOWN IMMEDIATE` rolls back and disconnects the
/// sessions a script left, `STARTUP` brings the defaults back and
/// empties the library cache); the online redo logs go back to the
/// database's own (`ALTER DATABASE ADD | DROP LOGFILE GROUP`); the
/// script's tables and clusters and the previous unrelated table are
/// dropped (their extents freed); the unrelated DDL; a fresh
/// online log, group 1 CURRENT as in a new database, with nothing dirty
/// (`ALTER SYSTEM SWITCH LOGFILE` until it is, `ALTER SYSTEM
/// CHECKPOINT`) and a cold buffer cache (`ALTER SYSTEM FLUSH
/// BUFFER_CACHE`); the lab's own settings (`LAB VERSION`, `LAB SET`,
/// the cells' flash logging and cache mode) and SQL*Plus's (`SET
/// AUTOTRACE OFF`, ...) back to a new box's. Nothing is left out of the
/// comparison: every statistic of every step (those in centiseconds
/// within 1 per session the step adds), its rows and its error; the log
/// sequence a script shows is counted from where the database stood at
/// its start (the database's, as Oracle's: see `relative_log_sequence`).
mod order {
    use super::common::*;
    use lio_core::{Engine, StepOut};

    pub fn scripts() -> Vec<(String, String)> {
        corpus_scripts()
    }

    /// A new engine's version, LAB SET values and CPU count.
    struct Defaults {
        version: String,
        cost: Vec<(&'static str, f64)>,
        cpu_count: u32,
    }

    fn defaults() -> &'static Defaults {
        static D: std::sync::OnceLock<Defaults> = std::sync::OnceLock::new();
        D.get_or_init(|| {
            let e = quiet_engine();
            let p = &e.instance().cost_params;
            Defaults {
                version: e.profile().name.to_string(),
                cost: lio_core::sim::cost::CostParams::NAMES.iter().filter_map(|n| Some((*n, p.get(n)?))).collect(),
                cpu_count: e.instance().cpu_count,
            }
        })
    }

    /// What a DBA does between two measurements (see the module's note).
    fn reset(e: &mut Engine, n: usize) {
        let d = defaults();
        let mut sql = String::new();
        // A script's LAB VERSION, LAB SET and SQL*Plus settings are its
        // own: the next starts on the default box and client.
        if e.profile().name != d.version {
            sql.push_str(&format!("lab version {};\n", d.version));
        }
        for (name, default) in &d.cost {
            if e.instance().cost_params.get(name) != Some(*default) {
                sql.push_str(&format!("lab set {name} = {default};\n"));
            }
        }
        if e.instance().cpu_count != d.cpu_count {
            sql.push_str(&format!("lab set cpu_count = {};\n", d.cpu_count));
        }
        // LAB SET cell_flash_logging / cell_flash_cache_mode set every cell,
        // now and later (a new box's cells have neither).
        for (p, v) in &e.instance().io.cell_settings {
            match (*p, *v != 0.0) {
                ("flash_logging", true) => sql.push_str("lab set cell_flash_logging = off;\n"),
                ("write_back", true) => sql.push_str("lab set cell_flash_cache_mode = writethrough;\n"),
                _ => {}
            }
        }
        sql.push_str("set autotrace off\nset serveroutput off\nset timing off\nset arraysize 15\n");
        for p in e.instance().params.spfile_entries() {
            sql.push_str(&format!("alter system reset \"{p}\" scope = spfile;\n"));
        }
        sql.push_str("shutdown immediate\nstartup\n");
        ok(&e.exec(&sql));
        restore_redo_logs(e);
        let cat = e.catalog();
        let clusters: Vec<String> = cat.clusters.iter().filter(|c| !c.dropped).map(|c| c.name.clone()).collect();
        // The unrelated table of the reset before goes too: its extents, as
        // every dropped segment's, go back to USERS, so the next tables get
        // the addresses they would get in a new database (their blocks'
        // CBC children and device addresses follow them).
        let tables: Vec<String> = cat.tables.iter().filter(|t| !t.dropped).map(|t| t.name.clone()).collect();
        let mut sql = String::new();
        for c in clusters {
            sql.push_str(&format!("drop cluster {c} including tables;\n"));
        }
        for t in tables {
            sql.push_str(&format!("drop table {t};\n"));
        }
        // Some drops fail where a script's own DROP already ran (clusters'
        // tables): only what is left matters.
        let _ = e.exec(&sql);
        ok(&e.exec(&format!(
            "create table zz_unrelated_{n} (x number);\n\
             insert into zz_unrelated_{n} values (1);\n\
             commit;\n\
             exec dbms_stats.gather_table_stats(user, 'ZZ_UNRELATED_{n}')\n"
        )));
        // A fresh online log: group 1 CURRENT, as in a new database.
        // Which group is current is the database's history in Oracle too
        // (it survives SHUTDOWN and STARTUP), and a script that adds
        // groups 4 to 6, switches four times and drops groups 1 to 3
        // (Harrison's redo scripts) finds its drops refused (ORA-01623)
        // when another group is current at its start: the DBA switches
        // until group 1 is current before the measurement.
        loop {
            ok(&e.exec("alter system switch logfile;"));
            if current_group(e) == 1 {
                break;
            }
        }
        ok(&e.exec("alter system checkpoint;\nalter system flush buffer_cache;\n"));
    }

    fn current_group(e: &Engine) -> u32 {
        use lio_core::io::redo::LogStatus;
        let groups = &e.instance().io.redo.groups;
        groups.iter().find(|g| g.status == LogStatus::Current).map(|g| g.group).expect("a CURRENT log")
    }

    /// The database's log sequence number: the CURRENT log's SEQUENCE#.
    pub fn log_sequence(e: &Engine) -> u64 {
        e.instance().io.redo.groups.iter().map(|g| g.sequence).max().unwrap_or(0)
    }

    /// The SEQUENCE# a step shows (V$LOG's, V$LOG_HISTORY's), counted
    /// from `base`, the database's log sequence when its script started.
    /// The log sequence number is the database's, not the script's: every
    /// log switch since the database was created gives the next one, and
    /// SHUTDOWN and STARTUP keep it (only OPEN RESETLOGS starts it at 1
    /// again): "Oracle Database assigns each redo log file a new log
    /// sequence number every time a log switch occurs [...] A redo log
    /// file that is cycled back for use is given the next available log
    /// sequence number" (Administrator's Guide, Managing the Redo Log,
    /// https://docs.oracle.com/en/database/oracle/oracle-database/26/admin/managing-the-redo-log.html).
    /// So what a script shows of it is its own switches counted from
    /// where the database stood: compared so, the numbers still must
    /// match exactly (an UNUSED group's 0 stays 0).
    pub fn relative_log_sequence(steps: &mut [StepOut], base: u64) {
        for s in steps {
            let Some(c) = s.columns.iter().position(|c| c.eq_ignore_ascii_case("SEQUENCE#")) else {
                continue;
            };
            for r in &mut s.rows {
                if let Some(v) = r[c].as_u64().filter(|v| *v > 0) {
                    r[c] = serde_json::json!(v as i64 - base as i64);
                }
            }
        }
    }

    /// The online redo logs back to the database's own (groups 1 to 3,
    /// 200 MB on DATA) where a script moved them (ALTER DATABASE ADD |
    /// DROP LOGFILE GROUP): every commit's log file sync depends on them.
    fn restore_redo_logs(e: &mut Engine) {
        use lio_core::io::redo::LogStatus;
        let own = |g: &lio_core::io::redo::LogGroup| {
            g.group <= 3 && g.device == "DATA" && g.bytes == 200 << 20 && g.block_size == 512
        };
        for _ in 0..12 {
            let groups = &e.instance().io.redo.groups;
            if groups.len() == 3 && groups.iter().all(own) {
                return;
            }
            let mut sql = String::new();
            for n in 1..=3 {
                if !groups.iter().any(|g| g.group == n) {
                    sql.push_str(&format!("alter database add logfile group {n} ('+DATA') size 200m;\n"));
                }
            }
            for g in groups.iter().filter(|g| !own(g) && g.status != LogStatus::Current) {
                sql.push_str(&format!("alter database drop logfile group {};\n", g.group));
            }
            sql.push_str("alter system switch logfile;\nalter system checkpoint;\n");
            let _ = e.exec(&sql);
        }
        panic!("the redo logs could not be restored: {:?}", e.instance().io.redo.groups);
    }

    /// Statistics in centiseconds are differences of a rounded running
    /// total (as Oracle's are): the session's DB time and CPU since it
    /// began, rounded at each reading. The same work shows ±1 depending on
    /// that total's sub-centisecond phase at the step's start, which is the
    /// instance's history: the script's session keeps its totals across
    /// SHUTDOWN and STARTUP (every statement before moved them), and a new
    /// session's DB time counts from the clock's zero, not its logon. Not
    /// the clock's resolution: the clock is exact (`sim::quantise`), and
    /// the same phase gives the same figures to the last digit. A `SESSIONS n` step adds
    /// n sessions' figures, each rounded so, and all n start at the same
    /// phase and do the same work: ±1 each, ±n in all (smart flash
    /// logging's 20 sessions show CPU 60 or 79 cs for the same work with
    /// the clock 4 ms apart at their start). They are compared within one
    /// per session the step adds (the script's own and the workload's);
    /// every other figure exactly.
    const CENTISECOND_STATS: &[&str] =
        &["DB time", "CPU used by this session", "parse time cpu", "parse time elapsed", "CPU used when call started"];

    /// The sessions whose figures a step adds: the script's, and a
    /// `LAB RUN ... SESSIONS n` workload's n.
    fn sessions(s: &StepOut) -> u64 {
        let words: Vec<String> = s.statement.split_whitespace().map(|w| w.to_ascii_uppercase()).collect();
        let workload =
            words.windows(2).find(|w| w[0] == "SESSIONS").and_then(|w| w[1].trim_end_matches(';').parse().ok());
        1 + if words.first().map(String::as_str) == Some("LAB") { workload.unwrap_or(0) } else { 0 }
    }

    fn same(a: &StepOut, b: &StepOut) -> bool {
        let keys: std::collections::BTreeSet<&String> = a.stats.keys().chain(b.stats.keys()).collect();
        a.statement == b.statement
            && a.error.as_ref().map(|e| &e.code) == b.error.as_ref().map(|e| &e.code)
            && a.rows == b.rows
            && keys.into_iter().all(|k| {
                let (x, y) = (stat(a, k), stat(b, k));
                x == y || (CENTISECOND_STATS.contains(&k.as_str()) && x.abs_diff(y) <= sessions(a))
            })
    }

    /// What a step shows: its error, rows and every statistic that differs.
    fn figures(s: &StepOut, other: &StepOut) -> String {
        let differing: Vec<String> = s
            .stats
            .keys()
            .chain(other.stats.keys())
            .filter(|k| stat(s, k) != stat(other, k))
            .map(|k| format!("{k}={}", stat(s, k)))
            .collect();
        format!(
            "{} | {:?} | rows {:?} | {}",
            s.statement.lines().next().unwrap_or(""),
            s.error.as_ref().map(|e| e.code.clone()),
            if s.rows == other.rows { None } else { Some(&s.rows) },
            differing.join(", ")
        )
    }

    /// The step where two runs of a script part, if they do.
    fn compare(name: &str, want: &[StepOut], got: &[StepOut]) -> Option<String> {
        let at = want.iter().zip(got).position(|(a, b)| !same(a, b));
        if at.is_none() && want.len() == got.len() {
            return None;
        }
        let at = at.unwrap_or(want.len().min(got.len()));
        let (a, b) = (want.get(at), got.get(at));
        Some(format!(
            "{name}: step {at}\n  alone: {}\n  mixed: {}",
            a.map(|a| figures(a, b.unwrap_or(a))).unwrap_or_default(),
            b.map(|b| figures(b, a.unwrap_or(b))).unwrap_or_default(),
        ))
    }

    fn timed(e: &mut Engine, name: &str, text: &str, pass: usize) -> Vec<StepOut> {
        let t0 = std::time::Instant::now();
        let base = log_sequence(e);
        let mut steps = e.exec(text);
        relative_log_sequence(&mut steps, base);
        eprintln!("{name} pass {pass}: {:.1} s", t0.elapsed().as_secs_f64());
        steps
    }

    /// `twice`: scripts (suffixes of their paths) run forwards and then
    /// backwards in one engine, each compared on its second pass with a
    /// fresh engine's second pass of it alone (the same history of its
    /// own: its devices, tablespaces and texts). `once`: slow scripts run
    /// once, after all of that, each compared with a fresh engine's first
    /// pass of it.
    pub fn check(twice: &[&str], once: &[&str]) {
        let all = scripts();
        let find = |x: &&str| all.iter().find(|(n, _)| n.ends_with(x)).expect("a script of that name");
        let (twice, once): (Vec<_>, Vec<_>) = (twice.iter().map(find).collect(), once.iter().map(find).collect());
        let n = twice.len();
        let mut e = quiet_engine();
        let mut second: Vec<Vec<StepOut>> = vec![Vec::new(); n];
        let order: Vec<usize> = (0..n).chain((0..n).rev()).collect();
        for (pass, &i) in order.iter().enumerate() {
            reset(&mut e, pass);
            let steps = timed(&mut e, &twice[i].0, &twice[i].1, pass);
            if pass >= n {
                second[i] = steps;
            }
        }
        let mut last = Vec::new();
        for (k, (name, text)) in once.iter().enumerate() {
            reset(&mut e, 2 * n + k);
            last.push(timed(&mut e, name, text, 2 * n + k));
        }
        let mut bad = Vec::new();
        for (i, (name, text)) in twice.iter().enumerate() {
            let mut f = quiet_engine();
            reset(&mut f, 0);
            f.exec(text);
            reset(&mut f, 1);
            bad.extend(compare(name, &timed(&mut f, name, text, 1), &second[i]));
        }
        for (k, (name, text)) in once.iter().enumerate() {
            let mut f = quiet_engine();
            reset(&mut f, 0);
            bad.extend(compare(name, &timed(&mut f, name, text, 0), &last[k]));
        }
        assert!(bad.is_empty(), "{}", bad.join("\n"));
    }
}

/// Scripts named in $ORDER_SCRIPTS (comma-separated), for diagnosis.
#[test]
#[ignore]
fn order_diagnosis() {
    let v = std::env::var("ORDER_SCRIPTS").unwrap_or_default();
    let names: Vec<&str> = v.split(',').filter(|x| !x.is_empty()).collect();
    let once = std::env::var("ORDER_ONCE").unwrap_or_default();
    let once: Vec<&str> = once.split(',').filter(|x| !x.is_empty()).collect();
    order::check(&names, &once);
}

/// The 11g logical I/O scripts, the memoptimized rowstore's drivers and
/// 18c article, the AskTom CHAR rows per block, the Exadata KEEP smart
/// scan: each twice in one engine, forwards then backwards.
#[test]
fn order_group_logical_io_and_memoptimize() {
    order::check(
        &[
            "samples/clustering-factor.sql",
            "samples/memoptimized-drivers.sql",
            "samples/nested-loops-11g.sql",
            "samples/nested-loops-11g-ordered.sql",
            "samples/exadata-keep-smart-scan.sql",
            "tests/articles/memoptimized-rowstore-18c.sql",
            "tests/articles/asktom-char-rows-per-block.sql",
            "tests/articles/logical-io-evolution-11g.sql",
            "tests/articles/fts-cost-noworkload-mbrc16.sql",
            "tests/articles/kyte-clustered-index-range-cost.sql",
        ],
        &[],
    );
}

/// The memoptimized rowstore's story, PL/SQL and sample, the nested
/// loops' pinning, temp on flash, the Harrison article.
#[test]
fn order_group_drivers_and_temp() {
    order::check(
        &[
            "samples/demos/memoptimized-story.sql",
            "samples/demos/nested-loop-pinning-11g.sql",
            "samples/memoptimized-plsql.sql",
            "samples/memoptimized-rowstore.sql",
            "samples/nested-loops-11g-same-order.sql",
            "samples/temp-on-flash-vs-hdd.sql",
            "tests/articles/harrison-jdbc-ssd-exadata-redo-r.sql",
        ],
        &[],
    );
}

/// The fetch size demo, whose LAB SWEEP replays everything that ran in
/// the engine before it (earlier instances' statements rebuild the
/// database), JDBC binds and array inserts, and the 8-session inserts
/// that wait for DBWR (its CBC children and HDD seeks follow its blocks'
/// addresses, which its tablespaces' extents give: the first permanent
/// tablespaces created in the group, files 5 and 6 as in a new database).
/// The 8-session run's DB time is 223 cs alone and 219 after the others:
/// each session's elapsed and waits agree to 0.01 us, but it starts at
/// 0.65 s alone and at 33,714 s after the fetch size demo's sweep, so
/// each session's centiseconds round from another phase and four of the
/// eight show one less (the `SESSIONS n` tolerance of `same`).
#[test]
fn order_group_jdbc_and_sweep() {
    order::check(
        &[
            "samples/demos/fetch-size-long-link.sql",
            "samples/jdbc-binds-literals-array-insert.sql",
            "samples/free-buffer-waits.sql",
        ],
        &[],
    );
}

/// The array-insert articles (issue 32): Chitale's 1,000 rows into a
/// table with a unique index, small and large potential rows, the 51CTO
/// post's million rows, and Savvinov's 4 KB database (an SPFILE block size and a restart, which
/// the reset undoes), each after the other in one engine; the cppentry
/// post's two single-row inserts (its LAB VERSION 11.2.0.1); Kyte's
/// delayed block cleanout (a 16 MB cache and a restart); and Lewis's
/// fifty-row update with and without in-memory undo (its LAB VERSION
/// 10.2.0.5, `_in_memory_undo` set back to true at its end) and
/// commit-per-row loop; Lewis's core_demo_02 and an 11g log dump's
/// records (each with IMU off and back on at its end).
#[test]
fn order_group_array_inserts() {
    order::check(
        &[
            "tests/articles/chitale-potentially-long-rows-11g.sql",
            "tests/articles/savvinov-4k-row-by-row-insert-11g.sql",
            "tests/articles/cto-million-row-array-insert-undo.sql",
            "tests/articles/cppentry-single-row-insert-redo-11g.sql",
            "tests/articles/kyte-delayed-block-cleanout-12c.sql",
            "tests/articles/lewis-imu-fifty-row-update-10g.sql",
            "tests/articles/lewis-commit-in-plsql-loop-imu-10g.sql",
            "tests/articles/lewis-core-demo-update-redo-10g.sql",
            "tests/articles/dsi-redo-records-imu-off-11g.sql",
        ],
        &[],
    );
}

/// Scripts whose figures follow their blocks' addresses (datafile
/// extents, not segment numbers): the 11g latch contention, the
/// single-session cell timings. A block's CBC child hashes its file#,
/// which counts the tablespaces created before: two multi-session
/// scripts that create tablespaces go in different groups, each the
/// first of its group to create one.
#[test]
fn order_group_addresses() {
    order::check(&["samples/concurrency-11g.sql", "samples/flash-grid-disk-vs-flash-cache.sql"], &[]);
}

/// Harrison's redo scripts: each adds log groups 4 to 6 (on SAS, on the
/// cell's disks, small ones on a cell), switches four times and drops
/// groups 1 to 3, then runs single-session and `SESSIONS n` commits. They
/// need group 1 CURRENT at their start, as in a new database (the reset
/// switches until it is: which group is current is the database's
/// history, in Oracle too), show the log sequence counted from where the
/// database stood (see `relative_log_sequence`), and a `SESSIONS n` step's
/// centisecond figures are n sessions' rounded clocks (see `same`).
#[test]
fn order_group_redo_logs() {
    order::check(
        &[
            "samples/redo-on-flash-vs-hdd.sql",
            "samples/redo-size-flash-vs-disk-exadata.sql",
            "samples/smart-flash-logging-outliers.sql",
        ],
        &[],
    );
}

/// Exadata write-back flash cache (16 sessions' updates waiting for
/// DBWR; its cells' tablespaces the first the group creates) after two
/// single-session scripts that move the clock on: its waits summed on a
/// clock past 2^24 us (16.8 s) are the same to the microsecond. Before the
/// clock was exact (`sim::quantise`), V$SYSTEM_EVENT's TIME_WAITED_MICRO
/// of cell single block physical read showed 16718080 alone and 16718079
/// after other scripts: each wait was a difference of two readings of an
/// f64 clock whose resolution halves at every power of two.
#[test]
fn order_group_write_back() {
    order::check(
        &["samples/write-back-flash-cache.sql", "samples/nested-loops-11g.sql", "samples/clustering-factor.sql"],
        &[],
    );
}

/// Session 9's articles: the bookstore's frequency histogram (SIZE AUTO
/// builds it from the column usage of the script's own queries, which must
/// not carry over from an earlier script) and the hash join with its work
/// area, with a script that moves the clock on.
#[test]
fn order_group_histograms_and_hash_join() {
    order::check(
        &[
            "tests/articles/oracle-docs-frequency-histogram-bookstore.sql",
            "tests/articles/xxzhaobb-hash-join-11g.sql",
            "tests/articles/antognini-merge-join-two-tables.sql",
            "tests/articles/lewis-join-card-three-tables.sql",
            "samples/clustering-factor.sql",
        ],
        &[],
    );
}

/// Issue 34's bitmap combinations: Antognini's BITMAP AND / OR and Dyke's
/// BITMAP CONVERSION FROM ROWIDS beside the clustering factor sample.
#[test]
fn order_group_bitmap_combine() {
    order::check(
        &[
            "tests/articles/antognini-bitmap-combine-11g.sql",
            "tests/articles/dyke-bitmap-conversion-from-rowids-9i.sql",
            "samples/clustering-factor.sql",
        ],
        &[],
    );
}

/// Issue 31's bind peeking and adaptive cursor sharing: Antognini's two
/// scripts (their shared pool holds their cursors), Lewis's GROUP BY
/// estimates (12c's one key, 10g's two) and the frequency histogram article.
#[test]
fn order_group_bind_peeking_and_acs() {
    order::check(
        &[
            "tests/articles/antognini-bind-variable-peeking.sql",
            "tests/articles/antognini-adaptive-cursor-sharing.sql",
            "tests/articles/lewis-opt-estimate-group-by-12c.sql",
            "tests/articles/lewis-agg-sort-group-by-sqrt2-10g.sql",
            "tests/articles/oracle-docs-frequency-histogram-bookstore.sql",
        ],
        &[],
    );
}

/// Issue 31's statistics set by hand and I/O costing: Lewis's calc_mbrc
/// (its session's db_file_multiblock_read_count and the faked table are
/// its own).
#[test]
fn order_group_set_stats_and_io_costing() {
    order::check(
        &["tests/articles/lewis-calc-mbrc-io-costing.sql", "tests/articles/kyte-clustered-index-range-cost.sql"],
        &[],
    );
}

/// Issue 31's sort costs: Noveljic's sort I/O under its own PGA target
/// (set back to the lab's at its end) beside Kyte's range cost.
#[test]
fn order_group_sort_costs() {
    order::check(
        &["tests/articles/noveljic-io-sort-cost-19c.sql", "tests/articles/kyte-clustered-index-range-cost.sql"],
        &[],
    );
}

/// Issue 33's SAMPLE article (its samples seeded: the same rows whatever
/// ran before) beside a script that moves the clock on.
#[test]
fn order_group_sample_clause() {
    order::check(&["tests/articles/nyffenegger-table-access-sample.sql", "samples/clustering-factor.sql"], &[]);
}

/// Issue 34's partitioned indexes beside the bitmap index article.
#[test]
fn order_group_partitioned_indexes() {
    order::check(
        &["tests/articles/kuhn-global-partitioned-index-11g.sql", "tests/articles/foote-unique-bitmap-indexes-10g.sql"],
        &[],
    );
}

/// Issue 34's partition maintenance (Schneider's splits, Deo's exchange) beside the
/// partitioned index article.
#[test]
fn order_group_partition_maintenance() {
    order::check(
        &[
            "tests/articles/schneider-split-partition-unusable-index.sql",
            "tests/articles/avdeo-exchange-partition-11g.sql",
            "tests/articles/kuhn-global-partitioned-index-11g.sql",
        ],
        &[],
    );
}

/// Issue 34's interval partitions (their SYS_Pn names take object numbers)
/// beside the partitioned index article.
#[test]
fn order_group_interval_partitions() {
    order::check(
        &[
            "tests/articles/mcdonald-interval-partition-numbers-12c.sql",
            "tests/articles/kuhn-global-partitioned-index-11g.sql",
        ],
        &[],
    );
}

/// Issue 34's composite partitions (their subpartitions take object
/// numbers) beside the interval partition article.
#[test]
fn order_group_composite_partitions() {
    order::check(
        &[
            "tests/articles/antognini-composite-pruning-12c.sql",
            "tests/articles/oracle-docs-range-hash-pruning-11g.sql",
            "tests/articles/mcdonald-interval-partition-numbers-12c.sql",
        ],
        &[],
    );
}

/// The bitmap index article (issue 34) beside the compressed index one.
#[test]
fn order_group_bitmap_indexes() {
    order::check(
        &[
            "tests/articles/foote-unique-bitmap-indexes-10g.sql",
            "tests/articles/foote-index-compression-part2-10g.sql",
            "tests/articles/mos-bitmap-fragment-tx-wait.sql",
        ],
        &[],
    );
}

/// The dictionary's generated objects (CTAS of DBA_OBJECTS) beside a
/// rows-per-block article: the generated rows depend on nothing a script
/// leaves behind, and the lab user's objects are numbered after them.
#[test]
fn order_group_dictionary_objects() {
    order::check(
        &["tests/articles/chitale-12c-ctas-dba-objects.sql", "tests/articles/asktom-char-rows-per-block.sql"],
        &[],
    );
}

/// The scalar subquery and row limiting articles (issue 33).
#[test]
fn order_group_scalar_subqueries_and_fetch_first() {
    order::check(
        &[
            "tests/articles/miaokee-scalar-subquery-caching-hr.sql",
            "tests/articles/dbaglobe-fetch-first-percent-12c.sql",
        ],
        &[],
    );
}

/// Partitioned tables (issue 34): Nyffenegger's list-partitioned table
/// beside the MINUS article (both drop or keep their own tables).
#[test]
fn order_group_partitions() {
    order::check(
        &["tests/articles/nyffenegger-partition-start-stop.sql", "tests/articles/yang-minus-sort-unique-11g.sql"],
        &[],
    );
}

/// Set operators: Yang's MINUS, before and after the hash join article
/// (both 11.2.0.1, tables named T and T1 in both).
#[test]
fn order_group_set_operators() {
    order::check(&["tests/articles/yang-minus-sort-unique-11g.sql", "tests/articles/xxzhaobb-hash-join-11g.sql"], &[]);
}

/// TRUNCATE, direct-path INSERT and INDEX_STATS (issues 32, 33): the
/// APPEND article truncates and loads a table T1 that the INDEX_STATS
/// article's neighbours do not use; INDEX_STATS is the session's own.
#[test]
fn order_group_ddl_and_loads() {
    order::check(
        &[
            "tests/articles/hall-append-hint-redo-noarchivelog.sql",
            "tests/articles/kuhn-alapati-index-stats-validate-structure-11g.sql",
            "tests/articles/otn-update-leaves-own-deleted-rows.sql",
            "samples/clustering-factor.sql",
        ],
        &[],
    );
}

/// Global temporary tables (issue 33): twelvec's GTT and permanent copies
/// of DBA_OBJECTS beside the APPEND article's T1.
#[test]
fn order_group_temporary_tables() {
    order::check(
        &["tests/articles/twelvec-gtt-redo-12c.sql", "tests/articles/hall-append-hint-redo-noarchivelog.sql"],
        &[],
    );
}

/// The index skip scan and reverse key articles (issues 31 and 34): each
/// builds its own table; their figures read only its index and table.
#[test]
fn order_group_index_skip_scan() {
    order::check(
        &[
            "tests/articles/brooks-index-skip-scan-11g.sql",
            "tests/articles/dicasoracledba-index-skip-scan-hinted-9i.sql",
            "tests/articles/foote-reverse-key-space-10g.sql",
        ],
        &[],
    );
}

/// Index compression (issue 34) beside the clustering factor article: an
/// index rebuilt with and without COMPRESS, whatever ran before.
#[test]
fn order_group_index_compression() {
    order::check(
        &["tests/articles/foote-index-compression-part2-10g.sql", "tests/articles/kyte-clustered-index-range-cost.sql"],
        &[],
    );
}

/// Issue 33's TABLE_CACHED_BLOCKS article (its table preference and the
/// clustering factor it gathers) beside the clustering factor article.
#[test]
fn order_group_table_cached_blocks() {
    order::check(
        &[
            "tests/articles/foote-table-cached-blocks-too-much-rope-12c.sql",
            "tests/articles/kyte-clustered-index-range-cost.sql",
        ],
        &[],
    );
}

/// The hierarchical query article alone: it creates nothing.
#[test]
fn order_group_connect_by() {
    order::check(&["tests/articles/kayshav-connect-by-root-hierarchy.sql"], &[]);
}

/// The analytic function articles (issue 33): each creates its own table
/// (T1, EMP, TQ84_TAB, dropped at its end), so each runs alone.
#[test]
fn order_group_window_dyke() {
    order::check(&["tests/articles/dyke-window-sort-pushed-rank-9i.sql"], &[]);
}

#[test]
fn order_group_window_molinaro() {
    order::check(&["tests/articles/molinaro-avg-over-frames-emp.sql"], &[]);
}

#[test]
fn order_group_window_nyffenegger() {
    order::check(&["tests/articles/nyffenegger-window-operations.sql"], &[]);
}

/// Garg's LISTAGG article (issue 33): creates EMP, drops it at its end.
#[test]
fn order_group_listagg_garg() {
    order::check(&["tests/articles/garg-listagg-overflow-emp-12c.sql"], &[]);
}

/// Schneider's KEEP article (issue 33): creates EMP, drops it at its end.
#[test]
fn order_group_keep_schneider() {
    order::check(&["tests/articles/schneider-keep-dense-rank-emp-10g.sql"], &[]);
}

/// The quantified comparison articles (issue 33): Barut's T1 and Hall's
/// EMP, each dropped at the script's end.
#[test]
fn order_group_quantified_comparisons() {
    order::check(
        &["tests/articles/barut-group-comparisons-any-all-10g.sql", "tests/articles/hall-all-any-some-emp.sql"],
        &[],
    );
}

/// The full outer join articles (issues 33 and 34): each drops the
/// tables it creates (HR's EMPLOYEES and DEPARTMENTS, TQ84_FOJ_A/B,
/// SCOTT's EMP and DEPT, Hooper's TABLE_1 and TABLE_2) and Cho's outer
/// join turned inner (EMP and DEPT), Murty's T1 and T2.
#[test]
fn order_group_full_outer_join() {
    order::check(
        &[
            "tests/articles/dbaglobe-hash-join-full-outer-11g.sql",
            "tests/articles/nyffenegger-hash-join-full-outer.sql",
            "tests/articles/antognini-full-outer-join-using-10205.sql",
            "tests/articles/hooper-full-outer-join-animals-11g.sql",
            "tests/articles/cho-outer-join-to-inner-10g.sql",
            "tests/articles/murty-outer-join-inner-table-filter.sql",
        ],
        &[],
    );
}

#[test]
fn order_group_window_nyffenegger_group_by() {
    order::check(&["tests/articles/nyffenegger-window-buffer-group-by.sql"], &[]);
}

/// Deferred segment creation (issue 32): creates EMPLOYEE and its indexes.
#[test]
fn order_group_deferred_segment_creation() {
    order::check(&["tests/articles/oracledistilled-deferred-segment-creation-11g.sql"], &[]);
}

/// INITRANS and ITL slots (issue 32): each creates T (and T_IDX); the
/// deadlock script's sessions roll back at its end.
#[test]
fn order_group_initrans() {
    order::check(
        &["tests/articles/oracle-l-changing-initrans-index-leaf-rows.sql", "tests/articles/antognini-itl-deadlock.sql"],
        &[],
    );
}

/// Sequences: creates SEQUENCE1; identity columns: creates and drops
/// IDENTITY_TEST_TAB and its sequence.
#[test]
fn order_group_sequences() {
    order::check(
        &[
            "tests/articles/international-dba-sequence-last-number.sql",
            "tests/articles/oracle-base-identity-columns-12c.sql",
        ],
        &[],
    );
}

/// PL/SQL bulk binds: creates T1 and SEQ_T.
#[test]
fn order_group_plsql_bulk() {
    order::check(&["tests/articles/morgan-clustering-factor-bulk-load.sql"], &[]);
}

/// BATCHED table access (12c+): Nyffenegger's script creates and drops its
/// own table.
#[test]
fn order_group_batched_rowid() {
    order::check(&["tests/articles/nyffenegger-table-access-by-index-rowid-batched.sql"], &[]);
}

/// Every script is in a group above.
#[test]
fn every_script_is_accounted_for() {
    let src = include_str!("order_all.rs");
    for (name, _) in order::scripts() {
        assert!(src.matches(&format!("\"{name}\"")).count() >= 1, "{name} is in no order group");
    }
}

/// Smart flash logging's 8 million updates (87 s a pass, ignored: run
/// with --ignored): once after the redo group's other scripts (each
/// twice), compared with a fresh engine's run of it. Not with
/// smart-flash-logging-outliers: both define a cell named CELL (with
/// other disk caches), and a device, as hardware, outlives the scripts.
#[test]
#[ignore]
fn order_smart_flash_logging() {
    order::check(
        &["samples/redo-on-flash-vs-hdd.sql", "samples/redo-size-flash-vs-disk-exadata.sql"],
        &["samples/smart-flash-logging.sql"],
    );
}

/// SHUTDOWN IMMEDIATE disconnects every other session; after STARTUP the
/// script's session is the new instance's first, whatever ran before (a
/// workload's sessions, other LAB SESSIONs, a CONNECT): SIDs and V$SESSION
/// do not depend on the instance's history. Before, the sessions lived on
/// and SIDs kept counting up across restarts.
#[test]
fn startup_gives_a_new_instance_its_own_sessions() {
    let mut e = quiet_engine();
    let sid = |e: &mut lio_core::Engine| {
        let steps = e.exec("select sys_context('USERENV', 'SID') from dual;");
        ok(&steps);
        steps[0].rows[0][0].as_str().expect("a string").to_string()
    };
    assert_eq!(sid(&mut e), "10");
    ok(&e.exec(
        "create table w (n number);\n\
         lab session 2;\nselect 1 from dual;\nlab session 1;\n\
         connect lab/lab\n\
         LAB RUN 'insert into w values (:1)' BIND 1 TO 10 SESSIONS 4 AUTOCOMMIT;",
    ));
    assert_ne!(sid(&mut e), "10");
    ok(&e.exec("shutdown immediate\nstartup"));
    assert_eq!(sid(&mut e), "10");
    let steps = e.exec("select count(*) from v$session;\nlab session 2;");
    ok(&steps);
    assert_eq!(steps[0].rows[0][0].as_i64(), Some(1), "only the script's session is connected");
    assert_eq!(steps[1].output, vec!["Session 2 (SID 11)".to_string()]);
}

/// MIN/MAX under FIRST ROW (Malakshinov) beside the other index-cost
/// article (Kyte's clustered range): a 1,000,000-row TAB1 and Kyte's
/// tables share no name.
#[test]
fn order_group_min_max_first_row() {
    order::check(
        &["tests/articles/malakshinov-min-max-first-row.sql", "tests/articles/kyte-clustered-index-range-cost.sql"],
        &[],
    );
}

/// The ALTER TABLE column articles (issue 33): Chandler's fast-added
/// DEFAULT column made nullable.
#[test]
fn order_group_alter_table_columns() {
    order::check(&["tests/articles/chandler-add-not-null-default-11g.sql"], &[]);
}

/// Issue 35's Active Session History article (a wait spanning samples)
/// beside the nested-loop sample.
#[test]
fn order_group_active_session_history() {
    order::check(
        &["tests/articles/antognini-ash-time-waited-last-sample-12c.sql", "samples/nested-loops-11g.sql"],
        &[],
    );
}

/// Issue 32's reads: Lewis's consistent read of another session's
/// uncommitted changes (two sessions, the first rolled back at the end)
/// and SQL*Plus's OCI prefetch at ARRAYSIZE 1 (set back to 15 at the end),
/// beside Kyte's delayed block cleanout.
#[test]
fn order_group_consistent_reads_and_prefetch() {
    order::check(
        &[
            "tests/articles/lewis-consistent-reads-undo-examinations.sql",
            "tests/articles/spotonoracle-sqlplus-arraysize-1-prefetch.sql",
            "tests/articles/kyte-delayed-block-cleanout-12c.sql",
        ],
        &[],
    );
}

/// SHRINK SPACE and the high water mark (issue 32): Candido's EMP (a
/// million rows, deleted, shrunk and truncated) beside the cppentry
/// article's one-row table.
#[test]
fn order_group_shrink_space() {
    order::check(
        &[
            "tests/articles/candido-delete-keeps-hwm-shrink-10g.sql",
            "tests/articles/cppentry-single-row-insert-redo-11g.sql",
            "tests/articles/heiqu-assm-blocks-below-hwm-11g.sql",
        ],
        &[],
    );
}

/// PL/SQL exception handling (issue 33): Kyte's procedure-level
/// atomicity (a procedure left in the dictionary, its table dropped by
/// the reset) and the ebiztechnics blocks, beside the cppentry article's
/// one-row table.
#[test]
fn order_group_plsql_exceptions() {
    order::check(
        &[
            "tests/articles/kyte-procedure-level-atomicity-12c.sql",
            "tests/articles/ebiztechnics-exception-propagation.sql",
            "tests/articles/muzso-sqlcode-scope.sql",
            "tests/articles/cppentry-single-row-insert-redo-11g.sql",
        ],
        &[],
    );
}

/// MERGE (issue 33): de Haan's script creates and drops its two tables.
#[test]
fn order_group_merge() {
    order::check(&["tests/articles/dehaan-merge-delete-where-10g.sql"], &[]);
}

/// Antognini's row prefetching (fetch calls re-get the leaf they resume
/// in): the script creates and drops its one table.
#[test]
fn order_group_fetch_calls() {
    order::check(&["tests/articles/antognini-index-scan-fetch-calls.sql"], &[]);
}

/// Session 24's articles (math functions, MERGE's ORA-30926 by release,
/// deferred partition segments, CONVERT_RAW_VALUE, the +ALIAS section,
/// SELECT INTO widths): each twice in one engine, forwards then backwards.
#[test]
fn order_group_session_24() {
    order::check(
        &[
            "tests/articles/antognini-object-statistics.sql",
            "tests/articles/asktom-merge-ora-30926-by-release.sql",
            "tests/articles/dbaora-deferred-partition-segments-11g.sql",
            "tests/articles/lewis-convert-raw-value.sql",
            "tests/articles/spm-test-tab-alias-section-11g.sql",
            "tests/articles/spool-rowtype-into-width-11g.sql",
        ],
        &[],
    );
}

/// The VLDB guide's composite exchange prints DATA_OBJECT_IDs, which
/// depend on the objects created before it: alone.
#[test]
fn order_group_composite_exchange() {
    order::check(&["tests/articles/oracle-vldbg-exchange-list-list.sql"], &[]);
}
