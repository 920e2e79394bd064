//! The PL/SQL compiler's pass over a block before any of it runs (an
//! anonymous block) or when it is created (a stored program): every
//! static SQL statement is compiled against the dictionary (ORA-00942,
//! ORA-00904, ... come out as `PL/SQL: ORA-...` and `PL/SQL: SQL
//! Statement ignored`), every name a PL/SQL statement or expression uses
//! must be declared (PLS-00201, then `PL/SQL: Statement ignored` at the
//! statement's start; `PL/SQL: Item ignored` at a declaration whose
//! default fails), and a stored program it calls must compile
//! (PLS-00905). An error here means nothing of the block ran, as in
//! Oracle: "the whole PL/SQL block is parsed at compile time ... nothing
//! in the block is executed" (https://nl.sqldat.com/ols/dbe/1006010483.html).
//!
//! Each statement the compiler ignores is reported and it goes on with
//! the next, as Oracle lists every error; after an item (declaration)
//! error it stops, since Oracle then reports each use of the ignored item
//! (PLS-00320), which the lab does not model.

use super::super::*;
use super::builtins::{dbms_stats_constant, is_oracle_package, BUILTIN_PROCEDURES};
use super::errors::error_stack;
use super::lookup_var;
use crate::exec;
use crate::instance::PlsqlError;
use lio_sql::ast::{SelectItem, Update};

mod cursor;
mod handlers;
mod into;

/// What Oracle's compiler says it ignored after an error: a SQL
/// statement, a PL/SQL one, or a declaration.
#[derive(Clone, Copy, PartialEq)]
enum Ignored {
    Sql,
    Plsql,
    Item,
}

/// One unit being compiled: its block (for lines and columns), the
/// errors found so far, and the stored programs already compiled for it
/// (each once; a program calling itself is not compiled again).
struct Unit<'b> {
    b: &'b PlsqlBlock,
    errors: Vec<PlsqlError>,
    /// Where the first error is (the script position SQL*Plus points at).
    first: Option<Pos>,
    /// An item error: nothing after it is reported.
    stopped: bool,
}

impl Unit<'_> {
    /// `first` (`PLS-00201: ...` or `PL/SQL: ORA-00942: ...`) at `at`,
    /// then what was ignored at `start`, as Oracle lists a compile error:
    ///
    /// ```text
    /// ORA-06550: line 4, column 15:
    /// PL/SQL: ORA-00942: table or view does not exist
    /// ORA-06550: line 4, column 3:
    /// PL/SQL: SQL Statement ignored
    /// ```
    fn error(&mut self, first: String, at: Pos, start: Pos, what: Ignored) {
        if self.stopped {
            return;
        }
        let (line, position) = self.b.line_col(at);
        self.errors.push(PlsqlError { line, position, text: first });
        let (line, position) = self.b.line_col(start);
        let ignored = match what {
            Ignored::Sql => "PL/SQL: SQL Statement ignored",
            Ignored::Plsql => "PL/SQL: Statement ignored",
            Ignored::Item => "PL/SQL: Item ignored",
        };
        self.errors.push(PlsqlError { line, position, text: ignored.into() });
        self.first.get_or_insert(at);
        self.stopped = what == Ignored::Item;
    }

    /// A SQL statement's compile error as the PL/SQL compiler reports it;
    /// a lab refusal stays an error that ends the compilation.
    fn sql(&mut self, r: Result<(), LabError>, start: Pos) -> Result<(), LabError> {
        match r {
            Err(e) if !e.code.starts_with("ORA-") || e.is(ora::PLSQL_ERROR) => Err(e),
            Err(e) => {
                self.error(format!("PL/SQL: {}: {}", e.code, e.message), e.pos, start, Ignored::Sql);
                Ok(())
            }
            Ok(()) => Ok(()),
        }
    }

    fn undeclared(&mut self, name: &str, at: Pos, start: Pos, what: Ignored) {
        self.error(ora::PLS_IDENTIFIER_MUST_BE_DECLARED.line(&[&name]), at, start, what);
    }
}

