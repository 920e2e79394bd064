//! The PL/SQL compiler's pass over an anonymous block before any of it
//! runs: every static SQL statement is compiled against the dictionary
//! (ORA-00942, ORA-00904, ... come out as ORA-06550 with `PL/SQL: ORA-...`
//! and `PL/SQL: SQL Statement ignored`), every name a PL/SQL statement
//! assigns or calls must be declared (PLS-00201). An error here means
//! nothing of the block ran, as in Oracle: "the whole PL/SQL block is
//! parsed at compile time ... nothing in the block is executed"
//! (https://nl.sqldat.com/ols/dbe/1006010483.html).

use super::super::*;
use super::builtins::{is_auto_invalidate, is_oracle_package, BUILTIN_PROCEDURES};
use super::lookup_var;
use crate::exec;
use lio_sql::ast::{Delete, SelectItem, Update};

/// What Oracle's compiler says it ignored after an error: a SQL
/// statement, or a PL/SQL one.
#[derive(Clone, Copy)]
enum Ignored {
    Sql,
    Plsql,
}

/// ORA-06550 at `at` with `first` (`PLS-00201: ...` or `PL/SQL:
/// ORA-00942: ...`), then ORA-06550 at the statement's start with what was
/// ignored, as Oracle prints a compile error of a block:
///
/// ```text
/// ORA-06550: line 4, column 15:
/// PL/SQL: ORA-00942: table or view does not exist
/// ORA-06550: line 4, column 3:
/// PL/SQL: SQL Statement ignored
/// ```
fn compile_error(b: &PlsqlBlock, first: &str, at: Pos, start: Pos, what: Ignored) -> LabError {
    let (l, c) = b.line_col(at);
    let (l2, c2) = b.line_col(start);
    let ignored = match what {
        Ignored::Sql => "SQL Statement",
        Ignored::Plsql => "Statement",
    };
    let rest = format!("{first}\n{}: line {l2}, column {c2}:\nPL/SQL: {ignored} ignored", ora::PLSQL_ERROR.code());
    LabError::with_args(ora::PLSQL_COMPILATION_ERROR, &[&l, &c, &rest], at)
}

/// A SQL statement's compile error as the PL/SQL compiler reports it (a
/// lab refusal stays as it is).
fn sql_error(b: &PlsqlBlock, e: LabError, start: Pos) -> LabError {
    if !e.code.starts_with("ORA-") || e.is(ora::PLSQL_ERROR) {
        return e;
    }
    compile_error(b, &format!("PL/SQL: {}: {}", e.code, e.message), e.pos, start, Ignored::Sql)
}

/// PLS-00201 for `name` at `at`.
fn undeclared(b: &PlsqlBlock, name: &str, at: Pos, start: Pos) -> LabError {
    let first = ora::PLS_IDENTIFIER_MUST_BE_DECLARED.line(&[&name]);
    compile_error(b, &first, at, start, Ignored::Plsql)
}

