//! `LAB SWEEP VERSION IN (10g, 11.2.0.1, 19c) RUN ...`: the scenario under
//! each release, and the evolution table of the workload's statistics (the
//! counters that move from one release to the next, as the logical I/O
//! evolution articles tabulate them).

use crate::instance::version;
use crate::result::{SweepOut, SweepPointOut};
use crate::stats::Stat;
use lio_sql::ast::Pos;
use lio_sql::{ora, LabError};
use std::collections::BTreeSet;

/// The releases as written, each one the lab models (else LAB-00011 at the sweep's name).
pub(super) fn check_releases(list: &[String], pos: Pos) -> Result<Vec<&str>, LabError> {
    list.iter()
        .map(|v| {
            version::lookup(v).map(|_| v.as_str()).ok_or_else(|| {
                LabError::with_args(ora::LAB_UNKNOWN_VERSION, &[&v.as_str(), &version::known_names()], pos)
            })
        })
        .collect()
}

/// Whether a journal line is a `LAB VERSION` command (any case and spacing).
fn is_lab_version(line: &str) -> bool {
    let mut words = line.split_whitespace();
    matches!((words.next(), words.next()), (Some(a), Some(b)) if a.eq_ignore_ascii_case("lab") && b.eq_ignore_ascii_case("version"))
}

/// The scenario with every `LAB VERSION` it runs set to `release`, or, when
/// it sets none, `LAB VERSION release` before it.
pub(super) fn with_release(journal: &str, release: &str) -> String {
    let mut out = String::with_capacity(journal.len() + 32);
    let mut found = false;
    for line in journal.split_inclusive('\n') {
        if is_lab_version(line) {
            found = true;
            out.push_str(&format!("LAB VERSION {release};\n"));
        } else {
            out.push_str(line);
        }
    }
    if found {
        out
    } else {
        format!("LAB VERSION {release};\n{journal}")
    }
}

/// The statistic names a release has (V$STATNAME), and every name any release has.
fn release_names(p: &SweepPointOut) -> Option<BTreeSet<&'static str>> {
    let profile = version::lookup(p.label.as_deref()?)?;
    Some(Stat::ALL.iter().filter_map(|s| s.name(profile)).collect())
}

/// The release sweep as text: per release, the workload's elapsed time per
/// execution and every statistic whose value is not the same in all of them;
/// `-` where the release has no such statistic (`consistent gets -
/// examination` before 12c, `consistent gets examination` from it).
pub(super) fn evolution_table(s: &SweepOut, statements: usize) -> Vec<String> {
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let mut lines = vec![format!(
        "LAB SWEEP VERSION: {} release{}, each a fresh instance replaying the {} statement{} of the scenario so far",
        s.points.len(),
        plural(s.points.len()),
        statements,
        plural(statements)
    )];
    let ok: Vec<_> = s.points.iter().filter(|p| p.error.is_none()).collect();
    let names: BTreeSet<&str> = ok.iter().flat_map(|p| p.stats.keys().map(String::as_str)).collect();
    let value = |p: &SweepPointOut, n: &str| p.stats.get(n).copied().unwrap_or(0);
    let has: Vec<Option<BTreeSet<&str>>> = s.points.iter().map(release_names).collect();
    let every: BTreeSet<&str> = Stat::ALL.iter().flat_map(|s| version::ALL.iter().filter_map(|p| s.name(p))).collect();
    // A name the lab knows that this release lacks; a name it does not know (none) is counted everywhere.
    let lacks = |i: usize, n: &str| every.contains(n) && has[i].as_ref().is_some_and(|h| !h.contains(n));
    let moving: Vec<&str> =
        names.iter().copied().filter(|n| ok.iter().any(|p| value(p, n) != value(ok[0], n))).collect();
    let label = |p: &SweepPointOut| p.label.clone().unwrap_or_else(|| format!("{}", p.value));
    let widths: Vec<usize> = s.points.iter().map(|p| label(p).len().max(12)).collect();
    let w = moving.iter().map(|n| n.len()).max().unwrap_or(0).max(34);
    lines.push(String::new());
    let mut head = format!("{:<w$}", "Statistic (the workload, all runs)");
    let mut rule = "-".repeat(w);
    for (p, &cw) in s.points.iter().zip(&widths) {
        head.push_str(&format!(" {:>cw$}", label(p)));
        rule.push_str(&format!(" {}", "-".repeat(cw)));
    }
    lines.push(head);
    lines.push(rule);
    let row = |name: &str, cell: &dyn Fn(usize, &SweepPointOut) -> String| {
        let mut l = format!("{name:<w$}");
        for (i, (p, &cw)) in s.points.iter().zip(&widths).enumerate() {
            let c = if p.error.is_some() { "error".to_string() } else { cell(i, p) };
            l.push_str(&format!(" {c:>cw$}"));
        }
        l
    };
    lines.push(row("elapsed/exec (us)", &|_, p| {
        let per_run = p.executions.max(1) as f64 / p.runs.max(1) as f64;
        format!("{:.1}", p.trimmed_mean_us.unwrap_or(p.elapsed_us) / per_run)
    }));
    for n in &moving {
        lines.push(row(n, &|i, p| if lacks(i, n) { "-".to_string() } else { value(p, n).to_string() }));
    }
    let same = names.len() - moving.len();
    lines.push(String::new());
    lines.push(format!(
        "{same} other statistic{} the same in every release{}.",
        plural(same),
        if ok.len() < 2 { " (fewer than two releases ran)" } else { "" }
    ));
    for p in s.points.iter() {
        if let Some(e) = &p.error {
            lines.push(format!("{}: {}: {}", label(p), e.code, e.message));
        }
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::with_release;

    #[test]
    fn sets_the_scenarios_release_or_one_before_it() {
        let j = "create table t (n number);\nLAB VERSION 11.2.0.1;\nselect 'lab version 9' from dual;\n";
        assert_eq!(
            with_release(j, "19c"),
            "create table t (n number);\nLAB VERSION 19c;\nselect 'lab version 9' from dual;\n"
        );
        assert_eq!(with_release("select 1 from dual;\n", "10g"), "LAB VERSION 10g;\nselect 1 from dual;\n");
        assert_eq!(with_release("  lab   Version 18c;\n", "10g"), "LAB VERSION 10g;\n");
    }
}
