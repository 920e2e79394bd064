//! MERGE (issue 33): `MERGE INTO t USING s ON (cond) WHEN MATCHED THEN
//! UPDATE SET ... [WHERE ...] [DELETE WHERE ...] WHEN NOT MATCHED THEN
//! INSERT ... VALUES (...) [WHERE ...]`, either clause alone (10g on), with
//! Oracle's errors. Hand-checked on DEST (ID 1..3, V 'one'..'three', N
//! 10, 20, 30; ID the primary key) and SRC (ID 2..5, V upper case, N
//! 200..500): the join `src LEFT JOIN dest ON (d.id = s.id)` matches
//! ID 2 and 3; 4 and 5 have no target row.

mod common;
use common::*;

const T: &str = "create table dest (id number primary key, v varchar2(20), n number);\n\
    insert into dest values (1, 'one', 10);\ninsert into dest values (2, 'two', 20);\n\
    insert into dest values (3, 'three', 30);\n\
    create table src (id number, v varchar2(20), n number);\n\
    insert into src values (2, 'TWO', 200);\ninsert into src values (3, 'THREE', 300);\n\
    insert into src values (4, 'FOUR', 400);\ninsert into src values (5, 'FIVE', 500);\ncommit;\n";

const DEST: &str = "select id || ':' || v || ':' || n from dest order by id;";

fn last_two(steps: &[lio_core::StepOut]) -> (Option<&str>, Vec<String>) {
    let n = steps.len();
    (steps[n - 2].feedback.as_deref(), row_strings(&steps[n - 1]))
}

#[test]
fn both_clauses_update_the_matched_rows_and_insert_the_others() {
    // ID 2 and 3 take SRC's V and N (2 updated); 4 and 5 are inserted (2
    // inserted): 4 rows merged, DEST holds 1..5.
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{T}merge into dest d using src s on (d.id = s.id)\n\
         when matched then update set d.v = s.v, d.n = s.n\n\
         when not matched then insert (id, v, n) values (s.id, s.v, s.n);\n{DEST}"
    ));
    ok(&steps);
    let (fb, rows) = last_two(&steps);
    assert_eq!(fb, Some("4 rows merged."));
    assert_eq!(rows, ["1:one:10", "2:TWO:200", "3:THREE:300", "4:FOUR:400", "5:FIVE:500"]);
}

#[test]
fn either_clause_alone_and_in_either_order() {
    // UPDATE alone: ID 2 and 3 (2 rows merged), nothing inserted. INSERT
    // alone, written first of nothing: 4 and 5 (2 rows merged).
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{T}merge into dest d using src s on (d.id = s.id)\n\
         when matched then update set d.n = s.n;\n{DEST}\nrollback;\n\
         merge into dest d using src s on (d.id = s.id)\n\
         when not matched then insert values (s.id, s.v, 0)\n\
         when matched then update set d.v = 'x' where s.id = 3;\n{DEST}"
    ));
    ok(&steps);
    let n = steps.len();
    assert_eq!(steps[n - 5].feedback.as_deref(), Some("2 rows merged."));
    assert_eq!(row_strings(&steps[n - 4]), ["1:one:10", "2:two:200", "3:three:300"]);
    // Second: 3 updated (its WHERE), 2 is not; 4 and 5 inserted: 3 rows.
    assert_eq!(steps[n - 2].feedback.as_deref(), Some("3 rows merged."));
    assert_eq!(row_strings(&steps[n - 1]), ["1:one:10", "2:two:20", "3:x:30", "4:FOUR:0", "5:FIVE:0"]);
}

#[test]
fn where_clauses_filter_the_update_and_the_insert() {
    // Source: ID 3, 4, 5 (id > 2). ID 3 matches, but s.n > 300 fails: not
    // updated. 4 and 5 do not match; only 5 passes the INSERT WHERE.
    // 1 row merged.
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{T}merge into dest d using (select * from src where id > 2) s on (d.id = s.id)\n\
         when matched then update set d.v = s.v where s.n > 300\n\
         when not matched then insert values (s.id, s.v, s.n) where s.id = 5;\n{DEST}"
    ));
    ok(&steps);
    let (fb, rows) = last_two(&steps);
    assert_eq!(fb, Some("1 row merged."));
    assert_eq!(rows, ["1:one:10", "2:two:20", "3:three:30", "5:FIVE:500"]);
}

