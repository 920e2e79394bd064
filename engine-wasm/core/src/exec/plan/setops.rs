//! Compound queries: UNION ALL, UNION, INTERSECT and MINUS, applied left
//! to right (Oracle gives every set operator the same precedence).
//!
//! Plan shapes, as Oracle prints them: UNION ALL is UNION-ALL over its
//! branches; UNION is SORT UNIQUE over UNION-ALL (a chain of UNION and
//! UNION ALL before it flattened into the one UNION-ALL); INTERSECT is
//! INTERSECTION and MINUS is MINUS, each over a SORT UNIQUE per branch (a
//! branch already distinct, itself a UNION, INTERSECT or MINUS, is not
//! sorted again), consecutive ones of one kind sharing one operator. An
//! ORDER BY of a compound whose top is distinct is done by its SORT
//! UNIQUEs, which sort on the ORDER BY's columns first; over UNION-ALL it
//! is a SORT ORDER BY.

use super::*;
use ast::SetOp;

/// A compound query's shape: a branch (its index), or a set operator over
/// its operands.
enum Tree {
    Leaf(usize),
    Node(SetOp, Vec<Tree>),
}

/// A compiled operand: its operator, the expressions of its row, E-Rows
/// and cost.
type Operand = (Op, Vec<CExpr>, f64, f64);

/// Fold the branches left to right into a tree.
fn fold(ops: &[SetOp]) -> Tree {
    let mut tree = Tree::Leaf(0);
    for (i, op) in ops.iter().enumerate() {
        let right = Tree::Leaf(i + 1);
        tree = match (tree, *op) {
            (Tree::Node(k, mut ch), op) if k == op => {
                ch.push(right);
                Tree::Node(k, ch)
            }
            (Tree::Node(SetOp::UnionAll, mut ch), SetOp::Union) => {
                ch.push(right);
                Tree::Node(SetOp::Union, ch)
            }
            (t, op) => Tree::Node(op, vec![t, right]),
        };
    }
    tree
}

impl<'a> Builder<'a> {
    /// A query block, or a compound query of them.
    pub(super) fn block(&mut self, q: &Query) -> Result<Block, LabError> {
        if q.union_all.is_empty() {
            return self.simple_block(q);
        }
        let mut first = q.clone();
        let rest = std::mem::take(&mut first.union_all);
        let ops: Vec<SetOp> = rest.iter().map(|b| b.set_op).collect();
        let order = std::mem::take(&mut first.order_by);
        let mut blocks = Vec::new();
        let mut columns = Vec::new();
        let (mut row_bytes, mut read_optim) = (0.0f64, false);
        for (i, bq) in std::iter::once(&first).chain(rest.iter()).enumerate() {
            let b = self.block(bq)?;
            if i == 0 {
                columns = b.columns.clone();
            } else if b.columns.len() != columns.len() {
                return Err(LabError::new(ora::QUERY_BLOCK_INCORRECT_COLUMNS, bq.pos));
            }
            if let Some(b0) = blocks.first() {
                self.same_type_class(&first, b0, &b)?;
            }
            row_bytes = row_bytes.max(b.row_bytes);
            read_optim |= b.read_optim;
            blocks.push(Some(b));
        }
        let n = columns.len();
        // A parenthesised branch that is a UNION, INTERSECT or MINUS is
        // distinct already.
        let leaf_distinct: Vec<bool> = std::iter::once(false)
            .chain(rest.iter().map(|b| b.union_all.last().is_some_and(|l| l.set_op != SetOp::UnionAll)))
            .collect();
        let tree = fold(&ops);
        let distinct_top = !matches!(tree, Tree::Node(SetOp::UnionAll, _));
        let keys = self.compound_order(&order, &columns)?;
        // The SORT UNIQUEs' order: the ORDER BY's columns, then the rest.
        let mut dirs: Vec<(usize, bool, bool)> = if distinct_top { keys.clone() } else { Vec::new() };
        for i in 0..n {
            if !dirs.iter().any(|(c, _, _)| *c == i) {
                dirs.push((i, false, false));
            }
        }
        let (mut op, mut project, e_rows, mut cost) =
            self.operand(tree, &mut blocks, (&leaf_distinct, &dirs), row_bytes)?;
        let mut sorts = distinct_top;
        if !distinct_top && !keys.is_empty() {
            let keys = keys.iter().map(|&(i, d, nf)| (project[i].clone(), d, nf)).collect();
            op = self.sort_order_by(op, keys, &mut project, e_rows, cost, row_bytes);
            cost = self.line_cost(&op, cost);
            sorts = true;
        }
        // A compound query as a subquery has no one block's text.
        self.subq.text = None;
        Ok(Block { op, columns, project, e_rows, cost, row_bytes, read_optim, sorts })
    }

