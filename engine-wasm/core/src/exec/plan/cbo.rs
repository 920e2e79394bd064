//! Event 10053's record as the blocks are optimized: each table's
//! statistics and the candidates `access_path::gather` costed (the ones
//! `rank` chose from, as they were costed), the join steps and each
//! block's final cost (`crate::cbo_trace`). Present only while the event
//! is set (`PlanCtx::cbo_trace`); nothing here is costed again.

use crate::cbo_trace::{CboBlockOut, CboColumnOut, CboIndexOut, CboJoinOrderOut, CboJoinOut, CboPathOut, CboTableOut};
use crate::exec::expr::CExpr;
use crate::optimizer::access_path::{AccessPath, Candidate, TableRef, Tier};
use crate::optimizer::cost::{CPU_PER_BLOCK, CPU_PER_COLUMN, CPU_PER_ROW};
use lio_sql::ast::{DataType, Hint, Query};

/// The blocks recorded, the one being optimized (innermost last) and
/// what the next table recorded is joined to.
#[derive(Default)]
pub(super) struct Recorder {
    pub blocks: Vec<CboBlockOut>,
    open: Vec<usize>,
    /// The join so far when the next table is reached: (rows, cost).
    pub outer: Option<(f64, f64)>,
    /// The next table's place in its FROM clause.
    pub number: usize,
    /// Both methods costed for the next join step of a block: the block,
    /// and the step's costs (`nl_cost`, `hash_cost`) and hash inputs.
    considered: Option<(usize, CboJoinOut)>,
    /// The next table is a hash join's probe (a single-table access).
    pub probe_next: bool,
}

/// A join step's figures: (outer rows, outer cost), (inner rows, the join
/// predicates' selectivity), (rows, cost).
pub(super) fn join_out(
    (outer_card, outer_cost): (f64, f64),
    (inner_card, sel): (f64, f64),
    (card, cost): (f64, f64),
) -> CboJoinOut {
    CboJoinOut { outer_card, outer_cost, inner_card, sel, card, cost, ..Default::default() }
}

/// `j` with a hash join's costing: its cost, the probe's (rows, cost) and
/// the (build, probe) row bytes.
pub(super) fn with_hash(
    j: CboJoinOut,
    hash: f64,
    (probe_card, inner_cost): (f64, f64),
    (outer_bytes, inner_bytes): (f64, f64),
) -> CboJoinOut {
    CboJoinOut { hash_cost: Some(hash), probe_card, inner_cost, outer_bytes, inner_bytes, ..j }
}

impl Recorder {
    fn block(&mut self) -> Option<&mut CboBlockOut> {
        let i = *self.open.last()?;
        self.blocks.get_mut(i)
    }

    fn last_table(&mut self) -> Option<&mut CboTableOut> {
        self.block()?.tables.last_mut()
    }

    pub fn open_block(&mut self, q: &Query) {
        let leading = q.hints.iter().any(|h| matches!(h, Hint::Leading(_)));
        let source =
            if leading { "LEADING hint, then the FROM clause" } else { "the FROM clause (one order considered)" };
        self.open.push(self.blocks.len());
        let name = format!("SEL${}", self.blocks.len() + 1);
        self.blocks.push(CboBlockOut { name, join_order_source: source.into(), ..Default::default() });
    }

    /// A recorder of one block's join, apart from the statement's.
    pub fn for_block(q: &Query) -> Recorder {
        let mut r = Recorder::default();
        r.open_block(q);
        r
    }

    /// The join orders enumerated for the open block: each table's
    /// single-table access, the orders (`best` the chosen one's place,
    /// from 1) and the permutations tried.
    pub fn orders(&mut self, singles: Vec<CboTableOut>, orders: Vec<CboJoinOrderOut>, best: usize, tried: usize) {
        if let Some(b) = self.block() {
            b.join_order_source = "enumerated by cost".into();
            (b.singles, b.orders, b.best_order, b.permutations) = (singles, orders, best, tried);
        }
    }

    pub fn close_block(&mut self, cost: f64, card: f64, bytes: f64) {
        if let Some(b) = self.block() {
            (b.cost, b.card, b.bytes) = (cost, card, bytes);
        }
        self.open.pop();
    }

    /// A relation that is not a table (an inline view, a generator).
    pub fn view(&mut self, alias: &str, e_rows: f64, cost: f64) {
        let number = self.number;
        let inner = self.outer.is_some();
        if let Some(b) = self.block() {
            b.tables.push(CboTableOut {
                name: alias.into(),
                alias: alias.into(),
                number,
                inner,
                view: true,
                view_cost: cost,
                card_original: e_rows,
                card_computed: e_rows,
                ..Default::default()
            });
        }
    }

