//! Oracle version profiles. Behaviours that differ between releases are
//! named flags here, never `if version == ...` scattered in the engine.

#[derive(Debug, Clone, PartialEq)]
pub struct VersionProfile {
    /// Canonical release name, e.g. `11.2.0.1`, `18.0.0`.
    pub name: &'static str,
    pub banner: &'static str,
    /// 11g introduced "fastpath" consistent gets: normal (pin/unpin) gets
    /// that take a shortcut through the buffer handle; they still take two
    /// `cache buffers chains` latch gets each.
    pub fastpath_gets: bool,
    /// 12c+ count examination gets under `consistent gets examination
    /// (fastpath)` too, and name normal gets `consistent gets pin`.
    pub stat_names_12c: bool,
    /// 12.1+: a table access by rowid above an index range, skip or full
    /// scan (or a bitmap conversion) is `TABLE ACCESS BY INDEX ROWID
    /// BATCHED` (`_optimizer_batch_table_access_by_rowid`: exec/plan/batched.rs).
    pub batch_rowid: bool,
    /// 12c+: the examination fastpath is used for shortcut gets.
    pub fastpath_examination: bool,
    /// 12c+: a table row fetched through the "callback" path (unique index
    /// access, `rows fetched via callback`) makes a second pin check on the
    /// table buffer, counted in `buffer is not pinned count`.
    pub callback_fetch_pin_check: bool,
    /// 11g: even the classic nested-loop shape keeps the inner range scan's
    /// leaf and table buffers pinned from one outer row to the next, so a
    /// probe that lands in the same block is a pinned revisit.
    pub nl_keeps_inner_pins: bool,
    /// 11g: outer blocks a nested loop's inner index scan trusts the leaf
    /// it kept pinned before re-verifying it with a descent (0: a probe
    /// always descends). See `exec/row_source/pins.rs`.
    pub nl_kept_leaf_trust: u8,
    /// 11.1.0.7 and 11.2.0.1: a filter on the table row of a unique probe
    /// makes the table access a normal (pinning) get instead of the
    /// examination shortcut; 11.2.0.2 always takes the shortcut.
    pub filtered_unique_probe_pins: bool,
    /// 18c+: MemOptimized RowStore (`MEMOPTIMIZE FOR READ`).
    pub memoptimize_rowstore: bool,
    /// 11g+: nested-loop join batching exists (`_nlj_batching_enabled`).
    pub nlj_batching: bool,
    /// 10.2.0.5 / 11.2 single instance: row-level consistent read
    /// (`RowCR`) attempts under concurrency.
    pub row_cr: bool,
    /// Examination gets take the `cache buffers chains` child in shared
    /// mode (readers do not block each other); a get that must pin first
    /// takes it shared and upgrades (`shared hash latch upgrades`).
    pub cbc_shared_examination: bool,
    /// Buffer visits a full scan makes to the segment header and space
    /// management blocks before reading data blocks (extent map, high water
    /// mark, ASSM L2/L1 bitmaps): normal gets, not "no work" gets.
    pub full_scan_header_gets: u32,
    /// Longest identifier, in bytes: 30 up to 12.1, 128 from 12.2
    /// (dictionary views' name columns are VARCHAR2 of it).
    pub identifier_bytes: u32,
    /// The extended SQL trace (10046) of 11.1 on: `sqlid=` in PARSING IN
    /// CURSOR, `plh=` in the calls, `cost= size= card=` in STAT lines.
    pub trace_sqlid: bool,
    /// The trace writes `CLOSE #n` lines (11g on: Tanel Poder, "How to
    /// detect when a cursor was closed from SQL trace output", 2009).
    pub trace_close: bool,
    /// The trace numbers a cursor by its address (`PARSING IN CURSOR
    /// #140203930927312`, 11.2.0.2 on; before, a slot number: `#2`).
    pub trace_cursor_address: bool,
    /// STAT lines carry the row source's starts (`str=1`, 12c on; 11.2's
    /// end `pw=0 time=`).
    pub trace_stat_starts: bool,
    /// The trace's `***` lines stamp ISO 8601 times with microseconds and
    /// the zone (`*** 2018-07-31T09:16:25.618519-05:00`, 12.2 on); before,
    /// `*** 2013-01-15 10:23:45.123`.
    pub trace_iso_time: bool,
    /// Bytes of a redo change vector's header: 24 before 12.1, 32 from
    /// 12.1 (the container id and flags; session/redo_layout.rs).
    pub change_vector_header: u64,
    /// 11g's change vector format (session/redo_layout.rs): a KTB field's
    /// header 8 bytes (4 before: OpenLogReplicator's `ktbRedo`, "pre-11"),
    /// ktubl 76 bytes (52 in 10.2), a 5.4 vector of three fields, an UPDATE
    /// of a row an 11.19 array update of one row; 10.2 writes an 11.5 URP
    /// and a 5.20 (session information) vector in a transaction's first
    /// record.
    pub redo_format_11: bool,
    /// 12c+: DBMS_STATS builds TOP-FREQUENCY and HYBRID histograms (with
    /// AUTO_SAMPLE_SIZE) where 11g builds HEIGHT BALANCED ones, keeps
    /// ENDPOINT_REPEAT_COUNT, and SIZE goes up to 2048 (254 before).
    pub hybrid_histograms: bool,
    /// Rows of the release's V$STATNAME (every statistic it has; the lab
    /// models a few dozen, the others stay zero). SQLcl's autotrace reads
    /// them all (`session/sqlcl.rs`). 18c: 2,011, the `sorts (rows)` of
    /// SQLcl's one sort of them in each of seed 000's five blocks; the
    /// other releases have no published count and take 18c's.
    pub statname_rows: u32,
    /// Rows of DBA_OBJECTS (and ALL_OBJECTS: the LAB user has the DBA
    /// role) for the database's own objects, before the lab user's
    /// (`exec/dictionary_objects.rs` generates them; how the counts were
    /// chosen: docs/MODEL.md, "The dictionary's own objects").
    pub dictionary_objects: u32,
    /// Columns of ALL_OBJECTS and DBA_OBJECTS (USER_OBJECTS has all but
    /// OWNER): 13 up to 11.1 (to SECONDARY), 15 in 11.2 (NAMESPACE,
    /// EDITION_NAME), 26 from 12.2 (SHARING ... MODIFIED_VSNID).
    pub objects_columns: u8,
    /// Columns of USER_SEQUENCES: 8 to 11.2 (to LAST_NUMBER), 12 in 18c
    /// (SCALE_FLAG, EXTEND_FLAG, SESSION_FLAG, KEEP_VALUE), 13 from 19.1
    /// (SHARDED_FLAG before SESSION_FLAG).
    pub sequence_columns: u8,
    /// The day the release's seed database was created: the CREATED of
    /// the dictionary's own objects.
    pub seed_created: (i32, u32, u32),
    /// 12.1+: the row limiting clause (`OFFSET ... FETCH FIRST ...`);
    /// before, ORA-00933 at it.
    pub row_limiting: bool,
    /// 11.2+: the APPEND_VALUES hint (a direct-path INSERT ... VALUES);
    /// a conventional INSERT ... SELECT's plan has a LOAD TABLE
    /// CONVENTIONAL line under INSERT STATEMENT (none before).
    pub append_values: bool,
    /// 11.2+: deferred segment creation (DEFERRED_SEGMENT_CREATION, the
    /// SEGMENT CREATION clause, USER_TABLES' and USER_INDEXES'
    /// SEGMENT_CREATED); before, CREATE TABLE creates the segment and the
    /// clause is ORA-00922.
    pub deferred_segment_creation: bool,
    /// 11.2.0.2+: a partition's segment is deferred too (each created by
    /// its first row; the partition's own SEGMENT CREATION clause,
    /// USER_TAB_PARTITIONS.SEGMENT_CREATED NO). 11.2.0.1 defers
    /// non-partitioned tables only (oracle-base, "Segment Creation on
    /// Demand", 11.2.0.1; Hemant Chitale, "Segment Size of a Partition
    /// (11.2.0.2 and above)").
    pub deferred_partition_segments: bool,
    /// A hierarchical query with START WITH is `CONNECT BY NO FILTERING
    /// WITH START-WITH` over one read of its table (11.2+ without an index
    /// to filter with). 10.2 plans CONNECT BY WITH FILTERING (FILTER, HASH
    /// JOIN, CONNECT BY PUMP: Julian Dyke's 10.2 example), which the lab
    /// does not model: refused there, and on 11.1 (not established).
    pub connect_by_no_filtering: bool,
    /// 11g+: `ALTER TABLE ADD c ... DEFAULT x NOT NULL` is a dictionary
    /// change (10g updates every row).
    pub fast_add_not_null_default: bool,
    /// 12c+: a nullable column added with a DEFAULT is a dictionary change
    /// too (11g updates every row: `session/alter_column.rs`).
    pub fast_add_nullable_default: bool,
    /// 11.2+: recursive WITH (a WITH column alias list: ORA-32033 before).
    pub recursive_with: bool,
    /// 11.1+: `seq.NEXTVAL` / `seq.CURRVAL` in a PL/SQL expression
    /// (`v := s.nextval`); PLS-00357 before.
    pub plsql_sequence_expressions: bool,
    /// 12.1+: a column DEFAULT may read `seq.NEXTVAL`; ORA-00984 before.
    pub sequence_defaults: bool,
    /// 12c+: DBMS_STATS on a global temporary table gathers the session's
    /// own statistics (GLOBAL_TEMP_TABLE_STATS = SESSION) and does not
    /// commit; 11g commits first, as for any table.
    pub session_private_temp_stats: bool,
    /// 12.1+: online statistics gathering for bulk loads: a CREATE TABLE
    /// ... AS SELECT, and a direct-path INSERT ... SELECT into an empty
    /// segment, gather the table's and its columns' statistics as they
    /// load (no histograms), under an OPTIMIZER STATISTICS GATHERING plan
    /// line (`session/stats_on_load.rs`).
    pub stats_on_load: bool,
    /// 11.2+: LISTAGG (ORA-00904 before: the name is unknown).
    pub listagg: bool,
    /// 12.2+: LISTAGG's `ON OVERFLOW ERROR | TRUNCATE` clause.
    pub listagg_overflow: bool,
    /// 19c+: `LISTAGG(DISTINCT x)`.
    /// 19c+: DBMS_XPLAN prints a Hint Report (which hints were used,
    /// unused, unresolved or misspelt) under the plan of a hinted
    /// statement. The lab refuses such a display (`session/hint_report.rs`).
    pub hint_report: bool,
    pub listagg_distinct: bool,
    /// 11.1+: composite partitioning beyond RANGE-HASH and RANGE-LIST
    /// (LIST-HASH, LIST-LIST, LIST-RANGE, RANGE-RANGE); 10.2 has only
    /// those two.
    pub composite_11g: bool,
    /// 11.1+: interval partitioning (`PARTITION BY RANGE (k) INTERVAL
    /// (i)`, one-level or composite); 10.2 has none.
    pub interval_partitioning: bool,
    /// 11.1+: DBMS_STATS' statistics preferences (SET_TABLE_PREFS,
    /// SET_SCHEMA_PREFS, SET_GLOBAL_PREFS, GET_PREFS, DELETE_TABLE_PREFS).
    pub stats_prefs: bool,
    /// 11.2.0.4+ (bug 13262857's enhancement, in 12.1 on): the
    /// TABLE_CACHED_BLOCKS preference (ORA-20001 "Invalid input values
    /// for pname" before).
    pub table_cached_blocks: bool,
    /// 11.1+: `SQLERRM(n)` of a positive n other than 100 is `-n: non-ORACLE
    /// exception`; 10.2's Language Reference gives `User-Defined Exception`.
    pub sqlerrm_non_oracle: bool,
    /// 11.2+: HASH-HASH, HASH-LIST and HASH-RANGE composite partitioning.
    pub composite_hash: bool,
    /// The bytes of a string a column statistic's LOW_VALUE / HIGH_VALUE
    /// keeps: 32 up to 11.2, 64 from 12.1 (Mahmoud Hatem, "12C New
    /// limitation for LOW_VALUE, HIGH_VALUE and ENDPOINT_VALUE", 2015).
    pub stats_value_bytes: usize,
    /// The Note line of a plan whose statement sampled a table
    /// dynamically (`optimizer/dyn_sampling.rs`).
    pub dyn_sampling_note: DynSamplingNote,
    /// A MERGE may update a target row a second time when the updates
    /// before left its SET columns as the statement read them (ORA-30926
    /// only once one changed them): 11g (Dominic Brooks, "MERGE oddity",
    /// 2011) and 12.2 on (AskTom, "ORA-30926 not raised in merge statement
    /// for non-deterministic set of rows", 2020: 12.2 to 19.4). 10.2.0.5
    /// raises ORA-30926 at every second update of a row (the same thread,
    /// tested on 10.2.0.5, 12.0 and 12.1).
    pub merge_reupdate_unchanged: bool,
}

