//! Join order and the nested loop's figures. The order today: the tables
//! a `LEADING` hint names, in its order, then the rest in FROM order; an
//! outer-joined table never leads (the first other one does). Issue 31
//! enumerates orders by cost here.

use lio_sql::ast::Hint;

/// The order to join `aliases` (the FROM items, in order) in; the indexes
/// in `outer_joined` are tables reached by an outer join.
pub fn join_order(hints: &[Hint], aliases: &[&str], outer_joined: &[usize]) -> Vec<usize> {
    let mut order: Vec<usize> = Vec::new();
    for h in hints {
        if let Hint::Leading(list) = h {
            for a in list {
                if let Some(i) = aliases.iter().position(|r| *r == a.name) {
                    if !order.contains(&i) {
                        order.push(i);
                    }
                }
            }
        }
    }
    for i in 0..aliases.len() {
        if !order.contains(&i) {
            order.push(i);
        }
    }
    // An outer-joined table is never first: the first other one leads.
    let joined_outer = |i: &usize| outer_joined.contains(i);
    if order.first().is_some_and(joined_outer) {
        if let Some(k) = order.iter().position(|i| !joined_outer(i)) {
            let lead = order.remove(k);
            order.insert(0, lead);
        }
    }
    order
}

/// A nested loop's E-Rows: the outer rows times the inner rows per probe
/// (after its filters), at least one.
pub fn nested_loops_rows(outer_rows: f64, inner_rows: f64) -> f64 {
    (outer_rows * inner_rows).max(1.0).round()
}

/// A nested loop's cost: the outer side's, plus the inner side's once per
/// outer row.
pub fn nested_loops_cost(outer_cost: f64, outer_rows: f64, inner_cost: f64) -> f64 {
    outer_cost + outer_rows * inner_cost
}

/// NESTED LOOPS OUTER's E-Rows: every outer row at least once.
pub fn outer_join_rows(outer_rows: f64, inner_rows: f64) -> f64 {
    outer_rows.max(outer_rows * inner_rows)
}
