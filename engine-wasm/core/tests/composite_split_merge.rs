//! Issue 34: SPLIT PARTITION and MERGE PARTITIONS of composite tables,
//! whose subpartitions are the segments. A split's two partitions take
//! the template's subpartitions (`<partition>_<subpartition>`), a row of
//! subpartition j going to subpartition j of its side; when every row
//! falls on one side (Oracle's fast split) that side keeps the old
//! segments, DATA_OBJECT_IDs and ROWIDs, the other gets new empty ones.
//! A merge makes one partition whose subpartition j holds both
//! partitions' subpartition j, in new segments. Local indexes follow
//! (UNUSABLE where rows moved without UPDATE INDEXES), global ones are
//! UNUSABLE when rows moved without UPDATE [GLOBAL] INDEXES.

mod common;
use common::composite::{index_status as status, C};
use common::*;

/// Each subpartition's rows, gathered, in position order.
fn sub_rows(e: &mut lio_core::Engine) -> Vec<Vec<String>> {
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'C')"));
    text_rows(
        e,
        "select subpartition_name, num_rows from user_tab_subpartitions where table_name = 'C' order by partition_position, subpartition_position;",
    )
}

fn ind_subs(e: &mut lio_core::Engine) -> Vec<Vec<String>> {
    text_rows(
        e,
        "select p.partition_name, s.subpartition_name, s.status from user_ind_subpartitions s, user_ind_partitions p where s.index_name = 'C_L' and p.index_name = 'C_L' and p.partition_name = s.partition_name order by p.partition_position, s.subpartition_position;",
    )
}

/// SPLIT PARTITION P2 AT (7) INTO (P2A, P2B): P2A (N < 7) takes 5 and 6,
/// P2B (7 <= N < 10) 7, 8, 9: P2A_A {6}, P2A_B {5}, P2B_A {8}, P2B_B {7,
/// 9}. Rows on both sides: four new segments (OBJECT_ID = DATA_OBJECT_ID,
/// numbered P2A, its two, P2B, its two), P2's two gone; the local index's
/// new subpartitions UNUSABLE (no UPDATE INDEXES), P1's USABLE; the
/// global index UNUSABLE.
#[test]
fn split_moves_rows_into_new_subpartitions() {
    let mut e = quiet_engine();
    ok(&e.exec(C));
    ok(&e.exec("alter table c split partition p2 at (7) into (partition p2a, partition p2b);"));
    assert_eq!(
        text_rows(&mut e, "select partition_name, high_value, subpartition_count from user_tab_partitions order by partition_position;"),
        [["P1", "5", "2"], ["P2A", "7", "2"], ["P2B", "10", "2"]]
    );
    assert_eq!(
        sub_rows(&mut e),
        [["P1_A", "2"], ["P1_B", "2"], ["P2A_A", "1"], ["P2A_B", "1"], ["P2B_A", "1"], ["P2B_B", "2"]]
    );
    let since = "(select object_id from user_objects where object_name = 'C' and subobject_name = 'P2A')";
    assert_eq!(
        text_rows(&mut e, &format!("select subobject_name, object_type, object_id - {since}, decode(data_object_id, object_id, 'same', null, '-', 'kept') from user_objects where object_name = 'C' and object_id >= {since} order by object_id;")),
        [
            ["P2A", "TABLE PARTITION", "0", "-"],
            ["P2A_A", "TABLE SUBPARTITION", "1", "same"],
            ["P2A_B", "TABLE SUBPARTITION", "2", "same"],
            ["P2B", "TABLE PARTITION", "3", "-"],
            ["P2B_A", "TABLE SUBPARTITION", "4", "same"],
            ["P2B_B", "TABLE SUBPARTITION", "5", "same"],
        ]
    );
    assert_eq!(
        text_rows(&mut e, "select partition_name from user_segments where segment_name = 'C' and segment_type = 'TABLE SUBPARTITION' order by partition_name;"),
        [["P1_A"], ["P1_B"], ["P2A_A"], ["P2A_B"], ["P2B_A"], ["P2B_B"]]
    );
    assert_eq!(
        ind_subs(&mut e),
        [
            ["P1", "P1_A", "USABLE"],
            ["P1", "P1_B", "USABLE"],
            ["P2A", "P2A_A", "UNUSABLE"],
            ["P2A", "P2A_B", "UNUSABLE"],
            ["P2B", "P2B_A", "UNUSABLE"],
            ["P2B", "P2B_B", "UNUSABLE"],
        ]
    );
    assert_eq!(status(&mut e, "C_G"), "UNUSABLE");
    assert_eq!(
        text_rows(&mut e, "select /*+ full(c) */ sum(n), count(*) from c where n between 6 and 8;"),
        [["21", "3"]]
    );
    // New rows route by the new bounds and the template.
    ok(&e.exec("insert into c values (6, 'B', 'x');\ncommit;"));
    assert_eq!(sub_rows(&mut e)[3], ["P2A_B", "2"]);
}

