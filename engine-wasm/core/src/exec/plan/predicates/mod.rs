//! The predicates of each plan line as DBMS_XPLAN's "Predicate Information"
//! prints them: `access(...)` for the predicates that position a probe or
//! scan (index keys and ranges, the hash cluster key), `filter(...)` for
//! those tested on the rows a line produces (a full scan's WHERE, a table
//! access by rowid's remaining conditions, FILTER, COUNT STOPKEY's ROWNUM).
//!
//! Text follows Oracle: column names upper-case and double-quoted
//! (`"KEY"=42`), qualified by their table's alias (`"T1"."ID"`) when its
//! query block reads more than one or names it by an alias, binds as `:1` / `:KEY`, `BETWEEN` shown as
//! its two comparisons, conjuncts joined by ` AND `, an `OR` inside an
//! `AND` in parentheses.

use super::super::expr::CExpr;
use super::super::row_source::{Op, OpKind, SubKind, SubPlan};
use crate::catalog::Catalog;
use crate::exec::datefn::DateFn;
use lio_sql::ast::BinaryOp;

mod func_text;

/// Access and filter text for one plan line.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct LinePredicates {
    pub access: Option<String>,
    pub filter: Option<String>,
}

/// Predicates for every line of a compiled plan (indexed by line id; line 0, SELECT STATEMENT, has none).
pub fn plan_predicates(
    root: &Op,
    lines: usize,
    cat: &Catalog,
    bind_names: &[String],
    (aliases, qualified): (&[(usize, String)], &[usize]),
) -> Vec<LinePredicates> {
    let w = Writer { cat, binds: bind_names, root, aliases, qualified, plus: Vec::new(), corr: &[] };
    let mut out = vec![LinePredicates::default(); lines];
    w.walk(root, &mut out);
    out
}

pub(super) fn children(op: &Op) -> Vec<&Op> {
    match &op.kind {
        OpKind::SortAggregate { child, .. }
        | OpKind::View { child, .. }
        | OpKind::Filter { child, .. }
        | OpKind::BitmapCount(child)
        | OpKind::CountStopkey { child, .. }
        | OpKind::Sequence(child, _)
        | OpKind::SortJoin { child, .. }
        | OpKind::RowLimit { child, .. }
        | OpKind::ConnectBy { child, .. }
        | OpKind::Window { child, .. }
        | OpKind::SortOrderBy { child, .. } => vec![child.as_ref()],
        OpKind::NestedLoops { outer, inner, .. }
        | OpKind::NestedLoopsOuter { outer, inner, .. }
        | OpKind::HashJoin { build: outer, probe: inner, .. }
        | OpKind::MergeJoin { left: outer, right: inner, .. } => {
            vec![outer.as_ref(), inner.as_ref()]
        }
        OpKind::GroupBy { child, .. } => vec![child.as_ref()],
        OpKind::RowGen { child: Some(child), .. } => vec![child.as_ref()],
        OpKind::UnionAll { branches, .. } => branches.iter().map(|(b, _)| b).collect(),
        OpKind::BitmapCombine { children, .. } => children.iter().collect(),
        OpKind::SubqueryFilter { child, subs, .. } | OpKind::ScalarSubs { child, subs, .. } => {
            std::iter::once(child.as_ref()).chain(subs.iter().map(|s| &s.op)).collect()
        }
        // ByRowid's child is walked by collect_tables itself.
        _ => vec![],
    }
}

struct Writer<'a> {
    cat: &'a Catalog,
    binds: &'a [String],
    root: &'a Op,
    /// Table sources' aliases (a column is qualified by its source's).
    aliases: &'a [(usize, String)],
    /// The table sources whose columns are qualified: those of a query
    /// block with more than one FROM item, and those given an alias.
    qualified: &'a [usize],
    /// The sources whose columns print with Oracle's outer-join mark
    /// `(+)` (an outer hash join's probe side, on that line).
    plus: Vec<usize>,
    /// Inside a subquery: its correlation values, printed `:B1`, `:B2`, ...
    corr: &'a [CExpr],
}

