//! Issue 34: indexes on composite-partitioned tables. A LOCAL index on a
//! RANGE-HASH or RANGE-LIST table has one index segment per table
//! subpartition (USER_SEGMENTS 'INDEX SUBPARTITION'), its partitions
//! above them as the table's (USER_IND_PARTITIONS COMPOSITE 'YES', no
//! segment); the plan reaches it under the table's two PARTITION lines,
//! each subpartition's tree probed with a descent of its own.

mod common;
use common::composite::{again, part_lines as lines};
use common::*;

/// C: RANGE-HASH, 2 x 2 (as `composite_partition.rs`): P1 takes N 1-4,
/// P2 N 5-9, each split into 2 hash subpartitions on D (= N). C_L, a
/// LOCAL index on N: 4 index subpartitions of 2 or 3 entries, each a
/// single leaf block (BLEVEL 0: its root is its leaf).
const C: &str = "create table c (n number not null, d number, v varchar2(10))\n\
    partition by range (n) subpartition by hash (d) subpartitions 2\n\
    (partition p1 values less than (5), partition p2 values less than (maxvalue));\n\
    insert into c select rownum, rownum, 'v' || rownum from dual connect by level <= 9;\n\
    commit;\n\
    create index c_l on c (n) local;\n\
    exec dbms_stats.gather_table_stats(user, 'C')\n\
    alter session set statistics_level = all;\n";

/// The plan's lines from the first PARTITION one, with their Starts.
fn starts(e: &mut lio_core::Engine) -> Vec<String> {
    let x = e.exec("select * from table(dbms_xplan.display_cursor(null, null, 'ALLSTATS LAST'));");
    ok(&x);
    row_strings(&x[0])
        .iter()
        .filter(|l| l.starts_with("|  ") || l.starts_with("|* "))
        .map(|l| {
            let c: Vec<&str> = l.split('|').map(str::trim).collect();
            format!("{} {}", c[2], c[4])
        })
        .filter(|l| !l.starts_with("SELECT") && !l.starts_with("SORT") && !l.starts_with("Id"))
        .collect()
}

/// One index segment per table subpartition, named as it; the index
/// partitions above them (no segment, OBJECT_ID before their
/// subpartitions'); the index's dictionary rows.
#[test]
fn local_index_one_segment_per_subpartition() {
    let mut e = quiet_engine();
    ok(&e.exec(C));
    assert_eq!(
        text_rows(
            &mut e,
            "select segment_type, count(*) from user_segments where segment_name = 'C_L' group by segment_type;"
        ),
        [["INDEX SUBPARTITION", "4"]]
    );
    // The index subpartitions take the table subpartitions' names.
    assert_eq!(
        text_rows(&mut e, "select count(*) from user_segments s, user_tab_subpartitions t where s.segment_name = 'C_L' and s.partition_name = t.subpartition_name;"),
        [["4"]]
    );
    assert_eq!(
        text_rows(&mut e, "select partition_name, composite, subpartition_count, status, num_rows, leaf_blocks, blevel from user_ind_partitions order by partition_position;"),
        [["P1", "YES", "2", "N/A", "4", "2", "0"], ["P2", "YES", "2", "N/A", "5", "2", "0"]]
    );
    assert_eq!(
        text_rows(&mut e, "select partition_name, subpartition_position, status, num_rows, leaf_blocks from user_ind_subpartitions order by partition_name, subpartition_position;"),
        [["P1", "1", "USABLE", "2", "1"], ["P1", "2", "USABLE", "2", "1"], ["P2", "1", "USABLE", "3", "1"], ["P2", "2", "USABLE", "2", "1"]]
    );
    assert_eq!(
        text_rows(&mut e, "select partitioning_type, subpartitioning_type, partition_count, def_subpartition_count, locality from user_part_indexes;"),
        [["RANGE", "HASH", "2", "2", "LOCAL"]]
    );
    let objs = text_rows(
        &mut e,
        "select object_type, nvl2(data_object_id, 'seg', 'none') from user_objects where object_name = 'C_L' order by object_id;",
    );
    let want = [
        ["INDEX", "none"],
        ["INDEX PARTITION", "none"],
        ["INDEX SUBPARTITION", "seg"],
        ["INDEX SUBPARTITION", "seg"],
        ["INDEX PARTITION", "none"],
        ["INDEX SUBPARTITION", "seg"],
        ["INDEX SUBPARTITION", "seg"],
    ];
    assert_eq!(objs, want);
}

