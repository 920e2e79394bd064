//! The CPU share of each plan line's cost, from which DBMS_XPLAN prints
//! `Cost (%CPU)`: `ceil(100 x (COST - IO_COST) / COST)`, COST and IO_COST
//! the line's cost and its cost less its CPU part, each rounded as
//! PLAN_TABLE holds them (Hooper, "What is the Meaning of the %CPU Column
//! in an Explain Plan?", 11.2.0.1, lists COST, IO_COST and CPU_COST; the
//! rounding up is the published plans': Cost 3 over I/O 2 prints (34)).
//!
//! An access path's top line carries its path's CPU part; any other line
//! has its children's sum plus what it adds itself (a sort's, a hash
//! join's), the rest of its cost counted as I/O. A nested loop counts its
//! inner side's CPU as many times as its cost counts the inner cost; a
//! line cheaper than its children (a stopkey) keeps their CPU share of its
//! cost.

use super::line::PlanLine;

/// Give every line its CPU part (children before parents: a child's id is
/// larger than its parent's).
pub(super) fn resolve(lines: &mut [PlanLine]) {
    let n = lines.len();
    // Per line: its children's Cost and CPU summed, and its last child's.
    let mut sums = vec![(0.0f64, 0.0f64); n];
    let mut kids: Vec<Vec<usize>> = vec![Vec::new(); n];
    for i in (0..n).rev() {
        let l = &lines[i];
        let cpu = match l.cpu {
            Some(c) => c,
            None => inherited(l, sums[i], &kids[i], lines) + l.cpu_add,
        };
        let cpu = cpu.clamp(0.0, l.cost.max(0.0));
        lines[i].cpu = Some(cpu);
        if let Some(p) = lines[i].parent.map(usize::from).filter(|&p| p < i) {
            sums[p].0 += lines[i].cost;
            sums[p].1 += cpu;
            kids[p].push(i);
        }
    }
}

/// The CPU part a line without its own has from its children (`kids`, in
/// reverse order; `sums` their Cost and CPU): their sum; a nested loop's
/// outer side once and its inner side as many times as its cost counts
/// it; a line cheaper than its children their share of its cost.
fn inherited(l: &PlanLine, (child_cost, child_cpu): (f64, f64), kids: &[usize], lines: &[PlanLine]) -> f64 {
    if child_cost <= 0.0 {
        return 0.0;
    }
    if let ([inner, outer], true) = (kids, l.operation.starts_with("NESTED LOOPS")) {
        let (outer, inner) = (&lines[*outer], &lines[*inner]);
        if inner.cost > 0.0 && l.cost > outer.cost {
            let starts = (l.cost - outer.cost) / inner.cost;
            return outer.cpu.unwrap_or(0.0) + starts * inner.cpu.unwrap_or(0.0);
        }
    }
    if l.cost + 1e-9 >= child_cost {
        child_cpu
    } else {
        child_cpu * l.cost / child_cost
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