impl<'a> Writer<'a> {
    fn walk(&self, op: &'a Op, out: &mut [LinePredicates]) {
        let mut p = LinePredicates::default();
        let and = |v: Vec<String>| if v.is_empty() { None } else { Some(v.join(" AND ")) };
        match &op.kind {
            OpKind::Full { filter, .. } => p.filter = and(self.conjuncts(filter)),
            OpKind::ByRowid { filter, child, .. } => {
                p.filter = and(self.conjuncts(filter));
                self.walk(child, out);
            }
            OpKind::RowidFetch { filter, .. } | OpKind::IndexFast { filter, .. } => {
                p.filter = and(self.conjuncts(filter))
            }
            OpKind::Hash { table, key, key_col, filter, src, .. } => {
                let col = self.column(*table, *key_col, Some(*src));
                p.access = Some(format!("{col}={}", self.expr(key, 2)));
                p.filter = and(self.conjuncts(filter));
            }
            OpKind::IndexUnique { index, keys, filter, src, .. } => {
                p.access = and(self.keys(*index, keys, *src));
                p.filter = and(self.conjuncts(filter));
            }
            // A skip scan's keys are its access and, as Oracle prints them,
            // its filter too (each leading value's entries checked).
            OpKind::IndexRange { index, keys, filter, src, skip: Some(_), .. } => {
                let a = self.keys_from(*index, 1, keys, *src);
                (p.access, p.filter) = (and(a.clone()), and([a, self.conjuncts(filter)].concat()));
            }
            OpKind::IndexRange { index, src, nulls: true, .. } => p.access = Some(self.null_key(*index, *src)),
            OpKind::IndexRange { index, keys, low, high, filter, src, .. } => {
                let mut a = self.keys(*index, keys, *src);
                self.bounds(*index, keys.len(), (low, high), *src, &mut a);
                p.access = and(a);
                p.filter = and(self.conjuncts(filter));
            }
            OpKind::IndexMinMax { index, low, high, filter, src, .. } => {
                let mut a = Vec::new();
                self.bounds(*index, 0, (low, high), *src, &mut a);
                p.access = and(a);
                p.filter = and(self.conjuncts(filter));
            }
            OpKind::Window { spec, .. } => p.filter = spec.pushed.as_ref().map(|r| r.text(spec, &|e| self.expr(e, 2))),
            OpKind::Filter { preds, .. } | OpKind::SubqueryFilter { preds, .. } => {
                p.filter = and(self.conjuncts(preds))
            }
            OpKind::GroupBy { stopkey, .. } if *stopkey != u64::MAX => p.filter = Some(format!("ROWNUM<={stopkey}")),
            OpKind::GroupBy { filter, .. } | OpKind::MergeJoin { filter, .. } => p.filter = and(self.conjuncts(filter)),
            OpKind::HashJoin { build_keys, probe_keys, filter, mode, build_srcs, probe_srcs, swapped, .. } => {
                // The outer-joined side's columns marked; the keys with the
                // rows joined before first, swapped or not.
                let marked;
                let w = if *mode == super::JoinMode::Outer {
                    let plus = if *swapped { build_srcs } else { probe_srcs }.iter().map(|s| s.0).collect();
                    marked = Writer { plus, ..*self };
                    &marked
                } else {
                    self
                };
                let (first, second) = if *swapped { (probe_keys, build_keys) } else { (build_keys, probe_keys) };
                let keys = first.iter().zip(second).map(|(a, b)| format!("{}={}", w.expr(a, 2), w.expr(b, 2)));
                p.access = and(keys.collect());
                p.filter = and(w.conjuncts(filter));
            }
            // A stopkey sort filters on the ROWNUM limit too.
            OpKind::CountStopkey { limit, first_row: false, .. } | OpKind::SortOrderBy { limit, .. }
                if *limit != u64::MAX =>
            {
                p.filter = Some(format!("ROWNUM<={limit}"))
            }
            OpKind::RowGen { gen, by_rownum, child: Some(_), .. } => {
                let by = if *by_rownum { "ROWNUM" } else { "LEVEL" };
                p.filter = match gen {
                    super::super::row_source::RowGenKind::ConnectBy(n) => Some(format!("{by}<={}", self.expr(n, 2))),
                    super::super::row_source::RowGenKind::ConnectByLt(n) => Some(format!("{by}<{}", self.expr(n, 2))),
                    super::super::row_source::RowGenKind::Range(..) => None,
                    super::super::row_source::RowGenKind::Pump { .. } => None,
                };
            }
            OpKind::ConnectBy { spec, .. } => {
                // The condition (its `child = PRIOR parent` keys first, as
                // Oracle prints them); START WITH as the filter.
                let mut a: Vec<String> = spec
                    .keys
                    .iter()
                    .map(|(i, c)| format!("{}=PRIOR {}", self.expr(c, 2), self.expr(&spec.priors[*i], 2)))
                    .collect();
                a.extend(self.conjuncts(&spec.residual));
                let sw = spec.start_with.as_ref().map(|c| self.expr(c, 0));
                if spec.keys.is_empty() {
                    p.filter = and(a.into_iter().chain(sw).collect());
                } else {
                    p.access = and(a);
                    p.filter = sw;
                }
            }
            OpKind::RowLimit { spec, .. } => p.filter = Some(spec.view_filter.clone()),
            OpKind::View { more, .. } => p.filter = and(self.conjuncts(&more.filter)),
            _ => {}
        }
        if let Some(slot) = out.get_mut(op.line as usize) {
            *slot = p;
        }
        if let OpKind::SubqueryFilter { child, subs, .. } | OpKind::ScalarSubs { child, subs, .. } = &op.kind {
            self.walk(child, out);
            for s in subs {
                Writer { plus: Vec::new(), corr: &s.keys, ..*self }.walk(&s.op, out);
            }
        } else {
            for c in children(op) {
                self.walk(c, out);
            }
        }
        self.after_children(op, out);
    }

