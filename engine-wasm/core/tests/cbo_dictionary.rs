//! Issue 31's done-when: "the USER_* views report the statistics the
//! optimizer used". After each hard parse under event 10053 the test reads
//! USER_TABLES, USER_INDEXES and USER_TAB_COL_STATISTICS back and compares
//! them with the figures the trace's BASE STATISTICAL INFORMATION printed
//! (`Table Stats::` NUM_ROWS, BLOCKS, AVG_ROW_LEN; `Index Stats::` BLEVEL,
//! LEAF_BLOCKS, DISTINCT_KEYS, CLUSTERING_FACTOR; `Column (#n):` NDV,
//! Nulls, AvgLen, Density), under every source of statistics: a gather
//! with its indexes, the SET_* procedures, ANALYZE, a histogram, a
//! gather of the schema, and a table never gathered (the dictionary shows
//! NULL; the lab's optimizer then reads the rows, where Oracle would
//! sample them dynamically: MODEL.md, "Statistics set by hand").

mod common;
use common::*;
use lio_core::cbo_trace::CboTableOut;
use lio_core::{Engine, StepOut};

const ON: &str = "alter session set events '10053 trace name context forever, level 1';\n";

/// A dictionary figure as a number (NULL is None).
fn num(s: &str) -> Option<f64> {
    let s = s.trim();
    (!s.is_empty() && s != "null").then(|| s.parse::<f64>().unwrap_or_else(|_| panic!("not a number: {s}")))
}

fn same(what: &str, dict: &str, trace: f64) {
    let d = num(dict).unwrap_or_else(|| panic!("{what}: the dictionary shows NULL, the trace {trace}"));
    assert!((d - trace).abs() <= 1e-9 * trace.abs().max(1.0), "{what}: dictionary {d}, trace {trace}");
}

/// Every table record of a statement's trace (each name once).
fn tables(s: &StepOut) -> Vec<&CboTableOut> {
    let opt = s.optimizer.as_ref().unwrap_or_else(|| panic!("no 10053 record for `{}`", s.statement));
    let mut out: Vec<&CboTableOut> = Vec::new();
    for b in &opt.blocks {
        let orders = b.orders.iter().flat_map(|o| o.tables.iter());
        for t in b.tables.iter().chain(&b.singles).chain(orders) {
            if !t.view && !out.iter().any(|o| o.name == t.name) {
                out.push(t);
            }
        }
    }
    out
}

/// A dictionary query's rows (AUTOTRACE off: a script may have set it).
fn dict(e: &mut Engine, sql: &str) -> Vec<Vec<String>> {
    text_rows(e, &format!("set autotrace off\n{sql}"))
}

/// Compares each table, index and column figure of `s`'s trace with the
/// USER_ views; returns the number of figures compared.
fn check(e: &mut Engine, s: &StepOut) -> usize {
    let mut n = 0;
    for t in tables(s) {
        let tab = format!("select num_rows, blocks, avg_row_len from user_tables where table_name = '{}';", t.name);
        let r = dict(e, &tab);
        assert_eq!(r.len(), 1, "{} in USER_TABLES", t.name);
        if !t.gathered {
            assert!(num(&r[0][0]).is_none(), "{} never gathered: NUM_ROWS {}", t.name, r[0][0]);
            n += 1;
            continue;
        }
        for (i, (what, v)) in
            [("NUM_ROWS", t.num_rows), ("BLOCKS", t.blocks), ("AVG_ROW_LEN", t.avg_row_len)].into_iter().enumerate()
        {
            same(&format!("{}.{what}", t.name), &r[0][i], v);
            n += 1;
        }
        for ix in &t.indexes {
            let q = format!(
                "select blevel, leaf_blocks, distinct_keys, clustering_factor from user_indexes where index_name = '{}';",
                ix.name
            );
            let r = dict(e, &q);
            assert_eq!(r.len(), 1, "{} in USER_INDEXES", ix.name);
            let figures = [
                ("BLEVEL", ix.blevel),
                ("LEAF_BLOCKS", ix.leaf_blocks),
                ("DISTINCT_KEYS", ix.distinct_keys),
                ("CLUSTERING_FACTOR", ix.clustering_factor),
            ];
            for (i, (what, v)) in figures.into_iter().enumerate() {
                same(&format!("{}.{what}", ix.name), &r[0][i], v);
                n += 1;
            }
        }
        for c in &t.columns {
            let q = format!(
                "select num_distinct, num_nulls, avg_col_len, density from user_tab_col_statistics \
                 where table_name = '{}' and column_name = '{}';",
                t.name, c.name
            );
            let r = dict(e, &q);
            assert_eq!(r.len(), 1, "{}.{} in USER_TAB_COL_STATISTICS", t.name, c.name);
            // With a histogram the dictionary's DENSITY is the trace's
            // OldDensity (the optimizer costs an unheld value with NewDensity).
            let density = c.old_density.unwrap_or(c.density);
            let figures =
                [("NUM_DISTINCT", c.ndv), ("NUM_NULLS", c.nulls), ("AVG_COL_LEN", c.avg_len), ("DENSITY", density)];
            for (i, (what, v)) in figures.into_iter().enumerate() {
                same(&format!("{}.{}.{what}", t.name, c.name), &r[0][i], v);
                n += 1;
            }
        }
    }
    n
}

