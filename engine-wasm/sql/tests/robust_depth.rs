//! Issue 29: a statement with more than 1,024 table references (tables,
//! views, inline views) is refused with LAB-00041 at the one past the
//! limit (the parser's `MAX_TABLES`): the lab's plans and row sources have
//! a level per join, and a FROM list of about 2,600 `dual`s trapped wasm.
//! Oracle sets no such limit. Each SQL statement of a PL/SQL block counts
//! on its own.

use lio_sql::ast::Pos;
use lio_sql::{ora, parse_script, LabError};

const LIMIT: usize = 1024;

/// `dual d0, dual d1, ...` with `n` items.
fn from_list(n: usize) -> String {
    (0..n).map(|i| format!("dual d{i}")).collect::<Vec<_>>().join(", ")
}

/// Position (line 1) of `dual d{k}` in `src`.
fn at(src: &str, k: usize) -> Pos {
    let needle = format!("dual d{k},");
    let off = src.find(&needle).or_else(|| src.find(&format!("dual d{k};"))).expect("item");
    let before = &src[..off];
    Pos { line: before.matches('\n').count() as u32 + 1, column: before.rsplit('\n').next().unwrap().len() as u32 + 1 }
}

fn error(src: &str, unit: usize) -> LabError {
    parse_script(src)[unit].result.clone().err().unwrap_or_else(|| panic!("parsed: {:.60}", src))
}

#[test]
fn the_table_reference_past_the_limit_is_refused_where_it_stands() {
    let src = format!("select count(*) from {};", from_list(2600));
    let e = error(&src, 0);
    assert!(e.is(ora::LAB_TOO_MANY_TABLES), "{e}");
    assert_eq!(e.code, "LAB-00041");
    assert_eq!(
        e.message,
        format!("more than {LIMIT} tables, views and inline views in one statement (a limit of the lab)")
    );
    assert_eq!(e.pos, at(&src, LIMIT));
    // Nested inline views count with the tables of every level.
    let src = format!("select count(*) from (select * from (select * from {}) v1) v2;", from_list(1100));
    assert_eq!(error(&src, 0).pos, at(&src, LIMIT - 2));
}

#[test]
fn a_statement_at_the_limit_parses() {
    let src = format!("select count(*) from {};", from_list(LIMIT));
    assert!(parse_script(&src)[0].result.is_ok());
}

#[test]
fn each_sql_statement_of_a_plsql_block_counts_on_its_own() {
    // Three statements of 800 tables: 2,400 in the block, none past 1,024.
    let q = format!("select count(*) into n from {};", from_list(800));
    let src = format!("declare n number;\nbegin\n{q}\n{q}\n{q}\nend;\n/");
    assert!(parse_script(&src)[0].result.is_ok(), "{:?}", parse_script(&src)[0].result.as_ref().err());
    // One of 1,100 is refused.
    let src = format!("declare n number;\nbegin\nselect count(*) into n from {};\nend;\n/", from_list(1100));
    let e = error(&src, 0);
    assert!(e.message.contains("more than 1024 tables"), "{e}");
}