    /// What a line sets on its children's lines once they are walked: the
    /// row limit's window filter, MERGE JOIN's keys.
    fn after_children(&self, op: &'a Op, out: &mut [LinePredicates]) {
        // The window line's filter is the row limit's too.
        if let OpKind::RowLimit { child, spec, .. } = &op.kind {
            if let Some(slot) = out.get_mut(child.line as usize) {
                // A grouped query's keys: the window's own sort keys.
                slot.filter = spec.window_filter.as_ref().map(|w| {
                    w.text(|| {
                        let OpKind::SortOrderBy { keys, .. } = &child.kind else { return String::new() };
                        let keys: Vec<String> = keys
                            .iter()
                            .map(|(k, desc, _)| crate::exec::window_area::order_key_text(self.expr(k, 2), *desc))
                            .collect();
                        keys.join(",")
                    })
                });
            }
        }
        if let OpKind::MergeJoin { left, right, .. } = &op.kind {
            self.merge_join(left, right, out);
        }
    }

    /// MERGE JOIN's keys on its second SORT JOIN's line, as both access and filter (as Oracle prints them).
    fn merge_join(&self, left: &Op, right: &Op, out: &mut [LinePredicates]) {
        let (OpKind::SortJoin { keys: lk, .. }, OpKind::SortJoin { keys: rk, .. }) = (&left.kind, &right.kind) else {
            return;
        };
        let keys: Vec<String> =
            lk.iter().zip(rk).map(|(a, b)| format!("{}={}", self.expr(a, 2), self.expr(b, 2))).collect();
        let text = (!keys.is_empty()).then(|| keys.join(" AND "));
        if let Some(slot) = out.get_mut(right.line as usize) {
            slot.access.clone_from(&text);
            slot.filter = text;
        }
    }

    /// A bitmap index's NULL key: `"COL" IS NULL`.
    fn null_key(&self, index: usize, src: usize) -> String {
        let ix = &self.cat.indexes[index];
        format!("{} IS NULL", self.column(ix.table, ix.columns[0], Some(src)))
    }

    fn keys(&self, index: usize, keys: &[CExpr], src: usize) -> Vec<String> {
        self.keys_from(index, 0, keys, src)
    }