impl Run<'_> {
    /// Compile `b` as Oracle does before running it (see the module's
    /// documentation).
    pub(in crate::session) fn check_block(&mut self, b: &PlsqlBlock) -> Result<(), LabError> {
        let mut vars: Vec<(String, Value)> = Vec::new();
        for (name, ty) in &b.declarations {
            declare_var(&mut vars, name, ty);
        }
        self.check_body(b, &b.body, &mut vars)
    }

    fn check_body(
        &mut self,
        b: &PlsqlBlock,
        body: &[PlsqlStatement],
        vars: &mut Vec<(String, Value)>,
    ) -> Result<(), LabError> {
        for s in body {
            self.check_statement(b, s, vars)?;
        }
        Ok(())
    }

    fn check_statement(
        &mut self,
        b: &PlsqlBlock,
        s: &PlsqlStatement,
        vars: &mut Vec<(String, Value)>,
    ) -> Result<(), LabError> {
        match s {
            PlsqlStatement::Assign { target, value } => {
                if lookup_var(vars, &target.name).is_none() {
                    return Err(undeclared(b, &target.name, target.pos, target.pos));
                }
                self.check_expr(b, value, vars, target.pos)?;
            }
            PlsqlStatement::Call { name, args } => {
                self.check_call(b, name)?;
                for (_, a) in args {
                    self.check_expr(b, a, vars, name.pos)?;
                }
            }
            PlsqlStatement::Return { value: Some(e), pos } => self.check_expr(b, e, vars, *pos)?,
            PlsqlStatement::ExecuteImmediate { sql, using, pos, .. } => {
                self.check_expr(b, sql, vars, *pos)?;
                for u in using {
                    self.check_expr(b, u, vars, *pos)?;
                }
            }
            PlsqlStatement::SelectInto { query, text, .. } => {
                self.static_sql(query, text, vars).map_err(|e| sql_error(b, e, query.pos))?;
            }
            PlsqlStatement::CursorFor { var, query, text, body } => {
                let st = self.static_sql(query, text, vars).map_err(|e| sql_error(b, e, query.pos))?;
                let base = vars.len();
                for col in &st.columns {
                    vars.push((format!("{}.{}", var.name, col), Value::Null));
                }
                let r = self.check_body(b, body, vars);
                vars.truncate(base);
                r?;
            }
            PlsqlStatement::ForLoop { var, body, .. } => {
                vars.push((var.name.clone(), Value::Null));
                let r = self.check_body(b, body, vars);
                vars.pop();
                r?;
            }
            PlsqlStatement::If { branches, otherwise } => {
                for (_, body) in branches {
                    self.check_body(b, body, vars)?;
                }
                self.check_body(b, otherwise, vars)?;
            }
            PlsqlStatement::While { body, .. } | PlsqlStatement::Loop { body } => self.check_body(b, body, vars)?,
            PlsqlStatement::Sql(stmt) => {
                let names: Vec<String> = vars.iter().map(|(n, _)| n.clone()).collect();
                let r = match &stmt.kind {
                    StatementKind::Insert(i) => self.check_insert(i, &names),
                    StatementKind::Update(u) => self.check_update(u, &names),
                    StatementKind::Delete(d) => self.check_delete(d, &names),
                    _ => Ok(()),
                };
                r.map_err(|e| sql_error(b, e, stmt.pos))?;
            }
            PlsqlStatement::Null | PlsqlStatement::Exit { .. } | PlsqlStatement::Return { value: None, .. } => {}
        }
        Ok(())
    }

    /// A procedure call's name: a procedure the lab runs, a stored one, or
    /// one of Oracle's packages (refused by name when it runs).
    fn check_call(&mut self, b: &PlsqlBlock, name: &Ident) -> Result<(), LabError> {
        let n = name.name.as_str();
        if BUILTIN_PROCEDURES.contains(&n) || is_oracle_package(n) {
            return Ok(());
        }
        match self.inst.programs.get(n) {
            Some(p) if p.returns.is_none() => Ok(()),
            Some(_) => {
                let first = ora::PLS_NOT_A_PROCEDURE.line(&[&n]);
                Err(compile_error(b, &first, name.pos, name.pos, Ignored::Plsql))
            }
            None => Err(undeclared(b, n, name.pos, name.pos)),
        }
    }

    /// A PL/SQL expression's names: one the SQL compiler does not know
    /// (no variable, column of a cursor FOR loop, function or pseudo
    /// column) is PLS-00201. Its other errors are left to its evaluation.
    fn check_expr(&mut self, b: &PlsqlBlock, e: &Expr, vars: &[(String, Value)], start: Pos) -> Result<(), LabError> {
        // DBMS_STATS.AUTO_INVALIDATE is read by the call itself.
        if is_auto_invalidate(e) {
            return Ok(());
        }
        let e = self.without_calls(e, vars);
        self.ensure_dual(None, Some(&e));
        let profile = self.inst.profile.clone();
        let ctx = Self::plan_ctx(&self.inst.cat, &profile, &self.s.params, self.s.sid, vars);
        match exec::compile_scalar(&e, &ctx) {
            Err(err) if err.is(ora::INVALID_IDENTIFIER) => {
                let suffix = ora::INVALID_IDENTIFIER.message(&[]);
                let quoted = err.message.strip_suffix(suffix.as_str()).unwrap_or(&err.message);
                let name: String = quoted.chars().filter(|c| *c != '"').collect();
                Err(undeclared(b, &name, err.pos, start))
            }
            _ => Ok(()),
        }
    }

    fn check_insert(&mut self, i: &Insert, names: &[String]) -> Result<(), LabError> {
        let tid = self.inst.cat.table_id(&i.table.name).ok_or_else(|| super::change::missing_table(&i.table))?;
        let mut targets = self.inst.cat.tables[tid].columns.len();
        if let Some(cols) = &i.columns {
            for c in cols {
                if self.inst.cat.tables[tid].column_index(&c.name).is_none() {
                    return Err(LabError::invalid_identifier(&c.name, c.pos));
                }
            }
            targets = cols.len();
        }
        match &i.source {
            InsertSource::Values(exprs) => {
                if exprs.len() != targets {
                    let p = exprs.first().map(exec::plan::position_of).unwrap_or(i.table.pos);
                    let code = if exprs.len() < targets { ora::NOT_ENOUGH_VALUES } else { ora::TOO_MANY_VALUES };
                    return Err(LabError::new(code, p));
                }
                for e in exprs {
                    self.ensure_dual(None, Some(e));
                }
                let profile = self.inst.profile.clone();
                let ctx = Self::plan_ctx(&self.inst.cat, &profile, &self.s.params, self.s.sid, names);
                for e in exprs {
                    exec::compile_scalar(e, &ctx)?;
                }
                Ok(())
            }
            InsertSource::Query(q) => self.check_query(q, names),
        }
    }

    fn check_update(&mut self, u: &Update, names: &[String]) -> Result<(), LabError> {
        let tid = self.dml_table(&u.table)?;
        for (c, _) in &u.sets {
            if self.inst.cat.tables[tid].column_index(&c.name).is_none() {
                return Err(LabError::invalid_identifier(&c.name, c.pos));
            }
        }
        let select = u.sets.iter().map(|(_, e)| SelectItem::Expr { expr: e.clone(), alias: None }).collect();
        let q = target_query(&u.table, &u.alias, &u.where_clause, select, u.pos);
        self.check_query(&q, names)
    }

    fn check_delete(&mut self, d: &Delete, names: &[String]) -> Result<(), LabError> {
        self.dml_table(&d.table)?;
        let q = target_query(&d.table, &d.alias, &d.where_clause, Vec::new(), d.pos);
        self.check_query(&q, names)
    }

    fn check_query(&mut self, q: &Query, names: &[String]) -> Result<(), LabError> {
        self.ensure_dual(Some(q), None);
        let profile = self.inst.profile.clone();
        let ctx = Self::plan_ctx(&self.inst.cat, &profile, &self.s.params, self.s.sid, names);
        exec::compile(q, &ctx).map(|_| ())
    }
}

/// The query an UPDATE or DELETE finds its rows with (its SET values, or
/// a constant), as the statement compiles it.
fn target_query(
    table: &Ident,
    alias: &Option<Ident>,
    where_clause: &Option<Expr>,
    mut select: Vec<SelectItem>,
    pos: Pos,
) -> Query {
    if select.is_empty() {
        select.push(SelectItem::Expr { expr: Expr::Number(1i64.into(), pos), alias: None });
    }
    Query::of_table(pos, Vec::new(), select, table, alias, where_clause)
}
