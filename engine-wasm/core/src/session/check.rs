//! CHECK constraints: `[CONSTRAINT n] CHECK (condition)` inline on a
//! column or out of line in CREATE TABLE, and `ALTER TABLE t ADD
//! [CONSTRAINT n] CHECK (condition)`, with `ENABLE | DISABLE` and
//! `VALIDATE | NOVALIDATE`.
//!
//! An enabled constraint is checked on each row an INSERT stores and each
//! row an UPDATE changes one of its columns in: a row whose condition is
//! FALSE (not NULL: unknown passes, as in Oracle) fails the statement with
//! ORA-02290 naming the constraint (`LAB.SYS_C...` when unnamed), and the
//! statement's changes are rolled back. The condition is evaluated on the
//! row's values (CPU, no block visit). ENABLE [VALIDATE] on a table with
//! rows checks them all (ORA-02293); ENABLE NOVALIDATE checks new rows
//! only; DISABLE checks nothing (STATUS DISABLED, VALIDATED NOT
//! VALIDATED). A condition may not hold a subquery (ORA-02251), an
//! aggregate (ORA-00934), or SYSDATE, USER, ROWNUM or LEVEL (ORA-02436);
//! an inline one reads its own column only (ORA-02438). USER_CONSTRAINTS'
//! SEARCH_CONDITION is the condition's text as written.

use super::*;
use crate::catalog::CheckConstraint;
use crate::exec::CExpr;

/// A CHECK constraint compiled for one statement: its place in the
/// table's list, its condition, and the column each of the condition's
/// binds reads.
struct CompiledCheck {
    at: usize,
    cond: CExpr,
    binds: Vec<usize>,
}

/// A table's CHECK constraints compiled for one statement, and the binds
/// each row's check fills (reused from row to row).
pub(super) struct Checks {
    list: Vec<CompiledCheck>,
    scratch: Vec<Value>,
}

/// Whether `e` is what a CHECK condition may not name (ORA-02436).
fn system_variable(e: &Expr) -> bool {
    match e {
        Expr::Rownum(_) | Expr::Level(_) => true,
        Expr::Column { qualifier: None, name } => matches!(name.name.as_str(), "USER" | "UID"),
        Expr::Function { name, .. } => matches!(
            name.name.as_str(),
            "SYSDATE" | "SYSTIMESTAMP" | "CURRENT_DATE" | "CURRENT_TIMESTAMP" | "LOCALTIMESTAMP" | "USERENV"
        ),
        _ => false,
    }
}

