//! Anonymous PL/SQL blocks: variables, loops, static and dynamic SQL, and
//! the built-in packages the source articles call.

use super::cursor::FetchPolicy;
use super::net::Client;
use super::program::Flow;
pub(crate) use super::types::StaticSql;
use super::*;
use crate::exec::{self, Env, EvalCtx};

impl Run<'_> {
    /// DBMS_STATS' gathering of one table: its statistics computed, its
    /// row cache entries invalidated, and its cursors as NO_INVALIDATE
    /// says: TRUE keeps them, FALSE invalidates them now, and
    /// DBMS_STATS.AUTO_INVALIDATE (NULL, the default) lets them roll over
    /// within _optimizer_invalidation_period.
    fn gather_table_stats(&mut self, id: TableId, no_invalidate: Option<Value>) {
        let blocks = self.inst.cat.table_blocks(&self.inst.cat.tables[id]);
        let mut st = self.inst.cat.tables[id].compute_stats(blocks);
        st.gathered = true;
        self.inst.cat.tables[id].stats = st;
        let tname = self.inst.cat.tables[id].name.clone();
        self.inst.sga.row_cache.invalidate_table(&self.inst.cat, &tname);
        match no_invalidate {
            None | Some(Value::Null) => self.auto_invalidate_table(id),
            Some(v) if v.as_f64().is_some_and(|n| n != 0.0) || v.to_string().eq_ignore_ascii_case("TRUE") => {}
            Some(_) => self.invalidate_table(id),
        }
    }

    // ------------------------------------------------------------ PL/SQL

    pub(super) fn run_plsql(&mut self, b: &PlsqlBlock, out: &mut Vec<String>) -> Result<(), LabError> {
        let mut vars: Vec<(String, Value)> = Vec::new();
        for (name, ty) in &b.declarations {
            declare_var(&mut vars, name, ty);
        }
        self.s.stats.calls.execute_count += 1;
        // RETURN in an anonymous block ends it.
        self.run_plsql_body(&b.body, &mut vars, out).map(|_| ())
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
        };
        c.test(&mut cx)
    }

    /// A PL/SQL expression compiled, with its variables' values as binds
    /// (the calls the SQL evaluator cannot make already made).
    fn plsql_compile(&mut self, e: &Expr, vars: &[(String, Value)]) -> Result<(exec::CExpr, Vec<Value>), LabError> {
        let e = self.resolve_calls(e, vars)?;
        self.ensure_dual(None, Some(&e));
        let profile = self.inst.profile.clone();
        let ctx = Self::plan_ctx(&self.inst.cat, &profile, &self.s.params, self.s.sid, vars);
        let (mut c, bind_names) = exec::compile_scalar(&e, &ctx)?;
        exec::convert::plsql_concat(&mut c);
        // Comparisons with CHAR, VARCHAR2 and NUMBER variables.
        let kinds: Vec<exec::convert::Kind> =
            bind_names.iter().map(|n| var_type(vars, n).map_or(exec::convert::Kind::Unknown, |t| t.kind())).collect();
        if kinds.iter().any(|k| *k != exec::convert::Kind::Unknown) {
            exec::convert::coerce_binds(&mut c, &self.inst.cat, &kinds);
        }
        let binds = bind_names
            .iter()
            .map(|n| {
                vars.iter().rev().find(|(v, _)| super::same_name(v, n)).map(|(_, x)| x.clone()).unwrap_or(Value::Null)
            })
            .collect();
        Ok((c, binds))
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
                PlsqlStatement::ForLoop { var, from, to, body } => {
                    // Bounds that are text not holding a number: ORA-06502.
                    let bound = |v: Value| {
                        exec::convert::number_of(&v, var.pos)
                            .map_err(|_| LabError::new(ora::PLSQL_CHAR_TO_NUMBER, var.pos))
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
                }
                PlsqlStatement::If { branches, otherwise } => {
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
                PlsqlStatement::While { cond, body } => loop {
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
                PlsqlStatement::Exit { when } => {
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
                PlsqlStatement::CursorFor { var, query, text, body } => {
                    let names: Vec<String> = vars.iter().map(|(n, _)| n.clone()).collect();
                    let st = self.static_sql(query, text, &names)?;
                    let key = &st.text;
                    let cs = self.call_stacks(Client::Plsql);
                    let (mut c, _) = self.open_cursor(query, key, &names, &cs)?;
                    let binds = static_binds(&st, vars);
                    // A cursor FOR loop fetches 100 rows per call (10g+ array prefetch).
                    let policy = FetchPolicy { first: 100, then: 100, round_trips: false };
                    let mut rows = Vec::new();
                    let r = self.execute_fetch(&mut c, key, &binds, Client::Plsql, &cs, policy, Some(&mut rows), None);
                    let columns = c.columns.clone();
                    self.close_cursor(key, c, true);
                    r?;
                    let base = vars.len();
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
                }
                PlsqlStatement::Call { name, args } => self.plsql_call(name, args, vars, out)?,
                PlsqlStatement::Sql(stmt) => match &stmt.kind {
                    StatementKind::Insert(i) => {
                        let names: Vec<String> = vars.iter().map(|(n, _)| n.clone()).collect();
                        let vals: Vec<Value> = vars.iter().map(|(_, v)| v.clone()).collect();
                        self.insert_with_vars(i, &stmt.text, &names, &vals)?;
                    }
                    StatementKind::Update(u) => {
                        self.update(u, &stmt.text, super::change::DmlBinds::Plsql(vars), Client::Plsql)?;
                    }
                    StatementKind::Delete(d) => {
                        self.delete(d, &stmt.text, super::change::DmlBinds::Plsql(vars), Client::Plsql)?;
                    }
                    StatementKind::Commit => self.commit(),
                    StatementKind::Rollback => self.rollback()?,
                    StatementKind::Savepoint(n) => self.savepoint(&n.name),
                    StatementKind::RollbackTo(n) => self.rollback_to(&n.name, n.pos)?,
                    StatementKind::Query(_) => return Err(LabError::pls_run(ora::PLS_INTO_EXPECTED, &[], stmt.pos)),
                    _ => {
                        // DDL is not allowed as static SQL in PL/SQL.
                        return Err(LabError::pls_run(ora::PLS_DDL_NEEDS_EXECUTE_IMMEDIATE, &[], stmt.pos));
                    }
                },
                PlsqlStatement::SelectInto { query, into, text } => {
                    let names: Vec<String> = vars.iter().map(|(n, _)| n.clone()).collect();
                    let st = self.static_sql(query, text, &names)?;
                    let row = self.plsql_query(query, &st, &names, vars)?;
                    assign_into(vars, into, row, query.pos)?;
                }
                PlsqlStatement::ExecuteImmediate { sql, into, using, pos } => {
                    let text = match self.plsql_eval(sql, vars)? {
                        Value::Str(s) => s.to_string(),
                        other => other.to_string(),
                    };
                    let mut binds = Vec::new();
                    for u in using {
                        binds.push(self.plsql_eval(u, vars)?);
                    }
                    let units = lio_sql::parse_script(&format!("{};", text.trim().trim_end_matches(';')));
                    let stmt = match units.into_iter().next() {
                        Some(u) => {
                            u.result.map_err(|e| {
                                // Reported as ORA- with the same number, at the EXECUTE IMMEDIATE.
                                let number = e.code[4..].parse().unwrap_or(ora::INVALID_SQL_STATEMENT.number);
                                LabError { code: ora::Facility::Ora.code(number), message: e.message, pos: *pos }
                            })?
                        }
                        None => return Err(LabError::new(ora::INVALID_SQL_STATEMENT, *pos)),
                    };
                    // The dynamic text is not in the script: its run-time
                    // errors are reported at the EXECUTE IMMEDIATE.
                    let at_statement = |mut e: LabError| {
                        e.pos = *pos;
                        e
                    };
                    match &stmt.kind {
                        StatementKind::Query(q) => {
                            let row = self.plsql_dynamic_query(q, &stmt.text, &binds, *pos).map_err(at_statement)?;
                            if !into.is_empty() {
                                assign_into(vars, into, row, *pos)?;
                            }
                        }
                        StatementKind::Insert(i) => {
                            self.insert(i, &[binds], &stmt.text, Client::Plsql).map_err(at_statement)?;
                        }
                        _ => {
                            // A dynamic block is a level of the chain of calls.
                            self.nested(super::program::CALL_NEST, *pos, |r| r.run_statement(&stmt))
                                .map_err(at_statement)?;
                        }
                    }
                }
            }
        }
        Ok(Flow::Next)
    }

    /// A static `SELECT ... INTO`: the cursor of its normalized text, its
    /// binds the block's variables (the innermost of a name).
    fn plsql_query(
        &mut self,
        q: &Query,
        st: &StaticSql,
        names: &[String],
        vars: &[(String, Value)],
    ) -> Result<Option<Vec<Value>>, LabError> {
        let cs = self.call_stacks(Client::Plsql);
        let (c, _) = self.open_cursor(q, &st.text, names, &cs)?;
        let binds = static_binds(st, vars);
        self.fetch_into(c, &st.text, &binds, &cs, q.pos)
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
        names: &[String],
    ) -> Result<std::rc::Rc<StaticSql>, LabError> {
        let mut key = String::with_capacity(raw.len() + 16 * names.len() + 1);
        key.push_str(raw);
        for n in names {
            key.push('\u{0}');
            key.push_str(n);
        }
        if self.s.static_sql_seq != self.inst.ddl_seq {
            // DDL since: what a name means may have changed.
            self.s.static_sql.clear();
            self.s.static_sql_seq = self.inst.ddl_seq;
        }
        if let Some(st) = self.s.static_sql.get(&key) {
            return Ok(st.clone());
        }
        self.ensure_dual(Some(q), None);
        let profile = self.inst.profile.clone();
        let ctx = Self::plan_ctx(&self.inst.cat, &profile, &self.s.params, self.s.sid, names);
        let c = exec::compile(q, &ctx)?;
        let (text, _) = lio_sql::plsql_static_text(raw, q.pos, &c.plsql_refs);
        let st = std::rc::Rc::new(StaticSql { text, binds: c.bind_names });
        if self.s.static_sql.len() >= 10_000 {
            self.s.static_sql.clear();
        }
        self.s.static_sql.insert(key, st.clone());
        Ok(st)
    }

    pub(super) fn plsql_dynamic_query(
        &mut self,
        q: &Query,
        text: &str,
        binds: &[Value],
        pos: Pos,
    ) -> Result<Option<Vec<Value>>, LabError> {
        let cs = self.call_stacks(Client::Plsql);
        let (c, _) = self.open_cursor(q, text, &[], &cs)?;
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
        mut c: Compiled,
        text: &str,
        binds: &[Value],
        cs: &CallStacks,
        pos: Pos,
    ) -> Result<Option<Vec<Value>>, LabError> {
        let mut rows = Vec::new();
        let policy = FetchPolicy { first: 2, then: 2, round_trips: false };
        let r = self.execute_fetch(&mut c, text, binds, Client::Plsql, cs, policy, Some(&mut rows), Some(2));
        self.close_cursor(text, c, true);
        r?;
        one_row(rows, pos)
    }

    pub(super) fn plsql_call(
        &mut self,
        name: &Ident,
        args: &[(Option<String>, Expr)],
        vars: &[(String, Value)],
        out: &mut Vec<String>,
    ) -> Result<(), LabError> {
        let mut vals = Vec::new();
        for (n, e) in args {
            // DBMS_STATS.AUTO_INVALIDATE is a BOOLEAN constant whose value is NULL.
            let auto_invalidate = match e {
                Expr::Column { qualifier: Some(q), name: c } => q.name == "DBMS_STATS" && c.name == "AUTO_INVALIDATE",
                Expr::Column { qualifier: None, name: c } => c.name == "DBMS_STATS.AUTO_INVALIDATE",
                Expr::Function { name: c, args } => args.is_empty() && c.name == "DBMS_STATS.AUTO_INVALIDATE",
                _ => false,
            };
            let v = if auto_invalidate { Value::Null } else { self.plsql_eval(e, vars)? };
            vals.push((n.clone(), v));
        }
        let arg = |i: usize, named: &str| -> Option<Value> {
            vals.iter()
                .find(|(n, _)| n.as_deref().map(|n| n.eq_ignore_ascii_case(named)).unwrap_or(false))
                .map(|(_, v)| v.clone())
                .or_else(|| vals.get(i).filter(|(n, _)| n.is_none()).map(|(_, v)| v.clone()))
        };
        match name.name.as_str() {
            "DBMS_RANDOM.SEED" => {
                let v = arg(0, "val").or_else(|| arg(0, "seed")).unwrap_or(Value::int(0));
                let seed = match &v {
                    Value::Num(n) => n.to_f64() as u64,
                    Value::Str(s) => s.bytes().fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(b as u64)),
                    Value::Null => 0,
                };
                self.s.rng.seed(seed);
            }
            "DBMS_RANDOM.INITIALIZE" => {
                let v = arg(0, "val").and_then(|v| v.as_f64()).unwrap_or(0.0);
                self.s.rng.seed(v as u64);
            }
            "DBMS_SESSION.SLEEP" | "DBMS_LOCK.SLEEP" => {
                // An idle wait (PL/SQL lock timer): the session's clock
                // moves on, no DB time. Up to 3,153,600 s (DBMS_SESSION).
                let secs = arg(0, "seconds").and_then(|v| v.as_f64());
                match secs {
                    Some(s) if (0.0..=3_153_600.0).contains(&s) => {
                        let us = s * 1e6;
                        self.s.idle_us += us;
                        let to = crate::sim::SimTime(self.s.cost.now_us() + us);
                        self.s.cost.idle_until(to);
                    }
                    _ => {
                        return Err(LabError::with(
                            ora::LAB_UNSUPPORTED,
                            format_args!("{} of other than 0 to 3153600 seconds", name.name),
                            name.pos,
                        ))
                    }
                }
            }
            "DBMS_OUTPUT.PUT_LINE" => {
                let line = arg(0, "a").map(|v| v.to_string()).unwrap_or_default();
                // The buffer is the lab's memory: SQL*Plus's SET SERVEROUTPUT
                // ON is SIZE UNLIMITED, so the memory budget bounds it
                // (200,000 lines of 32 KB trapped at wasm's 4 GB).
                if out.is_empty() {
                    self.s.output_bytes = 0;
                }
                self.s.output_bytes += line.len() as u64 + OUTPUT_LINE_BYTES;
                if self.s.output_bytes > self.memory_room() {
                    return Err(LabError::with(ora::LAB_MEMORY_LIMIT, self.inst.limits.max_memory_mb, name.pos));
                }
                out.push(line)
            }
            "DBMS_STATS.GATHER_TABLE_STATS" => {
                dbms_stats_arguments(&vals, "GATHER_TABLE_STATS", name.pos)?;
                // DBMS_STATS commits, as DDL does.
                self.implicit_commit();
                let owner = stats_owner(arg(0, "ownname"));
                let t = arg(1, "tabname")
                    .ok_or_else(|| LabError::pls_run(ora::PLS_WRONG_ARGUMENTS, &[&"GATHER_TABLE_STATS"], name.pos))?;
                let tname = t.to_string().to_uppercase();
                let id = self.inst.cat.table_id(&tname).filter(|_| owner == LAB_USER).ok_or_else(|| {
                    LabError::with(ora::UNABLE_TO_ANALYZE, format_args!("\"{owner}\".\"{tname}\""), name.pos)
                })?;
                // NO_INVALIDATE is its 13th argument.
                self.gather_table_stats(id, arg(12, "no_invalidate"));
            }
            // Index statistics are read from the index itself whenever a
            // plan is costed: gathering them changes nothing, once the
            // index is known to exist.
            "DBMS_STATS.GATHER_INDEX_STATS" => {
                dbms_stats_arguments(&vals, "GATHER_INDEX_STATS", name.pos)?;
                self.implicit_commit();
                let owner = stats_owner(arg(0, "ownname"));
                let i = arg(1, "indname")
                    .ok_or_else(|| LabError::pls_run(ora::PLS_WRONG_ARGUMENTS, &[&"GATHER_INDEX_STATS"], name.pos))?;
                let iname = i.to_string().to_uppercase();
                if owner != LAB_USER || self.inst.cat.index_id(&iname).is_none() {
                    return Err(LabError::with(
                        ora::INDEX_UNABLE_TO_ANALYZE,
                        format_args!("\"{owner}\".\"{iname}\""),
                        name.pos,
                    ));
                }
            }
            // Every table of the schema, as GATHER_TABLE_STATS does each.
            "DBMS_STATS.GATHER_SCHEMA_STATS" => {
                dbms_stats_arguments(&vals, "GATHER_SCHEMA_STATS", name.pos)?;
                self.implicit_commit();
                let owner = stats_owner(arg(0, "ownname"));
                if owner != LAB_USER {
                    return Err(LabError::new(ora::SCHEMA_UNABLE_TO_ANALYZE, name.pos));
                }
                for id in 0..self.inst.cat.tables.len() {
                    if self.inst.cat.tables[id].dropped {
                        continue;
                    }
                    // NO_INVALIDATE is its 14th argument here.
                    self.gather_table_stats(id, arg(13, "no_invalidate"));
                }
            }
            "DBMS_MEMOPTIMIZE.POPULATE" => {
                let t = arg(1, "table_name")
                    .ok_or_else(|| LabError::pls_run(ora::PLS_WRONG_ARGUMENTS, &[&"POPULATE"], name.pos))?;
                let tname = t.to_string().to_uppercase();
                let id = self
                    .inst
                    .cat
                    .table_id(&tname)
                    .ok_or_else(|| LabError::new(ora::TABLE_OR_VIEW_DOES_NOT_EXIST, name.pos))?;
                if !self.inst.profile.memoptimize_rowstore {
                    return Err(LabError::pls_run(
                        ora::PLS_IDENTIFIER_MUST_BE_DECLARED,
                        &[&"DBMS_MEMOPTIMIZE.POPULATE"],
                        name.pos,
                    ));
                }
                if !self.inst.cat.tables[id].memoptimize_read {
                    return Err(LabError::new(ora::MEMOPTIMIZE_READ_NOT_ENABLED, name.pos));
                }
                if self.inst.sga.memopt.size == 0 {
                    return Err(LabError::new(ora::MEMOPTIMIZE_POOL_NOT_SET, name.pos));
                }
                self.inst.sga.memopt.request_populate(id);
                self.s.stats.memopt.tasks_accepted += 1;
            }
            "DBMS_MEMOPTIMIZE.DROP_OBJECT" => {
                let t = arg(1, "table_name").map(|v| v.to_string().to_uppercase()).unwrap_or_default();
                if let Some(id) = self.inst.cat.table_id(&t) {
                    self.inst.sga.memopt.evict(id);
                }
            }
            "DBMS_SESSION.SET_SQL_TRACE" => {
                let on = arg(0, "sql_trace")
                    .map(|v| matches!(v, Value::Num(n) if !n.is_zero()) || v.to_string().eq_ignore_ascii_case("TRUE"))
                    .unwrap_or(false);
                // SQL_TRACE is not part of a cursor's environment: no cursor is invalidated.
                self.s.params.sql_trace = on;
            }
            "RUNSTATS_PKG.RS_START" | "RUNSTATS_PKG.RS_MIDDLE" | "RUNSTATS_PKG.RS_STOP" => {
                let threshold = arg(0, "p_difference_threshold").and_then(|v| v.as_f64()).unwrap_or(0.0);
                let call = name.name.trim_start_matches("RUNSTATS_PKG.").to_string();
                self.runstats(&call, threshold, name.pos, out)?;
            }
            other => match self.inst.programs.get(other).cloned() {
                Some(p) if p.returns.is_none() => {
                    self.call_program(p, vals, name.pos, out)?;
                }
                Some(_) => return Err(LabError::pls_run(ora::PLS_NOT_A_PROCEDURE, &[&other], name.pos)),
                // A procedure of a package Oracle has, which the lab does
                // not model: refused by name, not "must be declared".
                None if ORACLE_PACKAGES.iter().any(|p| other.split('.').next() == Some(*p)) => {
                    return Err(LabError::unsupported(format!("{other} (not modelled)"), name.pos));
                }
                None => {
                    return Err(LabError::pls_run(ora::PLS_IDENTIFIER_MUST_BE_DECLARED, &[&other], name.pos));
                }
            },
        }
        Ok(())
    }
}

