//! Bad input: exact error codes and positions (1-based line, column).

use lio_sql::parse_script;

/// (script, code, line, column)
fn check(cases: &[(&str, &str, u32, u32)]) {
    for &(src, code, line, column) in cases {
        let units = parse_script(src);
        assert_eq!(units.len(), 1, "{src:?} split into {units:#?}");
        match &units[0].result {
            Ok(s) => panic!("{src:?} parsed: {s:?}"),
            Err(e) => assert_eq!((e.code.as_str(), e.pos.line, e.pos.column), (code, line, column), "{src:?}: {e}"),
        }
    }
}

#[test]
fn oracle_sql_errors() {
    check(&[
        // SQL*Plus sends no statement whose first word is unknown: SP2-0734
        // (sqlplus_right.rs); `(` starts a query and reaches the database.
        ("selec * from dual;", "LAB-00002", 1, 1),
        ("(1);", "ORA-00900", 1, 1),
        ("select * from dual where;", "ORA-00921", 1, 25),
        ("select 1 + from dual;", "ORA-00936", 1, 12),
        ("select * from dual d extra;", "ORA-00933", 1, 22),
        ("select (1 + 2 from dual;", "ORA-00907", 1, 15),
        ("select * dual;", "ORA-00923", 1, 10),
        ("select a b c from t;", "ORA-00923", 1, 12),
        ("select 'abc from dual;", "ORA-01756", 1, 8),
        ("select 1 from dual # x;", "ORA-00911", 1, 20),
        ("create table t (a varchar2);", "ORA-00906", 1, 27),
        ("create table t;", "ORA-00906", 1, 15),
        ("create table t (a foo);", "ORA-00902", 1, 19),
        ("create table t (select number);", "ORA-00904", 1, 17),
        ("create table t (a number) organization foo;", "ORA-00922", 1, 40),
        ("alter system set x 1;", "ORA-00922", 1, 20),
        ("alter system set x = 1 scope = nowhere;", "ORA-00922", 1, 32),
        ("select * from t1 join t2;", "ORA-00905", 1, 25),
        ("select * from t1 where a between 1;", "ORA-00905", 1, 35),
        ("insert into t1 values (1 2);", "ORA-00917", 1, 26),
        ("insert t1 values (1);", "ORA-00925", 1, 8),
        ("commit work now;", "ORA-00933", 1, 13),
        ("drop something x;", "ORA-00950", 1, 6),
        ("create table t (a number(50));", "ORA-01727", 1, 26),
        ("select 1 from dual where a is b;", "ORA-00908", 1, 31),
        ("select x into y from dual;", "ORA-00905", 1, 10),
        ("create index i t (a);", "ORA-00969", 1, 16),
        // Positions are absolute in the script.
        ("\n\n  select *\n    from t1\n   where key = ;\n", "ORA-00921", 5, 15),
        ("select 'a''b' x, \"Quoted\" y\n  from t z\n  order by x desc asc;", "ORA-00933", 3, 19),
    ]);
}