    /// A number and a character value in one column: ORA-01790, at the
    /// first branch's expression.
    fn same_type_class(&self, first: &Query, b0: &Option<Block>, b: &Block) -> Result<(), LabError> {
        use crate::exec::convert::{kind, Kind};
        let Some(b0) = b0 else { return Ok(()) };
        let text = |k: Kind| matches!(k, Kind::Char(_) | Kind::Varchar);
        for (j, (a, e)) in b0.project.iter().zip(&b.project).enumerate() {
            let (ka, kb) = (kind(a, &self.kinds()), kind(e, &self.kinds()));
            if (ka == Kind::Number && text(kb)) || (text(ka) && kb == Kind::Number) {
                let pos = match first.select.get(j) {
                    Some(SelectItem::Expr { expr, .. }) if first.select.len() == b.project.len() => expr_pos(expr),
                    _ => first.pos,
                };
                return Err(LabError::new(ora::EXPRESSION_MUST_HAVE_SAME_DATATYPE, pos));
            }
        }
        Ok(())
    }

    /// A compound's ORDER BY: each item a position or the name (or alias)
    /// of a first branch's column. Another name is ORA-00904, another
    /// expression ORA-01785.
    fn compound_order(
        &self,
        order: &[ast::OrderItem],
        columns: &[String],
    ) -> Result<Vec<(usize, bool, bool)>, LabError> {
        let mut keys = Vec::new();
        for o in order {
            let i = match &o.expr {
                &Expr::Number(ref num, pos) => {
                    let i = num.to_f64() as usize;
                    if i == 0 || i > columns.len() || !num.is_integer() {
                        return Err(LabError::new(ora::ORDER_BY_ITEM_NUMBER, pos));
                    }
                    i - 1
                }
                Expr::Column { qualifier: None, name } if columns.contains(&name.name) => {
                    columns.iter().position(|c| *c == name.name).unwrap_or(0)
                }
                Expr::Column { qualifier, name } => {
                    let shown = match qualifier {
                        Some(q) => format!("{}\".\"{}", q.name, name.name),
                        None => name.name.clone(),
                    };
                    let at = qualifier.as_ref().map(|q| q.pos).unwrap_or(name.pos);
                    return Err(LabError::with(ora::INVALID_IDENTIFIER, format_args!("\"{shown}\""), at));
                }
                e => return Err(LabError::new(ora::ORDER_BY_ITEM_NUMBER, expr_pos(e))),
            };
            if !keys.iter().any(|(c, _, _)| *c == i) {
                keys.push((i, o.descending, o.nulls_first.unwrap_or(o.descending)));
            }
        }
        Ok(keys)
    }

