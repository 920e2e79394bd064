//! A table joined by HASH JOIN (`USE_HASH(t)`): the rows joined so far
//! are the build input, the table (reached without the join predicates:
//! a full scan, or an index on its own predicates) the probe input; the
//! equijoins between them are the hash keys (`access(...)`), the other
//! join predicates the join's filter.

use super::*;
use crate::exec::convert::Kind;

impl Builder<'_> {
    /// The equijoins `build col = probe col` between the table source
    /// `src` and the sources joined before it (not those of the enclosing
    /// blocks, `base`), marked used: (build key, probe key) each. An
    /// equijoin of different datatype classes is no key (Oracle would hash
    /// the converted values; the lab does not): it stays a join filter when
    /// there are other keys, and is refused when it would be the only one.
    pub(super) fn hash_keys(
        &self,
        conjuncts: &[CExpr],
        used: &mut [bool],
        available: &[usize],
        base: &[usize],
        src: usize,
        pos: Pos,
    ) -> Result<Vec<(CExpr, CExpr)>, LabError> {
        let (mut keys, mut mixed) = (Vec::new(), false);
        for (i, c) in conjuncts.iter().enumerate() {
            if used[i] {
                continue;
            }
            let CExpr::Bin(BinaryOp::Eq, a, b, _) = c else { continue };
            let side = |e: &CExpr| {
                let mut s = Vec::new();
                e.sources(&mut s);
                if s.is_empty() {
                    None
                } else if s.iter().all(|x| *x == src) {
                    Some(true)
                } else if s.iter().all(|x| *x != src && available.contains(x) && !base.contains(x)) {
                    Some(false)
                } else {
                    None
                }
            };
            let (build, probe) = match (side(a), side(b)) {
                (Some(false), Some(true)) => (a.as_ref(), b.as_ref()),
                (Some(true), Some(false)) => (b.as_ref(), a.as_ref()),
                _ => continue,
            };
            let (kb, kp) =
                (crate::exec::convert::kind(build, &self.kinds()), crate::exec::convert::kind(probe, &self.kinds()));
            let same = match (kb, kp) {
                (Kind::Number, Kind::Number) | (Kind::Varchar, Kind::Varchar) => true,
                (Kind::Char(x), Kind::Char(y)) => x.is_some() && x == y,
                _ => false,
            };
            if !same {
                mixed = true;
                continue;
            }
            used[i] = true;
            keys.push((build.clone(), probe.clone()));
        }
        if mixed && keys.is_empty() {
            return Err(LabError::with(ora::LAB_UNSUPPORTED, "a hash join on keys of different datatypes", pos));
        }
        Ok(keys)
    }

    /// HASH JOIN of `build` (the rows so far) and `probe`, `name` its
    /// operation (`HASH JOIN OUTER`, `HASH JOIN ANTI NA`, ...).
    /// Its Bytes: the joined rows' (`bytes`, both inputs' row widths).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn hash_join(
        &mut self,
        build: Op,
        probe: Op,
        keys: Vec<(CExpr, CExpr)>,
        (rows, bytes): (f64, f64),
        cost: f64,
        (mode, name): (JoinMode, &'static str),
    ) -> Op {
        let input_rows = [&build, &probe].map(|o| self.drafts.get(o.line as usize).map_or(0.0, |d| d.e_rows));
        let build_srcs = sources_with_tables(&build, self.ctx.cat);
        let probe_srcs = sources_with_tables(&probe, self.ctx.cat);
        let (build_keys, probe_keys) = keys.into_iter().unzip();
        let kind = OpKind::HashJoin {
            build: Box::new(build),
            probe: Box::new(probe),
            build_keys,
            probe_keys,
            build_srcs,
            probe_srcs,
            filter: vec![],
            mode,
            swapped: false,
            state: Box::default(),
        };
        let op = self.op(name, None, rows, cost, Some(bytes), "qerhjFetch", kind);
        // The CPU part `join::hash_join_cost` adds: a row's cycles for each
        // build and probe row.
        let cpu = (input_rows[0] + input_rows[1]) * crate::optimizer::cost::CPU_PER_ROW;
        self.add_cpu(op.line, self.ctx.costing.cpu_units(cpu));
        op
    }
}

/// Whether `USE_HASH` names `alias`.
pub(super) fn use_hash(q: &Query, alias: &str) -> bool {
    q.hints.iter().any(|h| matches!(h, Hint::UseHash(list) if list.iter().any(|a| a.name == alias)))
}

/// The row sources under `op`, each with the table it reads (a table source).
pub(super) fn sources_with_tables(op: &Op, cat: &Catalog) -> Vec<(usize, Option<TableId>)> {
    let mut srcs = Vec::new();
    collect_sources(op, &mut srcs);
    let mut tables = Vec::new();
    source_tables(op, cat, &mut tables);
    srcs.into_iter().map(|s| (s, tables.iter().find(|(x, _)| *x == s).map(|(_, t)| *t))).collect()
}

/// Whether `USE_MERGE` names `alias`.
pub(super) fn use_merge(q: &Query, alias: &str) -> bool {
    q.hints.iter().any(|h| matches!(h, Hint::UseMerge(list) if list.iter().any(|a| a.name == alias)))
}

/// Whether `USE_NL` names `alias`.
pub(super) fn use_nl(q: &Query, alias: &str) -> bool {
    q.hints.iter().any(|h| matches!(h, Hint::UseNl(list) if list.iter().any(|a| a.name == alias)))
}

/// The table each table source under `op` reads.
fn source_tables(op: &Op, cat: &Catalog, out: &mut Vec<(usize, TableId)>) {
    match &op.kind {
        OpKind::Full { table, src, .. }
        | OpKind::Hash { table, src, .. }
        | OpKind::ByRowid { table, src, .. }
        | OpKind::RowidFetch { table, src, .. } => out.push((*src, *table)),
        OpKind::IndexUnique { index, src, .. }
        | OpKind::IndexRange { index, src, .. }
        | OpKind::IndexMinMax { index, src, .. }
        | OpKind::IndexFast { index, src, .. } => out.push((*src, cat.indexes[*index].table)),
        _ => {}
    }
    if let OpKind::ByRowid { child, .. } = &op.kind {
        source_tables(child, cat, out);
    }
    for c in predicates::children(op) {
        source_tables(c, cat, out);
    }
}