#[test]
fn unsupported_constructs_are_lab_00001() {
    check(&[
        ("update t1 set (a, b) = (select 1, 2 from dual);", "LAB-00001", 1, 15),
        ("delete from t1 where a = 1 returning a into :x;", "LAB-00001", 1, 28),
        // MERGE runs (core/tests/merge_statement.rs); SET of a column list is refused.
        ("merge into t using s on (1=1) when matched then update set (a) = (select 1 from dual);", "LAB-00001", 1, 60),
        ("create force view v as select 1 from dual;", "LAB-00001", 1, 8),
        ("create synonym s for t;", "LAB-00001", 1, 8),
        ("create or replace package p as procedure q; end;\n/", "LAB-00001", 1, 19),
        ("create procedure p(x out number) as begin null; end;\n/", "LAB-00001", 1, 22),
        // NATURAL and USING joins run, outer ones too (core/tests/join_forms.rs);
        // a RIGHT JOIN after a join chain is refused.
        ("select * from t1 join t2 using (id) natural right join t3;", "LAB-00001", 1, 58),
        // Recursive WITH (WITH itself runs: core/tests/surface_with.rs).
        (
            "with x (n) as (select 1 n from dual union all select a.n from x a, x b) select * from x;",
            "LAB-00001",
            1,
            47,
        ),
        // Range, list, hash and RANGE-HASH partitioning run (core/tests/partitions.rs,
        // composite_partition.rs); the other composite forms are refused.
        ("create table t (a number, b number) partition by range (a) subpartition by list (b) (partition p1 values less than (10));", "LAB-00001", 1, 60),
        // FULL JOIN ... ON and USING run (core/tests/join_forms.rs); after a join chain it is refused.
        ("select * from t1 join t2 using (id) full join t3 using (id);", "LAB-00001", 1, 50),
        // DESCRIBE of a table runs (core/tests/surface_sqlplus.rs); with no name it is refused.
        ("describe", "LAB-00001", 1, 1),
    ]);
}

#[test]
fn dml_syntax_errors() {
    check(&[
        ("update t1 a = 1;", "ORA-00971", 1, 13),
        ("update t1 set a 1;", "ORA-00927", 1, 17),
        ("rollback to;", "ORA-00921", 1, 12),
        ("savepoint;", "ORA-00921", 1, 10),
    ]);
}

#[test]
fn plsql_errors() {
    let units = parse_script("begin\n  dbms_output.put_line('x')\nend;\n/");
    let e = units[0].result.clone().unwrap_err();
    assert_eq!((e.code.as_str(), e.pos.line, e.pos.column), ("ORA-06550", 3, 1));
    assert!(
        e.message.starts_with(
            "line 3, column 1:\nPLS-00103: Encountered the symbol \"END\" when expecting one of the following:"
        ),
        "{}",
        e.message
    );
    // Block-relative line/column in the message, absolute position in `pos`.
    let units = parse_script("prompt x\n  begin null end;\n/");
    let e = units[1].result.clone().unwrap_err();
    assert_eq!((e.pos.line, e.pos.column), (2, 14));
    assert!(e.message.starts_with("line 1, column 12:\nPLS-00103"), "{}", e.message);

    let units = parse_script("declare\n  v number;\nbegin\n  select 1 from dual;\nend;\n/");
    let e = units[0].result.clone().unwrap_err();
    assert_eq!((e.code.as_str(), e.pos.line, e.pos.column), ("ORA-06550", 4, 3));
    assert!(e.message.contains("PLS-00428"));

    // SQL errors inside PL/SQL are wrapped.
    let units = parse_script("begin\n  insert into t1 values (1,);\nend;\n/");
    let e = units[0].result.clone().unwrap_err();
    assert_eq!((e.code.as_str(), e.pos.line, e.pos.column), ("ORA-06550", 2, 28));
    assert_eq!(e.message, "line 2, column 28:\nPL/SQL: ORA-00936: missing expression");

    // exec: columns count from `BEGIN ` as SQL*Plus submits it.
    let units = parse_script("exec dbms_output.put_line('x' 'y')");
    let e = units[0].result.clone().unwrap_err();
    assert_eq!((e.code.as_str(), e.pos.line, e.pos.column), ("ORA-06550", 1, 31));
    assert!(e.message.starts_with("line 1, column 32:\nPLS-00103: Encountered the symbol \"'y'\""), "{}", e.message);
}