    /// The rows the table's line passes (its own predicates applied).
    pub fn computed(&mut self, card: f64) {
        if let Some(t) = self.last_table() {
            t.card_computed = card;
        }
    }

    /// The last table recorded as `NAME[ALIAS]#n`.
    pub fn last_label(&mut self) -> String {
        self.last_table().map(|t| format!("{}[{}]#{}", t.name, t.alias, t.number)).unwrap_or_default()
    }

    /// The next join step's two methods, both costed.
    pub fn consider(&mut self, j: CboJoinOut) {
        self.considered = self.open.last().map(|&b| (b, j));
    }

    /// A join step, by `method`, with what `consider` noted for it: the
    /// loop's cost under a hash join, the hash join's under a loop.
    pub fn join_step(&mut self, method: &str, mut j: CboJoinOut) {
        j.inner = self.last_label();
        match self.considered.take() {
            Some((b, c)) if self.open.last() == Some(&b) => {
                if j.hash_cost.is_some() {
                    j.nl_cost = c.nl_cost;
                } else {
                    j = with_hash(
                        j,
                        c.hash_cost.unwrap_or(0.0),
                        (c.probe_card, c.inner_cost),
                        (c.outer_bytes, c.inner_bytes),
                    );
                }
            }
            _ => {}
        }
        j.method = method.into();
        self.join(j);
    }

    pub fn join(&mut self, j: CboJoinOut) {
        if let Some(b) = self.block() {
            b.joins.push(j);
        }
    }

    /// A table reference and the candidates costed for it (`best`: the
    /// one `rank` took).
    pub fn table(&mut self, r: &TableRef<'_>, cands: &[Candidate], best: usize) {
        let outer = if std::mem::take(&mut self.probe_next) { None } else { self.outer };
        let t = r.t;
        let indexes = r
            .indexes()
            .into_iter()
            .map(|i| {
                let ix = &r.cat.indexes[i];
                let f = r.index_figures(i);
                CboIndexOut {
                    name: ix.name.clone(),
                    columns: ix.columns.iter().map(|c| c + 1).collect(),
                    column_names: ix.columns.iter().map(|&c| t.columns[c].name.clone()).collect(),
                    blevel: f.blevel as f64,
                    leaf_blocks: f.leaf_blocks,
                    distinct_keys: f.distinct_keys,
                    clustering_factor: f.dictionary_cf(&ix.btree),
                    unique: ix.unique,
                }
            })
            .collect();
        let mut paths: Vec<CboPathOut> = cands
            .iter()
            .map(|c| {
                let mut p = path(r, c);
                p.nl_cost = outer.map(|(rows, cost)| crate::optimizer::join::nested_loops_cost(cost, rows, c.cost));
                p
            })
            .collect();
        let chosen_card = cands.get(best).map_or(r.num_rows, |c| c.card);
        // The trace lists the table scan first (gather costs it last).
        let mut best = best;
        if let Some(k) = paths.iter().position(|p| p.access == "TableScan") {
            paths[..=k].rotate_right(1);
            best = if best == k {
                0
            } else if best < k {
                best + 1
            } else {
                best
            };
        }
        let rec = CboTableOut {
            name: t.name.clone(),
            alias: r.alias.into(),
            number: self.number,
            gathered: r.stats.gathered,
            num_rows: r.stats.num_rows as f64,
            blocks: r.stats.blocks as f64,
            avg_row_len: r.stats.avg_row_len as f64,
            indexes,
            columns: columns(r),
            inner: outer.is_some(),
            card_original: r.num_rows,
            card_computed: chosen_card,
            paths,
            best,
            view: false,
            view_cost: 0.0,
        };
        if let Some(b) = self.block() {
            b.tables.push(rec);
        }
    }
}