/// SPLIT with UPDATE INDEXES: the local index's new subpartitions built
/// (USABLE, their rows' entries), the global index VALID and right.
#[test]
fn split_update_indexes() {
    let mut e = quiet_engine();
    ok(&e.exec(C));
    ok(&e.exec("alter table c split partition p2 at (7) into (partition p2a, partition p2b) update indexes;"));
    assert!(ind_subs(&mut e).iter().all(|r| r[2] == "USABLE"), "{:?}", ind_subs(&mut e));
    assert_eq!(status(&mut e, "C_G"), "VALID");
    assert_eq!(text_rows(&mut e, "select /*+ index(c c_l) */ sum(n) from c where n between 6 and 8;"), [["21"]]);
    assert_eq!(text_rows(&mut e, "select /*+ index(c c_g) */ n from c where v = 'v7';"), [["7"]]);
}

/// Fast split: P3 (MAXVALUE) holds 12, 13, 14; SPLIT P3 AT (100) INTO
/// (P3, P4) puts every row below 100, so P3's new subpartitions keep the
/// old segments (DATA_OBJECT_ID the old OBJECT_ID, the ROWIDs unchanged)
/// and P4's two are new empty segments; every index stays usable.
#[test]
fn fast_split_keeps_the_segments() {
    let mut e = quiet_engine();
    ok(&e.exec(C));
    ok(&e.exec("alter table c add partition p3 values less than (maxvalue);\n\
        insert into c values (12, 'A', 'v12');\ninsert into c values (13, 'B', 'v13');\ninsert into c values (14, 'A', 'v14');\ncommit;"));
    let before = text_rows(&mut e, "select rowid from c where n >= 12 order by n;");
    let ids = text_rows(
        &mut e,
        "select object_id from user_objects where object_name = 'C' and subobject_name in ('P3_A', 'P3_B') order by subobject_name;",
    );
    ok(&e.exec("alter table c split partition p3 at (100) into (partition p3, partition p4);"));
    assert_eq!(text_rows(&mut e, "select rowid from c where n >= 12 order by n;"), before);
    assert_eq!(
        text_rows(
            &mut e,
            "select data_object_id from user_objects where object_name = 'C' and subobject_name in ('P3_A', 'P3_B') order by subobject_name;"
        ),
        ids
    );
    assert_eq!(
        text_rows(
            &mut e,
            "select count(*) from user_segments where segment_name = 'C' and segment_type = 'TABLE SUBPARTITION';"
        ),
        [["8"]]
    );
    assert_eq!(sub_rows(&mut e)[4..], [["P3_A", "2"], ["P3_B", "1"], ["P4_A", "0"], ["P4_B", "0"]]);
    assert!(ind_subs(&mut e).iter().all(|r| r[2] == "USABLE"), "{:?}", ind_subs(&mut e));
    assert_eq!(status(&mut e, "C_G"), "VALID");
    assert_eq!(text_rows(&mut e, "select /*+ index(c c_l) */ count(*) from c where n > 10;"), [["3"]]);
    assert_eq!(text_rows(&mut e, "select /*+ index(c c_g) */ n from c where v = 'v13';"), [["13"]]);
}

