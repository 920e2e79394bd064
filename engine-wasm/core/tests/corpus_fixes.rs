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
