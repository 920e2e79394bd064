//! The 10053 trace's layout, from the published excerpts (Wolfgang
//! Breitling, "A Look under the hood of CBO: the 10053 event", 9i-10g;
//! the 11g and 12c excerpts quoted in the test `optimizer_trace.rs`):
//! SYSTEM STATISTICS INFORMATION, BASE STATISTICAL INFORMATION (`Table
//! Stats::`, `Index Stats::`), SINGLE TABLE ACCESS PATH with `Card:
//! Original: ... Rounded: ... Computed: ...`, each `Access Path:` with its
//! Cost/Resp/IO/CPU, `Best:: AccessPath:`; GENERAL PLANS with `Join
//! order[1]:`, `Now joining:`, `NL Join`, `Best NL cost:`, `Join Card:`,
//! `HA Join` (its outer and inner tables, `Hash join: Resc:`, `HA cost:`;
//! the layout of a 12c trace's index join in a public repository's script),
//! `Best:: JoinMethod:`, `Best so far:`; each join order considered in
//! turn (`Join order aborted: cost > best plan cost` for one abandoned),
//! `SM Join` / `SM cost:` for a Cartesian product's MERGE JOIN CARTESIAN,
//! `Number of join permutations tried:`; `Final cost for query block`; the Plan Table. 12c
//! prints costs with six decimals, 11g with two.

use super::types::{CboBlockOut, CboJoinOrderOut, CboJoinOut, CboPathOut, CboPlanRowOut, CboTableOut, CboTraceOut};

struct Fmt {
    d: usize,
}

impl Fmt {
    fn n(&self, x: f64) -> String {
        format!("{:.*}", self.d, x)
    }
}

pub(super) fn lines(t: &CboTraceOut) -> Vec<String> {
    let f = Fmt { d: if t.release == "11g" { 2 } else { 6 } };
    let mut o: Vec<String> = Vec::new();
    o.push(format!("----- Current SQL Statement for this session (sql_id={}) -----", t.sql_id));
    o.extend(t.sql.lines().map(str::to_string));
    system(t, &mut o);
    if let Some(p) = &t.peeked {
        o.push("*******************************************".into());
        o.push("Peeked values of the binds in SQL statement".into());
        o.push("*******************************************".into());
        o.extend(p.iter().cloned());
    }
    for b in &t.blocks {
        block(b, &f, &mut o);
    }
    plan_table(&t.plan, &mut o);
    o
}

fn system(t: &CboTraceOut, o: &mut Vec<String>) {
    let s = &t.system;
    if let Some(altered) = &s.altered {
        o.push("  *************************************".into());
        o.push("  PARAMETERS WITH ALTERED VALUES".into());
        o.push("  ******************************".into());
        o.extend(altered.iter().map(|a| format!("  {a}")));
    }
    o.push("-----------------------------".into());
    o.push("SYSTEM STATISTICS INFORMATION".into());
    o.push("-----------------------------".into());
    if s.kind == "WORKLOAD" {
        o.push("  Using WORKLOAD Stats".into());
        o.push(format!("  CPUSPEED: {} millions instructions/sec", s.cpuspeed));
        o.push(format!("  SREADTIM: {} milliseconds", s.sreadtim));
        o.push(format!("  MREADTIM: {} milliseconds", s.mreadtim));
        o.push(format!("  MBRC: {} blocks", s.mbrc));
    } else {
        o.push("  Using NOWORKLOAD Stats".into());
        o.push(format!("  CPUSPEEDNW: {} millions instructions/sec (default is 100)", s.cpuspeed));
        o.push(format!("  IOTFRSPEED: {} bytes per millisecond (default is 4096)", s.iotfrspeed));
        o.push(format!("  IOSEEKTIM:  {} milliseconds (default is 10)", s.ioseektim));
        o.push("  MBRC:       NO VALUE blocks (default is 8)".into());
    }
    o.push(String::new());
}

fn block(b: &CboBlockOut, f: &Fmt, o: &mut Vec<String>) {
    o.push(String::new());
    o.push(format!("Query Block {} (#{})", b.name, b.name.trim_start_matches("SEL$").parse::<u32>().unwrap_or(1) - 1));
    o.push("***************************************".into());
    o.push("BASE STATISTICAL INFORMATION".into());
    o.push("***********************".into());
    for t in &b.tables {
        base_stats(t, o);
    }
    if b.orders.is_empty() {
        for t in b.tables.iter().filter(|t| !t.inner && !t.view) {
            single_table(t, f, o);
        }
    } else {
        for t in &b.singles {
            single_table(t, f, o);
        }
    }
    general_plans(b, f, o);
}

