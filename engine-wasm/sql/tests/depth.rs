//! Expression trees are never deeper than `MAX_EXPRESSION_DEPTH`: long
//! left-associative chains, which build depth without nesting, are refused
//! with LAB-00032 at the operator that crosses the limit, in SQL, in PL/SQL
//! and in the SQL of `LAB RUN`; a chain just under the limit parses.

use lio_sql::ast::{LabCommand, Pos, StatementKind};
use lio_sql::{ora, parse_script, parse_script_at, LabError, ParsedUnit, MAX_EXPRESSION_DEPTH};

const LIMIT: usize = MAX_EXPRESSION_DEPTH as usize;

/// A chain operator, the term it joins and the depth of that term.
const CHAINS: &[(&str, &str, usize)] =
    &[("+", "1", 1), ("*", "1", 1), ("||", "'x'", 1), ("or", "c = 1", 2), ("and", "c = 1", 2)];

/// `n` terms joined by `op`, eight terms to a line after the first.
fn chain(op: &str, term: &str, n: usize) -> String {
    let mut s = term.to_string();
    for k in 1..n {
        s.push_str(if k % 8 == 0 { "\n  " } else { " " });
        s.push_str(op);
        s.push(' ');
        s.push_str(term);
    }
    s
}

/// Script position of the `k`-th (1-based) occurrence of ` op ` in `src`.
fn nth_operator(src: &str, op: &str, k: usize) -> Pos {
    let needle = format!(" {op} ");
    let (off, _) = src.match_indices(&needle).nth(k - 1).expect("operator");
    let before = &src[..off + 1];
    let line = before.matches('\n').count() as u32 + 1;
    let column = before.rsplit('\n').next().unwrap().chars().count() as u32 + 1;
    Pos { line, column }
}

/// The operator that crosses the limit: after j operators a chain of terms
/// of depth d is d + j deep, so operator number LIMIT - d + 1 is refused.
fn crossing(term_depth: usize) -> usize {
    LIMIT - term_depth + 1
}

/// A SQL statement whose one expression is the chain (boolean chains go in
/// the WHERE clause).
fn select(op: &str, c: &str) -> String {
    match op {
        "or" | "and" => format!("select 1 from dual\n where {c};"),
        _ => format!("select {c}\n  from dual;"),
    }
}

fn only(units: Vec<ParsedUnit>) -> Result<StatementKind, LabError> {
    assert_eq!(units.len(), 1);
    units.into_iter().next().unwrap().result.map(|s| s.kind)
}

fn assert_too_deep(r: Result<StatementKind, LabError>, at: Pos, what: &str) {
    let e = r.err().unwrap_or_else(|| panic!("{what}: parsed"));
    assert!(e.is(ora::LAB_EXPRESSION_TOO_DEEP), "{what}: {e}");
    assert_eq!(e.code, "LAB-00032");
    assert_eq!(e.message, format!("expression too deeply nested: more than {LIMIT} levels (a limit of the lab)"));
    assert_eq!(e.pos, at, "{what}: {e}");
}

/// Parse the SQL of a `LAB RUN` the way the core does: its text from
/// the string's position.
fn lab_run(script: &str) -> Result<StatementKind, LabError> {
    let Ok(StatementKind::Lab(LabCommand::Run(run))) = only(parse_script(script)) else {
        panic!("not a LAB RUN: {script:.60}");
    };
    only(parse_script_at(&format!("{};", run.sql.trim_end_matches(';')), run.sql_pos))
}

#[test]
fn long_chains_in_sql_are_refused_at_the_crossing_operator() {
    for &(op, term, d) in CHAINS {
        let src = select(op, &chain(op, term, 4350));
        assert_too_deep(only(parse_script(&src)), nth_operator(&src, op, crossing(d)), op);
        // After blank lines and a first statement, positions are the script's.
        let script = format!("prompt x\n\n{src}");
        let units = parse_script(&script);
        assert!(units[1].result.is_err());
        let e = units[1].result.clone().unwrap_err();
        assert_eq!(e.pos, nth_operator(&script, op, crossing(d)), "{op}");
    }
}

#[test]
fn long_chains_in_plsql_are_refused_at_the_crossing_operator() {
    for &(op, term, d) in CHAINS {
        let src = format!("declare\n  x number;\nbegin\n  x := {};\nend;\n/\n", chain(op, term, 4350));
        assert_too_deep(only(parse_script(&src)), nth_operator(&src, op, crossing(d)), op);
        // Inside SQL inside PL/SQL: not wrapped in ORA-06550.
        let src = format!("begin\n  insert into t values ({});\nend;\n/\n", chain(op, term, 4350));
        assert_too_deep(only(parse_script(&src)), nth_operator(&src, op, crossing(d)), op);
        // exec
        let src = format!("exec x := {}\n", chain(op, term, 4350).replace('\n', " -\n"));
        assert_too_deep(only(parse_script(&src)), nth_operator(&src, op, crossing(d)), op);
    }
}

