use super::*;
use crate::splitter::split_script;

fn one(src: &str) -> R<Statement> {
    let units = split_script(src);
    assert_eq!(units.len(), 1, "{units:?}");
    parse_unit(&units[0])
}

#[test]
fn simple_select() {
    let s = one("select * from dual;").unwrap();
    assert!(matches!(s.kind, StatementKind::Query(_)));
}

#[test]
fn plsql_block() {
    let s = one("begin dbms_stats.gather_table_stats(user, 'T1'); end;\n/\n").unwrap();
    assert!(matches!(s.kind, StatementKind::Plsql(_)), "{s:?}");
}
