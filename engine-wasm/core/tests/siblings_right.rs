//! Siblings of issue 28's wrong answers, found by the sibling search (the
//! `_ =>` / `unwrap_or` fallbacks over user input, and the differential
//! test against SQLite): each case is now what Oracle does, or Oracle's
//! error at the right place.

mod common;
use common::*;
use lio_core::StepOut;
use serde_json::json;

fn run(script: &str) -> Vec<StepOut> {
    quiet_engine().exec(script)
}

// ------------------------------------------------------------ NULL arguments

/// "The function returns NULL if any argument is NULL" holds for the places
/// of ROUND and TRUNC: ROUND(1.5, NULL) is NULL, not ROUND(1.5, 0) (the
/// places fell back to 0).
/// https://docs.oracle.com/en/database/oracle/oracle-database/19/sqlrf/Functions.html
/// ("Most scalar functions return null when given a null argument").
#[test]
fn round_and_trunc_with_null_places_are_null() {
    let steps = run("select round(1.5, null), trunc(1.5, null), round(1.5), trunc(-1.5), round(15, -1) from dual;");
    ok(&steps);
    assert_eq!(steps[0].rows[0], [json!(null), json!(null), json!(2), json!(-1), json!(20)]);
}

/// SUBSTR with a NULL position is NULL (it read as position 1 and returned
/// the whole string); a NULL length was already NULL.
#[test]
fn substr_with_a_null_position_is_null() {
    let steps = run(
        "select substr('abc', null), substr('abc', null, 2), substr('abc', 2, null), substr('abc', 0, 2) from dual;",
    );
    ok(&steps);
    assert_eq!(steps[0].rows[0], [json!(null), json!(null), json!(null), json!("ab")]);
}

/// INSTR's occurrence "must be positive"
/// (https://docs.oracle.com/en/database/oracle/oracle-database/19/sqlrf/INSTR.html):
/// 0 or a negative one is ORA-01428 "argument '%s' is out of range" (it
/// returned 0). A position of 0 still returns 0, a NULL occurrence NULL.
#[test]
fn instr_occurrence_below_one_is_ora_01428() {
    let steps = run("select instr('abc', 'b', 1, 0) from dual;\n\
         select\n  instr('abc', 'b', 1, -1) from dual;\n\
         select instr('abc', 'b', 0, 1), instr('abc', 'b', 1, null), instr('abcb', 'b', 1, 2) from dual;");
    assert_eq!(error_of(&steps[0]), ("ORA-01428", 1, 8));
    assert_eq!(steps[0].error.as_ref().unwrap().message, "argument '0' is out of range");
    assert_eq!(error_of(&steps[1]), ("ORA-01428", 3, 3));
    assert_eq!(steps[1].error.as_ref().unwrap().message, "argument '-1' is out of range");
    ok(&steps[2..]);
    assert_eq!(steps[2].rows[0], [json!(0), json!(null), json!(4)]);
}

// ------------------------------------------------------------ CONNECT BY

/// CONNECT BY tests the children, not the root row: `connect by level <= n`
/// with n of 0, a negative n or NULL still returns the one row of DUAL
/// (http://www.sqlsnippets.com/en/topic-11821.html, "Variables": "It always
/// generates at least one row in these cases"); it returned none.
#[test]
fn connect_by_level_below_one_returns_the_root_row() {
    let steps = run("select level from dual connect by level <= 0;\n\
         select count(*) from dual connect by level <= null;\n\
         select count(*) from dual connect by level <= -3;\n\
         select count(*) from dual connect by level <= 2.5;");
    ok(&steps);
    assert_eq!(steps[0].rows, [[json!(1)]]);
    assert_eq!(steps[1].rows, [[json!(1)]]);
    assert_eq!(steps[2].rows, [[json!(1)]]);
    assert_eq!(steps[3].rows, [[json!(2)]]);
}

// ------------------------------------------------------------ datatypes of constants

