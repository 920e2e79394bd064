//! STAT lines' `time=` in the extended SQL trace: each row source's time
//! on the simulated clock, its children's included, measured whenever the
//! cursor is traced (Oracle's trace gathers row source statistics; the
//! lab's tracing costs none of STATISTICS_LEVEL=ALL's per-row CPU).
//!
//! Worked by hand: a full scan of a table read from disk under SORT
//! AGGREGATE. The scan's time holds its reads (each `db file scattered
//! read` WAIT line's ela=), so its time= is at least their sum; the
//! aggregate's holds the scan's, so it is at least the scan's; and neither
//! is longer than the FETCH call that ran them (its e=).

mod common;

use common::*;

const SCRIPT: &str = "create table t (id number not null, pad varchar2(100));
insert into t select rownum, rpad('x', 100) from dual connect by level <= 5000;
commit;
exec dbms_stats.gather_table_stats(user, 'T')
select count(pad) from t;
alter system flush buffer_cache;
alter session set events '10046 trace name context forever, level 12';
select count(pad) from t;
";

fn field(line: &str, key: &str) -> u64 {
    let at = line.find(&format!("{key}=")).unwrap_or_else(|| panic!("no {key}= in {line}")) + key.len() + 1;
    line[at..].trim_start().split(|c: char| !c.is_ascii_digit()).next().unwrap().parse().unwrap()
}

#[test]
fn stat_time_holds_the_children_and_the_reads() {
    let steps = quiet_engine().exec(SCRIPT);
    ok(&steps);
    let t = &steps.last().unwrap().sql_trace;
    let stat = |id: u32| {
        t.iter()
            .find(|l| l.starts_with("STAT #") && l.contains(&format!(" id={id} ")))
            .unwrap_or_else(|| panic!("{t:#?}"))
    };
    let (agg, scan) = (stat(1), stat(2));
    assert!(agg.contains("op='SORT AGGREGATE (cr=") && scan.contains("op='TABLE ACCESS FULL T (cr="), "{agg}\n{scan}");
    let reads: u64 = t
        .iter()
        .filter(|l| {
            l.starts_with("WAIT #") && (l.contains("db file scattered read") || l.contains("db file sequential read"))
        })
        .map(|l| field(l, "ela"))
        .sum();
    assert!(reads > 0, "{t:#?}");
    let (t_agg, t_scan) = (field(agg, "time"), field(scan, "time"));
    let fetch: u64 = t.iter().filter(|l| l.starts_with("FETCH #")).map(|l| field(l, "e")).sum();
    // Rounding: each figure is rounded to a microsecond on its own.
    assert!(t_scan + 1 >= reads, "scan {t_scan} reads {reads}");
    assert!(t_agg >= t_scan, "agg {t_agg} scan {t_scan}");
    assert!(t_agg <= fetch + 1, "agg {t_agg} fetch {fetch}");
    // 11.2 on: cost, size and card after the time, as tkprof prints them.
    assert!(scan.contains(" us cost=") && scan.contains(" size=") && scan.ends_with(")'"), "{scan}");
}

#[test]
fn tracing_costs_no_rowsource_statistics_cpu() {
    // The traced execution's own figures are those of the same execution
    // untraced but for the trace's writing: its CPU per row is not raised.
    let untraced = quiet_engine()
        .exec(&SCRIPT.replace("alter session set events '10046 trace name context forever, level 12';\n", ""));
    let traced = quiet_engine().exec(SCRIPT);
    ok(&untraced);
    ok(&traced);
    let (a, b) = (untraced.last().unwrap(), traced.last().unwrap());
    assert_eq!(stat(a, "consistent gets"), stat(b, "consistent gets"));
    assert!(b.plan.iter().all(|l| l.time_us.is_none()), "no A-Time without rowsource statistics");
}