/// The columns of `r` the block's predicates read (each once, in order).
fn columns(r: &TableRef<'_>) -> Vec<CboColumnOut> {
    let mut cols: Vec<usize> = Vec::new();
    let mut stack: Vec<&CExpr> = r.conjuncts.iter().collect();
    while let Some(e) = stack.pop() {
        match e {
            CExpr::Col { src, col, .. } if *src == r.src => {
                if !cols.contains(col) {
                    cols.push(*col);
                }
            }
            _ => stack.extend(e.children()),
        }
    }
    cols.sort_unstable();
    cols.into_iter()
        .map(|c| {
            let st = r.column_stats(c);
            let col = &r.t.columns[c];
            let numeric = matches!(col.data_type, DataType::Number { .. });
            let data_type = match col.data_type {
                DataType::Number { .. } => "NUMBER",
                DataType::Varchar2 { .. } => "VARCHAR2",
                DataType::Char { .. } => "CHAR",
                DataType::Date => "DATE",
            };
            let ndv = st.ndv as f64;
            let hist = st.hist.as_deref();
            CboColumnOut {
                position: c + 1,
                name: col.name.clone(),
                data_type: data_type.into(),
                avg_len: r.stats.avg_col_len.get(c).copied().unwrap_or(0) as f64,
                ndv,
                nulls: st.nulls as f64,
                density: hist.map_or(if ndv > 0.0 { 1.0 / ndv } else { 0.0 }, |h| h.new_density),
                min: if numeric { st.low } else { None },
                max: if numeric { st.high } else { None },
                histogram: hist.map(|h| h.kind.name().to_string()),
                old_density: hist.map(|h| h.density),
            }
        })
        .collect()
}

fn index_of(p: &AccessPath) -> Option<crate::catalog::IndexId> {
    match p {
        AccessPath::MinMax { index, .. }
        | AccessPath::IotUnique { index, .. }
        | AccessPath::IndexUnique { index, .. }
        | AccessPath::IndexRange { index, .. }
        | AccessPath::IndexSkip { index, .. }
        | AccessPath::Bitmap { index, .. }
        | AccessPath::IndexFull { index, .. }
        | AccessPath::IndexFastFull { index } => Some(*index),
        AccessPath::BitmapCombine { legs, .. } => legs.first().map(|l| l.index),
        AccessPath::FullScan | AccessPath::HashCluster { .. } | AccessPath::Refused(_) => None,
    }
}

/// A candidate as the trace shows it: Oracle's names for the path, its
/// cost parts and the formula they came from.
fn path(r: &TableRef<'_>, c: &Candidate) -> CboPathOut {
    let index = index_of(&c.path).map(|i| &r.cat.indexes[i]);
    let (access, best) = match &c.path {
        AccessPath::FullScan => ("TableScan", "TableScan"),
        AccessPath::IndexRange { .. }
            if c.tier == Tier::EqualityPrefix && index.is_some_and(|i| i.columns.len() == 1) =>
        {
            ("index (AllEqRange)", "IndexRange")
        }
        AccessPath::IndexRange { .. } => ("index (RangeScan)", "IndexRange"),
        AccessPath::Bitmap { .. } | AccessPath::BitmapCombine { .. } => ("index (bitmap)", "BitmapIndex"),
        AccessPath::IndexUnique { .. } | AccessPath::IotUnique { .. } => ("index (UniqueScan)", "IndexUnique"),
        AccessPath::MinMax { .. } => ("index (Min/Max)", "IndexRange"),
        AccessPath::IndexFull { .. } => ("index (FullScan)", "IndexRange"),
        AccessPath::IndexSkip { .. } => ("index (SkipScan)", "IndexSkipScan"),
        AccessPath::IndexFastFull { .. } => ("index (FFS)", "IndexFFS"),
        AccessPath::HashCluster { .. } => ("hash (cluster key)", "HashCluster"),
        AccessPath::Refused(_) => ("index (FullScan)", "IndexRange"),
    };
    CboPathOut {
        access: access.into(),
        best_name: best.into(),
        index: index.map(|i| i.name.clone()),
        cost: c.exact,
        io: c.io,
        cpu: c.cpu,
        card: c.card,
        ix_sel: c.ix_sel,
        forced: c.forced,
        why: c.why.into(),
        formula: formula(r, c),
        nl_cost: None,
        refused: matches!(c.path, AccessPath::Refused(_)),
        skip_scan: skip_figures(r, c),
    }
}

/// A skip scan's probes, the I/O of their leaves and the full scan's I/O.
fn skip_figures(r: &TableRef<'_>, c: &Candidate) -> Option<crate::cbo_trace::CboSkipOut> {
    let AccessPath::IndexSkip { index, andv, .. } = &c.path else { return None };
    let blevel = r.cat.indexes[*index].btree.blevel() as f64;
    let scan = crate::optimizer::access_path::full_scan::candidate(r);
    Some(crate::cbo_trace::CboSkipOut { andv: *andv, ss_io: c.index_io - blevel, scan_io: scan.io })
}