/// How DBMS_XPLAN's Note says a statement was dynamically sampled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DynSamplingNote {
    /// 10.2, 11.1: `- dynamic sampling used for this statement`.
    Plain,
    /// 11.2: `- dynamic sampling used for this statement (level=2)`.
    Level,
    /// 12.1+: `- dynamic statistics used: dynamic sampling (level=2)`.
    Statistics,
}

const fn profile(name: &'static str, banner: &'static str) -> VersionProfile {
    VersionProfile {
        name,
        banner,
        fastpath_gets: true,
        stat_names_12c: true,
        batch_rowid: true,
        fastpath_examination: true,
        callback_fetch_pin_check: true,
        nl_keeps_inner_pins: true,
        nl_kept_leaf_trust: 2,
        filtered_unique_probe_pins: false,
        memoptimize_rowstore: true,
        nlj_batching: true,
        row_cr: false,
        cbc_shared_examination: true,
        full_scan_header_gets: 3,
        identifier_bytes: 128,
        trace_sqlid: true,
        trace_close: true,
        trace_cursor_address: true,
        trace_stat_starts: true,
        trace_iso_time: true,
        change_vector_header: 32,
        redo_format_11: true,
        hybrid_histograms: true,
        statname_rows: 2011,
        dictionary_objects: 91_465,
        objects_columns: 26,
        sequence_columns: 12,
        seed_created: (2018, 2, 7),
        row_limiting: true,
        append_values: true,
        deferred_segment_creation: true,
        deferred_partition_segments: true,
        connect_by_no_filtering: true,
        fast_add_not_null_default: true,
        fast_add_nullable_default: true,
        session_private_temp_stats: true,
        stats_on_load: true,
        recursive_with: true,
        plsql_sequence_expressions: true,
        sequence_defaults: true,
        listagg: true,
        listagg_overflow: true,
        listagg_distinct: false,
        hint_report: false,
        composite_11g: true,
        interval_partitioning: true,
        stats_value_bytes: 64,
        dyn_sampling_note: DynSamplingNote::Statistics,
        composite_hash: true,
        stats_prefs: true,
        table_cached_blocks: true,
        sqlerrm_non_oracle: true,
        merge_reupdate_unchanged: true,
    }
}