/// The values of a static statement's binds: the innermost variable of
/// each name.
fn static_binds(st: &StaticSql, vars: &[(String, Value)]) -> Vec<Value> {
    st.binds
        .iter()
        .map(|n| vars.iter().rev().find(|(v, _)| super::same_name(v, n)).map(|(_, x)| x.clone()).unwrap_or(Value::Null))
        .collect()
}
/// Bytes a buffered DBMS_OUTPUT line holds besides its text.
const OUTPUT_LINE_BYTES: u64 = 24;

/// Oracle's supplied packages: a call of one of their procedures that the
/// lab does not model is refused as such.
const ORACLE_PACKAGES: &[&str] = &[
    "DBMS_STATS",
    "DBMS_OUTPUT",
    "DBMS_RANDOM",
    "DBMS_SESSION",
    "DBMS_MONITOR",
    "DBMS_SYSTEM",
    "DBMS_LOCK",
    "DBMS_APPLICATION_INFO",
    "DBMS_MEMOPTIMIZE",
    "DBMS_SPACE",
    "DBMS_SQL",
    "DBMS_UTILITY",
    "DBMS_LOB",
    "DBMS_SHARED_POOL",
    "DBMS_WORKLOAD_REPOSITORY",
    "DBMS_METADATA",
    "DBMS_XPLAN",
    "DBMS_ROWID",
    "DBMS_SPM",
    "DBMS_SQLTUNE",
    "DBMS_JOB",
    "DBMS_SCHEDULER",
];

