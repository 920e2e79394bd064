//! CHAR(n) blank-padding semantics through views, aggregates, UNION ALL,
//! CASE and DECODE (issue 28's "CHAR(n) is not blank-padded", siblings).
//!
//! Oracle's rule (SQL Language Reference, "Data Type Comparison Rules",
//! "Blank-Padded and Nonpadded Comparison Semantics",
//! https://docs.oracle.com/cd/E11882_01/server.112/e41084/sql_elements002.htm):
//! blank-padded comparison "only when both values in the comparison are
//! either expressions of data type CHAR, NCHAR, text literals, or values
//! returned by the USER function"; nonpadded "whenever one or both values
//! in the comparison have the data type VARCHAR2 or NVARCHAR2". So what
//! matters is the datatype an expression has, also when it comes through a
//! view's column, an aggregate, a UNION ALL, a CASE or a DECODE:
//! - a view's column has its expression's datatype; MIN and MAX their
//!   argument's;
//! - UNION ALL: "If both queries select values of data type CHAR of equal
//!   length, then the returned values have data type CHAR of that length.
//!   If the queries select values of CHAR with different lengths, then the
//!   returned value is VARCHAR2" (SQL Language Reference, "UNION [ALL],
//!   INTERSECT, MINUS Operators"; the example of CHAR(7) and CHAR(6) giving
//!   VARCHAR2(7): https://www.stijf.com/wordpress/tag/datatype/);
//! - CASE the same: `CASE ... THEN 'Y' ELSE 'N' END` is CHAR(1), `... ELSE
//!   'NX' END` is VARCHAR2(2); `DUMP` of the first shows Typ=96
//!   (https://www.freelists.org/post/oracle-l/Why-is-this-expression-CHAR1-instead-of-VARCHAR21,
//!   http://www.orafaq.com/maillist/oracle-l/2021/04/01/0001.htm);
//! - DECODE: "If the first result has the data type CHAR or if the first
//!   result is null, then Oracle converts the return value to the data type
//!   VARCHAR2" (SQL Language Reference, DECODE).
//!
//! Each expected count below follows from these rules; the CHAR(5) value
//! 'ab' is stored as 'ab   '.

mod common;
use common::*;
use lio_core::Engine;

fn engine() -> Engine {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (c char(5), v varchar2(5));\n\
         insert into t values ('ab', 'ab');\n\
         create table t6 (d char(6));\n\
         insert into t6 values ('ab');\n\
         commit;",
    ));
    e
}

/// The single number a query returns.
fn count(e: &mut Engine, sql: &str) -> i64 {
    let steps = e.exec(sql);
    ok(&steps);
    assert_eq!(steps[0].rows.len(), 1, "{sql}");
    steps[0].rows[0][0].as_i64().unwrap_or_else(|| panic!("{sql}: {:?}", steps[0].rows))
}

/// A view that is not merged (DISTINCT, GROUP BY) keeps its column's
/// datatype: CHAR(5) against a literal compares blank-padded.
#[test]
fn a_char_column_through_a_view_compares_blank_padded() {
    let mut e = engine();
    assert_eq!(count(&mut e, "select count(*) from (select distinct c from t) where c = 'ab';"), 1);
    assert_eq!(count(&mut e, "select count(*) from (select c, count(*) n from t group by c) where c = 'ab';"), 1);
    assert_eq!(count(&mut e, "select count(*) from (select c from t order by c) where c = 'ab';"), 1);
    // VARCHAR2 stays nonpadded: 'ab' is not 'ab '.
    assert_eq!(count(&mut e, "select count(*) from (select distinct v from t) where v = 'ab ';"), 0);
    // A CHAR column against a VARCHAR2 column through the view: nonpadded.
    assert_eq!(count(&mut e, "select count(*) from (select distinct c, v from t) where c = v;"), 0);
}

/// MIN and MAX of a CHAR are CHAR: in a HAVING clause and through a view.
#[test]
fn min_and_max_of_char_compare_blank_padded() {
    let mut e = engine();
    assert_eq!(count(&mut e, "select count(*) from (select max(c) m from t) where m = 'ab';"), 1);
    assert_eq!(count(&mut e, "select count(*) from (select min(c) m from t group by v) where m = 'ab';"), 1);
    let steps = e.exec("select v from t group by v having max(c) = 'ab';");
    ok(&steps);
    assert_eq!(steps[0].rows.len(), 1);
    // MAX of a VARCHAR2 is VARCHAR2.
    assert_eq!(count(&mut e, "select count(*) from (select max(v) m from t) where m = 'ab ';"), 0);
}

