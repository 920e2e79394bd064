//! What a [`Run`] does besides dispatching statements: its work and memory
//! budgets, events, waits, checkpoints and formatted blocks, the plan
//! context, the cursors it invalidates.

use super::*;

impl Run<'_> {
    /// The buffer cache learns each segment's pool (`BUFFER_POOL KEEP`).
    pub(crate) fn sync_cache_pools(&mut self) {
        for seg in self.inst.cat.segments.iter().filter(|s| !s.dropped) {
            self.inst.sga.cache.set_pool(seg.id, seg.pool);
        }
    }

    /// `ALTER SYSTEM CHECKPOINT`: DBWR writes every dirty buffer and the
    /// session waits for the checkpoint to complete (`rdbms ipc reply`).
    pub(crate) fn checkpoint(&mut self) {
        let now = self.s.cost.now;
        let done = self.inst.sga.cache.checkpoint(None, &mut self.inst.io, now);
        self.inst.io.redo.checkpoint_complete();
        let us = done.since(now);
        if us > 0.0 {
            self.s.stats.calls.note_wait(crate::stats::WaitEvent::RdbmsIpcReply, us);
            let st = self.s.cost.stack("oracle;opitsk;opiodr;opiexe;kcbbxsv;ksarcv;rdbms ipc reply");
            self.s.cost.charge_wait(st, us, crate::stats::WaitEvent::RdbmsIpcReply as u8);
        }
    }

    /// A block formatted in the cache (an insert's new block, a built
    /// index's or cluster's blocks): a dirty buffer without a read. With
    /// no clean buffer the session waits for DBWR (`free buffer waits`).
    pub(crate) fn format_block(&mut self, seg: u32, block: u32) {
        let now = self.s.cost.now;
        if let Some(info) = self.inst.cat.segments.get(seg as usize) {
            // A segment created by this statement (a deferred segment's first insert).
            self.inst.sga.cache.set_pool(seg, info.pool);
        }
        let Some(m) = self.inst.sga.cache.new_block(seg, block, &mut self.inst.io, now) else { return };
        let stacks = if m.free_waits > 0 {
            let st = self.s.cost.stack("oracle;kcbgcur;kcbzgb;free buffer waits");
            kernel::OpStacks { own: st, get: st, latch: st, read: st, memopt_lookup: st, memopt_fetch: st }
        } else {
            kernel::OpStacks::default()
        };
        crate::kernel!(self.inst, self.s).count_free_buffers(&m, &stacks);
    }
}