    /// [`Self::keys`] binding the index's columns from position `from`.
    fn keys_from(&self, index: usize, from: usize, keys: &[CExpr], src: usize) -> Vec<String> {
        let ix = &self.cat.indexes[index];
        keys.iter()
            .zip(&ix.columns[from..])
            .map(|(k, &c)| {
                let v = self.char_column_literal(ix.table, c, k).unwrap_or_else(|| self.expr(k, 2));
                format!("{}={v}", self.column(ix.table, c, Some(src)))
            })
            .collect()
    }

    /// A range on index column `at`: `col>=low`, `col<high` and the like.
    #[allow(clippy::type_complexity)]
    fn bounds(
        &self,
        index: usize,
        at: usize,
        (low, high): (&Option<(CExpr, bool)>, &Option<(CExpr, bool)>),
        src: usize,
        out: &mut Vec<String>,
    ) {
        if low.is_none() && high.is_none() {
            return;
        }
        let ix = &self.cat.indexes[index];
        let col = ix.columns.get(at).map(|&c| self.column(ix.table, c, Some(src))).unwrap_or_default();
        let value = |e: &CExpr| {
            ix.columns
                .get(at)
                .and_then(|&c| self.char_column_literal(ix.table, c, e))
                .unwrap_or_else(|| self.expr(e, 2))
        };
        if let Some((e, incl)) = low {
            out.push(format!("{col}{}{}", if *incl { ">=" } else { ">" }, value(e)));
        }
        if let Some((e, incl)) = high {
            out.push(format!("{col}{}{}", if *incl { "<=" } else { "<" }, value(e)));
        }
    }

    fn conjuncts(&self, preds: &[CExpr]) -> Vec<String> {
        let prec = if preds.len() > 1 { 1 } else { 0 };
        preds.iter().map(|p| self.expr(p, prec)).collect()
    }

    /// A column of `table`, read through table source `src` when known:
    /// qualified by the source's alias (else the table's name) when its
    /// query block has more than one FROM item or names it by an alias,
    /// as Oracle prints them (`filter("SAL"> (SELECT AVG("SAL") FROM
    /// "EMP" "EMP"))`, `access("E"."JOB_ID"='SH_CLERK')`).
    fn column(&self, table: usize, col: usize, src: Option<usize>) -> String {
        let t = &self.cat.tables[table];
        let name = t.columns.get(col).map(|c| c.name.as_str()).unwrap_or("?");
        if !src.is_some_and(|s| self.qualified.contains(&s)) {
            return format!("\"{name}\"");
        }
        let alias = src.and_then(|s| self.aliases.iter().find(|(x, _)| *x == s)).map(|(_, a)| a.as_str());
        let mark = if src.is_some_and(|s| self.plus.contains(&s)) { "(+)" } else { "" };
        format!("\"{}\".\"{name}\"{mark}", alias.unwrap_or(&t.name))
    }