#[test]
fn long_chains_in_lab_run_are_refused_at_the_crossing_operator() {
    for &(op, term, d) in CHAINS {
        let term = term.replace('\'', "''");
        let c = chain(op, &term, 4350);
        let src = format!("LAB RUN '{}' RUNS 1;", select(op, &c).trim_end_matches(';'));
        // Each '' before the operator on its line shifts it by one column
        // in the SQL; operator j has j % 8 terms before it on its line.
        let at = nth_operator(&src, op, crossing(d));
        let quotes_before = if term.contains('\'') { 2 * (crossing(d) % 8) } else { 0 };
        let at = Pos { line: at.line, column: at.column - quotes_before as u32 };
        assert_too_deep(lab_run(&src), at, op);
    }
}

#[test]
fn chains_just_under_the_limit_parse() {
    for &(op, term, d) in CHAINS {
        // LIMIT - d + 1 terms of depth d: a tree exactly LIMIT deep.
        let n = LIMIT - d + 1;
        let c = chain(op, term, n);
        assert!(only(parse_script(&select(op, &c))).is_ok(), "{op}");
        let src = format!("declare\n  x number;\nbegin\n  x := {c};\nend;\n/\n");
        assert!(only(parse_script(&src)).is_ok(), "{op}");
        let run = format!("LAB RUN '{}';", select(op, &c.replace('\'', "''")).trim_end_matches(';'));
        assert!(lab_run(&run).is_ok(), "{op}");
        // One more term is one level too many.
        let c = chain(op, term, n + 1);
        let src = select(op, &c);
        assert_too_deep(only(parse_script(&src)), nth_operator(&src, op, n), op);
    }
}

#[test]
fn subqueries_loops_functions_and_joins_add_levels() {
    let c = chain("+", "1", LIMIT);
    // A scalar subquery is one level above its deepest tree: refused at its `(`.
    let src = format!("select (select {c} from dual) from dual;");
    assert_too_deep(only(parse_script(&src)), Pos { line: 1, column: 8 }, "subquery");
    let src = format!("select * from (select {c} from dual);");
    assert_too_deep(only(parse_script(&src)), Pos { line: 1, column: 15 }, "inline view");
    // A function call or aggregate around the deepest tree: at its name.
    let src = format!("select  abs({c}) from dual;");
    assert_too_deep(only(parse_script(&src)), Pos { line: 1, column: 9 }, "function");
    let src = format!("select max({c}) from dual;");
    assert_too_deep(only(parse_script(&src)), Pos { line: 1, column: 8 }, "aggregate");
    // A FOR loop around it: at FOR.
    let src = format!("begin\n  for i in 1..2 loop\n    x := {c};\n  end loop;\nend;\n/\n");
    assert_too_deep(only(parse_script(&src)), Pos { line: 2, column: 3 }, "for loop");
    let src = format!("begin\n  for i in 1..2 loop\n    x := {};\n  end loop;\nend;\n/\n", chain("+", "1", LIMIT - 1));
    assert!(only(parse_script(&src)).is_ok());
    // ANSI join conditions are AND-ed into a chain: refused at the crossing ON.
    // (k conditions `c` make a chain k deep.)
    let joins: String = (1..=LIMIT + 5).map(|k| format!("\njoin t{k} on c")).collect();
    let src = format!("select 1 from t0{joins};");
    let line = src.lines().nth(LIMIT + 1).unwrap();
    assert!(line.starts_with(&format!("join t{} on", LIMIT + 1)));
    let at = Pos { line: LIMIT as u32 + 2, column: line.find(" on ").unwrap() as u32 + 2 };
    assert_too_deep(only(parse_script(&src)), at, "joins");
    // ... and at the WHERE clause after them.
    let joins: String = (1..=LIMIT).map(|k| format!("\njoin t{k} on c")).collect();
    assert!(only(parse_script(&format!("select 1 from t0{joins};"))).is_ok());
    let src = format!("select 1 from t0{joins}\nwhere c = 1;");
    assert_too_deep(only(parse_script(&src)), Pos { line: LIMIT as u32 + 2, column: 1 }, "where");
}

/// The deepest trees allowed are built and dropped on a 512 KiB stack (half
/// the wasm stack).
#[test]
fn the_deepest_allowed_trees_drop_on_a_small_stack() {
    std::thread::Builder::new()
        .stack_size(512 << 10)
        .spawn(|| {
            for &(op, term, d) in CHAINS {
                let units = parse_script(&select(op, &chain(op, term, LIMIT - d + 1)));
                assert!(units[0].result.is_ok(), "{op}");
                drop(units);
            }
        })
        .unwrap()
        .join()
        .unwrap();
}
