//! An index-only plan line carries Bytes: the columns it passes up are in
//! the index, so Oracle prints their average lengths times its rows, as a
//! table line does. The lab left the Bytes of every index-only line empty.
//!
//! Published shapes:
//! - developer.aliyun.com/article/576781 (DBA_OBJECTS copy, an index on
//!   OBJECT_ID): `select count(object_id)` prints `INDEX FAST FULL SCAN |
//!   T_COUNT_I | 10976 | 54880` under `SORT AGGREGATE | 1 | 5`, while
//!   `select count(*)` over a full scan prints no Bytes column at all (no
//!   column is read).
//! - oracle-dba-world.blogspot.com/2013/12 (`select count(0) from tab`,
//!   11g): `INDEX FULL SCAN | I_USER2 | 93 | 2046`, `INDEX RANGE SCAN |
//!   I_OBJ5 | 1270 | 21590`, `INDEX SKIP SCAN | I_USER2 | 1 | 20` (index-only
//!   lines), and an empty Bytes for `INDEX UNIQUE SCAN | I_OBJ#` under a
//!   table access (the table line carries the row).
//!
//! Hand-checked: t1 of 1,000 rows, n1 = mod(rownum, 10): AVG_COL_LEN of n1
//! is 3 (0 takes 1 byte, 1-9 two, plus the length byte: 2.9 rounded up), of
//! id 4; `where n1 = 5` selects 100 rows: 300 bytes.

mod common;
use common::*;

fn plan_lines(e: &mut lio_core::Engine, sql: &str) -> Vec<String> {
    let s = e.exec(&format!("explain plan for {sql}\nselect * from table(dbms_xplan.display);"));
    ok(&s);
    s[1].rows.iter().map(|r| r[0].as_str().unwrap_or("").to_string()).filter(|l| l.starts_with('|')).collect()
}

#[test]
fn index_only_lines_carry_bytes() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t1 as select rownum id, mod(rownum,10) n1, rpad('x',50) pad from dual connect by level <= 1000;\n\
         create index t1_i1 on t1(n1);\n\
         alter table t1 add constraint t1_pk primary key (id);\n\
         alter table t1 modify n1 not null;\n\
         exec dbms_stats.gather_table_stats(user,'T1')",
    ));
    let p = plan_lines(&mut e, "select count(*) from t1 where n1 = 5;");
    assert_eq!(p[0], "| Id  | Operation         | Name  | Rows  | Bytes | Cost (%CPU)| Time     |");
    assert_eq!(p[2], "|   1 |  SORT AGGREGATE   |       |     1 |     3 |            |          |");
    assert!(p[3].starts_with("|*  2 |   INDEX RANGE SCAN| T1_I1 |   100 |   300 |"), "{}", p[3]);
    let p = plan_lines(&mut e, "select id from t1 where id = 5;");
    assert!(p[2].starts_with("|*  1 |  INDEX UNIQUE SCAN| T1_PK |     1 |     4 |"), "{}", p[2]);
    let p = plan_lines(&mut e, "select /*+ index_ffs(t1) */ count(n1) from t1;");
    assert!(p[3].starts_with("|   2 |   INDEX FAST FULL SCAN| T1_I1 |  1000 |  3000 |"), "{}", p[3]);
    // count(*) reads no column: no Bytes column, as Oracle's.
    let p = plan_lines(&mut e, "select /*+ index_ffs(t1) */ count(*) from t1;");
    assert_eq!(p[0], "| Id  | Operation             | Name  | Rows  | Cost (%CPU)| Time     |");
    // Under a table access the index line has none: the table line's row.
    let p = plan_lines(&mut e, "select * from t1 where id = 5;");
    assert!(p[3].starts_with("|*  2 |   INDEX UNIQUE SCAN         | T1_PK |     1 |       |"), "{}", p[3]);
}