/// The cost's arithmetic with the figures put in (for the "why this
/// plan" view).
fn formula(r: &TableRef<'_>, c: &Candidate) -> String {
    let k = &r.costing;
    let cpu_units = k.cpu_units(c.cpu);
    let tail = if k.io_model {
        format!("no CPU part (I/O cost model); cost {:.3}", c.exact)
    } else {
        format!(
            "CPU {:.0} cycles / ({} x {} x 1000) = {:.3}; cost {:.3}",
            c.cpu, k.cpuspeed, k.sreadtim, cpu_units, c.exact
        )
    };
    match &c.path {
        AccessPath::FullScan | AccessPath::IndexFastFull { .. } => {
            let blocks = match &c.path {
                AccessPath::IndexFastFull { index } => r.cat.indexes[*index].btree.blocks() as f64,
                _ => r.stats.blocks as f64,
            };
            let plus = if k.plus_one { " + 1" } else { "" };
            if k.io_model {
                let adj = k.adjusted_mbrc;
                return format!("I/O ceil({blocks} blocks / adjusted MBRC {adj:.3}){plus} = {}; {tail}", c.io);
            }
            format!(
                "I/O ceil({blocks} blocks / MBRC {} x MREADTIM {} / SREADTIM {}){plus} = {}; CPU {blocks} x {CPU_PER_BLOCK} + {} rows x {}; {tail}",
                k.mbrc, k.mreadtim, k.sreadtim, c.io, r.num_rows, CPU_PER_ROW + CPU_PER_COLUMN * r.last_column().saturating_sub(1) as f64
            )
        }
        AccessPath::IndexRange { index, index_only, .. } => {
            let f = r.index_figures(*index);
            let sel = c.ix_sel.unwrap_or(0.0);
            let lb = f.leaf_blocks;
            let leaves = (lb * sel).ceil();
            let blevel = c.index_io - leaves;
            let table = if *index_only {
                "no table visit (the index holds every column read)".to_string()
            } else {
                let cf = f.clustering_factor;
                format!("ceil(CLUF {cf} x {sel:.6}) = {}", c.io - c.index_io)
            };
            format!(
                "I/O BLEVEL {blevel} + ceil(#LB {lb} x ix_sel {sel:.6}) = {} + {table}; total I/O {}; {tail}",
                c.index_io, c.io
            )
        }
        AccessPath::IndexUnique { .. } | AccessPath::IotUnique { .. } => {
            format!("BLEVEL + 1 table block = {}; a bound unique key is taken without costing the others", c.exact)
        }
        AccessPath::HashCluster { .. } => {
            format!("1 + the hash chain's overflow blocks = {}; a bound hash key is taken", c.exact)
        }
        AccessPath::MinMax { .. } => format!("BLEVEL + 1 = {} (one end of the index)", c.exact),
        AccessPath::Bitmap { .. } => format!(
            "I/O (BLEVEL + ceil(#LB x ix_sel)) x 1.1 = {:.2} + ceil(0.8 x rows / rows a block + 0.2 x rows) = {}; {tail}",
            c.index_io,
            c.io - c.index_io
        ),
        AccessPath::BitmapCombine { or, legs, .. } => format!(
            "BITMAP {}: I/O the legs' (BLEVEL + ceil(#LB x ix_sel)) x 1.1 summed = {:.2} ({} legs) + ceil(0.8 x rows / rows a block + 0.2 x rows) = {}; {tail}",
            if *or { "OR" } else { "AND" },
            c.index_io,
            legs.len(),
            c.io - c.index_io
        ),
        AccessPath::IndexFull { .. } => format!("BLEVEL + #LB (+ CLUF unless it covers) = {}; hinted", c.exact),
        AccessPath::IndexSkip { index, andv, index_only, .. } => {
            let ix = &r.cat.indexes[*index];
            let sel = c.ix_sel.unwrap_or(0.0);
            let lb = ix.btree.leaf_count() as f64;
            let table = if *index_only {
                "no table visit".to_string()
            } else {
                format!("ceil(CLUF {} x {sel:.6})", ix.btree.clustering_factor)
            };
            format!(
                "I/O BLEVEL {} + ANDV {andv} x ceil(#LB {lb} x ix_sel {sel:.6} / ANDV) = {} + {table}; total I/O {}; {tail}",
                ix.btree.blevel(), c.index_io, c.io
            )
        }
        AccessPath::Refused(e) => format!("refused: {}", e.message),
    }
}
