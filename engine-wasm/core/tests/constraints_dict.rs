//! USER_CONSTRAINTS / USER_CONS_COLUMNS (session/constraints.rs): one
//! constraint sequence for every kind, NOT NULL constraints first in a
//! CREATE TABLE; CREATE TABLE AS SELECT copying types and NOT NULL, and
//! DESCRIBE of it.
//!
//! Published: Oracle7 Server Application Developer's Guide (7.3),
//! "Listing Integrity Constraint Definitions",
//! https://www.riddle.ru/mirrors/oracledocs/server/adg73/ch609.html:
//!
//! ```text
//! CONSTRAINT_NAME C TABLE_NAME R_CONSTRAINT_NAME
//! SYS_C00275      P DEPT
//! DNAME_UKEY      U DEPT
//! LOC_CHECK1      C DEPT
//! SYS_C00278      C EMP
//! SYS_C00279      C EMP
//! SYS_C00280      P EMP
//! MGR_FKEY        R EMP        SYS_C00280
//! DEPT_FKEY       R EMP        SYS_C00275
//! ```
//!
//! and SEARCH_CONDITION `loc IN ('NEW YORK', 'BOSTON', 'CHICAGO')` (the
//! condition as written), `ENAME IS NOT NULL` / `DEPTNO IS NOT NULL` for
//! the two NOT NULL constraints of EMP (7.3 printed the name bare; later
//! releases quote it: `"ENAME" IS NOT NULL`). The script runs as
//! published (LOC_CHECK1 and MGR_FKEY's ON DELETE CASCADE included), and
//! the numbers are compared relative to DEPT's primary key (N): the
//! published EMP numbers are N+3, N+4 (NOT NULL, before the primary key
//! although it is declared on the first column) and N+5 (the primary key).
//! Worked: the lab's first constraint is SYS_C0010001 (DEPT's primary
//! key), DNAME_UKEY takes 10002 though named, LOC_CHECK1 10003, ENAME's
//! NOT NULL 10004, DEPTNO's 10005, EMP's primary key 10006.

mod common;
use common::*;
use lio_sql::ora;

const DEPT_EMP: &str = "CREATE TABLE dept (deptno NUMBER(3) PRIMARY KEY, dname VARCHAR2(15), loc VARCHAR2(15), \
    CONSTRAINT dname_ukey UNIQUE (dname, loc), \
    CONSTRAINT loc_check1 CHECK (loc IN ('NEW YORK', 'BOSTON', 'CHICAGO')));\n\
    CREATE TABLE emp (empno NUMBER(5) PRIMARY KEY, ename VARCHAR2(15) NOT NULL, job VARCHAR2(10), \
    mgr NUMBER(5) CONSTRAINT mgr_fkey REFERENCES emp ON DELETE CASCADE, hiredate DATE, sal NUMBER(7,2), \
    comm NUMBER(5,2), deptno NUMBER(3) NOT NULL CONSTRAINT dept_fkey REFERENCES dept);\n";

