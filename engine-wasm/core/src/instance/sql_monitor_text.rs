//! DBMS_SQLTUNE.REPORT_SQL_MONITOR's TEXT report of one monitored
//! execution, in the layout of published 12c-19c reports (Mikhail
//! Velikikh, "That Old Restart Problem Strikes Back: Triggers to the
//! Rescue", 2019, 19c; his "Concatenation and filter subqueries oddity",
//! 12.1): the SQL text, Global Information, the Global Stats table and
//! SQL Plan Monitoring Details.
//!
//! Each table's column is as wide as its longest header word or value
//! plus two; headers are centred (the odd space on the right), numbers
//! right-aligned and text left-aligned with one space of margin. A count
//! under 100,000 is printed whole, a larger one in K, M, G, T (rounded,
//! under 1,000 of its unit); bytes the same way in KB, MB, GB, TB of
//! 1,024; seconds under 10 with two decimals, from 10 whole. A Global
//! Stats column is printed when its figure is not zero; a plan line's
//! operation is indented by its depth plus one (the statement's line by
//! none), and its activity details, one per line, are sorted by wait
//! class and event (`Cpu` is CPU's class).

use super::sql_monitor::{MonExec, MonLine, MonStats};

/// The `------------------------------` under a section's title.
const UNDERLINE: &str = "------------------------------";

/// A count as SQL Monitor prints it (`2931`, `262K`, `5M`).
pub fn count(n: u64) -> String {
    scaled(n, 1000.0, &["K", "M", "G", "T", "P"])
}

/// Bytes as SQL Monitor prints them (`8192`, `9MB`, `1GB`).
pub fn bytes(n: u64) -> String {
    scaled(n, 1024.0, &["KB", "MB", "GB", "TB", "PB"])
}

fn scaled(n: u64, base: f64, units: &[&str]) -> String {
    if n < 100_000 {
        return n.to_string();
    }
    let mut v = n as f64;
    for (i, u) in units.iter().enumerate() {
        v /= base;
        if v.round() < 1000.0 || i + 1 == units.len() {
            return format!("{}{u}", v.round() as u64);
        }
    }
    n.to_string()
}

/// Seconds as the Global Stats table prints them (`4.58`, `11`).
pub fn seconds(us: f64) -> String {
    let s = us / 1e6;
    if s < 10.0 {
        format!("{s:.2}")
    } else {
        format!("{}", s.round() as u64)
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Align {
    Left,
    Right,
}

/// A table of SQL Monitor's: two header lines per column, `=` rules.
fn table(heads: &[(&str, &str, Align)], rows: &[Vec<String>]) -> Vec<String> {
    let widths: Vec<usize> = heads
        .iter()
        .enumerate()
        .map(|(i, (a, b, _))| {
            let cells = rows.iter().map(|r| r.get(i).map_or(0, |c| c.chars().count())).max().unwrap_or(0);
            a.len().max(b.len()).max(cells) + 2
        })
        .collect();
    let centred = |t: &str, w: usize| {
        let left = (w - t.len()) / 2;
        format!("{}{t}{}", " ".repeat(left), " ".repeat(w - t.len() - left))
    };
    let line = |cells: Vec<String>| format!("|{}|", cells.join("|"));
    let h1 = line(heads.iter().zip(&widths).map(|((a, _, _), &w)| centred(a, w)).collect());
    let h2 = line(heads.iter().zip(&widths).map(|((_, b, _), &w)| centred(b, w)).collect());
    let rule = "=".repeat(h1.chars().count());
    let mut out = vec![rule.clone(), h1, h2, rule.clone()];
    for r in rows {
        let cells = heads
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, ((_, _, al), &w))| {
                let c = r.get(i).map_or("", String::as_str);
                match al {
                    Align::Left => format!(" {c:<0$}", w - 1),
                    Align::Right => format!("{c:>0$} ", w - 1),
                }
            })
            .collect();
        out.push(line(cells));
    }
    out.push(rule);
    out
}