#[test]
fn delete_where_reads_the_updated_row() {
    // ID 2 and 3 are updated to N 200 and 300; DELETE WHERE d.n > 250
    // reads the new N: 3 goes. A row the MERGE does not update (1, N 10)
    // is never deleted. 2 rows merged (the deleted row counted once, as
    // updated).
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{T}merge into dest d using src s on (d.id = s.id)\n\
         when matched then update set d.n = s.n delete where d.n > 250 or d.n < 15;\n{DEST}"
    ));
    ok(&steps);
    let (fb, rows) = last_two(&steps);
    assert_eq!(fb, Some("2 rows merged."));
    assert_eq!(rows, ["1:one:10", "2:two:200"]);
}

#[test]
fn a_target_row_matched_twice_is_ora_30926_and_nothing_stays() {
    // SRC gets a second ID 3: DEST's row 3 would be updated twice.
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{T}insert into src values (3, 'again', 1);\n\
         merge into dest d using src s on (d.id = s.id)\n\
         when matched then update set d.v = s.v\n\
         when not matched then insert values (s.id, s.v, s.n);\n{DEST}"
    ));
    let n = steps.len();
    // At the source table, as Bobby Durrett's published error shows it
    // (`using source` with the asterisk under `source`, 2019:
    // https://www.bobbydurrettdba.com/2019/02/26/ora-30926-on-merge-statement/).
    assert_eq!(error_of(&steps[n - 2]), ("ORA-30926", 12, 25));
    assert_eq!(row_strings(&steps[n - 1]), ["1:one:10", "2:two:20", "3:three:30"]);
    // Insert only: the two source rows of ID 3 match, nothing is updated,
    // no error.
    let steps = e.exec(&format!(
        "merge into dest d using src s on (d.id = s.id)\n\
         when not matched then insert values (s.id, s.v, s.n);\n{DEST}"
    ));
    ok(&steps);
    assert_eq!(steps[0].feedback.as_deref(), Some("2 rows merged."));
}

#[test]
fn oracle_errors_for_the_on_columns_and_the_insert_clause() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{T}merge into dest d using src s on (d.id = s.id)\n\
         when matched then update set d.v = s.v, d.id = s.id;\n\
         merge into dest d using src s on (d.id = s.id)\n\
         when not matched then insert (id, v) values (s.id, d.v);\n\
         merge into dest d using src s on (d.id = s.id)\n\
         when not matched then insert (id) values (s.id) where d.n > 1;\n\
         merge into dest d using src s on d.id = s.id\n when matched then update set d.v = s.v;\n\
         merge into dest d using src s on (d.id = s.id);\n{DEST}"
    ));
    let n = steps.len();
    // ORA-38104 at the SET column the ON clause reads.
    // (Lines of the script: the MERGEs start at 11, 13, 15, 17 and 19.)
    assert_eq!(error_of(&steps[n - 6]), ("ORA-38104", 12, 43));
    let msg = &steps[n - 6].error.as_ref().unwrap().message;
    assert!(msg.ends_with("Columns referenced in the ON Clause cannot be updated: \"D\".\"ID\""), "{msg}");
    assert_eq!(error_of(&steps[n - 5]), ("ORA-38101", 14, 52));
    assert_eq!(error_of(&steps[n - 4]), ("ORA-38102", 16, 55));
    // ON without its parentheses (at `d`); neither clause (at the `;`).
    assert_eq!(error_of(&steps[n - 3]), ("ORA-00906", 17, 34));
    assert_eq!(error_of(&steps[n - 2]), ("ORA-00905", 19, 47));
    assert_eq!(row_strings(&steps[n - 1]), ["1:one:10", "2:two:20", "3:three:30"]);
}

#[test]
fn a_duplicate_insert_rolls_the_whole_merge_back() {
    // Two new source rows of ID 6: the join ran before the inserts, so
    // both are inserted, the second against the primary key: ORA-00001,
    // and the updates of 2 and 3 are rolled back with it.
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{T}insert into src values (6, 'a', 1);\ninsert into src values (6, 'b', 2);\n\
         merge into dest d using src s on (d.id = s.id)\n\
         when matched then update set d.n = -1\n\
         when not matched then insert values (s.id, s.v, s.n);\n{DEST}"
    ));
    let n = steps.len();
    assert_eq!(error_of(&steps[n - 2]).0, "ORA-00001");
    assert_eq!(row_strings(&steps[n - 1]), ["1:one:10", "2:two:20", "3:three:30"]);
}

#[test]
fn sql_rowcount_in_plsql() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{T}set serveroutput on\nbegin\n\
         merge into dest d using src s on (d.id = s.id)\n\
         when matched then update set d.n = s.n\n\
         when not matched then insert values (s.id, s.v, s.n);\n\
         dbms_output.put_line(sql%rowcount || ' merged');\nend;\n/\n{DEST}"
    ));
    ok(&steps);
    let n = steps.len();
    assert_eq!(steps[n - 2].output, ["4 merged"]);
    assert_eq!(row_strings(&steps[n - 1]).len(), 5);
}