/// `ownname`: the schema DBMS_STATS works on, upper case (NULL or absent:
/// the current schema).
fn stats_owner(v: Option<Value>) -> String {
    match v {
        None | Some(Value::Null) => LAB_USER.to_string(),
        Some(v) => v.to_string().to_uppercase(),
    }
}

/// The named arguments of DBMS_STATS' gather procedures: a name the
/// procedure does not have is PLS-00306, as Oracle's compiler says. Of
/// those it has, the lab refuses the ones that would change what it
/// gathers (histograms, sampling, pending or exported statistics).
fn dbms_stats_arguments(vals: &[(Option<String>, Value)], proc_name: &str, pos: Pos) -> Result<(), LabError> {
    const COMMON: &[&str] = &[
        "ownname",
        "estimate_percent",
        "block_sample",
        "method_opt",
        "degree",
        "granularity",
        "cascade",
        "stattab",
        "statid",
        "statown",
        "no_invalidate",
        "force",
    ];
    let own: &[&str] = match proc_name {
        "GATHER_TABLE_STATS" => &["tabname", "partname", "stattype"],
        "GATHER_INDEX_STATS" => &["indname", "partname", "stattype"],
        _ => &["options", "objlist", "gather_temp", "gather_fixed", "stattype", "obj_filter_list"],
    };
    for (n, v) in vals {
        let Some(n) = n else { continue };
        let n = n.to_ascii_lowercase();
        if !COMMON.contains(&n.as_str()) && !own.contains(&n.as_str()) {
            return Err(LabError::pls_run(ora::PLS_WRONG_ARGUMENTS, &[&proc_name], pos));
        }
        let refused = match n.as_str() {
            "stattab" | "statid" | "statown" | "partname" | "objlist" | "obj_filter_list" => !v.is_null(),
            // The lab's statistics are exact: a sample of all the rows only.
            "estimate_percent" => !(v.is_null() || v.as_f64() == Some(100.0)),
            "block_sample" => v.to_string().eq_ignore_ascii_case("TRUE") || v.as_f64().is_some_and(|x| x != 0.0),
            // No histograms: one bucket per column.
            "method_opt" => {
                let m = v.to_string().to_ascii_uppercase().split_whitespace().collect::<Vec<_>>().join(" ");
                !(v.is_null() || m == "FOR ALL COLUMNS SIZE 1")
            }
            _ => false,
        };
        if refused {
            return Err(LabError::unsupported(
                format!("DBMS_STATS.{proc_name} with {n} => {v} (the lab gathers exact statistics with no histograms)"),
                pos,
            ));
        }
    }
    Ok(())
}