#[test]
fn sqlplus_and_lab_errors() {
    check(&[
        ("set autotrace maybe", "LAB-00002", 1, 15),
        ("set linesize wide", "LAB-00002", 1, 14),
        ("LAB RUN 'select 1 from dual' VIA odbc;", "LAB-00004", 1, 34),
        ("LAB RUN select;", "LAB-00004", 1, 9),
        ("LAB FOO;", "LAB-00004", 1, 5),
        ("LAB RUN 'x' RUNS many;", "LAB-00004", 1, 18),
        ("LAB RUN 'x' BIND 1 2;", "LAB-00004", 1, 20),
        ("LAB RUN 'x\n", "ORA-01756", 1, 9),
        ("LAB SESSION 0;", "LAB-00004", 1, 13),
        ("LAB SESSION 1001;", "LAB-00004", 1, 13),
        ("LAB SESSION 1.5;", "LAB-00004", 1, 13),
        ("LAB SESSION -1;", "LAB-00004", 1, 13),
        ("LAB SESSION two;", "LAB-00004", 1, 13),
        ("LAB SESSION;", "LAB-00004", 1, 12),
        ("LAB SESSION 2 3;", "LAB-00004", 1, 15),
        ("conn / as sysoper", "LAB-00001", 1, 8),
        ("connect /", "LAB-00001", 1, 9),
        ("connect /@orcl", "LAB-00001", 1, 9),
        ("connect lab/lab as admin", "LAB-00002", 1, 20),
        ("connect lab/lab extra", "LAB-00002", 1, 17),
        ("connect lab/lab -\n  @orcl", "LAB-00002", 2, 3),
        ("connect proxy[lab]/pw", "LAB-00001", 1, 9),
        ("connect 1lab/pw", "ORA-01017", 1, 9),
        ("connect \"\"/pw", "ORA-01017", 1, 9),
        ("  connect lab-x/pw", "ORA-01017", 1, 11),
    ]);
    let e = parse_script("LAB SESSION 1001;").remove(0).result.unwrap_err();
    assert_eq!(e.message, "LAB SESSION needs a session number from 1 to 1000");
    let e = parse_script("conn / as sysoper").remove(0).result.unwrap_err();
    assert_eq!(e.message, "not supported by LIO Lab: CONNECT ... AS SYSOPER");
    let e = parse_script("connect lab/lab extra").remove(0).result.unwrap_err();
    assert!(e.message.starts_with("SP2-0306: Invalid option.\nUsage: CONN[ECT] "), "{}", e.message);
    let e = parse_script("lab run 'select 1 from dual' via odbc;").remove(0).result.unwrap_err();
    for d in ["plsql", "jdbc_thin", "jdbc_oci_net", "jdbc_oci_bequeath", "sqlplus"] {
        assert!(e.message.contains(d), "{}", e.message);
    }
}

#[test]
fn every_unit_reports_its_own_error() {
    let units = parse_script("select from dual;\nselect 1 from dual;\nfoo;\n");
    let codes: Vec<_> = units.iter().map(|u| u.result.as_ref().err().map(|e| e.code.clone())).collect();
    // `foo` is no command SQL*Plus knows: SP2-0042 (LAB-00002), not sent to the database.
    assert_eq!(codes, [Some("ORA-00936".to_string()), None, Some("LAB-00002".to_string())]);
}

#[test]
fn a_leading_byte_order_mark_is_skipped() {
    let units = parse_script("\u{FEFF}select * from dual;\nselect 1 from dual;\n");
    assert!(units.iter().all(|u| u.result.is_ok()), "{units:?}");
    assert_eq!(units[0].pos, lio_sql::ast::Pos { line: 1, column: 1 });
    // Error positions count from the character after the mark.
    check(&[
        ("\u{FEFF}select 1 + from dual;", "ORA-00936", 1, 12),
        ("\u{FEFF}selec * from dual;", "LAB-00002", 1, 1),
        ("\u{FEFF}begin\n  x := ;\nend;\n/", "ORA-06550", 2, 8),
        ("\u{FEFF}set linesize wide", "LAB-00002", 1, 14),
    ]);
    // Only at the very start: elsewhere it is a character SQL does not allow.
    check(&[("select 1 \u{FEFF}from dual;", "ORA-00911", 1, 10)]);
}