#[test]
fn the_plan_is_merge_over_view_over_the_outer_join() {
    // Oracle's shape: MERGE STATEMENT, MERGE of the target, VIEW, then the
    // join of the source to the target (source preserved).
    let mut e = quiet_engine();
    ok(&e.exec(T));
    let plan = plan_of(
        &mut e,
        "merge into dest d using src s on (d.id = s.id)\n\
         when matched then update set d.n = s.n\n\
         when not matched then insert values (s.id, s.v, s.n);",
    );
    let ops: Vec<String> = lines(&plan).into_iter().map(|l| l.0).collect();
    eprintln!("{ops:?}");
    assert_eq!(ops[..3], ["MERGE STATEMENT", "MERGE DEST", "VIEW"]);
    assert!(ops[3].ends_with("OUTER"), "{ops:?}");
    assert!(ops[4..].iter().any(|o| o.ends_with(" SRC")), "{ops:?}");
}

#[test]
fn a_merge_writes_the_redo_of_the_update_and_the_insert_it_stands_for() {
    // The same changes as one MERGE (2 rows updated, 2 inserted) and as an
    // UPDATE of 2 and 3 then an INSERT ... SELECT of 4 and 5 (the same
    // values): the write path counts them alike.
    let mut e = quiet_engine();
    ok(&e.exec(T));
    let m = e.exec(
        "merge into dest d using src s on (d.id = s.id)\n\
         when matched then update set d.v = s.v, d.n = s.n\n\
         when not matched then insert values (s.id, s.v, s.n);\nrollback;",
    );
    ok(&m);
    let u = e.exec(
        "update dest set v = upper(v), n = n * 10 where id in (2, 3);\n\
         insert into dest select * from src where id in (4, 5);\nrollback;",
    );
    ok(&u);
    for name in ["redo entries", "db block changes", "undo change vector size"] {
        eprintln!("{name}: {} = {} + {}", stat(&m[0], name), stat(&u[0], name), stat(&u[1], name));
        assert_eq!(stat(&m[0], name), stat(&u[0], name) + stat(&u[1], name), "{name}");
    }
    assert_eq!(m[0].rows_processed, 4);
}

/// Lex de Haan's MERGE (java2s.com's listing of "Mastering Oracle SQL and
/// SQL*Plus", 10g): 3 rows merged, MASTER_TAB then 1/12/CURR, 2/37/CURR,
/// 4/42/NEW (tests/articles/dehaan-merge-delete-where-10g.sql).
#[test]
fn de_haan_merge_delete_where() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/dehaan-merge-delete-where-10g.sql"));
    ok(&steps);
    let merge = steps.iter().position(|s| s.statement.starts_with("merge")).expect("the MERGE");
    assert_eq!(steps[merge].feedback.as_deref(), Some("3 rows merged."));
    assert_eq!(row_strings(&steps[merge + 1]), ["1|12|CURR", "2|37|CURR", "4|42|NEW"]);
}

/// Dominic Brooks, "MERGE oddity" (orastory, 13 October 2011, 11g):
/// http://orastory.wordpress.com/2011/10/13/merge-oddity/
/// A (1,'A'); B (1,'1'), (1,'2'). The MERGE sets A.VAL to
/// decode(b.val,'1','A','B') for each of B's rows: the first sets 'A' to
/// 'A' (no change), the second to 'B': `2 rows merged.`, A is 'B'. Run
/// again, the first source row changes 'B' to 'A', and the second update
/// of the same row is ORA-30926 (`merge into a` with the asterisk under
/// `a`: line 1, column 12).
#[test]
fn brooks_merge_oddity() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table a\n(key number\n,val varchar2(1));\ncreate table b\n(key number\n,val varchar2(1));\n\
         insert into a values(1,'A');\ninsert into b values(1,1);\ninsert into b values(1,2);\ncommit;",
    ));
    let merge = "merge into a\nusing (select b.val\n       ,      b.key\n       from   b) b\n\
                 on (a.key = b.key)\nwhen matched then\n update\n set a.val = decode(b.val,'1','A','B');\n";
    let steps = e.exec(&format!("{merge}select * from a;"));
    ok(&steps);
    assert_eq!(steps[0].feedback.as_deref(), Some("2 rows merged."));
    assert_eq!(row_strings(&steps[1]), ["1|B"]);
    let steps = e.exec(&format!("{merge}select * from a;"));
    assert_eq!(error_of(&steps[0]), ("ORA-30926", 1, 12));
    assert_eq!(row_strings(&steps[1]), ["1|B"]);
}