/// UNION ALL of CHARs of one length is CHAR of that length; of different
/// lengths, VARCHAR2 (nonpadded).
#[test]
fn union_all_of_char_is_char_only_for_one_length() {
    let mut e = engine();
    assert_eq!(count(&mut e, "select count(*) from (select c from t union all select c from t) where c = 'ab';"), 2);
    assert_eq!(count(&mut e, "select count(*) from (select c from t union all select d from t6) where c = 'ab';"), 0);
    // The literal of another length in the second branch: VARCHAR2 too.
    assert_eq!(
        count(&mut e, "select count(*) from (select c from t union all select 'xy' from dual) where c = 'ab';"),
        0
    );
}

/// CASE of CHAR results of one length is CHAR; of different lengths,
/// VARCHAR2. A CASE whose only result is a CHAR column is CHAR.
#[test]
fn case_of_char_is_char_only_for_one_length() {
    let mut e = engine();
    let q = |then: &str, other: &str, with: &str| {
        format!("select count(*) from dual where case when 1 = 1 then {then} else {other} end = {with};")
    };
    assert_eq!(count(&mut e, &q("'Y'", "'N'", "'Y  '")), 1);
    assert_eq!(count(&mut e, &q("'Y'", "'NX'", "'Y '")), 0);
    assert_eq!(count(&mut e, &q("'Y'", "null", "'Y  '")), 1);
    assert_eq!(count(&mut e, "select count(*) from t where case when 1 = 1 then c end = 'ab';"), 1);
    assert_eq!(count(&mut e, "select count(*) from t where case when 1 = 1 then v end = 'ab ';"), 0);
    // DUMP shows CHAR's type code (96), as Oracle's DUMP(CASE ...) does.
    let steps = e.exec("select dump(case when dummy = 'X' then 'x' else 'y' end) from dual;");
    ok(&steps);
    assert_eq!(steps[0].rows[0][0].as_str(), Some("Typ=96 Len=1: 120"));
}

/// DECODE with a CHAR (or NULL) first result returns VARCHAR2: nonpadded.
#[test]
fn decode_of_char_is_varchar2() {
    let mut e = engine();
    assert_eq!(count(&mut e, "select count(*) from t where decode(1, 1, c) = 'ab';"), 0);
    assert_eq!(count(&mut e, "select count(*) from t where decode(1, 1, c) = 'ab   ';"), 1);
    assert_eq!(count(&mut e, "select count(*) from dual where decode(1, 1, 'Y', 'N') = 'Y ';"), 0);
    assert_eq!(count(&mut e, "select count(*) from dual where decode(1, 2, null, 'Y') = 'Y ';"), 0);
    // A number first result makes it a number: '7' is converted.
    assert_eq!(count(&mut e, "select count(*) from dual where decode(1, 1, 7, 8) = '7';"), 1);
}

/// CHAR || CHAR is CHAR, of no fixed length: a NULL side adds nothing, so
/// `c || 'b '` with `c` NULL is 'b ', which equals the literal 'b '
/// blank-padded (the lab padded the literal to 5 + 2 characters and found
/// 'b ' below it: the differential test's seed 3, world 1446, an outer
/// join's NULL CHAR column in a CASE).
#[test]
fn char_concatenation_with_a_null_side_compares_blank_padded() {
    let mut e = engine();
    ok(&e.exec("insert into t values (null, null);\ncommit;"));
    assert_eq!(count(&mut e, "select count(*) from t where c is null and c || 'b ' = 'b ';"), 1);
    assert_eq!(count(&mut e, "select count(*) from t where c is null and c || 'b ' < 'b ';"), 0);
    // Both sides set: 'ab   ' || 'b ' is 'ab   b ', blank-padded equal to 'ab   b'.
    assert_eq!(count(&mut e, "select count(*) from t where c || 'b ' = 'ab   b';"), 1);
    assert_eq!(count(&mut e, "select count(*) from t where c || 'b ' = 'ab b';"), 0);
}