impl Run<'_> {
    /// A non-buffer event (round trip, parse, execute, fetch).
    pub(crate) fn call_event(&mut self, event_kind: u8, stack: StackId) {
        kernel::call_event(&mut self.s.trace, &self.s.cost, event_kind, stack);
    }

    pub(crate) fn snapshot(&self) -> Snapshot {
        self.s.snapshot(self.inst.sga.cache.block_size)
    }

    pub(crate) fn work_limit(&self) -> WorkLimit {
        let l = &self.inst.limits;
        WorkLimit::new(self.s.work_base, l.max_statement_work, l.max_script_work)
    }

    /// Whether the script has used up its work budget.
    pub(crate) fn script_exhausted(&self) -> bool {
        self.s.stats.work_units().saturating_sub(self.s.work_base.script) > self.inst.limits.max_script_work
    }

    pub(crate) fn check_work(&self) -> Result<(), LabError> {
        self.work_limit().check(&self.s.stats)
    }

    /// LAB-00034 when `extra` more bytes of rows would take the lab's data
    /// past its memory budget.
    pub(crate) fn check_memory(&self, extra: u64) -> Result<(), LabError> {
        let limit = self.inst.limits.memory_bytes();
        if self.inst.cat.memory_bytes().saturating_add(extra) > limit {
            return Err(memory_error(self.inst.limits.max_memory_mb));
        }
        Ok(())
    }

    /// Bytes rows may still take before the memory budget is reached.
    pub(crate) fn memory_room(&self) -> u64 {
        self.inst.limits.memory_bytes().saturating_sub(self.inst.cat.memory_bytes())
    }

    pub(crate) fn autotrace_name(&self) -> &'static str {
        match self.s.sqlplus.autotrace {
            Autotrace::Off => "off",
            Autotrace::On => "on",
            Autotrace::TraceOnly => "traceonly",
        }
    }

    /// The table whose dictionary entries a DDL statement changes.
    pub(crate) fn ddl_table(&self, k: &StatementKind) -> Option<String> {
        let of_index = |name: &str| {
            let up = name.to_uppercase();
            self.inst
                .cat
                .indexes
                .iter()
                .find(|i| !i.dropped && i.name == up)
                .map(|i| self.inst.cat.tables[i.table].name.clone())
        };
        match k {
            StatementKind::CreateTable(c) => Some(c.name.name.to_uppercase()),
            StatementKind::CreateIndex(c) => Some(c.table.name.to_uppercase()),
            StatementKind::AlterTable(a) => Some(a.name.name.to_uppercase()),
            StatementKind::AlterIndex(a) => of_index(&a.name.name),
            StatementKind::Drop(d) => of_index(&d.name.name).or_else(|| Some(d.name.name.to_uppercase())),
            StatementKind::Truncate(t) => Some(t.name.name.to_uppercase()),
            StatementKind::Analyze(a) if a.index => of_index(&a.name.name),
            StatementKind::Analyze(a) => Some(a.name.name.to_uppercase()),
            _ => None,
        }
    }

    pub(crate) fn effective(&self) -> &Parameters {
        &self.s.params
    }
    pub(crate) fn waits_now(&self) -> TimeMark {
        self.s.time_mark()
    }

    /// The session's waits since `before`, by V$SESSION_EVENT's names.
    pub(crate) fn waits_since(&self, before: &TimeMark) -> BTreeMap<String, WaitOut> {
        let now = self.s.time_now();
        let mut w = BTreeMap::new();
        for e in crate::stats::WaitEvent::ALL {
            let count = now.count_since(e, before);
            if count > 0 {
                w.insert(e.name().into(), WaitOut { count, time_us: round3(now.wait_since(e, before)) });
            }
        }
        w
    }

    pub(crate) fn background(&mut self) {
        if self.inst.sga.memopt.has_pending() {
            let cat = &self.inst.cat;
            let bs = self.inst.params.current.db_block_size as u64;
            let populated = self.inst.sga.memopt.run_background(bs, |t| {
                let t = cat.tables.get(t)?;
                if t.dropped {
                    return None;
                }
                Some((t.rows.len() as u64, cat.table_blocks(t)))
            });
            self.s.stats.memopt.rows_populated += populated;
        }
    }

    /// SYS.DUAL's table and segment, made before the first statement that
    /// reads its column is planned (see `exec/plan/dual.rs`).
    pub(crate) fn ensure_dual(&mut self, q: Option<&lio_sql::ast::Query>, e: Option<&lio_sql::ast::Expr>) {
        if self.inst.cat.dual.is_some() {
            return;
        }
        let cat = &self.inst.cat;
        let reads = q.is_some_and(|q| exec::plan::dual::query_reads_dual(q, cat))
            || e.is_some_and(|e| exec::plan::dual::expr_reads_dual(e, cat));
        if reads {
            let bs = self.inst.params.current.db_block_size;
            let t = self.inst.cat.ensure_dual(bs);
            if let Some(seg) = self.inst.cat.tables[t].heap_seg() {
                self.inst.place_segment(seg, "SYSTEM");
            }
        }
    }

    pub(crate) fn plan_ctx<'a>(
        cat: &'a Catalog,
        profile: &'a VersionProfile,
        params: &Parameters,
        sid: u32,
        vars: impl Into<crate::exec::plan::PlsqlVars<'a>>,
        user: &'a str,
    ) -> PlanCtx<'a> {
        PlanCtx {
            cat,
            plsql_vars: vars.into(),
            host_binds: &[],
            positional_binds: &[],
            var_binds: &[],
            profile,
            // 11g's batching and 10gR2's hash aggregation go with an older OFE.
            nlj_batching_enabled: params.nlj_batching_enabled
                && crate::optimizer::features::ofe_of(params.other.get("optimizer_features_enable"), profile.name)
                    >= [11, 1, 0, 0],
            batch_rowid: params.other.get("_optimizer_batch_table_access_by_rowid").is_none_or(|v| v != "FALSE"),
            costing: crate::optimizer::cost::ScanCosting::of(params, &cat.system_stats, profile.name),
            sid,
            user,
            cbo_trace: false,
            hash_join_by_cost: params.other.get("_hash_join_enabled").is_none_or(|v| v != "FALSE"),
            gby_hash_aggregation: params.other.get("_gby_hash_aggregation_enabled").is_none_or(|v| v != "FALSE")
                && crate::optimizer::features::ofe_of(params.other.get("optimizer_features_enable"), profile.name)
                    >= [10, 2, 0, 0],
            gby_sqrt2: crate::optimizer::features::ofe_of(params.other.get("optimizer_features_enable"), profile.name)
                < [11, 1, 0, 0],
            hash_area: {
                let wa = crate::exec::workarea::WorkArea::of(params);
                (wa.hash_bytes, wa.block_size, wa.io_blocks)
            },
        }
    }

    /// A new instance or version profile: every session's cursors and the
    /// shared cursors are gone; the next parse of any statement is hard.
    /// (DDL invalidates the cursors of its table only: invalidate_table.)
    pub(crate) fn invalidate_cursors(&mut self) {
        self.s.cursors.clear();
        self.s.cursor_text_bytes = 0;
        self.inst.library_cache.clear();
        self.inst.ddl_seq += 1;
        self.inst.cursor_epoch += 1;
        self.s.cursor_epoch = self.inst.cursor_epoch;
    }
}