/// N = 7 through the local index: partition 2 (RANGE SINGLE), both its
/// subpartitions (HASH ALL 1-2, the table's 3 and 4 on the table and
/// index lines). Each subpartition's tree probed: 1 get on each root
/// leaf (2), the row's block 1: 3 consistent gets in one fetch (COUNT).
/// Fetching the row itself, SQL*Plus's first fetch takes one row and
/// the scan goes on in the second call, which gets the leaf it stood in
/// again (pins end with the call): 4. The index and table lines are
/// started once per subpartition (2), the HASH line once per partition
/// (1).
#[test]
fn local_index_probes_each_subpartition() {
    let mut e = quiet_engine();
    ok(&e.exec(C));
    let s = again(&mut e, "select /*+ index(c c_l) */ v from c where n = 7;");
    assert_eq!(row_strings(&s), ["v7"]);
    assert_eq!(
        lines(&s)[1..],
        [
            "PARTITION RANGE SINGLE 2-2",
            "PARTITION HASH ALL 1-2",
            "TABLE ACCESS BY LOCAL INDEX ROWID BATCHED 3-4",
            "INDEX RANGE SCAN 3-4"
        ]
    );
    assert_eq!(stat(&s, "consistent gets"), 4);
    assert_eq!(
        starts(&mut e),
        [
            "PARTITION RANGE SINGLE 1",
            "PARTITION HASH ALL 1",
            "TABLE ACCESS BY LOCAL INDEX ROWID BATCHED 2",
            "INDEX RANGE SCAN 2"
        ]
    );
    let s = again(&mut e, "select /*+ index(c c_l) */ count(v) from c where n = 7;");
    assert_eq!(row_strings(&s), ["1"]);
    assert_eq!(stat(&s, "consistent gets"), 3);
}

/// N = 7 and D = 7: one subpartition (RANGE SINGLE over HASH SINGLE; the
/// table and index lines its absolute number, 2 + j): one root leaf and
/// the row's block, 2 gets. The index alone (COUNT(*) on N, no table
/// access): the INDEX line sits under the HASH line, 1 get.
#[test]
fn local_index_prunes_to_one_subpartition() {
    let mut e = quiet_engine();
    ok(&e.exec(C));
    let s = again(&mut e, "select /*+ index(c c_l) */ count(v) from c where n = 7 and d = 7;");
    assert_eq!(row_strings(&s), ["1"]);
    assert_eq!(stat(&s, "consistent gets"), 2);
    let l = lines(&s);
    assert_eq!(l[2], "PARTITION RANGE SINGLE 2-2");
    let j: u32 = l[3].trim_start_matches("PARTITION HASH SINGLE ").split('-').next().unwrap().parse().unwrap();
    assert!(j == 1 || j == 2, "{l:?}");
    let abs = 2 + j;
    assert_eq!(
        l[4..],
        [format!("TABLE ACCESS BY LOCAL INDEX ROWID BATCHED {abs}-{abs}"), format!("INDEX RANGE SCAN {abs}-{abs}")]
    );
    let s = again(&mut e, "select /*+ index(c c_l) */ count(*) from c where n = 7;");
    assert_eq!(row_strings(&s), ["1"]);
    assert_eq!(lines(&s)[2..], ["PARTITION RANGE SINGLE 2-2", "PARTITION HASH ALL 1-2", "INDEX RANGE SCAN 3-4"]);
    assert_eq!(stat(&s, "consistent gets"), 2);
    assert_eq!(starts(&mut e), ["PARTITION RANGE SINGLE 1", "PARTITION HASH ALL 1", "INDEX RANGE SCAN 2"]);
}