impl Run<'_> {
    /// Condition `e` compiled against table `tid`'s columns (each column a
    /// bind), with the columns its binds read.
    fn compile_check(&self, tid: TableId, e: &Expr) -> Result<(CExpr, Vec<usize>), LabError> {
        let pos = exec::plan::position_of(e);
        let any = |f: &dyn Fn(&Expr) -> bool| exec::plan::rownum::any_expr(e, &|x: &Expr| f(x));
        if any(&|x| matches!(x, Expr::Subquery(_) | Expr::InSubquery { .. } | Expr::Exists { .. })) {
            return Err(LabError::new(ora::SUBQUERY_NOT_ALLOWED_HERE, pos));
        }
        if any(&|x| matches!(x, Expr::Aggregate { .. })) {
            return Err(LabError::new(ora::GROUP_FUNCTION_NOT_ALLOWED, pos));
        }
        if any(&system_variable) {
            return Err(LabError::new(ora::CHECK_SYSTEM_VARIABLE, pos));
        }
        let t = &self.inst.cat.tables[tid];
        let names: Vec<String> = t.columns.iter().map(|c| c.name.clone()).collect();
        let profile = self.inst.profile.clone();
        let ctx = Self::plan_ctx(&self.inst.cat, &profile, &self.s.params, self.s.sid, names.as_slice(), &self.s.user);
        let (mut cond, bind_names) = exec::compile_scalar(e, &ctx)?;
        let mut binds = Vec::with_capacity(bind_names.len());
        for n in &bind_names {
            let c = t.columns.iter().position(|c| crate::kernel::names::same_name(&c.name, n));
            binds.push(c.ok_or_else(|| LabError::with(ora::INVALID_IDENTIFIER, format_args!("\"{n}\""), pos))?);
        }
        // Comparisons with CHAR, VARCHAR2 and NUMBER columns, as in a query.
        use exec::convert::Kind;
        let kinds: Vec<Kind> = binds
            .iter()
            .map(|&c| match t.columns[c].data_type {
                DataType::Number { .. } => Kind::Number,
                DataType::Char { len } => Kind::Char(Some(len)),
                DataType::Varchar2 { .. } => Kind::Varchar,
                DataType::Date => Kind::Unknown,
            })
            .collect();
        exec::convert::coerce_binds(&mut cond, &self.inst.cat, &kinds);
        Ok((cond, binds))
    }

    /// Table `tid`'s enabled CHECK constraints (those reading one of
    /// `cols`, when given), compiled for a statement.
    pub(super) fn compiled_checks(&self, tid: TableId, cols: Option<&[usize]>) -> Result<Checks, LabError> {
        let mut out = Vec::new();
        for (at, k) in self.inst.cat.tables[tid].checks.iter().enumerate() {
            if !k.enabled || cols.is_some_and(|cs| !k.cols.iter().any(|c| cs.contains(c))) {
                continue;
            }
            let (cond, binds) = self.compile_check(tid, &k.expr)?;
            out.push(CompiledCheck { at, cond, binds });
        }
        Ok(Checks { list: out, scratch: Vec::new() })
    }

    /// The first of `checks` row `row` fails (its condition FALSE), if any.
    fn failed_check(&mut self, checks: &mut Checks, row: &[Value]) -> Result<Option<usize>, LabError> {
        let scratch = &mut checks.scratch;
        for k in &checks.list {
            scratch.clear();
            scratch.extend(k.binds.iter().map(|&c| row[c].clone()));
            let env = Env::default();
            let mut cx = EvalCtx {
                cat: &self.inst.cat,
                env: &env,
                binds: scratch,
                rng: &mut self.s.rng,
                text_work: &mut self.s.stats.work.text,
                io: Some(&self.inst.io),
            };
            if matches!(k.cond.eval(&mut cx)?, Value::Num(n) if n.is_zero()) {
                return Ok(Some(k.at));
            }
        }
        Ok(None)
    }

    /// Row `row` of table `tid` passes `checks` (ORA-02290 names the
    /// first it fails).
    pub(super) fn check_row(
        &mut self,
        tid: TableId,
        checks: &mut Checks,
        row: &[Value],
        pos: Pos,
    ) -> Result<(), LabError> {
        if checks.list.is_empty() {
            return Ok(());
        }
        match self.failed_check(checks, row)? {
            None => Ok(()),
            Some(at) => {
                let name = &self.inst.cat.tables[tid].checks[at].name.name;
                Err(LabError::with(
                    ora::CHECK_CONSTRAINT_VIOLATED,
                    format_args!("{}.{name}", self.inst.cat.schema),
                    pos,
                ))
            }
        }
    }

    /// INSERT: each of `rows` passes table `tid`'s enabled checks.
    pub(super) fn check_inserted(
        &mut self,
        tid: TableId,
        rows: &crate::catalog::RowStore,
        pos: Pos,
    ) -> Result<(), LabError> {
        if self.inst.cat.tables[tid].checks.iter().all(|k| !k.enabled) {
            return Ok(());
        }
        let mut checks = self.compiled_checks(tid, None)?;
        let mut row = Vec::new();
        for r in 0..rows.len() {
            rows.row(r).decode_into(&mut row);
            self.check_row(tid, &mut checks, &row, pos)?;
        }
        Ok(())
    }

    /// A CHECK constraint on table `tid` (CREATE TABLE's, or ALTER TABLE
    /// ADD's: `validate` checks the rows already there unless it says
    /// NOVALIDATE or DISABLE). `column`: an inline constraint's column,
    /// the only one it may read.
    pub(super) fn add_check(
        &mut self,
        tid: TableId,
        k: &TableConstraint,
        column: Option<usize>,
        validate: bool,
    ) -> Result<(), LabError> {
        let cond = k.check.as_deref().expect("a CHECK constraint has its condition");
        self.check_constraint_name(k.name.as_ref(), false)?;
        let (_, binds) = self.compile_check(tid, &cond.expr)?;
        let mut cols = binds;
        cols.sort_unstable();
        cols.dedup();
        if column.is_some_and(|c| cols.iter().any(|&x| x != c)) {
            return Err(LabError::new(ora::COLUMN_CHECK_OTHER_COLUMNS, k.pos));
        }
        let enabled = k.state.enable.unwrap_or(true);
        let validated = enabled && k.state.validate.unwrap_or(true);
        if !enabled && k.state.validate == Some(true) {
            return Err(LabError::unsupported("DISABLE VALIDATE (the table would be read only)", k.pos));
        }
        let name = self.inst.cat.next_con(k.name.as_ref().map(|n| n.name.as_str()));
        let check =
            CheckConstraint { name, expr: cond.expr.clone(), text: cond.written.clone(), cols, enabled, validated };
        self.inst.cat.tables[tid].checks.push(check);
        if validate && validated {
            let at = self.inst.cat.tables[tid].checks.len() - 1;
            if let Err(e) = self.validate_check(tid, at, k.pos) {
                self.inst.cat.tables[tid].checks.pop();
                return Err(e);
            }
        }
        Ok(())
    }

    /// ENABLE VALIDATE: every live row of table `tid` passes check `at`
    /// (ORA-02293 names it otherwise).
    pub(super) fn validate_check(&mut self, tid: TableId, at: usize, pos: Pos) -> Result<(), LabError> {
        let expr = self.inst.cat.tables[tid].checks[at].expr.clone();
        let (cond, binds) = self.compile_check(tid, &expr)?;
        let mut checks = Checks { list: vec![CompiledCheck { at, cond, binds }], scratch: Vec::new() };
        let mut row = Vec::new();
        for r in 0..self.inst.cat.tables[tid].rows.len() {
            let t = &self.inst.cat.tables[tid];
            if !t.is_live(r as u32) {
                continue;
            }
            t.rows.row(r).decode_into(&mut row);
            if self.failed_check(&mut checks, &row)?.is_some() {
                let name = &self.inst.cat.tables[tid].checks[at].name.name;
                return Err(LabError::with(
                    ora::CANNOT_VALIDATE_CHECK,
                    format_args!("{}.{name}", self.inst.cat.schema),
                    pos,
                ));
            }
        }
        Ok(())
    }

    /// CREATE TABLE's CHECK constraints (inline, then out of line), once
    /// its keys exist; on error the table goes again.
    pub(super) fn create_checks(&mut self, tid: TableId, c: &CreateTable) -> Result<(), LabError> {
        let t = &self.inst.cat.tables[tid];
        let mut defs: Vec<(&TableConstraint, Option<usize>)> = Vec::new();
        for d in &c.columns {
            let col = t.column_index(&d.name.name);
            defs.extend(d.checks.iter().map(|k| (k, col)));
        }
        defs.extend(c.constraints.iter().filter(|k| k.kind == ConstraintKind::Check).map(|k| (k, None)));
        for (k, col) in defs {
            if let Err(e) = self.add_check(tid, k, col, false) {
                self.drop_table(tid);
                return Err(e);
            }
        }
        Ok(())
    }

    /// A new constraint's name: ORA-02264 when a constraint of the schema
    /// has it; for a key (`index`: its index takes the name) ORA-00955
    /// when a table, index or cluster has it.
    pub(super) fn check_constraint_name(&self, name: Option<&Ident>, index: bool) -> Result<(), LabError> {
        let Some(n) = name else { return Ok(()) };
        if self.inst.cat.constraint_table(&n.name).is_some() {
            return Err(LabError::new(ora::CONSTRAINT_NAME_ALREADY_USED, n.pos));
        }
        if index && self.inst.cat.name_in_use(&n.name) {
            return Err(LabError::new(ora::NAME_ALREADY_USED, n.pos));
        }
        Ok(())
    }
}
