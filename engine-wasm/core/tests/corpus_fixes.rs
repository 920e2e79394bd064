//! Wrong answers the blog corpus (issue 33, tests/articles/blogs/) met,
//! each now right or refused by name: a wrong ORA- error where Oracle
//! runs the statement is worse than a LAB-00001 that says what is missing.
mod common;
use common::*;
use lio_sql::ora;

/// SQL Language Reference, SELECT, group_by_clause: `GROUP BY { expr |
/// rollup_cube_clause | grouping_sets_clause }`, where rollup_cube_clause
/// is `{ ROLLUP | CUBE } (grouping_expression_list)` and
/// grouping_sets_clause `GROUPING SETS (...)`. The lab does not build the
/// super-aggregate rows, so it refuses them at the keyword by name; before,
/// `CUBE(...)` parsed as a call of an unknown function and said ORA-00904
/// "CUBE" (Joe Fuda's CUBE row generator in the corpus).
#[test]
fn rollup_cube_and_grouping_sets_are_refused_at_the_keyword() {
    let mut e = quiet_engine();
    ok(&e.exec("create table g (a number, b number);\ninsert into g values (1, 2);"));
    let cases = [
        ("select 1 from dual group by cube(1,2,3)", 29, "GROUP BY CUBE"),
        ("select a, b, count(*) from g\ngroup by rollup (a, b)", 10, "GROUP BY ROLLUP"),
        ("select a, count(*) from g group by a, grouping sets ((a), ())", 39, "GROUP BY GROUPING SETS"),
        ("select a, b from g group by a, CUBE (b)", 32, "GROUP BY CUBE"),
    ];
    for (sql, col, feature) in cases {
        let steps = e.exec(&format!("{sql};"));
        let (code, _, column) = error_of(&steps[0]);
        assert_eq!((code, column), (ora::LAB_UNSUPPORTED.code().as_str(), col), "{sql}");
        let msg = &steps[0].error.as_ref().unwrap().message;
        assert!(msg.contains(feature), "{sql}: {msg}");
    }
    // A plain column called like the keywords still groups.
    ok(&e.exec("create table h (cube number, rollup number);\nselect cube, count(*) from h group by cube, rollup;"));
}

/// SQL Language Reference, CREATE TABLE, AS subquery: "If you specify the
/// column_definition ... for a table created with AS subquery, you can
/// specify only the column name, default values and integrity
/// constraints, not the datatype" (the types come from the query). Before,
/// `(id primary key, v)` said ORA-00902 invalid datatype (lishman's
/// CONNECT BY LEVEL test-data post in the corpus).
#[test]
fn ctas_column_list_takes_constraints_without_datatypes() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "create table t (id primary key, v not null, w) as select level, 'x' || level, sysdate from dual connect by level <= 5;\n\
         select column_name, data_type, nullable from user_tab_columns where table_name = 'T' order by column_id;\n\
         select count(*) from user_indexes where table_name = 'T';\n\
         insert into t values (1, 'y', null);\n\
         insert into t values (6, null, null);",
    );
    ok(&steps[..3]);
    assert_eq!(steps[0].rows_processed, 5);
    let cols: Vec<Vec<String>> =
        steps[1].rows.iter().map(|r| r.iter().map(|v| v.to_string().trim_matches('"').to_string()).collect()).collect();
    assert_eq!(
        cols,
        [["ID", "NUMBER", "N"], ["V", "VARCHAR2", "N"], ["W", "DATE", "Y"]].map(|r| r.map(String::from).to_vec())
    );
    assert_eq!(steps[2].rows[0][0].as_f64(), Some(1.0));
    assert_eq!(error_of(&steps[3]).0, ora::UNIQUE_CONSTRAINT_VIOLATED.code().as_str());
    assert_eq!(error_of(&steps[4]).0, ora::CANNOT_INSERT_NULL.code().as_str());
    // Without AS subquery a column still needs its datatype: ORA-00902 at
    // the constraint; with a datatype in a CTAS, ORA-01773.
    let steps = e.exec("create table u (id primary key);\ncreate table u (id number primary key) as select 1 from dual;");
    assert_eq!(error_of(&steps[0]), (ora::INVALID_DATATYPE.code().as_str(), 1, 20));
    assert_eq!(error_of(&steps[1]).0, ora::MAY_NOT_SPECIFY_COLUMN_DATATYPES.code().as_str());
}