/// A range over partitions: N between 3 and 6 keeps both partitions
/// (RANGE ALL 1-2, as the lab prints a one-level table's range that
/// keeps every partition), every subpartition (HASH ALL), the table and
/// index lines 1-4 (a contiguous run known at parse): 4 root leaves
/// probed, the rows' 4 blocks... each subpartition's rows in one block,
/// so as many table gets as subpartitions holding a row (N 3, 4, 5, 6:
/// at least 2, at most 4 blocks), and the 4 rows.
#[test]
fn local_index_iterates_partitions() {
    let mut e = quiet_engine();
    ok(&e.exec(C));
    let s = again(&mut e, "select /*+ index(c c_l) */ count(v) from c where n between 3 and 6;");
    assert_eq!(row_strings(&s), ["4"]);
    assert_eq!(
        lines(&s)[2..],
        [
            "PARTITION RANGE ALL 1-2",
            "PARTITION HASH ALL 1-2",
            "TABLE ACCESS BY LOCAL INDEX ROWID BATCHED 1-4",
            "INDEX RANGE SCAN 1-4"
        ]
    );
    assert_eq!(
        starts(&mut e),
        [
            "PARTITION RANGE ALL 1",
            "PARTITION HASH ALL 2",
            "TABLE ACCESS BY LOCAL INDEX ROWID BATCHED 4",
            "INDEX RANGE SCAN 4"
        ]
    );
    let held =
        text_rows(&mut e, "select count(distinct dbms_rowid.rowid_object(rowid)) from c where n between 3 and 6;")[0]
            [0]
        .parse::<u64>()
        .unwrap();
    assert_eq!(stat(&s, "consistent gets"), 4 + held);
}

/// Global indexes on a composite table: a plain one (one tree, TABLE
/// ACCESS BY GLOBAL INDEX ROWID, Pstart and Pstop ROWID: each rowid
/// names its subpartition's segment), and one partitioned by its own
/// range (its PARTITION line over the INDEX scan only).
#[test]
fn global_indexes_on_a_composite_table() {
    let mut e = quiet_engine();
    ok(&e.exec(C));
    ok(&e.exec("create index c_v on c (v);"));
    let s = again(&mut e, "select /*+ index(c c_v) */ n from c where v = 'v7';");
    assert_eq!(row_strings(&s), ["7"]);
    assert_eq!(lines(&s)[1..], ["TABLE ACCESS BY GLOBAL INDEX ROWID BATCHED ROWID-ROWID", "INDEX RANGE SCAN -"]);
    ok(&e.exec(
        "create index c_g on c (d) global partition by range (d) (partition g1 values less than (4), partition g2 values less than (maxvalue));",
    ));
    let s = again(&mut e, "select /*+ index(c c_g) */ n from c where d = 7;");
    assert_eq!(row_strings(&s), ["7"]);
    assert_eq!(
        lines(&s)[1..],
        [
            "TABLE ACCESS BY GLOBAL INDEX ROWID BATCHED ROWID-ROWID",
            "PARTITION RANGE SINGLE 2-2",
            "INDEX RANGE SCAN 2-2"
        ]
    );
    assert_eq!(
        text_rows(&mut e, "select index_name, partition_name, composite, num_rows from user_ind_partitions where index_name = 'C_G' order by partition_position;"),
        [["C_G", "G1", "NO", "3"], ["C_G", "G2", "NO", "6"]]
    );
}

/// DML through a composite table's LOCAL index: an insert's entry goes to
/// its row's subpartition's tree, a rollback takes it out. REBUILD
/// PARTITION of a composite index's partition is ORA-14287 (its
/// subpartitions hold the segments), of a name that is no partition of
/// it ORA-02149.
#[test]
fn local_index_dml_and_rebuild() {
    let mut e = quiet_engine();
    ok(&e.exec(C));
    ok(&e.exec("insert into c values (8, 80, 'x');"));
    assert_eq!(text_rows(&mut e, "select /*+ index(c c_l) */ count(*) from c where n = 8;"), [["2"]]);
    assert_eq!(
        text_rows(&mut e, "select sum(num_rows) from user_ind_subpartitions where partition_name = 'P2';"),
        [["6"]]
    );
    ok(&e.exec("rollback;"));
    assert_eq!(
        text_rows(&mut e, "select sum(num_rows) from user_ind_subpartitions where partition_name = 'P2';"),
        [["5"]]
    );
    let s = e.exec("alter index c_l rebuild partition p1;");
    assert_eq!(error_of(&s[0]).0, lio_sql::ora::COMPOSITE_INDEX_PARTITION_REBUILD.code());
    let s = e.exec("alter index c_l rebuild partition nope;");
    assert_eq!(error_of(&s[0]).0, lio_sql::ora::PARTITION_DOES_NOT_EXIST.code());
}