fn base_stats(t: &CboTableOut, o: &mut Vec<String>) {
    o.push("Table Stats::".into());
    if t.view {
        o.push(format!("  Table: {}  Alias: {}  (NOT ANALYZED)", t.name, t.alias));
        o.push(format!("    #Rows: {}  #Blks:  0  AvgRowLen:  0.00", t.card_original.round()));
        o.push("***********************".into());
        return;
    }
    let na = if t.gathered { "" } else { "  (NOT ANALYZED)" };
    o.push(format!("  Table: {}  Alias: {}{na}", t.name, t.alias));
    o.push(format!(
        "    #Rows: {}  #Blks:  {}  AvgRowLen:  {:.2}  ChainCnt:  0.00",
        t.num_rows, t.blocks, t.avg_row_len
    ));
    if !t.indexes.is_empty() {
        o.push("Index Stats::".into());
    }
    for ix in &t.indexes {
        let cols: Vec<String> = ix.columns.iter().map(|c| c.to_string()).collect();
        o.push(format!("  Index: {}  Col#: {}", ix.name, cols.join(" ")));
        // AVG_LEAF_BLOCKS_PER_KEY and AVG_DATA_BLOCKS_PER_KEY as the
        // dictionary holds them (an IOT's DB/K is 0: its CLUF is 0).
        let per_key = |x: f64| crate::catalog::per_key(x, ix.distinct_keys);
        o.push(format!(
            "    LVLS: {}  #LB: {}  #DK: {}  LB/K: {:.2}  DB/K: {:.2}  CLUF: {:.2}",
            ix.blevel,
            ix.leaf_blocks,
            ix.distinct_keys,
            per_key(ix.leaf_blocks),
            per_key(ix.clustering_factor),
            ix.clustering_factor
        ));
    }
    o.push("***********************".into());
}

fn columns(t: &CboTableOut, o: &mut Vec<String>) {
    for c in &t.columns {
        o.push(format!("  Column (#{}): {}({})", c.position, c.name, c.data_type));
        let mut s = format!("    AvgLen: {} NDV: {} Nulls: {} Density: {:.6}", c.avg_len, c.ndv, c.nulls, c.density);
        if let (Some(lo), Some(hi)) = (c.min, c.max) {
            s += &format!(" Min: {lo:.6} Max: {hi:.6}");
        }
        o.push(s);
        if let (Some(kind), Some(old)) = (&c.histogram, c.old_density) {
            o.push(format!("    Histogram: {}", histogram_name(kind)));
            o.push(format!("    NewDensity:{:.6}, OldDensity:{old:.6}", c.density));
        }
    }
}

fn single_table(t: &CboTableOut, f: &Fmt, o: &mut Vec<String>) {
    o.push(format!("Access path analysis for {}", t.name));
    o.push("***************************************".into());
    o.push("SINGLE TABLE ACCESS PATH ".into());
    o.push(format!("  Single Table Cardinality Estimation for {}[{}] ", t.name, t.alias));
    columns(t, o);
    o.push(format!("  Table: {}  Alias: {}", t.name, t.alias));
    o.push(format!(
        "    Card: Original: {:.6}  Rounded: {}  Computed: {}  Non Adjusted: {}",
        t.card_original,
        t.card_computed.round().max(1.0),
        f.n(t.card_computed),
        f.n(t.card_computed)
    ));
    for p in &t.paths {
        path(p, f, None, o);
    }
    if let Some(b) = t.paths.get(t.best) {
        best(b, f, o);
    }
    o.push("***************************************".into());
}

