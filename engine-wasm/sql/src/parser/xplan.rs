//! `EXPLAIN PLAN ... FOR <query>` and the DBMS_XPLAN table functions
//! `SELECT * FROM TABLE(dbms_xplan.display[_cursor](...))`.

use super::{Parser, R};
use crate::ast::*;
use crate::lexer::Tok;
use crate::ora;

impl Parser<'_> {
    /// `EXPLAIN PLAN [SET STATEMENT_ID = 'x'] [INTO [schema.]table] FOR <query>`.
    pub(super) fn explain_plan(&mut self) -> R<StatementKind> {
        self.bump(); // EXPLAIN
        self.missing_keyword("PLAN")?;
        let mut statement_id = None;
        if self.eat_kw("SET") {
            self.missing_keyword("STATEMENT_ID")?;
            if !self.eat(&Tok::Eq) {
                return Err(self.fail(ora::MISSING_EQUAL_SIGN));
            }
            match &self.tok().tok {
                Tok::Str(s) => {
                    statement_id = Some(s.clone());
                    self.bump();
                }
                _ => return Err(self.fail(ora::MISSING_EXPRESSION)),
            }
        }
        if self.eat_kw("INTO") {
            let name = self.object_name(ora::INVALID_TABLE_NAME)?;
            if !name.name.eq_ignore_ascii_case("PLAN_TABLE") {
                return Err(LabError::unsupported("EXPLAIN PLAN INTO a table other than PLAN_TABLE", name.pos));
            }
        }
        self.missing_keyword("FOR")?;
        let from = self.tok().start;
        if let Some((query, load)) = self.explained_load()? {
            let text = self.text.get(from..).unwrap_or("").trim().to_string();
            return Ok(StatementKind::ExplainPlan(ExplainPlan { statement_id, query, load: Some(load), text }));
        }
        if !self.is_kw("SELECT") && !self.is_kw("WITH") {
            if matches!(self.word(), Some("INSERT" | "UPDATE" | "DELETE" | "MERGE" | "CREATE")) {
                return Err(self.unsupported(
                    "EXPLAIN PLAN for MERGE, INSERT ... VALUES and CREATE other than CREATE TABLE ... AS SELECT",
                ));
            }
            return Err(self.fail(ora::INVALID_SQL_STATEMENT));
        }
        let query = self.query()?;
        if std::mem::take(&mut self.for_update) {
            return Err(self.unsupported("EXPLAIN PLAN for SELECT ... FOR UPDATE"));
        }
        let text = self.text.get(from..).unwrap_or("").trim().to_string();
        Ok(StatementKind::ExplainPlan(ExplainPlan { statement_id, query, load: None, text }))
    }

    /// After EXPLAIN PLAN FOR: `CREATE TABLE ... AS SELECT` or `INSERT ...
    /// SELECT`, its query and the table it loads (None for anything else,
    /// nothing consumed).
    fn explained_load(&mut self) -> R<Option<(Query, ExplainLoad)>> {
        let at = self.i;
        if self.is_kw("CREATE") && self.nth_is_kw(1, "TABLE") {
            if let StatementKind::CreateTable(c) = self.create()? {
                if let Some(q) = c.as_select {
                    return Ok(Some((*q, ExplainLoad { table: c.name, create: true, direct: true, change: None })));
                }
            }
        } else if self.is_kw("INSERT") {
            let i = self.insert()?;
            let append = i.hints.iter().any(|h| matches!(h, Hint::Other(n) if n.eq_ignore_ascii_case("APPEND")));
            if let InsertSource::Query(q) = i.source {
                return Ok(Some((*q, ExplainLoad { table: i.table, create: false, direct: append, change: None })));
            }
        } else if self.is_kw("UPDATE") {
            let u = self.update()?;
            let select = u.sets.iter().map(|(_, e)| SelectItem::Expr { expr: e.clone(), alias: None, heading: None });
            let q = Query::of_table(u.pos, u.hints, select.collect(), &u.table, &u.alias, &u.where_clause);
            let change = Some(ExplainChange::Update);
            return Ok(Some((q, ExplainLoad { table: u.table, create: false, direct: false, change })));
        } else if self.is_kw("DELETE") {
            let d = self.delete()?;
            let one = SelectItem::Expr { expr: Expr::Number(1i64.into(), d.pos), alias: None, heading: None };
            let q = Query::of_table(d.pos, d.hints, vec![one], &d.table, &d.alias, &d.where_clause);
            let change = Some(ExplainChange::Delete);
            return Ok(Some((q, ExplainLoad { table: d.table, create: false, direct: false, change })));
        } else {
            return Ok(None);
        }
        self.i = at;
        Ok(None)
    }

    /// Does the statement read a DBMS_XPLAN table function
    /// (`SELECT * | plan_table_output FROM TABLE(dbms_xplan.`)?
    pub(super) fn at_xplan_query(&self) -> bool {
        let col = matches!(self.nth(1), Tok::Star) || self.nth_word(1) == Some("PLAN_TABLE_OUTPUT");
        col && self.nth_is_kw(2, "FROM")
            && self.nth_is_kw(3, "TABLE")
            && self.nth(4) == &Tok::LParen
            && self.nth_is_kw(5, "DBMS_XPLAN")
            && self.nth(6) == &Tok::Dot
    }

    /// `SELECT ... FROM TABLE(dbms_xplan.display[_cursor][(args)]) [alias]`.
    pub(super) fn xplan_query(&mut self) -> R<StatementKind> {
        let pos = self.pos();
        for _ in 0..6 {
            self.bump(); // SELECT col FROM TABLE ( DBMS_XPLAN
        }
        self.bump(); // .
        let fname = self.word().unwrap_or("").to_string();
        let fname = fname.as_str();
        let func = match self.word() {
            Some("DISPLAY") => XplanFunc::Display,
            Some("DISPLAY_CURSOR") => XplanFunc::DisplayCursor,
            _ => return Err(self.unsupported("DBMS_XPLAN functions other than DISPLAY and DISPLAY_CURSOR")),
        };
        self.bump();
        // Parameters in order; named ones by their name.
        let names: &[&str] = match func {
            XplanFunc::Display => &["TABLE_NAME", "STATEMENT_ID", "FORMAT", "FILTER_PREDS"],
            XplanFunc::DisplayCursor => &["SQL_ID", "CURSOR_CHILD_NO", "FORMAT"],
        };
        let mut args: Vec<Option<String>> = vec![None; names.len()];
        let mut arg_pos: Vec<Option<Pos>> = vec![None; names.len()];
        if self.eat(&Tok::LParen) && !self.eat(&Tok::RParen) {
            for (slot, value, at) in
                self.literal_args(fname, names, "DBMS_XPLAN arguments other than literals and NULL")?
            {
                arg_pos[slot] = Some(at);
                args[slot] = value;
            }
            self.rparen()?;
        }
        self.rparen()?;
        // An optional table alias.
        if self.word().is_some_and(|w| !super::keywords::is_reserved(w)) {
            self.bump();
        }
        let format_at = names.iter().position(|n| *n == "FORMAT").unwrap_or(0);
        let statement_id = if func == XplanFunc::Display { args[1].clone() } else { None };
        let (format, format_pos) = (args[format_at].clone(), arg_pos[format_at]);
        Ok(StatementKind::Xplan(XplanCall { func, format, format_pos, statement_id, pos }))
    }
}

use crate::error::LabError;