/// A `MM/DD/YYYY HH24:MI:SS` time of the simulated clock.
fn stamp(us: f64) -> String {
    let secs = (us / 1e6).floor() as i64;
    let d = crate::date::Date::from_seconds(crate::date::CLOCK_ZERO.seconds() + secs)
        .unwrap_or(crate::date::CLOCK_ZERO)
        .civil();
    format!("{:02}/{:02}/{:04} {:02}:{:02}:{:02}", d.month, d.day, d.year, d.hour, d.minute, d.second)
}

/// Whole seconds of the clock (the monitor's times are of a second).
fn whole(us: f64) -> i64 {
    (us / 1e6).floor() as i64
}

/// The Global Stats table.
pub fn global_stats(s: &MonStats) -> Vec<String> {
    use Align::Right;
    let mut heads: Vec<(&str, &str, Align)> = vec![("Elapsed", "Time(s)", Right), ("Cpu", "Time(s)", Right)];
    let mut row = vec![seconds(s.elapsed_us), seconds(s.cpu_us)];
    let timed = [
        ("IO", "Waits(s)", s.io_us),
        ("Application", "Waits(s)", s.application_us),
        ("Concurrency", "Waits(s)", s.concurrency_us),
        ("Cluster", "Waits(s)", s.cluster_us),
        ("PL/SQL", "Time(s)", s.plsql_us),
        ("Other", "Waits(s)", s.other_us),
    ];
    for (a, b, us) in timed {
        if us > 0.0 {
            heads.push((a, b, Right));
            row.push(seconds(us));
        }
    }
    if let Some(f) = s.fetch_calls.filter(|&f| f > 0) {
        heads.push(("Fetch", "Calls", Right));
        row.push(count(f));
    }
    heads.push(("Buffer", "Gets", Right));
    row.push(count(s.buffer_gets));
    if s.read_reqs > 0 {
        heads.extend([("Read", "Reqs", Right), ("Read", "Bytes", Right)]);
        row.extend([count(s.read_reqs), bytes(s.read_bytes)]);
    }
    if s.write_reqs > 0 {
        heads.extend([("Write", "Reqs", Right), ("Write", "Bytes", Right)]);
        row.extend([count(s.write_reqs), bytes(s.write_bytes)]);
    }
    table(&heads, &[row])
}

/// The plan line's cells before its activity, and its activity details.
fn line_cells(m: &MonExec, l: &MonLine, reads: bool) -> (Vec<String>, Vec<String>) {
    let indent = if l.depth == 0 { 0 } else { l.depth as usize + 1 };
    let opt = |v: Option<u64>| v.map(count).unwrap_or_default();
    let ran = l.starts > 0;
    let (time, start) = if ran {
        let (t0, first, last) = (whole(m.start_us), whole(l.first_us), whole(l.last_us));
        ((last - first + 1).to_string(), format!("+{}", first - t0))
    } else {
        (String::new(), String::new())
    };
    let mut cells = vec![
        l.id.to_string(),
        format!("{}{}", " ".repeat(indent), l.operation),
        l.name.clone().unwrap_or_default(),
        opt(l.e_rows),
        opt(l.cost),
        time,
        start,
        if ran { count(l.starts) } else { String::new() },
        if ran { count(l.rows) } else { String::new() },
    ];
    if reads {
        let r = l.read_reqs > 0;
        cells.push(if r { count(l.read_reqs) } else { String::new() });
        cells.push(if r { bytes(l.read_bytes) } else { String::new() });
    }
    let n: u64 = l.activity.iter().map(|a| a.2).sum();
    cells.push(if n > 0 && m.samples > 0 {
        format!("{:.2}", 100.0 * n as f64 / m.samples as f64)
    } else {
        String::new()
    });
    let details = l.activity.iter().map(|(_, label, n)| format!("{label} ({n})")).collect();
    (cells, details)
}