/// One `Access Path:` entry; under a nested loop (`nl`) its `NL Join`
/// cost instead of its own. Level 2 writes what level 1 does (the lab
/// has none of the extra detail Oracle's level 2 adds).
fn path(p: &CboPathOut, f: &Fmt, nl: Option<()>, o: &mut Vec<String>) {
    if p.refused {
        o.push(format!("  Access Path: {}", p.access));
        o.push(format!("    Index: {}", p.index_name()));
        o.push("    (hint refused: LAB-00001)".into());
        return;
    }
    let (io, cpu) = (f.n(p.io), p.cpu.round());
    if let Some(ss) = &p.skip_scan {
        o.push("  Access Path: index (skip-scan)".into());
        o.push(format!("    SS sel: {:.4e}  ANDV (#skips): {}", p.ix_sel.unwrap_or(0.0), ss.andv));
        o.push(format!("    SS io: {} vs. table scan io: {}", f.n(ss.ss_io), f.n(ss.scan_io)));
        o.push("    Skip Scan chosen".into());
    }
    o.push(format!("  Access Path: {}", p.access));
    if p.index.is_none() {
        // Under a nested loop only the NL cost: the lab keeps no I/O and
        // CPU split of the outer side to add to the inner's.
        if let (Some(()), Some(c)) = (nl, p.nl_cost) {
            o.push(format!("    NL Join:  Cost: {}  Resp: {}  Degree: 1", f.n(c), f.n(c)));
            return;
        }
        o.push(format!("    Cost:  {}  Resp: {}  Degree: 0", f.n(p.cost), f.n(p.cost)));
        o.push(format!("      Cost_io: {io}  Cost_cpu: {cpu}"));
        o.push(format!("      Resp_io: {io}  Resp_cpu: {cpu}"));
    } else {
        o.push(format!("    Index: {}", p.index_name()));
        o.push(format!("    resc_io: {io}  resc_cpu: {cpu}"));
        if let Some(s) = p.ix_sel {
            o.push(format!("    ix_sel: {s:.6}  ix_sel_with_filters: {s:.6} "));
        }
        match (nl, p.nl_cost) {
            (Some(()), Some(c)) => o.push(format!("    NL Join : Cost: {}  Resp: {}  Degree: 1", f.n(c), f.n(c))),
            _ => o.push(format!("    Cost: {}  Resp: {}  Degree: 1", f.n(p.cost), f.n(p.cost))),
        }
    }
}

fn best(b: &CboPathOut, f: &Fmt, o: &mut Vec<String>) {
    o.push(format!("  Best:: AccessPath: {}", b.best_name));
    if b.index.is_some() {
        o.push(format!("  Index: {}", b.index_name()));
    }
    o.push(format!(
        "         Cost: {}  Degree: 1  Resp: {}  Card: {}  Bytes: {}",
        f.n(b.cost),
        f.n(b.cost),
        f.n(b.card),
        f.n(0.0)
    ));
}

fn label(t: &CboTableOut) -> String {
    format!("{}[{}]#{}", t.name, t.alias, t.number)
}

fn general_plans(b: &CboBlockOut, f: &Fmt, o: &mut Vec<String>) {
    o.push(String::new());
    o.push("OPTIMIZER STATISTICS AND COMPUTATIONS".into());
    o.push("***************************************".into());
    o.push("GENERAL PLANS".into());
    o.push("***************************************".into());
    let mut best: Option<f64> = None;
    let mut first: Option<usize> = None;
    let one = [CboJoinOrderOut { tables: b.tables.clone(), joins: b.joins.clone(), ..Default::default() }];
    let orders = if b.orders.is_empty() { &one[..] } else { &b.orders[..] };
    for (n, ord) in orders.iter().enumerate() {
        let lead = ord.tables.first().map_or(0, |t| t.number);
        if first != Some(lead) {
            o.push(format!("Permutations for Starting Table :{lead}"));
            first = Some(lead);
        }
        let labels: Vec<String> = ord.tables.iter().map(label).collect();
        o.push(format!("Join order[{}]:  {}", n + 1, labels.join("  ")));
        let so_far = order_steps(&ord.tables, &ord.joins, f, o);
        if ord.aborted {
            o.push("Join order aborted: cost > best plan cost".into());
            o.push("***********************".into());
            continue;
        }
        let cost = so_far.last().map_or(0.0, |s| s.1);
        if best.is_some_and(|c| cost >= c) {
            o.push("***********************".into());
            continue;
        }
        best = Some(cost);
        o.push("***********************".into());
        for (i, (n, cost, card)) in so_far.iter().enumerate() {
            let head = if i == 0 { "Best so far: " } else { "             " };
            o.push(format!("{head} Table#: {n}  cost: {cost:.4}  card: {card:.4}"));
        }
        o.push("***********************".into());
    }
    o.push(format!("Join order source: {}", b.join_order_source));
    o.push("*********************************".into());
    o.push(format!("Number of join permutations tried: {}", b.permutations.max(1)));
    o.push("*********************************".into());
    o.push(format!(
        "Final cost for query block {} (#{}) - All Rows Plan:",
        b.name,
        b.name.trim_start_matches("SEL$").parse::<u32>().unwrap_or(1) - 1
    ));
    o.push(format!("  Best join order: {}", b.best_order.max(1)));
    o.push(format!("  Cost: {:.4}  Degree: 1  Card: {:.4}  Bytes: {}", b.cost, b.card, b.bytes.round()));
}