/// MERGE PARTITIONS P1, P2 INTO PARTITION P2 UPDATE INDEXES: P2 (N < 10)
/// with P2_A {2, 4, 6, 8} and P2_B {1, 3, 5, 7, 9}, two new segments;
/// the local index's P2 subpartitions rebuilt, the global index VALID.
/// Without UPDATE INDEXES both are UNUSABLE.
#[test]
fn merge_partitions() {
    let mut e = quiet_engine();
    ok(&e.exec(C));
    ok(&e.exec("alter table c merge partitions p1, p2 into partition p2 update indexes;"));
    assert_eq!(
        text_rows(&mut e, "select partition_name, high_value, subpartition_count from user_tab_partitions;"),
        [["P2", "10", "2"]]
    );
    assert_eq!(sub_rows(&mut e), [["P2_A", "4"], ["P2_B", "5"]]);
    assert_eq!(
        text_rows(
            &mut e,
            "select count(*) from user_segments where segment_name = 'C' and segment_type = 'TABLE SUBPARTITION';"
        ),
        [["2"]]
    );
    assert_eq!(ind_subs(&mut e), [["P2", "P2_A", "USABLE"], ["P2", "P2_B", "USABLE"]]);
    assert_eq!(status(&mut e, "C_G"), "VALID");
    assert_eq!(text_rows(&mut e, "select /*+ index(c c_l) */ count(*) from c where n < 10;"), [["9"]]);
    assert_eq!(text_rows(&mut e, "select /*+ index(c c_g) */ n from c where v = 'v7';"), [["7"]]);

    let mut e = quiet_engine();
    ok(&e.exec(C));
    ok(&e.exec("alter table c merge partitions p1, p2;"));
    let names = text_rows(&mut e, "select partition_name from user_tab_partitions;");
    assert!(names[0][0].starts_with("SYS_P"), "{names:?}");
    assert!(ind_subs(&mut e).iter().all(|r| r[2] == "UNUSABLE"), "{:?}", ind_subs(&mut e));
    assert_eq!(status(&mut e, "C_G"), "UNUSABLE");
    assert_eq!(text_rows(&mut e, "select count(*) from c where d = 'B';"), [["5"]]);
}

/// LIST-HASH: merging the first and last list partitions (PE and the
/// DEFAULT one) leaves PW between them: PX takes PE's place, the DEFAULT.
#[test]
fn merge_list_partitions_apart() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table lh (r varchar2(1), n number)\n\
        partition by list (r) subpartition by hash (n) subpartitions 2\n\
        (partition pe values ('E'), partition pw values ('W'), partition po values (default));\n\
        insert into lh select decode(mod(rownum, 3), 0, 'E', 1, 'W', 'X'), rownum from dual connect by level <= 9;\n\
        commit;\n\
        create index lh_n on lh (n) local;\n\
        alter table lh merge partitions pe, po into partition px update indexes;",
    ));
    assert_eq!(
        text_rows(&mut e, "select partition_name, high_value, subpartition_count from user_tab_partitions order by partition_position;"),
        [["PX", "DEFAULT", "2"], ["PW", "'W'", "2"]]
    );
    assert_eq!(text_rows(&mut e, "select count(*) from lh where r = 'W';"), [["3"]]);
    assert_eq!(text_rows(&mut e, "select count(*) from lh where r in ('E', 'X');"), [["6"]]);
    assert_eq!(text_rows(&mut e, "select /*+ index(lh lh_n) */ count(*) from lh where n > 0;"), [["9"]]);
    assert_eq!(
        text_rows(&mut e, "select partition_name, count(*) from user_ind_subpartitions where index_name = 'LH_N' group by partition_name order by partition_name;"),
        [["PW", "2"], ["PX", "2"]]
    );
}

/// The one-level checks, on the partitions: a split point outside P2
/// (ORA-14080), a merge into the lower one's name (ORA-14275), a HASH
/// top level (ORA-14255); EXCHANGE of a composite partition with a table
/// that is not partitioned, ORA-14291. Nothing changes.
#[test]
fn errors() {
    let mut e = quiet_engine();
    ok(&e.exec(C));
    let code = |e: &mut lio_core::Engine, sql: &str| error_of(&e.exec(sql)[0]).0.to_string();
    assert_eq!(code(&mut e, "alter table c split partition p2 at (12);"), lio_sql::ora::SPLIT_BOUND_INVALID.code());
    assert_eq!(
        code(&mut e, "alter table c merge partitions p1, p2 into partition p1;"),
        lio_sql::ora::MERGE_REUSES_LOWER.code()
    );
    ok(&e.exec("create table x (n number not null, d varchar2(1), v varchar2(10));"));
    let unpartitioned = lio_sql::ora::EXCHANGE_COMPOSITE_UNPARTITIONED.code();
    assert_eq!(code(&mut e, "alter table c exchange partition p1 with table x;"), unpartitioned);
    ok(&e.exec("create table h (n number, m number) partition by hash (n) subpartition by hash (m) subpartitions 2 partitions 2;"));
    // The method is checked first: any name.
    let h = e.exec("alter table h split partition p at (3);");
    assert_eq!(error_of(&h[0]).0, lio_sql::ora::NOT_RANGE_OR_LIST.code());
    assert_eq!(sub_rows(&mut e), [["P1_A", "2"], ["P1_B", "2"], ["P2_A", "2"], ["P2_B", "3"]]);
}
