//! Anonymous PL/SQL blocks: variables, loops, static and dynamic SQL, and
//! the built-in packages the source articles call.

use super::cursor::FetchPolicy;
use super::net::Client;
use super::program::Flow;
pub(crate) use super::types::StaticSql;
use super::*;
use crate::exec::{self, Env, EvalCtx};

mod builtins;
mod check;
mod collections;
mod convert_raw;
mod cursors;
mod dynamic;
mod errors;
mod exceptions;
mod implicit;
mod method_opt;
mod prefs;
mod records;
mod set_stats;
mod sqlerrm;
pub(super) use sqlerrm::is_error_function;

impl Run<'_> {
    // ------------------------------------------------------------ PL/SQL

    /// An anonymous block (or SQL*Plus `EXEC`): compiled whole first
    /// (session/plsql/check.rs), then run; an error raised while it runs
    /// ends it with Oracle's error stack (see [`at_block_line`]).
    pub(super) fn run_plsql(&mut self, b: &PlsqlBlock, out: &mut Vec<String>) -> Result<(), LabError> {
        // A block SQL*Plus sends sees its bind variables (`:n`); one run
        // by EXECUTE IMMEDIATE does not.
        let host = self.s.plsql_nest == 0;
        let mut vars: Vec<(String, Value)> = if host { self.host_scope() } else { Vec::new() };
        self.check_block(b, &vars)?;
        let hosts = vars.len();
        self.declare_all(&mut vars, &b.declarations);
        self.s.stats.calls.execute_count += 1;
        let savepoint = host.then(|| self.block_savepoint());
        if host {
            self.s.sql_cursor = super::types::SqlCursor::None;
        }
        // RETURN in an anonymous block ends it.
        let r = self.run_plsql_body(&b.body, &mut vars, out);
        let closed = self.end_block_cursors(&vars, hosts, r.is_ok(), b.shown_at);
        self.end_block_collections(&vars, hosts);
        let r = r.and(closed);
        if let (Err(_), Some(sp)) = (&r, savepoint) {
            self.roll_back_block(sp, b.shown_at)?;
        }
        r.map_err(|e| at_block_line(b, e))?;
        if host {
            self.store_host_scope(&vars[..hosts]);
        }
        Ok(())
    }

    /// A condition (IF, WHILE, EXIT WHEN): NULL is not true.
    fn plsql_test(&mut self, e: &Expr, vars: &[(String, Value)]) -> Result<bool, LabError> {
        let (c, binds) = self.plsql_compile(e, vars)?;
        let env = Env::default();
        let mut cx = EvalCtx {
            cat: &self.inst.cat,
            env: &env,
            binds: &binds,
            rng: &mut self.s.rng,
            text_work: &mut self.s.stats.work.text,
            io: Some(&self.inst.io),
        };
        c.test(&mut cx)
    }

    /// A PL/SQL expression compiled, with its variables' values as binds
    /// (the calls the SQL evaluator cannot make already made).
    fn plsql_compile(&mut self, e: &Expr, vars: &[(String, Value)]) -> Result<(exec::CExpr, Vec<Value>), LabError> {
        let e = self.resolve_calls(e, vars)?;
        // `s.NEXTVAL` (11.1+): its value taken now.
        let e = match self.plsql_sequence_values(&e)? {
            Some(x) => std::borrow::Cow::Owned(x),
            None => e,
        };
        self.ensure_dual(None, Some(&e));
        let profile = self.inst.profile.clone();
        let ctx = Self::plan_ctx(&self.inst.cat, &profile, &self.s.params, self.s.sid, vars, &self.s.user);
        let (mut c, bind_names) = exec::compile_scalar(&e, &ctx)?;
        self.cursor_attributes_open(&bind_names, vars, &e)?;
        exec::convert::plsql_concat(&mut c);
        // Comparisons with CHAR, VARCHAR2 and NUMBER variables.
        let kinds: Vec<exec::convert::Kind> =
            bind_names.iter().map(|n| var_type(vars, n).map_or(exec::convert::Kind::Unknown, |t| t.kind())).collect();
        if kinds.iter().any(|k| *k != exec::convert::Kind::Unknown) {
            exec::convert::coerce_binds(&mut c, &self.inst.cat, &kinds);
        }
        let mut vals = values_of(&bind_names, vars);
        self.sql_attribute_values(&bind_names, &mut vals, &e)?;
        Ok((c, vals))
    }

    /// A loop body's end: Some(flow) when the loop must stop.
    fn loop_flow(f: Flow) -> Option<Flow> {
        match f {
            Flow::Next => None,
            Flow::Exit => Some(Flow::Next),
            r @ Flow::Return(_) => Some(r),
        }
    }

    pub(super) fn plsql_eval(&mut self, e: &Expr, vars: &[(String, Value)]) -> Result<Value, LabError> {
        let (c, binds) = self.plsql_compile(e, vars)?;
        let env = Env::default();
        let mut cx = EvalCtx {
            cat: &self.inst.cat,
            env: &env,
            binds: &binds,
            rng: &mut self.s.rng,
            text_work: &mut self.s.stats.work.text,
            io: Some(&self.inst.io),
        };
        c.eval(&mut cx)
    }

    /// A loop or IF body: [`super::program::BODY_NEST`] levels of the
    /// chain of calls it may sit in.
    fn nested_body(
        &mut self,
        body: &[PlsqlStatement],
        vars: &mut Vec<(String, Value)>,
        out: &mut Vec<String>,
    ) -> Result<Flow, LabError> {
        self.s.plsql_nest += super::program::BODY_NEST;
        let r = self.run_plsql_body(body, vars, out);
        self.s.plsql_nest -= super::program::BODY_NEST;
        r
    }

    pub(super) fn run_plsql_body(
        &mut self,
        body: &[PlsqlStatement],
        vars: &mut Vec<(String, Value)>,
        out: &mut Vec<String>,
    ) -> Result<Flow, LabError> {
        for s in body {
            self.s.stats.work.plsql_steps += 1;
            // A step looks its variables up by name in the scope: work as
            // big as the scope (a loop assigning the first of 40,000
            // variables scanned them all at every step, uncharged).
            self.s.stats.work.scope += vars.len() as u64;
            self.check_work()?;
            match s {
                PlsqlStatement::Null => {}
                PlsqlStatement::Assign { target, value } => {
                    let v = self.plsql_eval(value, vars)?;
                    set_var(vars, target, v)?;
                }
                PlsqlStatement::ForLoop { var, from, to, body, .. } => {
                    match self.for_loop(var, from, to, body, vars, out)? {
                        Flow::Next => {}
                        f => return Ok(f),
                    }
                }
                PlsqlStatement::If { branches, otherwise, .. } => {
                    let mut chosen: &[PlsqlStatement] = otherwise;
                    for (cond, b) in branches {
                        if self.plsql_test(cond, vars)? {
                            chosen = b;
                            break;
                        }
                    }
                    match self.nested_body(chosen, vars, out)? {
                        Flow::Next => {}
                        f => return Ok(f),
                    }
                }
                PlsqlStatement::While { cond, body, .. } => loop {
                    self.s.stats.work.plsql_steps += 1;
                    self.check_work()?;
                    if !self.plsql_test(cond, vars)? {
                        break;
                    }
                    if let Some(f) = Self::loop_flow(self.nested_body(body, vars, out)?) {
                        match f {
                            Flow::Next => break,
                            f => return Ok(f),
                        }
                    }
                },
                PlsqlStatement::Loop { body } => loop {
                    self.s.stats.work.plsql_steps += 1;
                    self.check_work()?;
                    if let Some(f) = Self::loop_flow(self.nested_body(body, vars, out)?) {
                        match f {
                            Flow::Next => break,
                            f => return Ok(f),
                        }
                    }
                },
                PlsqlStatement::Exit { when, .. } => {
                    let go = match when {
                        Some(c) => self.plsql_test(c, vars)?,
                        None => true,
                    };
                    if go {
                        return Ok(Flow::Exit);
                    }
                }
                PlsqlStatement::Return { value, .. } => {
                    let v = match value {
                        Some(e) => Some(self.plsql_eval(e, vars)?),
                        None => None,
                    };
                    return Ok(Flow::Return(v));
                }
                PlsqlStatement::CursorFor { var, query, text, body, args } => {
                    match self.cursor_for(var, (query, text, args), body, vars, out)? {
                        Flow::Next => {}
                        f => return Ok(f),
                    }
                }
                PlsqlStatement::Call { name, args } => {
                    if !self.collection_method(name, args, vars)? && !self.convert_raw_value((name, args), vars)? {
                        self.plsql_call(name, args, vars, out)?
                    }
                }
                PlsqlStatement::Sql(stmt) => {
                    let base = vars.len();
                    let r = self.element_vars(&stmt.kind, vars).and_then(|_| self.static_statement(stmt, vars));
                    vars.truncate(base);
                    r?
                }
                PlsqlStatement::SelectInto { query, into, text, bulk } => {
                    self.select_into(query, into, text, *bulk, vars)?
                }
                PlsqlStatement::ExecuteImmediate { sql, into, using, pos } => {
                    self.execute_immediate(sql, into, using, *pos, vars)?
                }
                PlsqlStatement::Open(o) => self.open_cursor_statement(o, vars)?,
                PlsqlStatement::Fetch(f) => self.fetch_statement(f, vars)?,
                PlsqlStatement::Close(c) => self.close_statement(c, vars)?,
                PlsqlStatement::Forall { index, from, to, stmt, .. } => self.forall((index, from, to), stmt, vars)?,
                PlsqlStatement::AssignElement { coll, index, value } => {
                    self.assign_element(coll, index, value, vars)?
                }
                PlsqlStatement::Raise { .. } | PlsqlStatement::Handled { .. } => {
                    match self.exception_statement(s, vars, out)? {
                        Flow::Next => {}
                        f => return Ok(f),
                    }
                }
            }
        }
        Ok(Flow::Next)
    }

    /// `FOR i IN a .. b LOOP ... END LOOP`.
    fn for_loop(
        &mut self,
        var: &Ident,
        from: &Expr,
        to: &Expr,
        body: &[PlsqlStatement],
        vars: &mut Vec<(String, Value)>,
        out: &mut Vec<String>,
    ) -> Result<Flow, LabError> {
        // Bounds that are text not holding a number: ORA-06502.
        let bound = |v: Value| {
            exec::convert::number_of(&v, var.pos).map_err(|_| LabError::new(ora::PLSQL_CHAR_TO_NUMBER, var.pos))
        };
        let a = bound(self.plsql_eval(from, vars)?)?.unwrap_or(0.0) as i64;
        let b = bound(self.plsql_eval(to, vars)?)?.unwrap_or(0.0) as i64;
        vars.push((var.name.clone(), Value::Null));
        let slot = vars.len() - 1;
        // Counted without overflow: a loop ending at i64::MAX ends.
        let mut i = a;
        let mut stop = None;
        while i <= b {
            vars[slot].1 = Value::int(i);
            self.s.stats.work.plsql_steps += 1;
            self.check_work()?;
            if let Some(f) = Self::loop_flow(self.nested_body(body, vars, out)?) {
                stop = Some(f);
                break;
            }
            match i.checked_add(1) {
                Some(n) => i = n,
                None => break,
            }
        }
        vars.truncate(slot);
        match stop {
            None | Some(Flow::Next) => {}
            Some(f) => return Ok(f),
        }
        Ok(Flow::Next)
    }

    /// `FOR r IN (SELECT ...) LOOP ... END LOOP`: `r.column` in the body.
    /// `FOR r IN c(args) LOOP`: the declared cursor's query, with its
    /// parameters in scope.
    fn cursor_for(
        &mut self,
        var: &Ident,
        (query, text, args): (&Query, &str, &[CursorArg]),
        body: &[PlsqlStatement],
        vars: &mut Vec<(String, Value)>,
        out: &mut Vec<String>,
    ) -> Result<Flow, LabError> {
        let base = vars.len();
        let r = self.cursor_for_rows(query, text, args, vars);
        vars.truncate(base);
        let (rows, columns) = r?;
        for col in &columns {
            vars.push((format!("{}.{}", var.name, col), Value::Null));
        }
        let mut stop = None;
        for row in rows {
            self.s.stats.work.plsql_steps += 1;
            self.check_work()?;
            for (i, v) in row.into_iter().enumerate() {
                if let Some(slot) = vars.get_mut(base + i) {
                    slot.1 = v;
                }
            }
            if let Some(f) = Self::loop_flow(self.nested_body(body, vars, out)?) {
                stop = Some(f);
                break;
            }
        }
        vars.truncate(base);
        match stop {
            None | Some(Flow::Next) => {}
            Some(f) => return Ok(f),
        }
        Ok(Flow::Next)
    }

    /// A cursor FOR loop's rows, fetched 100 a call (10g+ array prefetch),
    /// and its columns.
    fn cursor_for_rows(
        &mut self,
        query: &Query,
        text: &str,
        args: &[CursorArg],
        vars: &mut Vec<(String, Value)>,
    ) -> Result<(Vec<Vec<Value>>, Vec<String>), LabError> {
        self.push_cursor_params(args, vars)?;
        let st = self.static_sql(query, text, vars)?;
        let key = &st.text;
        let cs = self.call_stacks(Client::Plsql);
        let mut c = self.open_static_cursor(query, key, vars, &cs)?;
        let binds = static_binds(&st, vars);
        let policy = FetchPolicy { first: 100, then: 100, round_trips: false };
        let mut rows = Vec::new();
        let r = self.execute_fetch(&mut c, key, &binds, Client::Plsql, &cs, policy, Some(&mut rows), None);
        let columns = c.columns.clone();
        self.close_cursor(key, c, true);
        r?;
        Ok((rows, columns))
    }

    /// Embedded SQL other than SELECT ... INTO: DML and transaction control.
    fn static_statement(&mut self, stmt: &Statement, vars: &mut [(String, Value)]) -> Result<(), LabError> {
        if let Some((_, at)) = lio_sql::first_bind(&stmt.text, stmt.pos) {
            return Err(host_bind_in_sql(at));
        }
        self.s.sql_cursor = super::types::SqlCursor::Unknown;
        let rows = match &stmt.kind {
            StatementKind::Insert(i) => {
                let names: Vec<String> = vars.iter().map(|(n, _)| n.clone()).collect();
                let vals: Vec<Value> = vars.iter().map(|(_, v)| v.clone()).collect();
                self.insert_with_vars(i, &stmt.text, &names, &vals)?
            }
            StatementKind::Update(u) => {
                self.update(u, &stmt.text, super::change::DmlBinds::Plsql(vars), Client::Plsql)?
            }
            StatementKind::Delete(d) => {
                self.delete(d, &stmt.text, super::change::DmlBinds::Plsql(vars), Client::Plsql)?
            }
            StatementKind::Merge(m) => {
                self.merge(m, &stmt.text, super::change::DmlBinds::Plsql(vars), Client::Plsql)?
            }
            StatementKind::Commit => {
                self.commit();
                return Ok(());
            }
            StatementKind::Rollback => return self.rollback(),
            StatementKind::Savepoint(n) => {
                self.savepoint(&n.name);
                return Ok(());
            }
            StatementKind::RollbackTo(n) => return self.rollback_to(&n.name, n.pos),
            StatementKind::Query(_) => return Err(LabError::pls_run(ora::PLS_INTO_EXPECTED, &[], stmt.pos)),
            _ => {
                // DDL is not allowed as static SQL in PL/SQL.
                return Err(LabError::pls_run(ora::PLS_DDL_NEEDS_EXECUTE_IMMEDIATE, &[], stmt.pos));
            }
        };
        self.sql_cursor_rows(rows);
        Ok(())
    }

    /// A static query (`SELECT ... [BULK COLLECT] INTO`): the cursor of
    /// its normalized text, its binds the block's variables (the innermost
    /// of a name); up to `max` rows (all: None) in one fetch call.
    fn plsql_query(
        &mut self,
        q: &Query,
        st: &StaticSql,
        vars: &[(String, Value)],
        max: Option<u64>,
    ) -> Result<Vec<Vec<Value>>, LabError> {
        let cs = self.call_stacks(Client::Plsql);
        let c = self.open_static_cursor(q, &st.text, vars, &cs)?;
        let binds = static_binds(st, vars);
        self.fetch_rows(c, &st.text, &binds, &cs, max)
    }

    /// The SQL text of static SQL (`raw` as written, at `q.pos`) and the
    /// variables it binds, as the PL/SQL compiler makes them: the cursor's
    /// identity is that text, never where the statement sits. Worked out
    /// once per text and set of variables in scope (which decide what
    /// each name resolves to) until DDL changes what names mean.
    pub(super) fn static_sql(
        &mut self,
        q: &Query,
        raw: &str,
        vars: &[(String, Value)],
    ) -> Result<std::rc::Rc<StaticSql>, LabError> {
        // The key is built in a buffer kept between executions.
        let mut key = std::mem::take(&mut self.s.static_sql_key);
        key.clear();
        key.push_str(raw);
        for (n, _) in vars {
            key.push('\u{0}');
            key.push_str(n);
        }
        if self.s.static_sql_seq != self.inst.ddl_seq {
            // DDL since: what a name means may have changed.
            self.s.static_sql.clear();
            self.s.static_sql_seq = self.inst.ddl_seq;
        }
        if let Some(st) = self.s.static_sql.get(&key) {
            let st = st.clone();
            self.s.static_sql_key = key;
            return Ok(st);
        }
        self.ensure_dual(Some(q), None);
        let profile = self.inst.profile.clone();
        let ctx = Self::plan_ctx(&self.inst.cat, &profile, &self.s.params, self.s.sid, vars, &self.s.user);
        let c = exec::compile(q, &ctx)?;
        if c.bind_names.iter().any(|n| n.starts_with(':')) {
            // (An INTO target `:n` is no bind of the query.)
            let at = lio_sql::binds(raw, q.pos).into_iter().find(|(n, _)| c.bind_names.contains(&format!(":{n}")));
            return Err(host_bind_in_sql(at.map_or(q.pos, |(_, p)| p)));
        }
        let (text, _) = lio_sql::plsql_static_text(raw, q.pos, &c.plsql_refs);
        let st = std::rc::Rc::new(StaticSql { text, binds: c.bind_names, columns: c.columns });
        if self.s.static_sql.len() >= 10_000 {
            self.s.static_sql.clear();
        }
        self.s.static_sql.insert(key, st.clone());
        Ok(st)
    }

    /// The cursor of static SQL `text`: the session's cached one, else
    /// compiled with the variables in scope (their names are copied only
    /// then, not on every execution).
    fn open_static_cursor(
        &mut self,
        q: &Query,
        text: &str,
        vars: &[(String, Value)],
        cs: &CallStacks,
    ) -> Result<Box<Compiled>, LabError> {
        if let Some(c) = self.cached_cursor(text, cs) {
            return Ok(c);
        }
        let names: Vec<String> = vars.iter().map(|(n, _)| n.clone()).collect();
        // Its binds are the variables: their declared types are known.
        self.s.parse_var_kinds = (0..vars.len())
            .filter_map(|i| Some((vars[i].0.clone(), super::plsql_vars::type_at(vars, i)?.kind())))
            .collect();
        let r = self.compile_cursor(q, text, &names, cs);
        self.s.parse_var_kinds.clear();
        Ok(r?.0)
    }

    pub(super) fn plsql_dynamic_query(
        &mut self,
        q: &Query,
        text: &str,
        binds: &[Value],
        pos: Pos,
    ) -> Result<Option<Vec<Value>>, LabError> {
        let cs = self.call_stacks(Client::Plsql);
        let (c, _) = self.open_cursor_with_binds(q, text, binds, &cs)?;
        if c.bind_names.len() > binds.len() {
            self.close_cursor(text, c, true);
            return Err(LabError::new(ora::NOT_ALL_VARIABLES_BOUND, pos));
        }
        self.fetch_into(c, text, binds, &cs, pos)
    }

    /// A SELECT ... INTO from PL/SQL: fetch at most two rows (to tell one
    /// from too many), keep the cursor, return the one row.
    fn fetch_into(
        &mut self,
        c: Box<Compiled>,
        text: &str,
        binds: &[Value],
        cs: &CallStacks,
        pos: Pos,
    ) -> Result<Option<Vec<Value>>, LabError> {
        one_row(self.fetch_rows(c, text, binds, cs, Some(2))?, pos)
    }

    /// Up to `max` rows (all: None) of cursor `c` in one fetch call; the
    /// cursor kept.
    fn fetch_rows(
        &mut self,
        mut c: Box<Compiled>,
        text: &str,
        binds: &[Value],
        cs: &CallStacks,
        max: Option<u64>,
    ) -> Result<Vec<Vec<Value>>, LabError> {
        let mut rows = Vec::new();
        let n = max.map_or(u32::MAX, |m| m as u32);
        let policy = FetchPolicy { first: n, then: n, round_trips: false };
        let r = self.execute_fetch(&mut c, text, binds, Client::Plsql, cs, policy, Some(&mut rows), max);
        self.close_cursor(text, c, true);
        r?;
        Ok(rows)
    }
}

