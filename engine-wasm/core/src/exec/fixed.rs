//! Dynamic performance views (`V$...`): their columns and the fixed tables
//! (`X$...`) the plan names. Their rows are the engine's own counters,
//! taken when the statement executes (`session/fixed.rs` builds them); a
//! fixed table is memory, not blocks, so reading one visits no buffer.

/// A `V$` view the lab serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FixedView {
    StatName,
    SysStat,
    SesStat,
    MyStat,
    Latch,
    LatchChildren,
    SessionEvent,
    SystemEvent,
    EventHistogram,
    EventHistogramMicro,
    Sql,
    Parameter,
    Version,
    Session,
    Timer,
    Log,
    Logfile,
    SqlWorkarea,
    ActiveSessionHistory,
    SqlMonitor,
    SqlPlanMonitor,
    /// Adaptive cursor sharing's views (11.1+).
    SqlCsStatistics,
    SqlCsSelectivity,
    SqlCsHistogram,
    /// A data dictionary view (`USER_TABLES`, ...).
    Dict(super::dictionary::DictView),
}

impl FixedView {
    pub const ALL: &'static [FixedView] = &[
        FixedView::StatName,
        FixedView::SysStat,
        FixedView::SesStat,
        FixedView::MyStat,
        FixedView::Latch,
        FixedView::LatchChildren,
        FixedView::SessionEvent,
        FixedView::SystemEvent,
        FixedView::EventHistogram,
        FixedView::EventHistogramMicro,
        FixedView::Sql,
        FixedView::Parameter,
        FixedView::Version,
        FixedView::Session,
        FixedView::Timer,
        FixedView::Log,
        FixedView::Logfile,
        FixedView::SqlWorkarea,
        FixedView::ActiveSessionHistory,
        FixedView::SqlMonitor,
        FixedView::SqlPlanMonitor,
        FixedView::SqlCsStatistics,
        FixedView::SqlCsSelectivity,
        FixedView::SqlCsHistogram,
    ];

    /// The view a FROM name means: `V$X`, its public synonym's base
    /// `V_$X` and `SYS.`-qualified forms are the same view.
    pub fn lookup(name: &str) -> Option<FixedView> {
        let n = name.strip_prefix("SYS.").unwrap_or(name);
        let base = n.strip_prefix("V$").or_else(|| n.strip_prefix("V_$"))?;
        Some(match base {
            "STATNAME" => FixedView::StatName,
            "SYSSTAT" => FixedView::SysStat,
            "SESSTAT" => FixedView::SesStat,
            "MYSTAT" => FixedView::MyStat,
            "LATCH" => FixedView::Latch,
            "LATCH_CHILDREN" => FixedView::LatchChildren,
            "SESSION_EVENT" => FixedView::SessionEvent,
            "SYSTEM_EVENT" => FixedView::SystemEvent,
            "EVENT_HISTOGRAM" => FixedView::EventHistogram,
            "EVENT_HISTOGRAM_MICRO" => FixedView::EventHistogramMicro,
            "SQL" | "SQLAREA" => FixedView::Sql,
            "PARAMETER" => FixedView::Parameter,
            "VERSION" => FixedView::Version,
            "SESSION" => FixedView::Session,
            "TIMER" => FixedView::Timer,
            "LOG" => FixedView::Log,
            "LOGFILE" => FixedView::Logfile,
            "SQL_WORKAREA" => FixedView::SqlWorkarea,
            "ACTIVE_SESSION_HISTORY" => FixedView::ActiveSessionHistory,
            "SQL_MONITOR" => FixedView::SqlMonitor,
            "SQL_PLAN_MONITOR" => FixedView::SqlPlanMonitor,
            "SQL_CS_STATISTICS" => FixedView::SqlCsStatistics,
            "SQL_CS_SELECTIVITY" => FixedView::SqlCsSelectivity,
            "SQL_CS_HISTOGRAM" => FixedView::SqlCsHistogram,
            _ => return None,
        })
    }

    /// A name that looks like a dynamic performance view the lab does not
    /// serve (reported as such rather than as a missing table).
    pub fn looks_fixed(name: &str) -> bool {
        let n = name.strip_prefix("SYS.").unwrap_or(name);
        n.starts_with("V$") || n.starts_with("V_$") || n.starts_with("GV$") || n.starts_with("X$")
    }

    /// The fixed table under the view, as the plan names it.
    pub fn x_table(self) -> &'static str {
        match self {
            FixedView::StatName => "X$KSUSD",
            FixedView::SysStat => "X$KSUSGSTA",
            FixedView::SesStat => "X$KSUSESTA",
            FixedView::MyStat => "X$KSUMYSTA",
            FixedView::Latch => "X$KSLLD",
            FixedView::LatchChildren => "X$KSLLT",
            FixedView::SessionEvent => "X$KSLES",
            FixedView::SystemEvent => "X$KSLEI",
            FixedView::EventHistogram | FixedView::EventHistogramMicro => "X$KSLEH",
            FixedView::Sql => "X$KGLCURSOR_CHILD",
            FixedView::Parameter => "X$KSPPI",
            FixedView::Version => "X$VERSION",
            FixedView::Session => "X$KSUSE",
            FixedView::Timer => "X$KSUTM",
            FixedView::Log => "X$KCCLE",
            FixedView::Logfile => "X$KCCFN",
            FixedView::SqlWorkarea => "X$QESRSTATALL",
            FixedView::ActiveSessionHistory => "X$ASH",
            FixedView::SqlMonitor => "X$KESWXMON",
            FixedView::SqlPlanMonitor => "X$KESWXMON_PLAN",
            FixedView::SqlCsStatistics => "X$KKOCS_STATISTICS",
            FixedView::SqlCsSelectivity => "X$KKOCS_SELECTIVITY",
            FixedView::SqlCsHistogram => "X$KKOCS_HISTOGRAM",
            FixedView::Dict(d) => d.name(),
        }
    }

    /// Column names, in the view's order (the subset the lab fills).
    pub fn columns(self) -> &'static [&'static str] {
        match self {
            FixedView::Dict(d) => d.columns(),
            FixedView::StatName => &["STATISTIC#", "NAME", "CLASS", "STAT_ID"],
            FixedView::SysStat => &["STATISTIC#", "NAME", "CLASS", "VALUE", "STAT_ID"],
            FixedView::SesStat | FixedView::MyStat => &["SID", "STATISTIC#", "VALUE"],
            FixedView::Latch => &[
                "LATCH#",
                "LEVEL#",
                "NAME",
                "GETS",
                "MISSES",
                "SLEEPS",
                "IMMEDIATE_GETS",
                "IMMEDIATE_MISSES",
                "SPIN_GETS",
                "WAIT_TIME",
            ],
            FixedView::LatchChildren => &[
                "LATCH#",
                "CHILD#",
                "LEVEL#",
                "NAME",
                "GETS",
                "MISSES",
                "SLEEPS",
                "IMMEDIATE_GETS",
                "IMMEDIATE_MISSES",
                "SPIN_GETS",
                "WAIT_TIME",
            ],
            FixedView::SessionEvent => &[
                "SID",
                "EVENT",
                "TOTAL_WAITS",
                "TOTAL_TIMEOUTS",
                "TIME_WAITED",
                "AVERAGE_WAIT",
                "MAX_WAIT",
                "TIME_WAITED_MICRO",
                "EVENT_ID",
                "WAIT_CLASS",
            ],
            FixedView::SystemEvent => &[
                "EVENT",
                "TOTAL_WAITS",
                "TOTAL_TIMEOUTS",
                "TIME_WAITED",
                "AVERAGE_WAIT",
                "TIME_WAITED_MICRO",
                "EVENT_ID",
                "WAIT_CLASS",
            ],
            FixedView::EventHistogram => &["EVENT#", "EVENT", "WAIT_TIME_MILLI", "WAIT_COUNT"],
            FixedView::EventHistogramMicro => &["EVENT#", "EVENT", "WAIT_TIME_MICRO", "WAIT_COUNT", "WAIT_TIME_FORMAT"],
            FixedView::Sql => &[
                "SQL_ID",
                "SQL_TEXT",
                "SQL_FULLTEXT",
                "CHILD_NUMBER",
                "HASH_VALUE",
                "PLAN_HASH_VALUE",
                "EXECUTIONS",
                "PARSE_CALLS",
                "LOADS",
                "INVALIDATIONS",
                "ROWS_PROCESSED",
                "BUFFER_GETS",
                "DISK_READS",
                "CPU_TIME",
                "ELAPSED_TIME",
                "SORTS",
                "IS_BIND_SENSITIVE",
                "IS_BIND_AWARE",
                "IS_SHAREABLE",
            ],
            FixedView::Parameter => {
                &["NUM", "NAME", "TYPE", "VALUE", "DISPLAY_VALUE", "ISDEFAULT", "ISSES_MODIFIABLE", "DESCRIPTION"]
            }
            FixedView::Version => &["BANNER", "BANNER_FULL", "BANNER_LEGACY", "CON_ID"],
            FixedView::Session => &[
                "SID",
                "SERIAL#",
                "USERNAME",
                "STATUS",
                "SCHEMANAME",
                "PROGRAM",
                "TYPE",
                "SQL_ID",
                "EVENT",
                "WAIT_CLASS",
            ],
            FixedView::Timer => &["HSECS"],
            FixedView::Log => {
                &["GROUP#", "THREAD#", "SEQUENCE#", "BYTES", "BLOCKSIZE", "MEMBERS", "ARCHIVED", "STATUS"]
            }
            FixedView::Logfile => &["GROUP#", "STATUS", "TYPE", "MEMBER", "IS_RECOVERY_DEST_FILE"],
            FixedView::SqlWorkarea => &[
                "SQL_ID",
                "CHILD_NUMBER",
                "OPERATION_TYPE",
                "POLICY",
                "ESTIMATED_OPTIMAL_SIZE",
                "LAST_MEMORY_USED",
                "LAST_EXECUTION",
                "LAST_TEMPSEG_SIZE",
                "MAX_TEMPSEG_SIZE",
                "TOTAL_EXECUTIONS",
                "OPTIMAL_EXECUTIONS",
                "ONEPASS_EXECUTIONS",
                "MULTIPASSES_EXECUTIONS",
            ],
            FixedView::ActiveSessionHistory => super::fixed_ash::COLUMNS,
            FixedView::SqlMonitor => super::fixed_sqlmon::MONITOR_COLUMNS,
            FixedView::SqlPlanMonitor => super::fixed_sqlmon::PLAN_COLUMNS,
            FixedView::SqlCsStatistics => CS_STATISTICS,
            FixedView::SqlCsSelectivity => CS_SELECTIVITY,
            FixedView::SqlCsHistogram => CS_HISTOGRAM,
        }
    }

    /// SQL*Plus's width of column `col`: a character column's declared
    /// length in Oracle's Reference (19c; `V$SESSION.USERNAME` and
    /// SCHEMANAME are identifiers: 30 bytes up to 12.1, 128 from 12.2);
    /// 0 for a number or where the data decides (a CLOB, a width that
    /// changed across releases). V$PARAMETER: NAME VARCHAR2(80), VALUE
    /// VARCHAR2(4000)
    /// (https://docs.oracle.com/en/database/oracle/oracle-database/19/refrn/V-PARAMETER.html).
    pub fn width(self, col: usize, identifier_bytes: u32) -> u32 {
        let name = self.columns().get(col).copied().unwrap_or("");
        match (self, name) {
            (FixedView::Dict(d), _) => d.width(col, identifier_bytes),
            (FixedView::StatName | FixedView::SysStat | FixedView::Latch | FixedView::LatchChildren, "NAME") => 64,
            (_, "EVENT" | "WAIT_CLASS") => 64,
            (FixedView::EventHistogramMicro, "WAIT_TIME_FORMAT") => 30,
            (_, "SQL_ID") => 13,
            (FixedView::Sql, "SQL_TEXT") => 1000,
            (FixedView::Parameter, "NAME") => 80,
            (FixedView::Parameter, "VALUE" | "DISPLAY_VALUE") => 4000,
            (FixedView::Parameter, "ISDEFAULT") => 9,
            (FixedView::Parameter, "ISSES_MODIFIABLE") => 5,
            (FixedView::Parameter, "DESCRIPTION") => 255,
            (FixedView::Version, "BANNER" | "BANNER_LEGACY") => 80,
            (FixedView::Version, "BANNER_FULL") => 160,
            (FixedView::Session, "USERNAME" | "SCHEMANAME") => identifier_bytes,
            (FixedView::Session, "STATUS") => 8,
            (FixedView::Session, "PROGRAM") => 48,
            (FixedView::Session, "TYPE") => 10,
            (FixedView::Log, "ARCHIVED") => 3,
            (FixedView::Log, "STATUS") => 16,
            (FixedView::Logfile, "STATUS" | "TYPE") => 7,
            (FixedView::Logfile, "MEMBER") => 513,
            (FixedView::Logfile, "IS_RECOVERY_DEST_FILE") => 3,
            (FixedView::SqlWorkarea, "LAST_EXECUTION") => 10,
            (FixedView::Sql, "IS_BIND_SENSITIVE" | "IS_BIND_AWARE" | "IS_SHAREABLE") => 1,
            (FixedView::SqlCsStatistics, "PEEKED") => 1,
            (FixedView::SqlCsSelectivity, "PREDICATE") => 40,
            (FixedView::SqlCsSelectivity, "LOW" | "HIGH") => 10,
            (FixedView::ActiveSessionHistory, c) => super::fixed_ash::width(c),
            (FixedView::SqlMonitor | FixedView::SqlPlanMonitor, c) => super::fixed_sqlmon::width(c),
            _ => 0,
        }
    }

    /// The optimizer's row estimate for a fixed table without statistics.
    pub fn e_rows(self) -> f64 {
        match self {
            FixedView::Version | FixedView::Timer => 1.0,
            _ => 100.0,
        }
    }
}