impl Run<'_> {
    /// Compile the anonymous block `b` as Oracle does before running it
    /// (see the module's documentation).
    pub(in crate::session) fn check_block(&mut self, b: &PlsqlBlock, host: &[(String, Value)]) -> Result<(), LabError> {
        let mut u = Unit { b, errors: Vec::new(), first: None, stopped: false };
        let mut vars: Vec<(String, Value)> = host.to_vec();
        self.declare_all(&mut vars, &b.declarations);
        let mut seen = Vec::new();
        self.check_block_body(&mut u, b, &mut vars, &mut seen)?;
        match u.first {
            Some(at) => Err(error_stack(&u.errors, at)),
            None => Ok(()),
        }
    }

    /// Compile the stored program `p` (at CREATE, or when a caller names
    /// it: Oracle compiles an invalid program again when it is referenced)
    /// and record the outcome: its errors (USER_ERRORS, and the program is
    /// INVALID), or none. `seen`: the programs this compilation has
    /// compiled already. Returns whether it compiled.
    pub(in crate::session) fn compile_program(
        &mut self,
        p: &StoredProgram,
        seen: &mut Vec<String>,
    ) -> Result<bool, LabError> {
        seen.push(p.name.name.clone());
        // While it compiles, a call of it (recursion) finds it valid.
        let old = self.inst.program_errors.remove(&p.name.name);
        let r = self.compile_program_unit(p, seen);
        match r {
            Ok(errors) if errors.is_empty() => Ok(true),
            Ok(errors) => {
                self.inst.program_errors.insert(p.name.name.clone(), errors);
                Ok(false)
            }
            Err(e) => {
                if let Some(old) = old {
                    self.inst.program_errors.insert(p.name.name.clone(), old);
                }
                Err(e)
            }
        }
    }

    fn compile_program_unit(&mut self, p: &StoredProgram, seen: &mut Vec<String>) -> Result<Vec<PlsqlError>, LabError> {
        if let Some((at, text)) = &p.syntax_error {
            let (line, position) = p.block.line_col(*at);
            return Ok(vec![PlsqlError { line, position, text: text.clone() }]);
        }
        let mut u = Unit { b: &p.block, errors: Vec::new(), first: None, stopped: false };
        let mut vars: Vec<(String, Value)> = Vec::new();
        for q in &p.params {
            if let Some(d) = &q.default {
                // Where Oracle puts a parameter's `PL/SQL: Item ignored` is
                // not known to the lab: such a default is refused.
                let mut scratch = Unit { b: &p.block, errors: Vec::new(), first: None, stopped: false };
                self.check_expr(&mut scratch, d, &vars, q.name.pos, Ignored::Item, seen)?;
                if let Some(at) = scratch.first {
                    let what = format!("a parameter default that does not compile ({})", scratch.errors[0].text);
                    return Err(LabError::unsupported(what, at));
                }
            }
            vars.push((q.name.name.clone(), Value::Null));
        }
        self.declare_all(&mut vars, &p.block.declarations);
        self.check_block_body(&mut u, &p.block, &mut vars, seen)?;
        Ok(u.errors)
    }

    /// A block's statements, its declarations' defaults first: one that
    /// does not compile is an item ignored, at the declaration's type.
    fn check_block_body(
        &mut self,
        u: &mut Unit,
        b: &PlsqlBlock,
        vars: &mut Vec<(String, Value)>,
        seen: &mut Vec<String>,
    ) -> Result<(), LabError> {
        let inits = b.inits.min(b.body.len());
        for s in &b.body[..inits] {
            if let PlsqlStatement::Assign { target, value } = s {
                self.check_expr(u, value, vars, target.pos, Ignored::Item, seen)?;
            }
            if u.stopped {
                return Ok(());
            }
        }
        self.check_body(u, &b.body[inits..], vars, seen)
    }

    fn check_body(
        &mut self,
        u: &mut Unit,
        body: &[PlsqlStatement],
        vars: &mut Vec<(String, Value)>,
        seen: &mut Vec<String>,
    ) -> Result<(), LabError> {
        for s in body {
            if u.stopped {
                break;
            }
            self.check_statement(u, s, vars, seen)?;
        }
        Ok(())
    }

    fn check_statement(
        &mut self,
        u: &mut Unit,
        s: &PlsqlStatement,
        vars: &mut Vec<(String, Value)>,
        seen: &mut Vec<String>,
    ) -> Result<(), LabError> {
        let plsql = Ignored::Plsql;
        // Compiling a statement reads the scope's names: work as big as the
        // scope, charged as a run's step is (40,000 assignments in a scope
        // of 40,000 compiled for 11 s, unbounded). Declarations are not
        // statements: 40,000 of them compile as they run.
        self.s.stats.work.scope += vars.len() as u64;
        self.check_work()?;
        match s {
            PlsqlStatement::Assign { target, value } => {
                if lookup_var(vars, &target.name).is_none() {
                    u.undeclared(&target.name, target.pos, target.pos, plsql);
                    return Ok(());
                }
                self.check_expr(u, value, vars, target.pos, plsql, seen)?;
            }
            PlsqlStatement::Call { name, args } => {
                let method = name
                    .name
                    .rsplit_once('.')
                    .is_some_and(|(c, m)| matches!(m, "DELETE" | "EXTEND" | "TRIM") && is_collection(vars, c));
                if method || self.check_call(u, name, seen)? {
                    for (_, a) in args {
                        if !self.check_expr(u, a, vars, name.pos, plsql, seen)? {
                            break;
                        }
                    }
                }
            }
            PlsqlStatement::Return { value: Some(e), pos } => {
                self.check_expr(u, e, vars, *pos, plsql, seen)?;
            }
            PlsqlStatement::ExecuteImmediate { sql, using, pos, into } => {
                if let Some(bad) = into.iter().find(|i| lookup_var(vars, &i.name).is_none()) {
                    u.undeclared(&bad.name, bad.pos, *pos, plsql);
                } else if self.check_expr(u, sql, vars, *pos, plsql, seen)? {
                    for x in using {
                        if !self.check_expr(u, x, vars, *pos, plsql, seen)? {
                            break;
                        }
                    }
                }
            }
            PlsqlStatement::SelectInto { query, text, into, bulk } => {
                self.check_select_into(u, (query, text), into, *bulk, vars)?
            }
            PlsqlStatement::CursorFor { var, query, text, body, args } => {
                let base = vars.len();
                let columns = self.check_cursor_for(u, (query, text, args), vars, seen)?;
                vars.extend(columns.iter().map(|c| (format!("{}.{}", var.name, c), Value::Null)));
                let r = self.check_body(u, body, vars, seen);
                vars.truncate(base);
                r?;
            }
            PlsqlStatement::ForLoop { var, from, to, body, pos } => {
                // The bounds are outside the loop: its index is not in scope.
                if self.check_expr(u, from, vars, *pos, plsql, seen)? {
                    self.check_expr(u, to, vars, *pos, plsql, seen)?;
                }
                vars.push((var.name.clone(), Value::Null));
                let r = self.check_body(u, body, vars, seen);
                vars.pop();
                r?;
            }
            PlsqlStatement::If { branches, otherwise, pos } => {
                let mut ok = true;
                for (cond, body) in branches {
                    if ok {
                        ok = self.check_expr(u, cond, vars, *pos, plsql, seen)?;
                    }
                    self.check_body(u, body, vars, seen)?;
                }
                self.check_body(u, otherwise, vars, seen)?;
            }
            PlsqlStatement::While { cond, body, pos } => {
                self.check_expr(u, cond, vars, *pos, plsql, seen)?;
                self.check_body(u, body, vars, seen)?;
            }
            PlsqlStatement::Exit { when: Some(c), pos } => {
                self.check_expr(u, c, vars, *pos, plsql, seen)?;
            }
            PlsqlStatement::Loop { body } => self.check_body(u, body, vars, seen)?,
            PlsqlStatement::Sql(stmt) => {
                let mut names: Vec<String> = vars.iter().map(|(n, _)| n.clone()).collect();
                names.extend(lio_sql::element_refs(&stmt.kind));
                let r = match &stmt.kind {
                    StatementKind::Insert(i) => self.check_insert(i, &names),
                    StatementKind::Update(x) => self.check_update(x, &names),
                    StatementKind::Delete(d) => self.check_delete(d, &names),
                    _ => Ok(()),
                };
                u.sql(r, stmt.pos)?;
            }
            // Cursors, collections, FORALL, exceptions (NULL, EXIT and
            // RETURN without an expression: nothing).
            _ => self.check_cursor_statement(u, s, vars, seen)?,
        }
        Ok(())
    }

    /// A procedure call's name: a procedure the lab runs, a stored one
    /// that compiles, or one of Oracle's packages (refused by name when it
    /// runs). Returns whether it is one.
    fn check_call(&mut self, u: &mut Unit, name: &Ident, seen: &mut Vec<String>) -> Result<bool, LabError> {
        let n = name.name.as_str();
        if BUILTIN_PROCEDURES.contains(&n) || is_oracle_package(n) {
            return Ok(true);
        }
        match self.inst.programs.get(n) {
            Some(p) if p.returns.is_none() => self.callee(u, n, name.pos, name.pos, Ignored::Plsql, seen),
            Some(_) => {
                u.error(ora::PLS_NOT_A_PROCEDURE.line(&[&n]), name.pos, name.pos, Ignored::Plsql);
                Ok(false)
            }
            None => {
                u.undeclared(n, name.pos, name.pos, Ignored::Plsql);
                Ok(false)
            }
        }
    }

    /// A stored program named at `at` in the statement at `start`: it must
    /// compile (PLS-00905 otherwise). Returns whether it does.
    fn callee(
        &mut self,
        u: &mut Unit,
        name: &str,
        at: Pos,
        start: Pos,
        what: Ignored,
        seen: &mut Vec<String>,
    ) -> Result<bool, LabError> {
        if seen.iter().any(|s| s == name) {
            return Ok(!self.inst.program_errors.contains_key(name));
        }
        let Some(p) = self.inst.programs.get(name).cloned() else { return Ok(true) };
        if self.compile_program(&p, seen)? {
            return Ok(true);
        }
        let object = format!("{}.{name}", self.inst.cat.schema);
        u.error(ora::PLS_OBJECT_INVALID.line(&[&object]), at, start, what);
        Ok(false)
    }

    /// A PL/SQL expression's names (`start`: where its statement or
    /// declaration is): one the SQL compiler does not know (no variable,
    /// column of a cursor FOR loop, function or pseudo column) is
    /// PLS-00201, a stored function that does not compile PLS-00905. Its
    /// other errors are left to its evaluation. Returns whether it
    /// compiled.
    fn check_expr(
        &mut self,
        u: &mut Unit,
        e: &Expr,
        vars: &[(String, Value)],
        start: Pos,
        what: Ignored,
        seen: &mut Vec<String>,
    ) -> Result<bool, LabError> {
        // DBMS_STATS.AUTO_INVALIDATE and AUTO_SAMPLE_SIZE are read by the call itself.
        if dbms_stats_constant(e).is_some() {
            return Ok(true);
        }
        // Stored functions: their arguments, then the function itself.
        let mut calls = Vec::new();
        self.stored_calls(e, vars, &mut calls);
        for (name, args, at) in calls {
            for a in args {
                if !self.check_expr(u, a, vars, start, what, seen)? {
                    return Ok(false);
                }
            }
            if !self.callee(u, &name, at, start, what, seen)? {
                return Ok(false);
            }
        }
        let e = self.without_calls(e, vars);
        let e = self.without_sequences(&e);
        self.ensure_dual(None, Some(&e));
        let profile = self.inst.profile.clone();
        let ctx = Self::plan_ctx(&self.inst.cat, &profile, &self.s.params, self.s.sid, vars, &self.s.user);
        match exec::compile_scalar(&e, &ctx) {
            Err(err) if err.is(ora::INVALID_IDENTIFIER) => {
                let suffix = ora::INVALID_IDENTIFIER.message(&[]);
                let quoted = err.message.strip_suffix(suffix.as_str()).unwrap_or(&err.message);
                let name: String = quoted.chars().filter(|c| *c != '"').collect();
                u.undeclared(&name, err.pos, start, what);
                Ok(false)
            }
            _ => Ok(true),
        }
    }

    /// The stored functions `e` calls (outermost first, left to right),
    /// with their arguments and positions: the calls
    /// [`Self::without_calls`] leaves out of what the SQL compiler sees.
    fn stored_calls<'e>(&self, e: &'e Expr, vars: &[(String, Value)], out: &mut Vec<(String, &'e [Expr], Pos)>) {
        match e {
            Expr::Function { name, args } if self.inst.programs.contains_key(&name.name) => {
                out.push((name.name.clone(), args.as_slice(), name.pos));
            }
            Expr::Column { qualifier: None, name }
                if lookup_var(vars, &name.name).is_none() && self.inst.programs.contains_key(&name.name) =>
            {
                out.push((name.name.clone(), &[], name.pos));
            }
            Expr::Function { args, .. } => args.iter().for_each(|a| self.stored_calls(a, vars, out)),
            Expr::Binary { left, right, .. } => {
                self.stored_calls(left, vars, out);
                self.stored_calls(right, vars, out);
            }
            Expr::Negate(x) | Expr::Not(x) | Expr::IsNull { expr: x, .. } => self.stored_calls(x, vars, out),
            Expr::Between { expr, low, high } => {
                for x in [expr, low, high] {
                    self.stored_calls(x, vars, out);
                }
            }
            _ => {}
        }
    }

    fn check_insert(&mut self, i: &Insert, names: &[String]) -> Result<(), LabError> {
        let tid = self
            .inst
            .cat
            .table_id(&i.table.name)
            .ok_or_else(|| super::change::missing_table(&self.inst.cat, &i.table))?;
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
                let ctx = Self::plan_ctx(&self.inst.cat, &profile, &self.s.params, self.s.sid, names, &self.s.user);
                for e in exprs {
                    exec::compile_scalar(&self.without_sequences(e), &ctx)?;
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
        let select = self.checked_set_items(u);
        let q = target_query(&u.table, &u.alias, &u.where_clause, select, u.pos);
        self.check_query(&q, names)
    }

    fn check_query(&mut self, q: &Query, names: &[String]) -> Result<(), LabError> {
        self.ensure_dual(Some(q), None);
        let profile = self.inst.profile.clone();
        let ctx = Self::plan_ctx(&self.inst.cat, &profile, &self.s.params, self.s.sid, names, &self.s.user);
        exec::compile(q, &ctx).map(|_| ())
    }
}

