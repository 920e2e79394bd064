//! Stored procedures and functions: CREATE, DROP, calls with their
//! parameters and locals, functions inside PL/SQL expressions, the
//! simulated clock of `dbms_utility.get_time`, and Tom Kyte's
//! `runstats_pkg` as a built-in package.

use super::plsql::is_error_function;
pub(crate) use super::types::{Flow, Runstats, RunstatsMark, BODY_NEST, CALL_NEST, MAX_CALL_DEPTH, MAX_PLSQL_NEST};
use super::*;
use std::rc::Rc;

/// The session's count of stored program calls in progress.
fn call_depth(s: &mut Session) -> &mut u32 {
    &mut s.plsql_depth
}

/// The session's levels of [`MAX_PLSQL_NEST`] taken.
fn nest_depth(s: &mut Session) -> &mut u32 {
    &mut s.plsql_nest
}

fn kind_name(p: &StoredProgram) -> &'static str {
    if p.returns.is_some() {
        "Function"
    } else {
        "Procedure"
    }
}

impl Run<'_> {
    /// `CREATE [OR REPLACE] PROCEDURE|FUNCTION`.
    pub(super) fn create_program(&mut self, p: &StoredProgram) -> Result<Outcome, LabError> {
        let n = p.name.name.clone();
        if self.inst.cat.table_id(&n).is_some()
            || self.inst.cat.index_id(&n).is_some()
            || self.inst.cat.sequence(&n).is_some()
        {
            return Err(LabError::new(ora::NAME_ALREADY_USED, p.name.pos));
        }
        if let Some(old) = self.inst.programs.get(&n) {
            if !p.or_replace || old.returns.is_some() != p.returns.is_some() {
                return Err(LabError::new(ora::NAME_ALREADY_USED, p.name.pos));
            }
        }
        // Compiled as it is stored (a call of itself finds it): with
        // errors it is stored all the same, INVALID, as in Oracle.
        let old = self.inst.programs.insert(n.clone(), Rc::new(p.clone()));
        let compiled = self.compile_program(p, &mut Vec::new());
        let ok = match compiled {
            Ok(ok) => ok,
            Err(e) => {
                match old {
                    Some(old) => self.inst.programs.insert(n, old),
                    None => self.inst.programs.remove(&n),
                };
                return Err(e);
            }
        };
        self.s.last_compiled = Some(n);
        // SQL cursors do not call stored programs in the lab: none depends on it.
        let feedback = if ok {
            format!("{} created.", kind_name(p))
        } else {
            format!("Warning: {} created with compilation errors.", kind_name(p))
        };
        Ok(Outcome { feedback: Some(feedback), ..Default::default() })
    }

    /// `DROP PROCEDURE|FUNCTION name`.
    pub(super) fn drop_program(&mut self, name: &Ident, function: bool) -> Result<Outcome, LabError> {
        let found = self.inst.programs.get(&name.name).map(|p| p.returns.is_some() == function).unwrap_or(false);
        if !found {
            return Err(LabError::with(ora::OBJECT_DOES_NOT_EXIST, &name.name, name.pos));
        }
        self.inst.programs.remove(&name.name);
        self.inst.program_errors.remove(&name.name);
        let what = if function { "Function" } else { "Procedure" };
        Ok(Outcome { feedback: Some(format!("{what} dropped.")), ..Default::default() })
    }

    /// Call a stored program with evaluated arguments (positional, then
    /// `name => value`). Returns a function's value. The call counts
    /// towards [`MAX_CALL_DEPTH`] and [`MAX_PLSQL_NEST`] from its start,
    /// defaults included (a default may call the program itself).
    pub(super) fn call_program(
        &mut self,
        p: Rc<StoredProgram>,
        args: Vec<(Option<String>, Value)>,
        pos: Pos,
        out: &mut Vec<String>,
    ) -> Result<Option<Value>, LabError> {
        self.leveled(call_depth, 1, MAX_CALL_DEPTH, ora::LAB_PLSQL_CALL_DEPTH, pos, |r| {
            r.nested(CALL_NEST, pos, |r| r.call_program_inner(p, args, pos, out))
        })
    }

    /// Run `f` with `levels` more of [`MAX_PLSQL_NEST`] taken: a call, or a
    /// dynamic block; refused at `pos` past the bound.
    pub(super) fn nested<T>(
        &mut self,
        levels: u32,
        pos: Pos,
        f: impl FnOnce(&mut Self) -> Result<T, LabError>,
    ) -> Result<T, LabError> {
        self.leveled(nest_depth, levels, MAX_PLSQL_NEST, ora::LAB_PLSQL_NEST_DEPTH, pos, f)
    }

    /// Run `f` with the session's counter `level` raised by `by`; past
    /// `max`, refused at `pos` with `limit` (which names the bound).
    fn leveled<T>(
        &mut self,
        level: fn(&mut Session) -> &mut u32,
        by: u32,
        max: u32,
        limit: ora::Entry,
        pos: Pos,
        f: impl FnOnce(&mut Self) -> Result<T, LabError>,
    ) -> Result<T, LabError> {
        if *level(self.s) + by > max {
            return Err(LabError::with(limit, max, pos));
        }
        *level(self.s) += by;
        let r = f(self);
        *level(self.s) -= by;
        r
    }

    fn call_program_inner(
        &mut self,
        p: Rc<StoredProgram>,
        args: Vec<(Option<String>, Value)>,
        pos: Pos,
        out: &mut Vec<String>,
    ) -> Result<Option<Value>, LabError> {
        let wrong = || LabError::pls_run(ora::PLS_WRONG_ARGUMENTS, &[&p.name.name], pos);
        if args.len() > p.params.len() {
            return Err(wrong());
        }
        let mut vars: Vec<(String, Value)> = Vec::with_capacity(p.params.len() + p.block.declarations.len());
        let mut given: Vec<Option<Value>> = vec![None; p.params.len()];
        let mut named = false;
        for (i, (n, v)) in args.into_iter().enumerate() {
            match n {
                Some(n) => {
                    named = true;
                    let k = p.params.iter().position(|q| q.name.name.eq_ignore_ascii_case(&n)).ok_or_else(wrong)?;
                    if given[k].is_some() {
                        return Err(wrong());
                    }
                    given[k] = Some(v);
                }
                None if named => return Err(wrong()),
                None => given[i] = Some(v),
            }
        }
        // An error inside the program (its body, or a default of its
        // parameters) is reported at the call, with the program's line in
        // Oracle's error stack (ORA-06512).
        let schema = self.inst.cat.schema.clone();
        let at_call = |mut e: LabError| {
            let at = if e.pos.line >= p.name.pos.line && e.pos.line > 0 { e.pos.line - p.name.pos.line + 1 } else { 1 };
            if e.pos.line > 0 {
                let unit = format!("\"{}.{}\"", schema, p.name.name);
                e.message.push('\n');
                e.message.push_str(&ora::PLSQL_AT_UNIT_LINE.line(&[&unit, &at]));
            }
            e.pos = pos;
            e
        };
        for (q, g) in p.params.iter().zip(given) {
            let v = match (g, &q.default) {
                (Some(v), _) => v,
                (None, Some(d)) => self.plsql_eval(d, &vars).map_err(at_call)?,
                (None, None) => return Err(wrong()),
            };
            vars.push((q.name.name.clone(), v));
        }
        self.declare_all(&mut vars, &p.block.declarations);
        // The call: PL/SQL's interpreter entering the program.
        let us = self.inst.cost_params.grid.plsql_call_us;
        let stack = self.s.cost.stack("oracle;opitsk;opiodr;opiexe;pfrrun;pfrrun_no_tool;pevm_ENTER");
        self.s.cost.charge_grid(stack, us);
        let r = self.run_plsql_body(&p.block.body, &mut vars, out);
        let closed = self.end_block_cursors(&vars, 0, r.is_ok(), pos);
        self.end_block_collections(&vars, 0);
        let r = r.and_then(|f| closed.map(|_| f)).map_err(at_call);
        match r? {
            Flow::Return(v) if p.returns.is_some() => match v {
                Some(v) => Ok(Some(v)),
                None => Err(LabError::new(ora::FUNCTION_RETURNED_WITHOUT_VALUE, pos)),
            },
            _ if p.returns.is_some() => Err(LabError::new(ora::FUNCTION_RETURNED_WITHOUT_VALUE, pos)),
            _ => Ok(None),
        }
    }

    /// Calls in a PL/SQL expression that the SQL evaluator cannot make
    /// (stored functions, `dbms_utility.get_time`): made first, their
    /// values put in their place.
    pub(super) fn resolve_calls<'e>(
        &mut self,
        e: &'e Expr,
        vars: &[(String, Value)],
    ) -> Result<std::borrow::Cow<'e, Expr>, LabError> {
        if !self.has_call(e, vars) {
            return Ok(std::borrow::Cow::Borrowed(e));
        }
        let mut out = Vec::new();
        Ok(std::borrow::Cow::Owned(self.substitute(e, vars, &mut out)?))
    }

    /// `e` with its calls (see [`Self::resolve_calls`]) replaced by NULL,
    /// not made: what the compiler checks of a PL/SQL expression.
    pub(super) fn without_calls<'e>(&self, e: &'e Expr, vars: &[(String, Value)]) -> std::borrow::Cow<'e, Expr> {
        if !self.has_call(e, vars) {
            return std::borrow::Cow::Borrowed(e);
        }
        let stub = |x: &Expr| Box::new(self.without_calls(x, vars).into_owned());
        std::borrow::Cow::Owned(match e {
            // SQLERRM(n): its argument's names are checked.
            Expr::Function { name, args } if is_error_function(&name.name) && !args.is_empty() => {
                let any = Ident { name: "NVL".into(), pos: name.pos };
                let args = vec![Expr::Null(name.pos), self.without_calls(&args[0], vars).into_owned()];
                Expr::Function { name: any, args }
            }
            Expr::Function { name, .. } if self.is_call(&name.name) || is_collection(vars, &name.name) => {
                Expr::Null(name.pos)
            }
            Expr::Column { qualifier: None, name } => Expr::Null(name.pos),
            Expr::Function { name, args } => Expr::Function {
                name: name.clone(),
                args: args.iter().map(|a| self.without_calls(a, vars).into_owned()).collect(),
            },
            Expr::Binary { op, left, right } => Expr::Binary { op: *op, left: stub(left), right: stub(right) },
            Expr::Negate(x) => Expr::Negate(stub(x)),
            Expr::Not(x) => Expr::Not(stub(x)),
            Expr::Between { expr, low, high } => Expr::Between { expr: stub(expr), low: stub(low), high: stub(high) },
            Expr::IsNull { expr, negated } => Expr::IsNull { expr: stub(expr), negated: *negated },
            other => other.clone(),
        })
    }

    fn is_call(&self, name: &str) -> bool {
        matches!(name, "DBMS_UTILITY.GET_TIME" | "DBMS_UTILITY.GET_CPU_TIME")
            || is_error_function(name)
            || self.inst.programs.get(name).is_some_and(|p| p.returns.is_some())
    }

    fn has_call(&self, e: &Expr, vars: &[(String, Value)]) -> bool {
        match e {
            Expr::Function { name, args } => {
                self.is_call(&name.name)
                    || is_collection(vars, &name.name)
                    || args.iter().any(|a| self.has_call(a, vars))
            }
            // A function without arguments may be called without parentheses.
            Expr::Column { qualifier: None, name } if super::plsql::lookup_var(vars, &name.name).is_none() => {
                is_error_function(&name.name)
                    || self
                        .inst
                        .programs
                        .get(&name.name)
                        .is_some_and(|p| p.returns.is_some() && p.params.iter().all(|q| q.default.is_some()))
            }
            Expr::Aggregate { arg, .. } => arg.as_ref().is_some_and(|a| self.has_call(a, vars)),
            Expr::Binary { left, right, .. } => self.has_call(left, vars) || self.has_call(right, vars),
            Expr::Negate(x) | Expr::Not(x) => self.has_call(x, vars),
            Expr::Between { expr, low, high } => {
                self.has_call(expr, vars) || self.has_call(low, vars) || self.has_call(high, vars)
            }
            Expr::IsNull { expr, .. } => self.has_call(expr, vars),
            _ => false,
        }
    }

    /// `e` with its calls made: each level of the tree around a call is a
    /// level of [`MAX_PLSQL_NEST`] while the call runs.
    fn substitute(&mut self, e: &Expr, vars: &[(String, Value)], out: &mut Vec<String>) -> Result<Expr, LabError> {
        self.s.plsql_nest += 1;
        let r = self.substitute_level(e, vars, out);
        self.s.plsql_nest -= 1;
        r
    }

    fn substitute_level(
        &mut self,
        e: &Expr,
        vars: &[(String, Value)],
        out: &mut Vec<String>,
    ) -> Result<Expr, LabError> {
        let sub = |r: &mut Self, x: &Expr, out: &mut Vec<String>| r.substitute(x, vars, out).map(Box::new);
        Ok(match e {
            Expr::Function { name, args } if self.is_call(&name.name) || is_collection(vars, &name.name) => {
                let v = match name.name.as_str() {
                    _ if is_collection(vars, &name.name) => {
                        let mut a = Vec::with_capacity(args.len());
                        for x in args {
                            a.push(self.substitute(x, vars, out)?);
                        }
                        self.collection_element(name, &a, vars)?
                    }
                    "DBMS_UTILITY.GET_TIME" => Value::from_f64(self.hsecs()),
                    n if is_error_function(n) => {
                        let mut vals = Vec::with_capacity(args.len());
                        for a in args {
                            let a2 = self.substitute(a, vars, out)?;
                            vals.push(self.plsql_eval(&a2, vars)?);
                        }
                        self.error_function(name, &vals)?
                    }
                    "DBMS_UTILITY.GET_CPU_TIME" => Value::from_f64(self.cpu_hsecs() as f64),
                    _ => {
                        let mut vals = Vec::with_capacity(args.len());
                        for a in args {
                            let a2 = self.substitute(a, vars, out)?;
                            vals.push((None, self.plsql_eval(&a2, vars)?));
                        }
                        let p = self.inst.programs.get(&name.name).cloned().expect("is_call found it");
                        self.call_program(p, vals, name.pos, out)?.unwrap_or(Value::Null)
                    }
                };
                match v {
                    Value::Num(n) => Expr::Number(n, name.pos),
                    Value::Str(s) => Expr::String(s.to_string(), name.pos),
                    Value::Null => Expr::Null(name.pos),
                    Value::Date(d) => crate::exec::date_expr(d, name.pos),
                }
            }
            Expr::Column { qualifier: None, name } if self.has_call(e, vars) => {
                let v = match self.inst.programs.get(&name.name).cloned() {
                    _ if is_error_function(&name.name) => self.error_function(name, &[])?,
                    Some(p) => self.call_program(p, Vec::new(), name.pos, out)?.unwrap_or(Value::Null),
                    None => Value::Null,
                };
                match v {
                    Value::Num(n) => Expr::Number(n, name.pos),
                    Value::Str(s) => Expr::String(s.to_string(), name.pos),
                    Value::Null => Expr::Null(name.pos),
                    Value::Date(d) => crate::exec::date_expr(d, name.pos),
                }
            }
            Expr::Function { name, args } => {
                let mut a = Vec::with_capacity(args.len());
                for x in args {
                    a.push(self.substitute(x, vars, out)?);
                }
                Expr::Function { name: name.clone(), args: a }
            }
            Expr::Binary { op, left, right } => {
                Expr::Binary { op: *op, left: sub(self, left, out)?, right: sub(self, right, out)? }
            }
            Expr::Negate(x) => Expr::Negate(sub(self, x, out)?),
            Expr::Not(x) => Expr::Not(sub(self, x, out)?),
            Expr::Between { expr, low, high } => {
                Expr::Between { expr: sub(self, expr, out)?, low: sub(self, low, out)?, high: sub(self, high, out)? }
            }
            Expr::IsNull { expr, negated } => Expr::IsNull { expr: sub(self, expr, out)?, negated: *negated },
            other => other.clone(),
        })
    }

    /// `dbms_utility.get_time`: the session's simulated clock in
    /// centiseconds (wrapping like Oracle's at 2^32).
    fn hsecs(&self) -> f64 {
        ((self.s.cost.now_us() / 10_000.0).floor() as u64 % (1u64 << 32)) as f64
    }

    /// `dbms_utility.get_cpu_time`: CPU used by the session, centiseconds.
    fn cpu_hsecs(&self) -> i64 {
        self.snapshot().get(crate::stats::Stat::CpuUsedBySession) as i64
    }

    // ------------------------------------------------------------ runstats_pkg

    fn runstats_mark(&self) -> RunstatsMark {
        let snap = self.snapshot();
        let mut values: Vec<(String, i64)> = crate::stats::Stat::ALL
            .iter()
            .filter_map(|s| s.name(&self.inst.profile).map(|n| (format!("STAT...{n}"), snap.get(*s) as i64)))
            .collect();
        values.push(("LATCH.cache buffers chains".into(), self.inst.sga.cache.latch_totals().gets as i64));
        values.push(("STAT...Elapsed Time".into(), self.hsecs() as i64));
        RunstatsMark { values, cpu_cs: self.cpu_hsecs() }
    }

    /// `runstats_pkg.rs_start`, `rs_middle`, `rs_stop(threshold)`: Tom
    /// Kyte's package, its output through DBMS_OUTPUT in his layout.
    pub(super) fn runstats(
        &mut self,
        call: &str,
        threshold: f64,
        pos: Pos,
        out: &mut Vec<String>,
    ) -> Result<(), LabError> {
        match call {
            "RS_START" => {
                self.s.runstats = Runstats { start: Some(self.runstats_mark()), ..Default::default() };
            }
            "RS_MIDDLE" => {
                let m = self.runstats_mark();
                let start = self.s.runstats.start.as_ref().map(|s| s.cpu_cs).unwrap_or(m.cpu_cs);
                self.s.runstats.run1_cpu = m.cpu_cs - start;
                self.s.runstats.middle = Some(m);
            }
            _ => {
                let end = self.runstats_mark();
                let (Some(a), Some(b)) = (self.s.runstats.start.clone(), self.s.runstats.middle.clone()) else {
                    // Tom's package reads its snapshots with a join that finds no rows.
                    return Err(LabError::with(
                        ora::APPLICATION_ERROR,
                        "runstats_pkg: call rs_start and rs_middle before rs_stop",
                        pos,
                    ));
                };
                let run1 = self.s.runstats.run1_cpu;
                let run2 = end.cpu_cs - b.cpu_cs;
                out.push(format!("Run1 ran in {run1} cpu hsecs"));
                out.push(format!("Run2 ran in {run2} cpu hsecs"));
                if run2 != 0 {
                    let pct = (run1 as f64 / run2 as f64 * 100.0 * 100.0).round() / 100.0;
                    out.push(format!("run 1 ran in {}% of the time", crate::value::format_number(pct)));
                }
                out.push("\t".into());
                out.push(format!("{:<30}{:>12}{:>12}{:>12}", "Name", "Run1", "Run2", "Diff"));
                let mut rows: Vec<(String, i64, i64, i64)> = Vec::new();
                for (name, v0) in &a.values {
                    let v1 = b.values.iter().find(|(n, _)| n == name).map(|x| x.1).unwrap_or(*v0);
                    let v2 = end.values.iter().find(|(n, _)| n == name).map(|x| x.1).unwrap_or(v1);
                    let (r1, r2) = (v1 - v0, v2 - v1);
                    if ((r2 - r1).abs() as f64) > threshold {
                        rows.push((name.clone(), r1, r2, r2 - r1));
                    }
                }
                rows.sort_by_key(|r| r.3.abs());
                for (name, r1, r2, d) in &rows {
                    let short: String = name.chars().take(30).collect();
                    out.push(format!("{short:<30}{}{}{}", to_char_999(*r1), to_char_999(*r2), to_char_999(*d)));
                }
                out.push("\t".into());
                out.push("Run1 latches total versus runs -- difference and pct".into());
                out.push(format!("{:>12}{:>12}{:>12}{:>10}", "Run1", "Run2", "Diff", "Pct"));
                let (mut l1, mut l2) = (0i64, 0i64);
                for (name, v0) in &a.values {
                    if name.starts_with("LATCH") {
                        let v1 = b.values.iter().find(|(n, _)| n == name).map(|x| x.1).unwrap_or(*v0);
                        let v2 = end.values.iter().find(|(n, _)| n == name).map(|x| x.1).unwrap_or(v1);
                        l1 += v1 - v0;
                        l2 += v2 - v1;
                    }
                }
                let pct = if l2 != 0 {
                    let p = (l1 as f64 / l2 as f64 * 100.0 * 100.0).round() / 100.0;
                    format!("{:>10}", format!("{p:.2}"))
                } else {
                    // Tom's decode(run2, 0, to_number(0), run2) divides by zero here.
                    " ".repeat(10)
                };
                out.push(format!("{}{}{}{}%", to_char_999(l1), to_char_999(l2), to_char_999(l2 - l1), pct));
            }
        }
        Ok(())
    }
}

/// `to_char(n, '999,999,999')`: 12 characters (a sign position and the
/// mask), `#` when the number does not fit.
fn to_char_999(n: i64) -> String {
    let a = n.unsigned_abs();
    if a > 999_999_999 {
        return "#".repeat(12);
    }
    let digits = a.to_string();
    let mut grouped = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    let signed = if n < 0 { format!("-{grouped}") } else { grouped };
    format!("{signed:>12}")
}

#[cfg(test)]
mod tests {
    use super::to_char_999;

    #[test]
    fn to_char_masks_like_oracle() {
        assert_eq!(to_char_999(0), "           0");
        assert_eq!(to_char_999(1234567), "   1,234,567");
        assert_eq!(to_char_999(-99990), "     -99,990");
        assert_eq!(to_char_999(1_000_000_000), "############");
    }
}