/// Runs `sql` (one traced query at its end) and checks its trace.
fn traced(e: &mut Engine, sql: &str) -> usize {
    let steps = e.exec(&format!("{ON}{sql}"));
    ok(&steps);
    let q = steps.last().unwrap();
    check(e, q)
}

/// 5,000 rows: ID unique, GRP 50 values (every 10th NULL), STATUS two
/// values (one row in ten CLOSED), PAD 100 bytes.
fn engine() -> Engine {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number not null, grp number, status varchar2(10), pad varchar2(100));\n\
         insert into t select level, case when mod(level, 10) <> 0 then mod(level, 50) end, \
         case when mod(level, 10) = 0 then 'CLOSED' else 'OPEN' end, rpad('x', 100) \
         from dual connect by level <= 5000;\n\
         commit;\n\
         create unique index t_id on t (id);\n\
         create index t_grp on t (grp);\n\
         create table d (grp number primary key, name varchar2(20));\n\
         insert into d select level - 1, 'G' || level from dual connect by level <= 50;\n\
         commit;",
    ));
    e
}

#[test]
fn a_gathered_table_and_its_indexes() {
    let mut e = engine();
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'T', cascade => true)"));
    let n = traced(&mut e, "select * from t where grp = 7 and id between 100 and 2000;");
    assert!(n >= 3 + 8 + 8, "{n} figures");
}

#[test]
fn a_table_never_gathered_shows_null_and_the_trace_says_so() {
    let mut e = engine();
    let steps = e.exec(&format!("{ON}select * from t where grp = 7;"));
    ok(&steps);
    let q = steps.last().unwrap();
    assert!(tables(q).iter().all(|t| !t.gathered));
    assert_eq!(check(&mut e, q), 1);
}

/// SET_TABLE_STATS, SET_INDEX_STATS and SET_COLUMN_STATS: the trace
/// costs from the figures set, and the views show those figures.
#[test]
fn statistics_set_by_hand() {
    let mut e = engine();
    ok(&e.exec(
        "exec dbms_stats.gather_table_stats(user, 'T', cascade => true)\n\
         exec dbms_stats.set_table_stats(user, 'T', numrows => 2000000, numblks => 100000, avgrlen => 120)\n\
         exec dbms_stats.set_index_stats(user, 'T_GRP', numrows => 1800000, numlblks => 4000, numdist => 400, clstfct => 900000, indlevel => 2)\n\
         exec dbms_stats.set_column_stats(user, 'T', 'GRP', distcnt => 400, nullcnt => 200000)",
    ));
    let n = traced(&mut e, "select /* set */ * from t where grp = 7;");
    assert!(n >= 3 + 8 + 4, "{n} figures");
    let r = text_rows(&mut e, "select num_rows, blocks from user_tables where table_name = 'T';");
    assert_eq!(r, [["2000000", "100000"]]);
}

/// ANALYZE ... COMPUTE STATISTICS, then GATHER_SCHEMA_STATS, on a join:
/// both tables' figures, each time.
#[test]
fn analyze_and_a_schema_gather_on_a_join() {
    let mut e = engine();
    ok(&e.exec("analyze table t compute statistics;\nanalyze table d compute statistics;"));
    let sql = "select t.id, d.name from t, d where t.grp = d.grp and d.name = 'G8';";
    let n = traced(&mut e, sql);
    assert!(n >= 2 * 3, "{n} figures");
    ok(&e.exec("exec dbms_stats.gather_schema_stats(user)"));
    let n = traced(&mut e, &sql.replace("select", "select /* schema */"));
    assert!(n >= 2 * 3, "{n} figures");
}