/// The rows of one view a statement reads: generated ones first (the
/// database's own objects, made as they are read), then `rows`.
#[derive(Debug, Default)]
pub struct FixedRows {
    /// The generator and the number of columns each row has.
    pub gen: Option<(super::dictionary_objects::ObjectsGen, usize)>,
    pub rows: Vec<Vec<crate::value::Value>>,
}

impl FixedRows {
    pub fn of(rows: Vec<Vec<crate::value::Value>>) -> FixedRows {
        FixedRows { gen: None, rows }
    }

    /// Rows in all.
    pub fn len(&self) -> usize {
        self.gen.as_ref().map_or(0, |g| g.0.len()) + self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Row `i` into `out`; false past the last.
    pub fn row_into(&self, i: usize, out: &mut Vec<crate::value::Value>) -> bool {
        let generated = match &self.gen {
            Some((g, columns)) if i < g.len() => {
                g.fill(i, *columns, out);
                return true;
            }
            Some((g, _)) => g.len(),
            None => 0,
        };
        match self.rows.get(i - generated) {
            Some(r) => {
                out.clear();
                out.extend(r.iter().cloned());
                true
            }
            None => false,
        }
    }
}

/// Adaptive cursor sharing's views' columns (ADDRESS left out).
const CS_STATISTICS: &[&str] = &[
    "HASH_VALUE",
    "SQL_ID",
    "CHILD_NUMBER",
    "BIND_SET_HASH_VALUE",
    "PEEKED",
    "EXECUTIONS",
    "ROWS_PROCESSED",
    "BUFFER_GETS",
    "CPU_TIME",
];
const CS_SELECTIVITY: &[&str] = &["HASH_VALUE", "SQL_ID", "CHILD_NUMBER", "PREDICATE", "RANGE_ID", "LOW", "HIGH"];
const CS_HISTOGRAM: &[&str] = &["HASH_VALUE", "SQL_ID", "CHILD_NUMBER", "BUCKET_ID", "COUNT"];

/// `STAT_ID`/`EVENT_ID`: a stable number from the name (FNV-1a, 32 bits).
pub fn name_id(name: &str) -> u32 {
    super::hash::fnv1a(super::hash::FNV_OFFSET, name.as_bytes())
}