/// One join order's steps (`Now joining:` each table after the first,
/// the methods costed, `Best:: JoinMethod:`); returns (table, cost, card)
/// after each table, for `Best so far:`.
fn order_steps(tables: &[CboTableOut], joins: &[CboJoinOut], f: &Fmt, o: &mut Vec<String>) -> Vec<(usize, f64, f64)> {
    let mut so_far: Vec<(usize, f64, f64)> = Vec::new();
    if let Some(t) = tables.first() {
        let (cost, card) = match t.paths.get(t.best) {
            Some(p) if !t.view => (p.cost, t.card_computed),
            _ => (t.view_cost, t.card_original),
        };
        so_far.push((t.number, cost, card));
    }
    for (i, (t, j)) in tables.iter().skip(1).zip(joins).enumerate() {
        o.push(String::new());
        o.push("***************".into());
        o.push(format!("Now joining: {}", label(t)));
        o.push("***************".into());
        // The build side is one table on the first step, a join after.
        let build = if i == 0 { tables.first() } else { None };
        if j.method == "Hash" {
            hash_step(t, j, build, f, o);
        } else {
            nl_step(t, j, f, o);
            if j.hash_cost.is_some() {
                hash_join(t, j, build, f, o);
            }
            if let Some(c) = j.sm_cost {
                o.push("SM Join".into());
                o.push(format!("  SM cost: {}", f.n(c)));
                o.push(format!("     resc: {}  resp: {}", f.n(c), f.n(c)));
            }
        }
        let method = match j.method.as_str() {
            "Hash" => "Hash",
            "SortMerge" => "SortMerge",
            _ => "NestedLoop",
        };
        o.push(format!("Best:: JoinMethod: {method}"));
        o.push(format!(
            "       Cost: {}  Degree: 1  Resp: {}  Card: {} Bytes: ",
            f.n(j.cost),
            f.n(j.cost),
            f.n(j.card)
        ));
        so_far.push((t.number, j.cost, j.card));
    }
    so_far
}

fn plan_table(rows: &[CboPlanRowOut], o: &mut Vec<String>) {
    if rows.is_empty() {
        return;
    }
    o.push(String::new());
    o.push("============".into());
    o.push("Plan Table".into());
    o.push("============".into());
    let ops: Vec<String> = rows.iter().map(|r| format!("{}{}", " ".repeat(r.depth as usize), r.operation)).collect();
    let ow = ops.iter().map(String::len).max().unwrap_or(0).max("Operation".len());
    let nw = rows.iter().map(|r| r.name.len()).max().unwrap_or(0).max("Name".len());
    let left = format!("| Id  | {:ow$} | {:nw$} |", "Operation", "Name");
    let right = " Rows  | Bytes | Cost  | Time      |";
    let rule = format!("{}+{}+", "-".repeat(left.len() - 1), "-".repeat(right.len() - 1));
    o.push(rule.clone());
    o.push(format!("{left}{right}"));
    o.push(rule.clone());
    for (r, op) in rows.iter().zip(&ops) {
        let (rows_s, bytes_s, time) =
            if r.id == 0 { ("", "", "") } else { (r.rows.as_str(), r.bytes.as_str(), r.time.as_str()) };
        o.push(format!(
            "| {:<3} | {op:ow$} | {:nw$} | {rows_s:>5} | {bytes_s:>5} | {:>5} | {time:>9} |",
            r.id, r.name, r.cost
        ));
    }
    o.push(rule);
}

