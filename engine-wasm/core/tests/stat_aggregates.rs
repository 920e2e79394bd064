//! STDDEV, VARIANCE, MEDIAN and STDDEV_SAMP/_POP, VAR_SAMP/_POP as
//! aggregates, in NUMBER arithmetic with Oracle's formulas (SQL Language
//! Reference, VAR_POP: `(SUM(x*x) - SUM(x)*SUM(x) / COUNT(x)) /
//! COUNT(x)`), NULLs ignored. Published: SCOTT.EMP's `STDDEV(SAL)`
//! 1182.50322, `VARIANCE(SAL)` 1398313.87 and `MEDIAN(SAL)` 1550 (SQL*Plus,
//! NUMWIDTH 10).

mod common;
use common::*;

const EMP: &str = "create table emp (empno number, deptno number, sal number, comm number);\n\
    insert into emp values (7369, 20, 800, null);\ninsert into emp values (7499, 30, 1600, 300);\n\
    insert into emp values (7521, 30, 1250, 500);\ninsert into emp values (7566, 20, 2975, null);\n\
    insert into emp values (7654, 30, 1250, 1400);\ninsert into emp values (7698, 30, 2850, null);\n\
    insert into emp values (7782, 10, 2450, null);\ninsert into emp values (7788, 20, 3000, null);\n\
    insert into emp values (7839, 10, 5000, null);\ninsert into emp values (7844, 30, 1500, 0);\n\
    insert into emp values (7876, 20, 1100, null);\ninsert into emp values (7900, 30, 950, null);\n\
    insert into emp values (7902, 20, 3000, null);\ninsert into emp values (7934, 10, 1300, null);\n\
    commit;";

/// The published figures: SQL*Plus shows a NUMBER in NUMWIDTH (10)
/// characters, rounded to the digits that fit (the layout is the
/// renderer's), so the published text is the value rounded to 5 and 2
/// places.
#[test]
fn scott_emp_as_published() {
    let mut e = quiet_engine();
    ok(&e.exec(EMP));
    let v = scalar(&mut e, "select round(stddev(sal), 5), round(variance(sal), 2), median(sal) from emp;");
    assert_eq!(v, "1182.50322,1398313.87,1550");
}

/// Exact values by the formula: SUM(SAL) = 29,025, SUM(SAL*SAL) =
/// 78,353,125; (78353125 - 29025 * 29025 / 14) / 14 = 1298434.31122448979...
/// (VAR_POP), / 13 = 1398313.87362637362... (VAR_SAMP).
#[test]
fn exact_values_and_nulls() {
    let mut e = quiet_engine();
    ok(&e.exec(EMP));
    let v = scalar(&mut e, "select to_char(round(var_pop(sal), 10)), to_char(round(var_samp(sal), 10)) from emp;");
    assert_eq!(v, "1298434.3112244898,1398313.8736263736");
    // One value: VARIANCE and STDDEV 0, the _SAMP forms NULL, _POP 0.
    let v = scalar(&mut e, "select variance(comm), stddev(comm), nvl(var_samp(comm), -1), nvl(stddev_samp(comm), -1), var_pop(comm) from emp where deptno = 30 and comm = 300;");
    assert_eq!(v, "0,0,-1,-1,0");
    // No value (all NULL, or no row): NULL.
    let v = scalar(&mut e, "select nvl(stddev(comm), -1), nvl(median(comm), -1) from emp where deptno = 10;");
    assert_eq!(v, "-1,-1");
    // MEDIAN of an even count: the mean of the two middle values (COMM of
    // dept 30: 0, 300, 500, 1400 -> 400).
    assert_eq!(scalar(&mut e, "select median(comm) from emp where deptno = 30;"), "400");
    assert_eq!(scalar(&mut e, "select median(sal) from emp where deptno = 10;"), "2450");
    // STDDEV_POP is the root of VAR_POP.
    assert_eq!(
        scalar(&mut e, "select to_char(round(stddev_pop(sal), 6)), to_char(round(stddev_samp(sal), 6)) from emp;"),
        "1139.488618,1182.503224"
    );
    // Per group (HASH/SORT GROUP BY).
    let s = e.exec("select deptno, median(sal), round(stddev(sal), 2) from emp group by deptno order by deptno;");
    ok(&s);
    let got: Vec<String> =
        s[0].rows.iter().map(|r| r.iter().map(|v| v.to_string()).collect::<Vec<_>>().join("|")).collect();
    assert_eq!(got, ["10|2450|1893.63", "20|2975|1123.33", "30|1375|668.33"]);
}