/// The MERGEs of AskTom's "ORA-30926 not raised in merge statement for
/// non-deterministic set of rows" (2020; tests/articles/
/// asktom-merge-ora-30926-by-release.sql): from 12.2 (the 18c profile)
/// only the sorted two-row MERGE, whose first update leaves the row as it
/// was, passes (`2 rows merged.`); under 10.2.0.5 every one is ORA-30926.
#[test]
fn asktom_ora_30926_by_release() {
    let script = include_str!("../../../tests/articles/asktom-merge-ora-30926-by-release.sql");
    for (version, passes) in [("18c", true), ("10.2.0.5", false)] {
        let mut e = quiet_engine();
        let steps = e.exec(&format!("lab version {version};\n{script}"));
        let merges: Vec<_> = steps.iter().filter(|s| s.statement.starts_with("merge")).collect();
        assert_eq!(merges.len(), 6, "{version}");
        for (k, m) in merges.iter().enumerate() {
            if k == 4 && passes {
                assert!(m.error.is_none(), "{version}: {:?}", m.error);
                assert_eq!(m.feedback.as_deref(), Some("2 rows merged."));
            } else {
                assert_eq!(error_of(m).0, "ORA-30926", "{version}: MERGE {}", k + 1);
            }
        }
    }
}

/// MERGE's UPDATE clause with `SET c = (SELECT ...)`; UPDATE's is
/// refused (Oracle shows the subquery as the UPDATE line's second child,
/// after the table's lines: Antognini, "Troubleshooting Oracle
/// Performance", the UPDATE operation; the lab's plan would show it
/// first). Hand-checked on T (ID 1..3, V 10, 20, 30, W 'a'..'c') and S
/// (ID 1, 2; W 'x', 'y').
#[test]
fn set_from_a_scalar_subquery() {
    const TS: &str = "create table t (id number, v number, w varchar2(10));\n\
        create table s (id number, v number, w varchar2(10));\n\
        insert into t values (1, 10, 'a');\ninsert into t values (2, 20, 'b');\n\
        insert into t values (3, 30, 'c');\ninsert into s values (1, 100, 'x');\n\
        insert into s values (2, 200, 'y');\ncommit;\n";
    const ROWS: &str = "select id || ':' || v || ':' || w from t order by id;";
    let mut e = quiet_engine();
    ok(&e.exec(TS));
    let steps = e.exec("update t set v = (select s.v from s where s.id = t.id);");
    assert_eq!(error_of(&steps[0]), ("LAB-00001", 1, 19));
    // MERGE's SET reads the source row in its subquery: ID 1 takes
    // max(W) of S's IDs <= 1 ('x'), ID 2 of IDs <= 2 ('y').
    let steps = e.exec(&format!(
        "merge into t using s on (t.id = s.id) when matched then\n\
         update set t.w = (select max(w) from s s2 where s2.id <= s.id);\n{ROWS}\nrollback;"
    ));
    ok(&steps);
    assert_eq!(steps[0].feedback.as_deref(), Some("2 rows merged."));
    assert_eq!(row_strings(&steps[1]), ["1:10:x", "2:20:y", "3:30:c"]);
    // Two rows from a single-row subquery: ORA-01427, nothing changed.
    let steps = e.exec(&format!(
        "merge into t using s on (t.id = s.id) when matched then update set t.w = (select w from s);\n{ROWS}"
    ));
    assert_eq!(error_of(&steps[0]).0, "ORA-01427");
    assert_eq!(row_strings(&steps[1]), ["1:10:a", "2:20:b", "3:30:c"]);
}

/// `SET (c1, c2) = (SELECT ...)`: a count that does not match is Oracle's
/// error (ORA-00947 not enough values, ORA-00913 too many, at the
/// subquery's SELECT); a matching one is refused, in UPDATE and in MERGE.
#[test]
fn set_columns_from_a_subquery() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number, v number, w varchar2(10));\ncreate table s (id number, v number, w varchar2(10));",
    ));
    let cases = [
        ("update t set (v, w) = (select s.v from s where s.id = t.id);", ("ORA-00947", 1, 24)),
        ("update t set (v) = (select s.v, s.w from s where s.id = t.id);", ("ORA-00913", 1, 21)),
        ("update t set (v, w) = (select s.v, s.w from s where s.id = t.id);", ("LAB-00001", 1, 14)),
        (
            "merge into t using s on (t.id = s.id) when matched then update set (t.v, t.w) = (select 1 from dual);",
            ("ORA-00947", 1, 82),
        ),
    ];
    for (sql, want) in cases {
        let steps = e.exec(sql);
        assert_eq!(error_of(&steps[0]), want, "{sql}");
    }
}