/// A function of constants that is NULL keeps its function's datatype:
/// DECODE(x, 1, SIGN(NULL)) is a NUMBER and unions with numbers, where
/// DECODE(x, 1, NULL) is a VARCHAR2 ("if the first result is null, then
/// Oracle converts the return value to the data type VARCHAR2",
/// https://docs.oracle.com/en/database/oracle/oracle-database/19/sqlrf/DECODE.html)
/// and is ORA-01790. Constant folding made SIGN(NULL) the literal NULL
/// (found by the difftest).
#[test]
fn a_folded_null_keeps_its_datatype() {
    let steps = run("select decode(1, 2, sign(null), 3) from dual union all select 1 from dual;\n\
         select decode(1, 2, round(3, null), 3) from dual union all select 1 from dual;\n\
         select decode(1, 2, null, 3) from dual union all select 1 from dual;\n\
         select decode(1, 5, least(3, null), 4) from dual union all select 1 from dual;");
    ok(&steps[..2]);
    assert_eq!(steps[0].rows, [[json!(3)], [json!(1)]]);
    assert_eq!(steps[1].rows, [[json!(3)], [json!(1)]]);
    assert_eq!(error_of(&steps[2]).0, "ORA-01790");
    // LEAST's datatype is its first argument's (found by the 100,000-query run).
    ok(&steps[3..]);
    assert_eq!(steps[3].rows, [[json!(4)], [json!(1)]]);
}

/// A VARCHAR2 function of constants stays VARCHAR2 when folded: RPAD
/// returns VARCHAR2, compared with a literal nonpadded ("Oracle uses
/// nonpadded comparison semantics ... when one or both values ... have
/// data type VARCHAR2",
/// https://docs.oracle.com/en/database/oracle/oracle-database/19/sqlrf/Data-Type-Comparison-Rules.html),
/// so RPAD('a', 3) = 'a' is false; folded into a literal it compared
/// blank-padded and was true. Unfolded (a column argument) it always was false.
#[test]
fn a_folded_varchar2_compares_nonpadded() {
    let steps = run("select count(*) from (select rpad('a', 3) x from dual) where x = 'a';\n\
         select count(*) from (select to_char(5) || ' ' x from dual) where x = '5';\n\
         select count(*) from (select rpad(lower(dummy), 3) x from dual) where x = 'x';\n\
         select count(*) from (select 'a' || '  ' x from dual) where x = 'a';\n\
         select rpad('ab', 5, '*'), length(rpad('a', 3)) from dual;");
    ok(&steps);
    assert_eq!(steps[0].rows, [[json!(0)]]);
    assert_eq!(steps[1].rows, [[json!(0)]]);
    assert_eq!(steps[2].rows, [[json!(0)]]);
    // CHAR || CHAR is CHAR: blank-padded, equal.
    assert_eq!(steps[3].rows, [[json!(1)]]);
    assert_eq!(steps[4].rows[0], [json!("ab***"), json!(3)]);
}

// ------------------------------------------------------------ DBMS_STATS by position

/// DBMS_STATS' arguments given by position are checked as by name: the
/// fourth of GATHER_TABLE_STATS is ESTIMATE_PERCENT and the sixth
/// METHOD_OPT (its signature in the PL/SQL Packages and Types Reference:
/// ownname, tabname, partname, estimate_percent, block_sample, method_opt,
/// ...). A sample of 10% given by position was accepted and ignored
/// (exact statistics); it is refused with LAB-00001 as by name, and
/// METHOD_OPT by position builds its histograms as by name
/// (tests/histograms.rs). More arguments than the signature has is
/// PLS-00306.
#[test]
fn gather_stats_arguments_by_position_are_checked() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (id number);"));
    let steps = e.exec(
        "exec dbms_stats.gather_table_stats(user, 'T', null, 10)\n\
         exec dbms_stats.gather_table_stats(user, 'T', null, 100, false, 'for all columns size 254')\n\
         exec dbms_stats.gather_schema_stats(user, 10)\n\
         exec dbms_stats.gather_table_stats(user, 'T', null, null, null, null, null, null, null, null, null, null, null, null, null, 1)\n\
         exec dbms_stats.gather_table_stats(user, 'T', null, 100, false, 'FOR ALL COLUMNS SIZE 1', 4)\n\
         exec dbms_stats.gather_schema_stats(user, null, false, 'for all columns size 1')",
    );
    for s in [&steps[0], &steps[2]] {
        let (code, ..) = error_of(s);
        assert_eq!(code, "LAB-00001", "{:?}", s.error);
    }
    assert!(steps[0].error.as_ref().unwrap().message.contains("estimate_percent => 10"));
    assert!(steps[1].error.is_none(), "{:?}", steps[1].error);
    let e4 = steps[3].error.as_ref().expect("sixteen arguments");
    assert_eq!(e4.code, "ORA-06550");
    assert!(e4.message.contains("PLS-00306"), "{}", e4.message);
    ok(&steps[4..]);
}

// ------------------------------------------------------------ DBMS_XPLAN formats

