//! INSERT ... VALUES: the rows of its bind sets (one set for a plain
//! statement; SQL*Plus array binds, LAB RUN and FORALL give more).

use super::*;
use crate::catalog::RowStore;
use crate::exec::{Env, EvalCtx};
use crate::value::Value;
use lio_sql::ast::Insert;

impl Run<'_> {
    /// INSERT ... VALUES: a row per bind set, each value evaluated with
    /// the set's binds (a sequence's NEXTVAL taken a row at a time).
    pub(super) fn values_rows(
        &mut self,
        i: &Insert,
        exprs: &[lio_sql::ast::Expr],
        names: &[String],
        bind_sets: &[Vec<Value>],
        (targets, defaults): (&[usize], &[(usize, Value)]),
        out: &mut RowStore,
    ) -> Result<(), LabError> {
        let ncols = out.width();
        if exprs.len() != targets.len() {
            let p = exprs.first().map(exec::plan::position_of).unwrap_or(i.table.pos);
            return Err(if exprs.len() < targets.len() {
                LabError::new(ora::NOT_ENOUGH_VALUES, p)
            } else {
                LabError::new(ora::TOO_MANY_VALUES, p)
            });
        }
        for e in exprs {
            self.ensure_dual(None, Some(e));
        }
        // NEXTVAL / CURRVAL: a value a row, compiled into its VALUES.
        let seq = self.values_sequence(exprs)?;
        let profile = self.inst.profile.clone();
        let mut compiled = Vec::new();
        if seq.is_none() {
            let ctx = Self::plan_ctx(&self.inst.cat, &profile, &self.s.params, self.s.sid, names, &self.s.user);
            for e in exprs {
                compiled.push(exec::compile_scalar(e, &ctx)?);
            }
        }
        for set in bind_sets {
            if let Some(v) = &seq {
                let row_exprs = self.values_with_sequence(exprs, v)?;
                let ctx = Self::plan_ctx(&self.inst.cat, &profile, &self.s.params, self.s.sid, names, &self.s.user);
                compiled.clear();
                for e in &row_exprs {
                    compiled.push(exec::compile_scalar(e, &ctx)?);
                }
            }
            let mut row = vec![Value::Null; ncols];
            for (c, v) in defaults {
                row[*c] = v.clone();
            }
            for ((c, bnames), &t) in compiled.iter().zip(targets.iter()) {
                let binds: Vec<Value> = bnames
                    .iter()
                    .enumerate()
                    .map(|(k, n)| {
                        names
                            .iter()
                            .rposition(|x| x == n)
                            .map(|p| set.get(p).cloned().unwrap_or(Value::Null))
                            .unwrap_or_else(|| set.get(k).cloned().unwrap_or(Value::Null))
                    })
                    .collect();
                let env = Env::default();
                let mut cx = EvalCtx {
                    cat: &self.inst.cat,
                    env: &env,
                    binds: &binds,
                    rng: &mut self.s.rng,
                    text_work: &mut self.s.stats.work.text,
                    io: Some(&self.inst.io),
                };
                row[t] = c.eval(&mut cx)?;
            }
            out.push_from(&mut row);
        }
        self.sequence_refills();
        Ok(())
    }
}