    /// The name of a generated source's column: the column a VIEW (or a
    /// sort) projected into it.
    fn gen_name(&self, src: usize, col: usize) -> String {
        // A recursive WITH's or a view's column by its name (`gen_names.rs`).
        if let Some(n) = super::gen_names::named_column(self.root, src, col, children) {
            return n;
        }
        fn find(op: &Op, src: usize) -> Option<&[CExpr]> {
            match &op.kind {
                OpKind::View { exprs, out_src, .. } | OpKind::SortOrderBy { exprs, out_src, .. } if *out_src == src => {
                    return Some(exprs);
                }
                OpKind::GroupBy { keys, out_src, .. } if *out_src == src => return Some(keys),
                OpKind::UnionAll { branches, out_src, .. } if *out_src == src => {
                    return branches.first().map(|(_, e)| e.as_slice());
                }
                _ => {}
            }
            children(op).into_iter().find_map(|c| find(c, src))
        }
        fn group(op: &Op, src: usize) -> Option<(&[CExpr], &[crate::exec::expr::AggSpec])> {
            match &op.kind {
                OpKind::GroupBy { keys, aggs, out_src, .. } if *out_src == src => return Some((keys, aggs)),
                OpKind::SortAggregate { aggs, out_src, .. } if *out_src == src => return Some((&[], aggs)),
                _ => {}
            }
            children(op).into_iter().find_map(|c| group(c, src))
        }
        fn hier(op: &Op, src: usize) -> Option<&crate::exec::hier_area::HierSpec> {
            if let OpKind::ConnectBy { spec, .. } = &op.kind {
                if spec.prior_src == src || spec.out_src == src {
                    return Some(spec);
                }
            }
            children(op).into_iter().find_map(|c| hier(c, src))
        }
        if let Some(h) = hier(self.root, src) {
            use crate::exec::hier_area::HierItem;
            if h.prior_src == src {
                return h.priors.get(col).map_or_else(|| "PRIOR ?".into(), |e| format!("PRIOR {}", self.expr(e, 9)));
            }
            return match col.checked_sub(2).and_then(|i| h.items.get(i)) {
                _ if col == 0 => "CONNECT_BY_ISLEAF".into(),
                _ if col == 1 => "CONNECT_BY_ISCYCLE".into(),
                Some(HierItem::Prior(e)) => format!("PRIOR {}", self.expr(e, 9)),
                Some(HierItem::Root(e)) => format!("CONNECT_BY_ROOT {}", self.expr(e, 9)),
                Some(HierItem::Path(e, s)) => format!("SYS_CONNECT_BY_PATH({},'{}')", self.expr(e, 0), s),
                None => "?".into(),
            };
        }
        if let Some((keys, aggs)) = group(self.root, src) {
            if let Some(a) = col.checked_sub(keys.len()).and_then(|i| aggs.get(i)) {
                let arg = a.arg.as_ref().map(|x| self.expr(x, 0)).unwrap_or_else(|| "*".into());
                return format!("{}({arg})", a.func.name());
            }
        }
        if let Some(s) = find_sub(self.root, src) {
            return match &s.kind {
                SubKind::Exists => format!(" EXISTS ({})", self.sub_select(s, None)),
                SubKind::In { left, right, quant: None } => {
                    format!("{} IN ({})", self.expr(left, 2), self.sub_select(s, Some(right)))
                }
                SubKind::In { left, right, quant: Some(q) } => {
                    let (op, word) = (q.op.text(), if q.all { "ALL" } else { "ANY" });
                    format!("{}{op}{word} ({})", self.expr(left, 2), self.sub_select(s, Some(right)))
                }
                SubKind::Scalar { value } => format!(" ({})", self.sub_select(s, Some(value))),
            };
        }
        match find(self.root, src).and_then(|e| e.get(col)) {
            Some(CExpr::Col { table, col, .. }) => {
                let name = self.cat.tables[*table].columns.get(*col).map(|c| c.name.as_str()).unwrap_or("?");
                format!("\"{name}\"")
            }
            Some(e) => self.expr(e, 9),
            None => format!("\"COL{}\"", col + 1),
        }
    }

    /// Whether `e` is an EXISTS subquery's result.
    fn exists_slot(&self, e: &CExpr) -> bool {
        matches!(e, CExpr::Gen { src, .. } if find_sub(self.root, *src).is_some_and(|s| matches!(s.kind, SubKind::Exists)))
    }

    /// A subquery as Oracle prints it in a predicate: `SELECT 0` for an
    /// EXISTS (`value` None), its FROM items and WHERE conjuncts, the
    /// correlation values as binds (`:B1`).
    fn sub_select(&self, s: &'a SubPlan, value: Option<&CExpr>) -> String {
        let w = Writer { plus: Vec::new(), corr: &s.keys, ..*self };
        let sel = value.map(|v| w.expr(v, 0)).unwrap_or_else(|| "0".into());
        let Some(t) = &s.text else { return format!("SELECT {sel}") };
        let mut out = format!("SELECT {sel} FROM {}", t.from);
        if !t.preds.is_empty() {
            out += " WHERE ";
            out += &w.conjuncts(&t.preds).join(" AND ");
        }
        out
    }

    /// A string literal compared with a CHAR column, which the compiler
    /// blank-padded to the column's length, as it was written (without
    /// the padding).
    fn char_literal(&self, col: &CExpr, lit: &CExpr) -> Option<String> {
        let CExpr::Col { table, col, .. } = col else { return None };
        self.char_column_literal(*table, *col, lit)
    }