/// SELECT ... INTO a variable not declared (`bad`): PLS-00201 at it,
/// then `PL/SQL: ORA-00904: : invalid identifier` at the FROM after
/// the INTO list, then the statement ignored, as published outputs
/// show (the ORA-00904 at FROM: `SELECT * INTO v_myrec.v_recl` /
/// `      FROM employees` gives `line 12, column 7`). More than one
/// such variable, or a FROM the lab cannot find, is refused.
fn undeclared_into(u: &mut Unit, bad: &Ident, into: &[Ident], start: Pos, text: &str) -> Result<(), LabError> {
    if u.stopped {
        return Ok(());
    }
    let last = into.last().unwrap_or(bad);
    let Some(from) = from_after(text, start, last) else {
        return Err(LabError::unsupported("an undeclared INTO variable before a FROM the lab cannot place", bad.pos));
    };
    let first = ora::PLS_IDENTIFIER_MUST_BE_DECLARED.line(&[&bad.name]);
    let middle = format!("PL/SQL: {}: {}", ora::INVALID_IDENTIFIER.code(), ora::INVALID_IDENTIFIER.message(&[]));
    u.error(first, bad.pos, from, Ignored::Sql);
    // The pair error / ignored is three lines here: the ORA-00904 in between.
    let n = u.errors.len();
    if n >= 2 {
        let (line, position) = u.b.line_col(from);
        u.errors[n - 1] = PlsqlError { line, position, text: middle };
        let (line, position) = u.b.line_col(start);
        u.errors.push(PlsqlError { line, position, text: "PL/SQL: SQL Statement ignored".into() });
    }
    Ok(())
}