/// A SQL*Plus bind variable inside a PL/SQL block's SQL: how the PL/SQL
/// compiler names it in the statement's text is not known to the lab.
fn host_bind_in_sql(at: Pos) -> LabError {
    LabError::unsupported("SQL*Plus bind variables in a PL/SQL block's SQL statements (other than INTO :n)", at)
}

/// The values of a static statement's binds: the innermost variable of
/// each name.
fn static_binds(st: &StaticSql, vars: &[(String, Value)]) -> Vec<Value> {
    values_of(&st.binds, vars)
}

/// The values of the variables `names` (NULL for a name not in scope).
fn values_of(names: &[String], vars: &[(String, Value)]) -> Vec<Value> {
    names.iter().map(|n| lookup_var(vars, n).map_or(Value::Null, |i| vars[i].1.clone())).collect()
}

/// The innermost variable named `name` in scope: its index in `vars`.
pub(crate) fn lookup_var(vars: &[(String, Value)], name: &str) -> Option<usize> {
    vars.iter().rposition(|(v, _)| super::same_name(v, name))
}

/// An error that ended an anonymous block `b` while it ran, as Oracle
/// reports it: an ORA- error (not the compiler's ORA-06550, nor a lab
/// refusal) gets the error stack's last line, `ORA-06512: at line N` (N
/// the line in the block of the statement that raised it, or of the call
/// it came out of), and is shown at the block's start (SQL*Plus's `ERROR
/// at line 1:` under the block's first line), as in
/// https://karandba.blogspot.com/2026/05/can-we-gather-dictionary-statistics-in.html:
///
/// ```text
/// begin
/// *
/// ERROR at line 1:
/// ORA-20000: ...
/// ORA-06512: at line 2
/// ```
fn at_block_line(b: &PlsqlBlock, mut e: LabError) -> LabError {
    if !e.code.starts_with("ORA-") || e.is(ora::PLSQL_ERROR) {
        return e;
    }
    let line = if e.pos.line >= b.base.line { b.line_col(e.pos).0 } else { 1 };
    e.message.push('\n');
    e.message.push_str(&ora::PLSQL_AT_LINE.line(&[&line]));
    e.pos = b.shown_at;
    e
}