/// SQL Plan Monitoring Details.
pub fn plan_table(m: &MonExec) -> Vec<String> {
    use Align::{Left, Right};
    let reads = m.lines.iter().any(|l| l.read_reqs > 0);
    let mut heads: Vec<(&str, &str, Align)> = vec![
        ("Id", "", Right),
        ("Operation", "", Left),
        ("Name", "", Left),
        ("Rows", "(Estim)", Right),
        ("Cost", "", Right),
        ("Time", "Active(s)", Right),
        ("Start", "Active", Right),
        ("Execs", "", Right),
        ("Rows", "(Actual)", Right),
    ];
    if reads {
        heads.extend([("Read", "Reqs", Right), ("Read", "Bytes", Right)]);
    }
    heads.extend([("Activity", "(%)", Right), ("Activity Detail", "(# samples)", Left)]);
    let mut rows = Vec::new();
    for l in &m.lines {
        let (mut cells, details) = line_cells(m, l, reads);
        let blank = cells.len();
        let mut details = details.into_iter();
        cells.push(details.next().unwrap_or_default());
        rows.push(cells);
        for d in details {
            let mut more = vec![String::new(); blank];
            more.push(d);
            rows.push(more);
        }
    }
    table(&heads, &rows)
}

/// The whole report, line by line.
pub fn report(m: &MonExec) -> Vec<String> {
    let mut out = vec!["SQL Monitoring Report".to_string(), String::new(), "SQL Text".into(), UNDERLINE.into()];
    out.push(m.sql_text.split_whitespace().collect::<Vec<_>>().join(" "));
    out.push(String::new());
    if let Some((code, message)) = &m.error {
        out.push(format!("Error: {code}"));
        out.push(UNDERLINE.into());
        out.push(message.clone());
        out.push(String::new());
    }
    out.push("Global Information".into());
    out.push(UNDERLINE.into());
    let duration = whole(m.last_refresh_us) - whole(m.start_us);
    let mut info = vec![
        ("Status", m.status.clone()),
        ("Instance ID", "1".into()),
        ("Session", format!("{} ({}:{})", m.username, m.sid, m.serial)),
        ("SQL ID", m.sql_id.clone()),
        ("SQL Execution ID", m.exec_id.to_string()),
        ("Execution Started", stamp(m.start_us)),
        ("First Refresh Time", stamp(m.first_refresh_us)),
        ("Last Refresh Time", stamp(m.last_refresh_us)),
        ("Duration", format!("{duration}s")),
        ("Module/Action", m.module_action.clone()),
        ("Service", m.service.clone()),
        ("Program", m.program.clone()),
    ];
    if let Some(f) = m.stats.fetch_calls {
        info.push(("Fetch Calls", f.to_string()));
    }
    for (k, v) in info {
        out.push(format!(" {k:<20}:  {v}"));
    }
    out.push(String::new());
    out.push("Global Stats".into());
    out.extend(global_stats(&m.stats));
    out.push(String::new());
    out.push(format!("SQL Plan Monitoring Details (Plan Hash Value={})", m.plan_hash));
    out.extend(plan_table(m));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn figures_as_sql_monitor_prints_them() {
        assert_eq!(count(2931), "2931");
        assert_eq!(count(99_999), "99999");
        assert_eq!(count(100_000), "100K");
        assert_eq!(count(262_000), "262K");
        assert_eq!(count(449_600), "450K");
        assert_eq!(count(5_000_000), "5M");
        assert_eq!(count(24_600_000), "25M");
        assert_eq!(bytes(8192), "8192");
        // 1,113 blocks of 8 KB: 8.7 MB; 156,973 blocks: 1.2 GB.
        assert_eq!(bytes(1113 * 8192), "9MB");
        assert_eq!(bytes(156_973 * 8192), "1GB");
        assert_eq!(bytes(50_214 * 8192), "392MB");
        assert_eq!(seconds(4_580_202.0), "4.58");
        assert_eq!(seconds(10_824_372.0), "11");
        assert_eq!(seconds(1_000.0), "0.00");
    }
}