/// A frequency histogram on STATUS (METHOD_OPT SIZE 254): the column's
/// NDV, nulls and length are the dictionary's.
#[test]
fn a_column_with_a_histogram() {
    let mut e = engine();
    ok(&e.exec(
        "exec dbms_stats.gather_table_stats(user, 'T', method_opt => 'for all columns size 1 for columns status size 254', cascade => true)",
    ));
    let r = text_rows(
        &mut e,
        "select histogram from user_tab_col_statistics where table_name = 'T' and column_name = 'STATUS';",
    );
    assert_eq!(r, [["FREQUENCY"]]);
    let steps = e.exec(&format!("{ON}select * from t where status = 'CLOSED';"));
    ok(&steps);
    let q = steps.last().unwrap();
    assert!(check(&mut e, q) >= 3 + 4);
    // 5,000 rows: DENSITY 1 / (2 x 5,000) = 0.0001 (OldDensity); NewDensity
    // half the least frequent value's share, 0.5 x 500 / 5,000 = 0.05.
    let c = &tables(q)[0].columns[0];
    assert_eq!((c.histogram.as_deref(), c.old_density), (Some("FREQUENCY"), Some(0.0001)));
    assert!((c.density - 0.05).abs() < 1e-12, "NewDensity {}", c.density);
    let text = q.sql_trace.join("\n");
    assert!(text.contains("    Histogram: Freq\n    NewDensity:0.050000, OldDensity:0.000100"), "{text}");
}

/// The published scripts of `tests/articles/`, each run with event 10053
/// set (again after each `LAB VERSION` and `CONNECT`): the last traced
/// statement of each script is checked against the dictionary as the
/// script leaves it, when nothing after it changes statistics or
/// objects (a gather, a SET_/DELETE_ procedure, ANALYZE, DDL or DML on
/// a table never gathered, another session) and its tables are the
/// current user's.
#[test]
fn the_articles_last_traced_statements() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/articles");
    let mut files: Vec<_> = std::fs::read_dir(&root)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|f| f.extension().is_some_and(|x| x == "sql"))
        .collect();
    files.sort();
    let changes = [
        "dbms_stats",
        "analyze",
        "create",
        "drop",
        "truncate",
        "alter table",
        "alter index",
        "insert",
        "update",
        "delete",
        "merge",
        "connect",
        "lab version",
        "begin",
        "declare",
    ];
    let (mut scripts, mut figures) = (0, 0);
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let mut traced = ON.to_string();
        for line in text.lines() {
            traced.push_str(line);
            traced.push('\n');
            let l = line.trim_start().to_ascii_lowercase();
            if l.starts_with("lab version")
                || ((l.starts_with("connect ") || l.starts_with("conn ")) && !l.starts_with("connect by"))
            {
                traced.push_str(ON);
            }
        }
        let mut e = quiet_engine();
        let steps = e.exec(&traced);
        let Some(last) = steps.iter().rposition(|s| s.optimizer.is_some() && s.error.is_none()) else { continue };
        let later = steps[last + 1..].iter().any(|s| {
            let l = s.statement.to_ascii_lowercase();
            changes.iter().any(|c| l.contains(c))
        });
        // A partitioned table's trace prints the statistics of the
        // partitions the statement reads (Oracle's `Partition [n]` or
        // composite figures), not USER_TABLES' global ones: not compared.
        let mine = tables(&steps[last]).iter().all(|t| {
            let q = format!("select count(*) from user_tables where table_name = '{}';", t.name);
            let p = format!("select count(*) from user_part_tables where table_name = '{}';", t.name);
            dict(&mut e, &q)[0][0] == "1" && dict(&mut e, &p)[0][0] == "0"
        });
        if later || !mine {
            continue;
        }
        let n = check(&mut e, &steps[last]);
        if n == 0 {
            continue;
        }
        println!(
            "{}: `{}`: {n} figures",
            f.file_name().unwrap().to_string_lossy(),
            steps[last].statement.lines().next().unwrap_or("")
        );
        scripts += 1;
        figures += n;
    }
    println!("{scripts} scripts, {figures} figures");
    assert!(scripts >= 5 && figures >= 50, "only {scripts} scripts, {figures} figures checked");
}

/// The approximate NDV never exceeds the column's non-NULL values: 100,000
/// unique strings (`lpad(rownum, 10, '0')`, a Lewis-style V1) gave a
/// synopsis of 12,823 hashes at level 3, NUM_DISTINCT 102,584 on a
/// 100,000-row table, a count no DBA would believe.
#[test]
fn num_distinct_is_at_most_the_non_null_values() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t1 as select rownum id, lpad(rownum, 10, '0') v1 from dual connect by level <= 100000;\n\
         exec dbms_stats.gather_table_stats(user, 'T1', method_opt => 'for all columns size 1')",
    ));
    let rows = text_rows(
        &mut e,
        "select column_name, num_distinct from user_tab_col_statistics where table_name = 'T1' order by 1;",
    );
    for r in &rows {
        let n: u64 = r[1].parse().unwrap();
        assert!(n <= 100_000 && n > 98_000, "{rows:?}");
    }
}
