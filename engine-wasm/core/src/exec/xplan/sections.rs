//! DBMS_XPLAN's sections under the plan table: Peeked Binds, Predicate
//! Information and the Note.

use crate::result::PlanLineOut;

/// "Peeked Binds", when the format asks for it (`shown`) and a bind was peeked.
pub(super) fn push_peeked(out: &mut Vec<String>, shown: bool, peeked: &[String]) {
    if shown && !peeked.is_empty() {
        out.extend(["".into(), "Peeked Binds (identified by position):".into(), "-".repeat(38), String::new()]);
        out.extend(peeked.iter().cloned());
    }
}

/// "Predicate Information": each line's access and filter predicates.
pub(super) fn push_predicates(out: &mut Vec<String>, lines: &[PlanLineOut]) {
    let has_pred = |l: &PlanLineOut| l.access.is_some() || l.filter.is_some();
    if lines.iter().any(has_pred) {
        out.push(String::new());
        out.push("Predicate Information (identified by operation id):".into());
        out.push("---------------------------------------------------".into());
        out.push(String::new());
        for l in lines.iter().filter(|l| has_pred(l)) {
            let mut first = true;
            for (kind, text) in [("access", &l.access), ("filter", &l.filter)] {
                let Some(t) = text else { continue };
                let lead = if first { format!("{:>4} - ", l.id) } else { " ".repeat(7) };
                out.push(format!("{lead}{kind}({t})"));
                first = false;
            }
        }
    }
}

/// The Note section, when the format shows it (`shown`) and there is a
/// note: the plan's own, then display_cursor's warning (`warning`) when
/// ALLSTATS asked for rowsource statistics the cursor did not gather.
pub(super) fn push_notes(out: &mut Vec<String>, shown: bool, warning: bool, notes: &[String]) {
    if !shown || (notes.is_empty() && !warning) {
        return;
    }
    out.push(String::new());
    out.push("Note".into());
    out.push("-----".into());
    out.extend(notes.iter().cloned());
    if warning {
        out.push("   - Warning: basic plan statistics not available. These are only collected when:".into());
        out.push("       * hint 'gather_plan_statistics' is used for the statement or".into());
        out.push("       * parameter 'statistics_level' is set to 'ALL', at session or system level".into());
    }
}