    /// One operand of a compound: a branch's block, or a set operator over
    /// its operands.
    fn operand(
        &mut self,
        tree: Tree,
        blocks: &mut [Option<Block>],
        (leaf_distinct, dirs): (&[bool], &[(usize, bool, bool)]),
        row_bytes: f64,
    ) -> Result<Operand, LabError> {
        let (op, children) = match tree {
            Tree::Leaf(i) => {
                let b = blocks.get_mut(i).and_then(Option::take).expect("each branch is used once");
                return Ok((b.op, b.project, b.e_rows, b.cost));
            }
            Tree::Node(op, children) => (op, children),
        };
        let mut parts = Vec::new();
        for c in children {
            // An operand sorted unique already is not sorted again.
            let distinct = match c {
                Tree::Node(k, _) => k != SetOp::UnionAll,
                Tree::Leaf(i) => leaf_distinct.get(i).copied().unwrap_or(false),
            };
            let part = self.operand(c, blocks, (leaf_distinct, dirs), row_bytes)?;
            parts.push(if matches!(op, SetOp::Intersect | SetOp::Minus) && !distinct {
                self.sort_unique(part, dirs, row_bytes)
            } else {
                part
            });
        }
        let n = parts.first().map(|p| p.1.len()).unwrap_or(0);
        let out = self.new_source();
        let kinds = (0..n)
            .map(|j| {
                let exprs = parts.iter().filter_map(|p| p.1.get(j));
                let known = exprs.filter(|e| !matches!(e, CExpr::Const(crate::value::Value::Null)));
                crate::exec::convert::Kind::common(known.map(|e| crate::exec::convert::kind(e, &self.kinds())))
            })
            .collect();
        self.set_source_kinds(out, kinds);
        // Each branch's column, a NULL apart (it has no type).
        let carried = (0..n)
            .map(|j| {
                let exprs = parts.iter().filter_map(|p| p.1.get(j));
                exprs.filter(|e| !matches!(e, CExpr::Const(crate::value::Value::Null))).cloned().collect()
            })
            .collect();
        self.set_source_exprs(out, carried);
        let cost: f64 = parts.iter().map(|p| p.3).sum();
        let (name, e_rows, merge) = match op {
            SetOp::UnionAll | SetOp::Union => ("UNION-ALL", parts.iter().map(|p| p.2).sum(), None),
            SetOp::Intersect => (
                "INTERSECTION",
                parts.iter().map(|p| p.2).fold(f64::INFINITY, f64::min),
                Some(crate::exec::row_source::set_merge::SetMerge::new(false)),
            ),
            SetOp::Minus => (
                "MINUS",
                parts.first().map(|p| p.2).unwrap_or(0.0),
                Some(crate::exec::row_source::set_merge::SetMerge::new(true)),
            ),
        };
        let branches = parts.into_iter().map(|(o, p, _, _)| (o, p)).collect();
        let frames = if merge.is_some() { "qersoFetch" } else { "qerua" };
        let top = self.op(
            name,
            None,
            e_rows,
            cost,
            None,
            frames,
            OpKind::UnionAll { branches, out_src: out, current: 0, merge },
        );
        let project = (0..n).map(|i| CExpr::Gen { src: out, col: i }).collect();
        let operand = (top, project, e_rows, cost);
        Ok(if op == SetOp::Union { self.sort_unique(operand, dirs, row_bytes) } else { operand })
    }

    /// SORT UNIQUE over an operand, in the order `dirs`.
    fn sort_unique(
        &mut self,
        (op, project, e_rows, cost): Operand,
        dirs: &[(usize, bool, bool)],
        row_bytes: f64,
    ) -> Operand {
        let dout = self.new_source();
        let n = project.len();
        self.source_kinds(dout, &project);
        let cost = cost + self.sort_units("SORT UNIQUE", e_rows, row_bytes);
        let op = self.op(
            "SORT UNIQUE",
            None,
            e_rows,
            cost,
            Some(e_rows * row_bytes),
            "qerghFetch",
            super::group::group_kind(op, project, Vec::new(), dout, Some(dirs.to_vec()), Vec::new(), Pos::default()),
        );
        self.sort_cpu(op.line, "SORT UNIQUE", e_rows, row_bytes);
        (op, (0..n).map(|i| CExpr::Gen { src: dout, col: i }).collect(), e_rows, cost)
    }
}
