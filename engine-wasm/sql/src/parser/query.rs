//! SQL statements and queries: `SELECT`, the FROM clause, joins, and the
//! statement dispatch (`sql_unit`).

use super::join_forms::Join;
use super::keywords::{is_reserved, NOT_ALIAS, UNSUPPORTED_STATEMENTS};
use super::{Node, Parser, QUERY_WEIGHT, R};
use crate::ast::*;
use crate::error::LabError;
use crate::lexer::{pos_in, Tok};
use crate::ora;

/// An ANSI join condition, its depth, and the position of its `ON`.
type JoinCondition = (Node, Pos);

impl Parser<'_> {
    pub(super) fn sql_unit(&mut self) -> R<StatementKind> {
        let kind = self.sql_statement()?;
        self.expect_end()?;
        Ok(kind)
    }

    fn sql_statement(&mut self) -> R<StatementKind> {
        if self.is(&Tok::LParen) && (self.nth_is_kw(1, "SELECT") || self.nth_is_kw(1, "WITH")) {
            // A parenthesised query, perhaps the first branch of a compound.
            return Ok(StatementKind::Query(self.query()?));
        }
        let Some(word) = self.word().map(str::to_string) else {
            return Err(self.fail(ora::INVALID_SQL_STATEMENT));
        };
        match word.as_str() {
            "SELECT" if self.at_xplan_query() => self.xplan_query(),
            "SELECT" if self.at_sqlmon_query() => self.sqlmon_query(),
            "EXPLAIN" => self.explain_plan(),
            "SELECT" | "WITH" => {
                let q = self.query()?;
                Ok(if std::mem::take(&mut self.for_update) {
                    StatementKind::SelectForUpdate(q)
                } else {
                    StatementKind::Query(q)
                })
            }
            "CREATE" => self.create(),
            "ALTER" => self.alter(),
            "DROP" => self.drop_stmt(),
            "TRUNCATE" => self.truncate(),
            "ANALYZE" => self.analyze(),
            "COMMENT" => self.comment(),
            "INSERT" => Ok(StatementKind::Insert(self.insert()?)),
            "UPDATE" => Ok(StatementKind::Update(self.update()?)),
            "DELETE" => Ok(StatementKind::Delete(self.delete()?)),
            "MERGE" => Ok(StatementKind::Merge(Box::new(self.merge()?))),
            "COMMIT" | "ROLLBACK" | "SAVEPOINT" => self.transaction_statement(),
            w => match UNSUPPORTED_STATEMENTS.iter().find(|(k, _)| *k == w) {
                Some((_, what)) => Err(self.unsupported(*what)),
                None => Err(self.fail(ora::INVALID_SQL_STATEMENT)),
            },
        }
    }

    pub(super) fn query(&mut self) -> R<Query> {
        self.query_h().map(|(q, _)| q)
    }

    /// A query and the depth of its deepest expression tree.
    pub(super) fn query_h(&mut self) -> R<(Query, u32)> {
        self.query_into(false).map(|(q, _, h)| (q, h))
    }

    /// A query, its `INTO` targets (PL/SQL) and the depth of its deepest
    /// expression tree (also recorded for the enclosing query or loop).
    pub(super) fn query_into(&mut self, allow_into: bool) -> R<(Query, Vec<Ident>, u32)> {
        self.enter(QUERY_WEIGHT)?;
        let outer = self.enter_tree();
        let r = if self.is_kw("WITH") {
            let scope = self.ctes.len();
            let r = self.with_clause().and_then(|_| self.query_inner(allow_into));
            self.ctes.truncate(scope);
            r
        } else {
            self.query_inner(allow_into)
        };
        let deepest = self.leave_tree(outer);
        self.depth -= QUERY_WEIGHT;
        let (q, into) = r?;
        Ok((q, into, self.record(deepest)))
    }

    fn query_inner(&mut self, allow_into: bool) -> R<(Query, Vec<Ident>)> {
        // A block is parsed here directly, not through a helper: one frame
        // less per nested query.
        let paren = self.is(&Tok::LParen) && self.paren_query_ahead();
        let (mut q, into) = if paren { (self.paren_term(false)?, Vec::new()) } else { self.query_branch(allow_into)? };
        if self.set_operator().is_some() || (paren && self.is_kw("ORDER")) {
            self.set_chain(&mut q, paren)?;
        }
        Ok((q, into))
    }

    /// One query block: SELECT ... FROM ... and its clauses, up to a
    /// `UNION ALL` (left for [`Self::query_inner`]).
    pub(super) fn query_branch(&mut self, allow_into: bool) -> R<(Query, Vec<Ident>)> {
        let pos = self.pos();
        let (hints, distinct) = self.select_head()?;
        let select = self.select_list()?;
        let into = self.select_into_targets(allow_into)?;
        if !self.eat_kw("FROM") {
            return Err(self.fail(ora::FROM_KEYWORD_NOT_FOUND));
        }
        let (from, join_conds, using, full) = self.table_refs()?;
        let mut q = Query {
            pos,
            hints,
            distinct,
            select,
            from,
            where_clause: None,
            connect_by: None,
            hier: None,
            group_by: Vec::new(),
            grouping: None,
            having: None,
            order_by: Vec::new(),
            union_all: Vec::new(),
            set_op: SetOp::UnionAll,
            outer_joins: Vec::new(),
            // FULL JOIN ... USING: its conditions are the USING columns'.
            full_join: full.filter(|f| using.iter().any(|u| u.right == *f)),
            using,
            row_limit: None,
        };
        let mut inner = Vec::new();
        for (c, outer_item) in join_conds {
            match outer_item {
                Some(i) => {
                    if full == Some(i) {
                        q.full_join = Some(i);
                    }
                    q.outer_joins.push((i, c.0 .0))
                }
                None => inner.push(c),
            }
        }
        let where_at = self.query_clauses(&mut q)?;
        self.fold_join_conditions(&mut q, inner, where_at)?;
        Ok((q, into))
    }

    /// ANSI join conditions are AND-ed in front of the WHERE clause, as a
    /// left-deep chain: one level more at each `ON` and at `WHERE`.
    fn fold_join_conditions(&mut self, q: &mut Query, conds: Vec<JoinCondition>, where_at: (u32, Pos)) -> R<()> {
        let mut all = conds;
        if all.is_empty() {
            return Ok(());
        }
        if let Some(w) = q.where_clause.take() {
            all.push(((w, where_at.0), where_at.1));
        }
        let mut it = all.into_iter();
        let Some(((mut acc, mut depth), _)) = it.next() else {
            return Ok(());
        };
        for ((e, h), at) in it {
            depth = self.grow(1 + depth.max(h), at)?;
            acc = Expr::Binary { op: BinaryOp::And, left: Box::new(acc), right: Box::new(e) };
        }
        self.record(depth);
        q.where_clause = Some(acc);
        Ok(())
    }

    /// `SELECT [hints] [DISTINCT|UNIQUE|ALL]`
    #[inline(never)]
    fn select_head(&mut self) -> R<(Vec<Hint>, bool)> {
        if self.is_kw("WITH") {
            return Err(self.unsupported("WITH clauses (subquery factoring)"));
        }
        self.expect_kw("SELECT", ora::MISSING_SELECT_KEYWORD)?;
        let hints = self.hints()?;
        let distinct = if self.eat_kw("DISTINCT") || self.eat_kw("UNIQUE") {
            true
        } else {
            self.eat_kw("ALL");
            false
        };
        Ok((hints, distinct))
    }

    fn select_list(&mut self) -> R<Vec<SelectItem>> {
        let mut select = vec![self.select_item()?];
        while self.eat(&Tok::Comma) {
            select.push(self.select_item()?);
        }
        Ok(select)
    }

    #[inline(never)]
    fn select_into_targets(&mut self, allow_into: bool) -> R<Vec<Ident>> {
        let mut into = Vec::new();
        if self.is_kw("BULK") {
            if !allow_into || !self.nth_is_kw(1, "COLLECT") {
                return Err(self.unsupported("BULK COLLECT"));
            }
            self.bump();
            self.bump();
            if !self.is_kw("INTO") {
                return Err(self.fail(ora::MISSING_KEYWORD));
            }
            self.bulk_into = true;
        }
        if self.is_kw("INTO") {
            if !allow_into {
                return Err(self.fail(ora::MISSING_KEYWORD));
            }
            self.bump();
            into.push(self.select_into_target()?);
            while self.eat(&Tok::Comma) {
                into.push(self.select_into_target()?);
            }
        }
        Ok(into)
    }

    /// A SELECT ... INTO target: a variable, or a SQL*Plus bind variable
    /// (`:n`, named `:N` among the block's variables).
    fn select_into_target(&mut self) -> R<Ident> {
        if let Tok::Bind(b) = &self.tok().tok {
            let id = Ident { name: format!(":{b}"), pos: self.tok().pos };
            self.bump();
            return Ok(id);
        }
        self.column_ident()
    }

    /// WHERE, START WITH, CONNECT BY, GROUP BY, ORDER BY. Returns the depth
    /// of the WHERE condition and the position of `WHERE`.
    fn query_clauses(&mut self, q: &mut Query) -> R<(u32, Pos)> {
        // Clauses in Oracle's order; START WITH may come before or after CONNECT BY.
        let mut stage = 0;
        let mut where_at = (0, q.pos);
        loop {
            if stage < 1 && self.is_kw("WHERE") {
                let at = self.bump().pos;
                let (cond, depth) = self.expr_h()?;
                q.where_clause = Some(cond);
                where_at = (depth, at);
                stage = 1;
            } else if stage < 2
                && q.hier.as_ref().is_none_or(|h| h.start_with.is_none())
                && self.is_kw("START")
                && self.nth_is_kw(1, "WITH")
            {
                // START WITH before or after CONNECT BY (once).
                self.bump();
                self.bump();
                let cond = self.expr()?;
                q.hier.get_or_insert_with(Default::default).start_with = Some(cond);
                stage = stage.max(1);
            } else if stage < 2 && q.connect_by.is_none() && self.is_kw("CONNECT") {
                let at = self.bump().pos;
                self.missing_keyword("BY")?;
                let nocycle = self.eat_kw("NOCYCLE");
                q.connect_by = Some(self.expr()?);
                let h = q.hier.get_or_insert_with(Default::default);
                h.nocycle = nocycle;
                h.pos = at;
                stage = 1;
            } else if stage < 3 && self.is_kw("GROUP") {
                self.bump();
                self.missing_keyword("BY")?;
                self.group_by_clause(q)?;
                stage = 3;
            } else if stage < 4 && q.having.is_none() && self.is_kw("HAVING") {
                self.bump();
                q.having = Some(Box::new(self.expr()?));
                stage = stage.max(2);
            } else if stage < 4 && self.is_kw("ORDER") {
                self.bump();
                if self.eat_kw("SIBLINGS") {
                    self.missing_keyword("BY")?;
                    let mut items = Vec::new();
                    self.order_by_items(&mut items)?;
                    match q.hier.as_mut().filter(|_| q.connect_by.is_some()) {
                        Some(h) => h.siblings = items,
                        // ORDER SIBLINGS BY in a query that is not hierarchical.
                        None => return Err(self.fail(ora::CONNECT_BY_REQUIRED)),
                    }
                } else {
                    self.missing_keyword("BY")?;
                    self.order_by_items(&mut q.order_by)?;
                }
                stage = 4;
            } else if matches!(self.word(), Some("UNION" | "MINUS" | "INTERSECT")) {
                // The next branch of the compound query (query_inner),
                // which refuses one after ORDER BY.
                break;
            } else if self.is_kw("EXCEPT") {
                // EXCEPT is 21c's; 19c reads no such operator.
                return Err(self.fail(ora::SQL_COMMAND_NOT_PROPERLY_ENDED));
            } else if stage < 5 && self.is_kw("FOR") && self.nth_is_kw(1, "UPDATE") {
                self.for_update_clause()?;
                stage = 5;
            } else if stage < 5 && q.row_limit.is_none() && (self.is_kw("FETCH") || self.is_kw("OFFSET")) {
                q.row_limit = Some(Box::new(self.row_limit()?));
                stage = 4;
            } else if self.is_kw("MODEL") {
                return Err(self.unsupported("the MODEL clause"));
            } else {
                break;
            }
        }
        Ok(where_at)
    }

    /// `FOR UPDATE [OF col, ...] [NOWAIT | WAIT n]` (at FOR): only at the
    /// top level of a query; SKIP LOCKED is refused.
    fn for_update_clause(&mut self) -> R<()> {
        if self.depth != QUERY_WEIGHT {
            return Err(self.unsupported("FOR UPDATE in a subquery or a PL/SQL block"));
        }
        self.bump();
        self.bump();
        if self.eat_kw("OF") {
            loop {
                self.ident(ora::INVALID_IDENTIFIER)?;
                if self.eat(&Tok::Dot) {
                    self.ident(ora::INVALID_IDENTIFIER)?;
                }
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
        }
        if self.is_kw("SKIP") {
            return Err(self.unsupported("FOR UPDATE SKIP LOCKED"));
        }
        if !self.eat_kw("NOWAIT") && self.eat_kw("WAIT") {
            self.expr()?;
        }
        self.for_update = true;
        Ok(())
    }

    fn alias_word_ok(&self) -> bool {
        match &self.tok().tok {
            Tok::Ident { quoted: true, .. } => true,
            Tok::Ident { name, quoted: false } => !is_reserved(name) && !NOT_ALIAS.contains(&name.as_str()),
            _ => false,
        }
    }

    fn select_item(&mut self) -> R<SelectItem> {
        if self.is(&Tok::Star) {
            let pos = self.bump().pos;
            return Ok(SelectItem::Star(pos));
        }
        if matches!(self.nth(1), Tok::Dot) && matches!(self.nth(2), Tok::Star) {
            if let Some(id) = self.ident_opt() {
                self.bump();
                self.bump();
                return Ok(SelectItem::QualifiedStar(id));
            }
        }
        let start = self.tok().start;
        let expr = self.expr()?;
        // A number, and an ordered aggregate (WITHIN GROUP, KEEP), are
        // headed by their text as typed (blanks out, upper case).
        let number = match &expr {
            Expr::Number(..) => true,
            Expr::Negate(e) => matches!(**e, Expr::Number(..)),
            Expr::Aggregate { within, .. } => within.is_some(),
            _ => false,
        };
        let heading = number.then(|| {
            let text = self.slice(start, self.prev_end());
            text.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_uppercase()
        });
        let alias = if self.eat_kw("AS") {
            Some(self.ident(ora::FROM_KEYWORD_NOT_FOUND)?)
        } else if self.alias_word_ok() {
            self.ident_opt()
        } else {
            None
        };
        Ok(SelectItem::Expr { expr, alias, heading })
    }

    pub(super) fn table_alias(&mut self) -> Option<Ident> {
        if self.alias_word_ok() {
            self.ident_opt()
        } else {
            None
        }
    }

    /// FROM items, and the ANSI join conditions (with the index of the
    /// outer-joined item for a LEFT JOIN).
    #[allow(clippy::type_complexity)]
    fn table_refs(&mut self) -> R<(Vec<FromItem>, Vec<(JoinCondition, Option<usize>)>, Vec<UsingJoin>, Option<usize>)> {
        let mut full = None;
        let mut items = Vec::new();
        let mut conds = Vec::new();
        let mut using = Vec::new();
        loop {
            let chain = items.len();
            items.push(self.table_ref()?);
            while let Some((join, natural)) = self.join_keywords()? {
                items.push(self.table_ref()?);
                let right = items.len() - 1;
                if join == Join::Cross {
                    continue;
                }
                // RIGHT JOIN is the mirrored LEFT JOIN, as Oracle's
                // optimizer treats it: the left item is the one
                // outer-joined. A left side that is itself a join
                // (several items) cannot be marked by one item.
                if join == Join::Right && right - 1 != chain {
                    return Err(self.unsupported("RIGHT JOIN after another join"));
                }
                // FULL JOIN: the right item carries the ON condition,
                // marked full (the planner keeps both sides' rows).
                if join == Join::Full {
                    if right - 1 != chain || full.is_some() {
                        return Err(self.unsupported("FULL JOIN after another join"));
                    }
                    full = Some(right);
                }
                let at = self.pos();
                let outer = join.using_outer();
                if natural || self.is_kw("USING") {
                    let columns = if natural { Vec::new() } else { self.using_columns()? };
                    using.push(UsingJoin { left: chain, right, columns, natural, outer });
                    continue;
                }
                let outer = match join {
                    Join::Left | Join::Full => Some(right),
                    Join::Right => Some(right - 1),
                    _ => None,
                };
                conds.push(((self.join_condition()?, at), outer));
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        Ok((items, conds, using, full))
    }

    pub(super) fn table_ref(&mut self) -> R<FromItem> {
        self.tables += 1;
        if self.tables > super::MAX_TABLES {
            return Err(LabError::with(ora::LAB_TOO_MANY_TABLES, super::MAX_TABLES, self.pos()));
        }
        if self.is(&Tok::LParen) {
            return self.inline_view();
        }
        if self.is_kw("XMLTABLE") && self.nth(1) == &Tok::LParen {
            return self.xmltable();
        }
        self.named_table()
    }

    /// `( SELECT ... ) [alias]`
    #[inline(never)]
    fn inline_view(&mut self) -> R<FromItem> {
        let at = self.bump().pos;
        if !self.is_kw("SELECT") && !self.is_kw("WITH") {
            return Err(self.fail(ora::MISSING_SELECT_KEYWORD));
        }
        let (query, depth) = self.query_h()?;
        // One level above the deepest tree inside, as a scalar subquery.
        let depth = self.grow(depth + 1, at)?;
        self.record(depth);
        self.rparen()?;
        let alias = self.table_alias();
        Ok(FromItem::Subquery { query: Box::new(query), alias, view: None })
    }

    /// `xmltable('a to b') [alias]`
    #[inline(never)]
    fn xmltable(&mut self) -> R<FromItem> {
        let pos = self.pos();
        self.bump();
        self.bump();
        let t = self.tok().clone();
        let Tok::Str(s) = &t.tok else {
            return Err(self.unsupported("XMLTABLE other than xmltable('a to b')"));
        };
        let Some((from, to)) = xml_range(s, t.inner) else {
            return Err(LabError::unsupported("XMLTABLE other than xmltable('a to b')", t.pos));
        };
        self.bump();
        if !self.is(&Tok::RParen) {
            return Err(self.unsupported("XMLTABLE other than xmltable('a to b')"));
        }
        self.bump();
        let alias = self.table_alias();
        Ok(FromItem::XmlTableRange { from, to, alias, pos })
    }

    #[inline(never)]
    fn named_table(&mut self) -> R<FromItem> {
        if matches!(self.word(), Some("TABLE" | "THE")) && self.nth(1) == &Tok::LParen {
            return Err(self.unsupported("TABLE() collection expressions"));
        }
        if self.is_kw("LATERAL") && self.nth(1) == &Tok::LParen {
            return Err(self.unsupported("LATERAL inline views"));
        }
        let first = self.i;
        let name = self.object_name(ora::INVALID_TABLE_NAME)?;
        self.no_partition_extended_name()?;
        let sample = if self.is_kw("SAMPLE") { Some(Box::new(self.sample_clause()?)) } else { None };
        let alias = self.table_alias();
        // An unqualified name may be a query name of a WITH clause.
        if self.i - first <= 2 && !self.ctes.is_empty() {
            if let Some(view) = self.query_name_ref(&name, &alias)? {
                if let Some(s) = &sample {
                    return Err(LabError::unsupported("SAMPLE of a WITH query name", s.pos));
                }
                // A query name, not an object.
                self.objects.pop();
                return Ok(view);
            }
        }
        if !self.views.is_empty() {
            let schema = self.objects.last().and_then(|o| o.schema.as_ref()).map(|s| s.name.clone());
            if let Some(view) = self.view_ref(schema.as_deref(), &name, &alias)? {
                if let Some(s) = &sample {
                    return Err(LabError::unsupported("SAMPLE of a view", s.pos));
                }
                return Ok(view);
            }
        }
        Ok(FromItem::Table { name, alias, sample })
    }
}

/// `'1 to 100000'` inside xmltable: two integers.
fn xml_range(s: &str, inner: Pos) -> Option<(Expr, Expr)> {
    let words: Vec<&str> = s.split_whitespace().collect();
    let [a, to, b] = words.as_slice() else {
        return None;
    };
    if !to.eq_ignore_ascii_case("to") {
        return None;
    }
    let a: i64 = a.parse().ok()?;
    let b: i64 = b.parse().ok()?;
    let lead = s.len() - s.trim_start().len();
    let apos = pos_in(s, inner, lead);
    let bpos = pos_in(s, inner, s.rfind(words[2]).unwrap_or(0));
    Some((Expr::Number(a.into(), apos), Expr::Number(b.into(), bpos)))
}