pub const V10_2_0_5: VersionProfile = VersionProfile {
    fastpath_gets: false,
    stat_names_12c: false,
    batch_rowid: false,
    fastpath_examination: false,
    callback_fetch_pin_check: false,
    nl_keeps_inner_pins: false,
    nl_kept_leaf_trust: 0,
    memoptimize_rowstore: false,
    nlj_batching: false,
    row_cr: true,
    identifier_bytes: 30,
    trace_sqlid: false,
    trace_close: false,
    trace_cursor_address: false,
    trace_stat_starts: false,
    trace_iso_time: false,
    change_vector_header: 24,
    redo_format_11: false,
    hybrid_histograms: false,
    dictionary_objects: 50_000,
    objects_columns: 13,
    sequence_columns: 8,
    seed_created: (2010, 4, 30),
    row_limiting: false,
    append_values: false,
    deferred_segment_creation: false,
    deferred_partition_segments: false,
    connect_by_no_filtering: false,
    fast_add_not_null_default: false,
    fast_add_nullable_default: false,
    session_private_temp_stats: false,
    stats_on_load: false,
    recursive_with: false,
    plsql_sequence_expressions: false,
    sequence_defaults: false,
    listagg: false,
    listagg_overflow: false,
    composite_11g: false,
    interval_partitioning: false,
    stats_value_bytes: 32,
    dyn_sampling_note: DynSamplingNote::Plain,
    composite_hash: false,
    stats_prefs: false,
    table_cached_blocks: false,
    sqlerrm_non_oracle: false,
    merge_reupdate_unchanged: false,
    ..profile("10.2.0.5", "Oracle Database 10g Enterprise Edition Release 10.2.0.5.0 - 64bit Production")
};