#[test]
fn one_sequence_not_nulls_first() {
    let mut e = quiet_engine();
    ok(&e.exec(DEPT_EMP));
    let rows = text_rows(
        &mut e,
        "SELECT constraint_name, constraint_type, table_name, r_constraint_name FROM user_constraints;",
    );
    let want = [
        ["SYS_C0010001", "P", "DEPT", ""],
        ["DNAME_UKEY", "U", "DEPT", ""],
        ["LOC_CHECK1", "C", "DEPT", ""],
        ["SYS_C0010004", "C", "EMP", ""],
        ["SYS_C0010005", "C", "EMP", ""],
        ["SYS_C0010006", "P", "EMP", ""],
        ["MGR_FKEY", "R", "EMP", "SYS_C0010006"],
        ["DEPT_FKEY", "R", "EMP", "SYS_C0010001"],
    ];
    assert_eq!(rows.len(), want.len(), "{rows:?}");
    for (r, w) in rows.iter().zip(want) {
        let r: Vec<&str> = r.iter().map(|v| if v == "null" { "" } else { v.as_str() }).collect();
        assert_eq!(r, w);
    }
    let rows = text_rows(
        &mut e,
        "SELECT constraint_name, search_condition FROM user_constraints \
         WHERE (table_name = 'DEPT' OR table_name = 'EMP') AND constraint_type = 'C';",
    );
    assert_eq!(
        rows,
        vec![
            vec!["LOC_CHECK1".to_string(), "loc IN ('NEW YORK', 'BOSTON', 'CHICAGO')".to_string()],
            vec!["SYS_C0010004".to_string(), "\"ENAME\" IS NOT NULL".to_string()],
            vec!["SYS_C0010005".to_string(), "\"DEPTNO\" IS NOT NULL".to_string()],
        ]
    );
    // The columns: POSITION is NULL for a C constraint.
    let rows = text_rows(
        &mut e,
        "select constraint_name, column_name, position from user_cons_columns \
         where table_name = 'DEPT' order by constraint_name, position;",
    );
    let flat: Vec<String> = rows.iter().map(|r| r.join(",")).collect();
    assert_eq!(flat, ["DNAME_UKEY,DNAME,1", "DNAME_UKEY,LOC,2", "LOC_CHECK1,LOC,null", "SYS_C0010001,DEPTNO,1"]);
    let rows = text_rows(
        &mut e,
        "select generated, index_name, delete_rule, deferrable, validated from all_constraints \
         where owner = user and constraint_name in ('DNAME_UKEY', 'SYS_C0010004', 'DEPT_FKEY', 'MGR_FKEY') \
         order by 1, 3;",
    );
    let flat: Vec<String> = rows.iter().map(|r| r.join(",")).collect();
    assert_eq!(
        flat,
        [
            "GENERATED NAME,null,null,NOT DEFERRABLE,VALIDATED",
            // (NULLs sort last.)
            "USER NAME,null,CASCADE,NOT DEFERRABLE,VALIDATED",
            "USER NAME,null,NO ACTION,NOT DEFERRABLE,VALIDATED",
            "USER NAME,DNAME_UKEY,null,NOT DEFERRABLE,VALIDATED",
        ]
    );
    // ALTER TABLE takes the next numbers; MODIFY NULL drops the C constraint.
    ok(&e.exec("alter table emp modify (job not null);\nalter table emp add constraint emp_uk unique (ename, job);"));
    let rows = text_rows(&mut e, "select constraint_name from user_constraints where table_name = 'EMP';");
    assert!(rows.iter().any(|r| r[0] == "SYS_C0010009"), "{rows:?}");
    ok(&e.exec("alter table emp modify (job null);"));
    let rows = text_rows(&mut e, "select count(*) from user_constraints where constraint_name = 'SYS_C0010009';");
    assert_eq!(rows[0][0], "0");
    // Another schema's, or the database's own, are not the lab's.
    let s = e.exec("select constraint_name from dba_constraints;");
    assert_eq!(error_of(&s[0]).0, ora::LAB_UNSUPPORTED.code());
}

/// CTAS: a selected column keeps its type and NOT NULL (a new C
/// constraint, the primary key's too); DESCRIBE prints them. An
/// expression whose type the lab does not derive is refused by name.
#[test]
fn ctas_describe() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t1 (id number primary key, v varchar2(10) not null, d date, n number(5,2), c char(3));\n\
         insert into t1 values (1, 'a', sysdate, 1.5, 'x');\n\
         create table t2 as select id, v, d, n, c, rownum rn, id * 2 dbl, cast(v as varchar2(20)) cv from t1;",
    ));
    let s = e.exec("desc t2");
    ok(&s);
    let out = &s[0].output;
    let want = [
        " ID                                        NOT NULL NUMBER",
        " V                                         NOT NULL VARCHAR2(10)",
        " D                                                  DATE",
        " N                                                  NUMBER(5,2)",
        " C                                                  CHAR(3)",
        " RN                                                 NUMBER",
        " DBL                                                NUMBER",
        " CV                                                 VARCHAR2(20)",
    ];
    for w in want {
        assert!(out.iter().any(|l| l.trim_end() == w), "{w:?} not in {out:?}");
    }
    let rows =
        text_rows(&mut e, "select count(*) from user_constraints where table_name = 'T2' and constraint_type = 'C';");
    assert_eq!(rows[0][0], "2");
    ok(&e.exec("create table t3 as select v || 'x' vx from t1;"));
    let s = e.exec("desc t3");
    let err = s[0].error.as_ref().expect("refused");
    assert_eq!(err.code, ora::LAB_UNSUPPORTED.code());
    assert!(err.message.contains("column VX"), "{}", err.message);
}