/// DBMS_XPLAN's `ALL` adds the "Query Block Name / Object Alias" and
/// "Column Projection Information" sections to TYPICAL, `ADVANCED` the
/// "Outline Data" too, and `+ALIAS`, `+PROJECTION`, `+OUTLINE` each one
/// (Oracle Database PL/SQL Packages and Types Reference, DBMS_XPLAN,
/// DISPLAY_CURSOR's `format`). The lab prints Column Projection and Outline
/// Data nowhere: those words are refused with LAB-00001 (they printed
/// TYPICAL's text); `+ALIAS` is printed where the lab can name the query
/// blocks (`tests/xplan_alias.rs`). Turned off with
/// `-`, or words whose sections only show for features the lab has not
/// (`+PARALLEL`, `+PARTITION`), they are still taken.
#[test]
fn xplan_formats_with_sections_the_lab_lacks_are_refused() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (id number);\nselect * from t;"));
    let steps = e.exec(
        "select * from table(dbms_xplan.display_cursor(null, null, 'ALL'));\n\
         select * from table(dbms_xplan.display_cursor(null, null, 'TYPICAL +OUTLINE'));\n\
         select * from table(dbms_xplan.display_cursor(format => 'allstats last +projection'));\n\
         explain plan for select * from t;\n\
         select * from table(dbms_xplan.display(null, null, 'ADVANCED'));\n\
         select * from table(dbms_xplan.display(null, null, 'TYPICAL -PROJECTION -ALIAS +PARALLEL'));\n\
         select * from table(dbms_xplan.display_cursor(null, null, 'ALLSTATS LAST'));",
    );
    for (k, line) in [(0, 1), (1, 2), (2, 3), (4, 5)] {
        let (code, at, _) = error_of(&steps[k]);
        assert_eq!((code, at), ("LAB-00001", line), "{:?}", steps[k].error);
    }
    assert!(steps[1].error.as_ref().unwrap().message.contains("+OUTLINE"));
    ok(&steps[5..]);
    assert!(steps[5].rows.len() > 4);
}

// ------------------------------------------------------------ functions

/// An Oracle built-in function the lab does not model is refused by name
/// with LAB-00001 at the call; it was ORA-00904 "invalid identifier",
/// which tells a DBA that SIN does not exist (SQRT, INITCAP and LN, once
/// examples here, are modelled since issue 33: tests/surface_funcs.rs,
/// tests/number_transcendental.rs). A name that is no function
/// of Oracle's is still ORA-00904 (Oracle's "%s: invalid identifier").
#[test]
fn unmodelled_oracle_functions_are_refused_by_name() {
    let steps = run("select sin(4) from dual;\n\
         select id,\n       soundex('ab') from (select 1 id from dual);\n\
         select regexp_substr('abc', 'b') from dual;\n\
         select nosuchfunc(1) from dual;\n\
         select to_number('1,234', '9,999', 'x') from dual;\n\
         select to_number('1', '9', 'x', 'y') from dual;");
    assert_eq!(error_of(&steps[0]), ("LAB-00001", 1, 8));
    assert!(steps[0].error.as_ref().unwrap().message.contains("SIN"));
    assert_eq!(error_of(&steps[1]), ("LAB-00001", 3, 8));
    assert_eq!(error_of(&steps[2]).0, "LAB-00001");
    assert_eq!(error_of(&steps[3]), ("ORA-00904", 5, 8));
    // TO_NUMBER with a format model is modelled (core/tests/number_format.rs);
    // its NLS parameter is not; four arguments are ORA-00909 in Oracle too.
    assert_eq!(error_of(&steps[4]), ("LAB-00001", 6, 8));
    assert_eq!(error_of(&steps[5]).0, "ORA-00909");
}

/// NULLIF's first argument may not be the literal NULL ("You cannot
/// specify the literal NULL for expr1",
/// https://docs.oracle.com/en/database/oracle/oracle-database/19/sqlrf/NULLIF.html):
/// ORA-00932 "inconsistent datatypes: expected - got CHAR", as Oracle
/// prints it for NULLIF(NULL, NULL) (https://www.sqliz.com/oracle-ref/nullif/).
/// It returned NULL.
#[test]
fn nullif_of_the_literal_null_is_ora_00932() {
    let steps = run("select nullif(null, 1) from dual;\nselect nullif(1, null), nullif(2, 2) from dual;");
    assert_eq!(error_of(&steps[0]), ("ORA-00932", 1, 15));
    assert_eq!(steps[0].error.as_ref().unwrap().message, "inconsistent datatypes: expected - got CHAR");
    ok(&steps[1..]);
    assert_eq!(steps[1].rows[0], [json!(1), json!(null)]);
}