/// Where the FROM after `last` (the INTO list's last variable) is, in the
/// statement `text` that starts at `start`: past the name and blanks.
fn from_after(text: &str, start: Pos, last: &Ident) -> Option<Pos> {
    let (mut line, mut column) = (start.line, start.column);
    let mut chars = text.char_indices().peekable();
    // To the variable.
    while (line, column) != (last.pos.line, last.pos.column) {
        let (_, c) = chars.next()?;
        if c == '\n' {
            line += 1;
            column = 1;
        } else {
            column += 1;
        }
    }
    // Past its name (quoted or not), then blanks.
    let quoted = chars.peek().is_some_and(|&(_, c)| c == '"');
    if quoted {
        chars.next();
        column += 1;
        loop {
            let (_, c) = chars.next()?;
            column += 1;
            if c == '"' {
                break;
            }
        }
    } else {
        while chars.peek().is_some_and(|&(_, c)| c.is_alphanumeric() || matches!(c, '_' | '$' | '#')) {
            chars.next();
            column += 1;
        }
    }
    while let Some(&(_, c)) = chars.peek() {
        match c {
            '\n' => {
                line += 1;
                column = 1;
            }
            ' ' | '\t' | '\r' => column += 1,
            _ => break,
        }
        chars.next();
    }
    let (at, _) = *chars.peek()?;
    let word: String = text[at..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
    word.eq_ignore_ascii_case("FROM").then_some(Pos { line, column })
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
        select.push(SelectItem::Expr { expr: Expr::Number(1i64.into(), pos), alias: None, heading: None });
    }
    Query::of_table(pos, Vec::new(), select, table, alias, where_clause)
}
