//! The CPU share of each plan line's cost, from which DBMS_XPLAN prints
//! `Cost (%CPU)`: `ceil(100 x (COST - IO_COST) / COST)`, COST and IO_COST
//! the line's cost and its cost less its CPU part, each rounded as
//! PLAN_TABLE holds them (Hooper, "What is the Meaning of the %CPU Column
//! in an Explain Plan?", 11.2.0.1, lists COST, IO_COST and CPU_COST; the
//! rounding up is the published plans': Cost 3 over I/O 2 prints (34)).
//!
//! A line the optimizer costs apart (a full scan, an index path, a sort, a
//! hash join) carries its own CPU part; any other line's is its children's
//! sum, the rest of its cost counted as I/O: a parent that adds cost the
//! lab does not split (a nested loop's repeated probes) shows the
//! children's CPU share only. A line cheaper than its children (a stopkey)
//! keeps their CPU share of its cost.

use super::line::PlanLine;

/// Give every line its CPU part (children before parents: a child's id is
/// larger than its parent's).
pub(super) fn resolve(lines: &mut [PlanLine]) {
    let n = lines.len();
    let mut sums = vec![(0.0f64, 0.0f64); n];
    for i in (0..n).rev() {
        let l = &lines[i];
        let (child_cost, child_cpu) = sums[i];
        let cpu = match l.cpu {
            Some(c) => c,
            None if child_cost <= 0.0 => 0.0,
            None if l.cost + 1e-9 >= child_cost => child_cpu,
            None => child_cpu * l.cost / child_cost,
        };
        let cpu = cpu.clamp(0.0, l.cost.max(0.0));
        lines[i].cpu = Some(cpu);
        if let Some(p) = lines[i].parent.map(usize::from).filter(|&p| p < i) {
            sums[p].0 += lines[i].cost;
            sums[p].1 += cpu;
        }
    }
}

/// The line's IO_COST: its Cost less its CPU part, both rounded as
/// PLAN_TABLE holds them.
pub fn io_cost(cost: f64, cpu: Option<f64>) -> u64 {
    (cost - cpu.unwrap_or(0.0)).round().max(0.0) as u64
}

/// DBMS_XPLAN's %CPU of a line of Cost `cost` and IO_COST `io`: the CPU
/// share rounded up, as the published plans show it (a HASH GROUP BY at
/// Cost 3 over a full scan at 2 prints (34); Geist's 11.2.0.1 full scan at
/// 2720, I/O 2710, prints (1)).
pub fn cpu_percent(cost: u64, io: u64) -> u64 {
    if cost == 0 {
        return 0;
    }
    (100 * cost.saturating_sub(io)).div_ceil(cost)
}