    fn char_column_literal(&self, table: usize, col: usize, lit: &CExpr) -> Option<String> {
        let CExpr::Const(crate::value::Value::Str(s)) = lit else { return None };
        let c = self.cat.tables.get(table)?.columns.get(col)?;
        matches!(c.data_type, lio_sql::ast::DataType::Char { .. })
            .then(|| format!("'{}'", s.trim_end_matches(' ').replace('\'', "''")))
    }

    /// An expression; `prec` is the binding strength of the context
    /// (0 top, 1 a conjunct, 2 a comparison operand, 3 `+`/`-`, 4 `*`/`/`):
    /// weaker operators inside a stronger context are parenthesised.
    fn expr(&self, e: &CExpr, prec: u8) -> String {
        match self.corr.iter().position(|k| k.same(e)) {
            Some(i) => format!(":B{}", i + 1),
            None => self.expr_node(e, prec),
        }
    }

    /// `NOT e`; NOT EXISTS as Oracle prints it.
    fn not_text(&self, a: &CExpr) -> String {
        if self.exists_slot(a) {
            format!(" NOT{}", self.expr(a, 0))
        } else {
            format!("NOT ({})", self.expr(a, 0))
        }
    }

    /// CAST(x AS type), and a DATE plus an interval as the equal call of
    /// its amount (`d+NUMTODSINTERVAL(seconds,'SECOND')`).
    fn cast_or_interval(&self, f: &super::super::expr::Func, args: &[CExpr]) -> Option<String> {
        use super::super::expr::Func;
        Some(match (f, args) {
            (Func::Cast(to), [x]) => format!("CAST({} AS {})", self.expr(x, 0), to.text()),
            (Func::Date(d @ (DateFn::AddSeconds | DateFn::AddMonthsExact)), [x, n]) => {
                let (f, unit) =
                    if *d == DateFn::AddSeconds { ("NUMTODSINTERVAL", "SECOND") } else { ("NUMTOYMINTERVAL", "MONTH") };
                format!("{}+{f}({},'{unit}')", self.expr(x, 3), self.expr(n, 0))
            }
            _ => return None,
        })
    }