/// A nested loop's step: the outer side, the inner table's access paths
/// with their NL costs, the best one, the join cardinality.
fn nl_step(t: &CboTableOut, j: &CboJoinOut, f: &Fmt, o: &mut Vec<String>) {
    o.push(if j.outer_join { "NL Join (outer)".into() } else { "NL Join".into() });
    outer_line(j, f, o);
    if t.view {
        o.push(format!("  Inner view: {}  Alias: {}  Cost: {}", t.name, t.alias, f.n(t.view_cost)));
    } else {
        o.push(format!("Access path analysis for {}", t.name));
        o.push(format!("  Inner table: {}  Alias: {}", t.name, t.alias));
        columns(t, o);
        for p in &t.paths {
            path(p, f, Some(()), o);
        }
        o.push(String::new());
        if let Some(p) = t.paths.get(t.best) {
            let c = p.nl_cost.unwrap_or(j.cost);
            o.push(format!("  Best NL cost: {}", f.n(c)));
            o.push(format!("          resc: {}  resp: {}", f.n(c), f.n(c)));
            let idx = p.index.as_ref().map(|i| format!(" ({i})")).unwrap_or_default();
            o.push(format!("          inner: {}{idx}", p.best_name));
        }
    }
    join_card(j, f, o);
}

/// A hash join's step: the nested loop's cost when it was costed (its
/// inner paths were not kept: the probe is a single-table access, listed
/// above), the join cardinality, the hash join's costing.
fn hash_step(t: &CboTableOut, j: &CboJoinOut, build: Option<&CboTableOut>, f: &Fmt, o: &mut Vec<String>) {
    if let Some(c) = j.nl_cost {
        o.push("NL Join".into());
        outer_line(j, f, o);
        o.push(format!("  Best NL cost: {}", f.n(c)));
        o.push(format!("          resc: {}  resp: {}", f.n(c), f.n(c)));
    }
    join_card(j, f, o);
    hash_join(t, j, build, f, o);
}

fn outer_line(j: &CboJoinOut, f: &Fmt, o: &mut Vec<String>) {
    o.push(format!(
        "  Outer table: Card: {}  Cost: {}  Resp: {}  Degree: 1",
        f.n(j.outer_card),
        f.n(j.outer_cost),
        f.n(j.outer_cost)
    ));
}

fn join_card(j: &CboJoinOut, f: &Fmt, o: &mut Vec<String>) {
    o.push(format!(
        "Join Card:  {:.6} = outer ({:.6}) * inner ({:.6}) * sel ({:.6})",
        j.outer_card * j.inner_card * j.sel,
        j.outer_card,
        j.inner_card,
        j.sel
    ));
    o.push(format!("Join Card - Rounded: {} Computed: {}", j.card.round(), f.n(j.card)));
}

/// `HA Join`: the build (the rows so far) and the probe (the inner
/// table's single-table access), each with its cost, rows and row bytes,
/// and the hash join's cost (`optimizer::join::hash_join_cost`: both
/// inputs once and the hashing of their rows, plus the temp I/O of a
/// build over the work area). Oracle's lines of partitions and hash area
/// sizing are left out: the lab does not cost them.
fn hash_join(t: &CboTableOut, j: &CboJoinOut, build: Option<&CboTableOut>, f: &Fmt, o: &mut Vec<String>) {
    let Some(h) = j.hash_cost else { return };
    o.push("HA Join".into());
    match build {
        Some(b) => o.push(format!("  Outer table:  {}  Alias: {}", b.name, b.alias)),
        None => o.push("  Outer table: ".into()),
    }
    // (Oracle's outer line has `card` without the colon.)
    let side = |colon: &str, cost: f64, card: f64, bytes: f64| {
        let (c, n) = (f.n(cost), f.n(card));
        format!("    resc: {c}  card{colon} {n}  bytes: {}  deg: 1  resp: {c}", bytes.round())
    };
    o.push(side("", j.outer_cost, j.outer_card, j.outer_bytes));
    o.push(format!("  Inner table:  {}  Alias: {}", t.name, t.alias));
    o.push(side(":", j.inner_cost, j.probe_card, j.inner_bytes));
    o.push(format!("  Hash join: Resc: {}  Resp: {}  [multiMatchCost={}]", f.n(h), f.n(h), f.n(0.0)));
    o.push("HA Join".into());
    o.push(format!("  HA cost: {}", f.n(h)));
    o.push(format!("     resc: {}  resp: {}", f.n(h), f.n(h)));
}

/// A histogram's kind as the 10053 trace names it (`Histogram: Freq`).
fn histogram_name(kind: &str) -> &str {
    match kind {
        "FREQUENCY" => "Freq",
        "HEIGHT BALANCED" => "HtBal",
        "TOP-FREQUENCY" => "Top-Freq",
        "HYBRID" => "Hybrid",
        other => other,
    }
}