pub const V11_1_0_7: VersionProfile = VersionProfile {
    stat_names_12c: false,
    batch_rowid: false,
    fastpath_examination: false,
    callback_fetch_pin_check: false,
    memoptimize_rowstore: false,
    filtered_unique_probe_pins: true,
    identifier_bytes: 30,
    trace_cursor_address: false,
    trace_stat_starts: false,
    trace_iso_time: false,
    change_vector_header: 24,
    hybrid_histograms: false,
    dictionary_objects: 66_000,
    objects_columns: 13,
    sequence_columns: 8,
    seed_created: (2008, 9, 18),
    row_limiting: false,
    append_values: false,
    deferred_segment_creation: false,
    deferred_partition_segments: false,
    connect_by_no_filtering: false,
    fast_add_nullable_default: false,
    session_private_temp_stats: false,
    stats_on_load: false,
    recursive_with: false,
    sequence_defaults: false,
    listagg: false,
    listagg_overflow: false,
    stats_value_bytes: 32,
    dyn_sampling_note: DynSamplingNote::Plain,
    composite_hash: false,
    table_cached_blocks: false,
    ..profile("11.1.0.7", "Oracle Database 11g Enterprise Edition Release 11.1.0.7.0 - 64bit Production")
};

pub const V11_2_0_1: VersionProfile = VersionProfile {
    stat_names_12c: false,
    batch_rowid: false,
    fastpath_examination: false,
    callback_fetch_pin_check: false,
    memoptimize_rowstore: false,
    row_cr: true,
    filtered_unique_probe_pins: true,
    identifier_bytes: 30,
    trace_cursor_address: false,
    trace_stat_starts: false,
    trace_iso_time: false,
    change_vector_header: 24,
    hybrid_histograms: false,
    dictionary_objects: 72_000,
    objects_columns: 15,
    sequence_columns: 8,
    seed_created: (2009, 8, 13),
    row_limiting: false,
    fast_add_nullable_default: false,
    session_private_temp_stats: false,
    stats_on_load: false,
    sequence_defaults: false,
    listagg_overflow: false,
    stats_value_bytes: 32,
    dyn_sampling_note: DynSamplingNote::Level,
    table_cached_blocks: false,
    deferred_partition_segments: false,
    ..profile("11.2.0.1", "Oracle Database 11g Enterprise Edition Release 11.2.0.1.0 - 64bit Production")
};