    fn expr_node(&self, e: &CExpr, prec: u8) -> String {
        match e {
            CExpr::Const(v) | CExpr::Varchar(v) => match v {
                crate::value::Value::Null => "NULL".into(),
                // A negative number is parenthesised: `"N"=(-1)`.
                crate::value::Value::Num(n) if n.is_negative() => format!("({n})"),
                crate::value::Value::Num(n) => n.to_string(),
                crate::value::Value::Str(s) => format!("'{}'", s.replace('\'', "''")),
                // As Oracle prints a DATE constant in a predicate.
                crate::value::Value::Date(d) => format!("TO_DATE('{}', 'syyyy-mm-dd hh24:mi:ss')", d.canonical()),
            },
            CExpr::Bind(i) => match self.binds.get(*i) {
                Some(n) if n.starts_with(':') => n.to_ascii_uppercase(),
                Some(n) => format!(":{}", n.to_ascii_uppercase()),
                None => format!(":{}", i + 1),
            },
            CExpr::Col { table, col, src } => self.column(*table, *col, Some(*src)),
            CExpr::Gen { src, col } => self.gen_name(*src, *col),
            CExpr::Level => "LEVEL".into(),
            CExpr::Rownum => "ROWNUM".into(),
            CExpr::RowId(_) => "ROWID".into(),
            // A blank-padded comparison's key prints as the operand itself.
            CExpr::Func(super::super::expr::Func::CharKey, args, _) if args.len() == 1 => self.expr(&args[0], prec),
            CExpr::Func(f, args, _) => self.cast_or_interval(f, args).unwrap_or_else(|| self.func_text(f, args)),
            CExpr::Bin(op, a, b, _) => {
                let (text, p) = match op {
                    BinaryOp::Or => (" OR ", 0),
                    BinaryOp::And => (" AND ", 1),
                    BinaryOp::Eq => ("=", 2),
                    BinaryOp::Ne => ("<>", 2),
                    BinaryOp::Lt => ("<", 2),
                    BinaryOp::Le => ("<=", 2),
                    BinaryOp::Gt => (">", 2),
                    BinaryOp::Ge => (">=", 2),
                    BinaryOp::Add | BinaryOp::Sub | BinaryOp::Concat => (op_text(*op), 3),
                    BinaryOp::Mul | BinaryOp::Div => (op_text(*op), 4),
                };
                // Same-operator chains stay flat; an AND inside an OR (or
                // the reverse) is parenthesised, as Oracle prints them.
                let side = |x: &CExpr| match (op, x) {
                    (BinaryOp::Or, CExpr::Bin(BinaryOp::And, ..)) => self.expr(x, 2),
                    (BinaryOp::Or | BinaryOp::And, _) => self.expr(x, p),
                    _ => self.expr(x, p + 1),
                };
                let (mut left, mut right) = (side(a), side(b));
                // A literal padded to a CHAR column prints as written.
                if p == 2 {
                    if let Some(t) = self.char_literal(a, b) {
                        right = t;
                    } else if let Some(t) = self.char_literal(b, a) {
                        left = t;
                    }
                }
                let s = format!("{left}{text}{right}");
                if p < prec {
                    format!("({s})")
                } else {
                    s
                }
            }
            CExpr::Neg(a, _) => format!("(-{})", self.expr(a, 5)),
            CExpr::Not(a) => self.not_text(a),
            CExpr::Between(x, lo, hi) => {
                let x = self.expr(x, 3);
                let s = format!("{x}>={} AND {x}<={}", self.expr(lo, 3), self.expr(hi, 3));
                if prec > 1 {
                    format!("({s})")
                } else {
                    s
                }
            }
            CExpr::IsNull(a, negated) => {
                format!("{} IS {}NULL", self.expr(a, 3), if *negated { "NOT " } else { "" })
            }
            // Oracle shows an IN list as its ORs (NOT IN as its ANDs).
            CExpr::InList(xe, list, negated, _) => {
                let x = self.expr(xe, 2);
                let (op, join) = if *negated { ("<>", " AND ") } else { ("=", " OR ") };
                let s = list
                    .iter()
                    .map(|e| format!("{x}{op}{}", self.char_literal(xe, e).unwrap_or_else(|| self.expr(e, 2))))
                    .collect::<Vec<_>>()
                    .join(join);
                if list.len() > 1 && prec > 0 {
                    format!("({s})")
                } else {
                    s
                }
            }
            CExpr::Like(x, pat, esc, negated, _) => {
                let mut s =
                    format!("{} {}LIKE {}", self.expr(x, 3), if *negated { "NOT " } else { "" }, self.expr(pat, 3));
                if let Some(e) = esc {
                    s += &format!(" ESCAPE {}", self.expr(e, 3));
                }
                s
            }
            CExpr::Case(operand, whens, otherwise, _) => {
                let mut s = String::from("CASE ");
                if let Some(o) = operand {
                    s += &self.expr(o, 3);
                }
                for (w, t) in whens {
                    s += &format!(" WHEN {} THEN {}", self.expr(w, 0), self.expr(t, 0));
                }
                if let Some(e) = otherwise {
                    s += &format!(" ELSE {}", self.expr(e, 0));
                }
                s + " END"
            }
        }
    }
}

/// The subquery whose result source `src` is.
fn find_sub(op: &Op, src: usize) -> Option<&SubPlan> {
    if let OpKind::SubqueryFilter { subs, .. } | OpKind::ScalarSubs { subs, .. } = &op.kind {
        if let Some(s) = subs.iter().find(|s| s.slot == src) {
            return Some(s);
        }
    }
    children(op).into_iter().find_map(|c| find_sub(c, src))
}

fn op_text(op: BinaryOp) -> &'static str {
    match op {
        BinaryOp::Add => "+",
        BinaryOp::Sub => "-",
        BinaryOp::Mul => "*",
        BinaryOp::Div => "/",
        _ => "||",
    }
}