pub const V11_2_0_2: VersionProfile = VersionProfile {
    name: "11.2.0.2",
    banner: "Oracle Database 11g Enterprise Edition Release 11.2.0.2.0 - 64bit Production",
    filtered_unique_probe_pins: false,
    trace_cursor_address: true,
    seed_created: (2010, 9, 17),
    deferred_partition_segments: true,
    ..V11_2_0_1
};

pub const V18: VersionProfile =
    profile("18.0.0", "Oracle Database 18c Enterprise Edition Release 18.0.0.0.0 - Production");

pub const V19: VersionProfile = VersionProfile {
    seed_created: (2019, 4, 17),
    sequence_columns: 13,
    listagg_distinct: true,
    hint_report: true,
    ..profile("19.0.0", "Oracle Database 19c Enterprise Edition Release 19.0.0.0.0 - Production")
};

pub const ALL: [&VersionProfile; 6] = [&V10_2_0_5, &V11_1_0_7, &V11_2_0_1, &V11_2_0_2, &V18, &V19];

impl Default for VersionProfile {
    fn default() -> Self {
        V18
    }
}

/// Resolve what a user wrote after `LAB VERSION`: `11.2.0.1`, `11.2`,
/// `18c`, `18`, `18.3`, `19c`, `10g`...
pub fn lookup(text: &str) -> Option<&'static VersionProfile> {
    let t = text.trim().trim_matches('\'').to_ascii_lowercase();
    let t = t.trim_end_matches(['c', 'g']);
    if let Some(p) = ALL.iter().find(|p| p.name == t || p.name.trim_end_matches(".0") == t) {
        return Some(p);
    }
    let major = t.split('.').next().unwrap_or("");
    match major {
        "18" => Some(&V18),
        "19" => Some(&V19),
        "10" => Some(&V10_2_0_5),
        "11" => match t {
            "11" | "11.2" => Some(&V11_2_0_2),
            "11.1" => Some(&V11_1_0_7),
            _ => None,
        },
        _ => None,
    }
}

pub fn known_names() -> String {
    ALL.iter().map(|p| p.name).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups() {
        assert_eq!(lookup("11.2.0.1").unwrap().name, "11.2.0.1");
        assert_eq!(lookup("18c").unwrap().name, "18.0.0");
        assert_eq!(lookup("19").unwrap().name, "19.0.0");
        assert!(lookup("9i").is_none());
    }
}
