//! Issue 34: partition maintenance on composite-partitioned tables, where
//! the subpartitions are the segments. TRUNCATE PARTITION empties each of
//! the partition's subpartitions (a new DATA_OBJECT_ID each, the segments
//! kept), DROP PARTITION takes them away with the local indexes'
//! partition and subpartitions, TRUNCATE SUBPARTITION empties one, ADD
//! PARTITION takes the SUBPARTITION TEMPLATE's subpartitions
//! (`<partition>_<subpartition>`) or `SUBPARTITIONS n`'s (SYS_SUBPn, n its
//! OBJECT_ID). A global index loses the rows: UNUSABLE without UPDATE
//! [GLOBAL] INDEXES, unless none went, as for a one-level table.

mod common;
use common::composite::{again, index_status as status, part_lines as lines, C};
use common::*;

/// (subpartition, rows counted in it) in position order.
fn sub_rows(e: &mut lio_core::Engine) -> Vec<Vec<String>> {
    text_rows(
        e,
        "select s.subpartition_name, (select count(*) from c where n between decode(s.partition_name, 'P1', 1, 'P2', 5, 10) and decode(s.partition_name, 'P1', 4, 'P2', 9, 19) and d = substr(s.subpartition_name, -1)) from user_tab_subpartitions s order by s.partition_position, s.subpartition_position;",
    )
}

/// TRUNCATE PARTITION P1: its two subpartitions emptied (4 rows), each a
/// new DATA_OBJECT_ID (P2's keep their OBJECT_ID), the segments still
/// there; the local index's P1 subpartitions empty and USABLE; the global
/// index UNUSABLE (rows went, no UPDATE INDEXES) until rebuilt.
#[test]
fn truncate_partition_empties_its_subpartitions() {
    let mut e = quiet_engine();
    ok(&e.exec(C));
    ok(&e.exec("alter table c truncate partition p1;"));
    assert_eq!(text_rows(&mut e, "select count(*) from c;"), [["5"]]);
    assert_eq!(sub_rows(&mut e), [["P1_A", "0"], ["P1_B", "0"], ["P2_A", "2"], ["P2_B", "3"]]);
    assert_eq!(
        text_rows(&mut e, "select subobject_name, decode(data_object_id, object_id, 'same', 'new') from user_objects where object_type = 'TABLE SUBPARTITION' order by subobject_name;"),
        [["P1_A", "new"], ["P1_B", "new"], ["P2_A", "same"], ["P2_B", "same"]]
    );
    assert_eq!(
        text_rows(
            &mut e,
            "select count(*) from user_segments where segment_name = 'C' and segment_type = 'TABLE SUBPARTITION';"
        ),
        [["4"]]
    );
    assert_eq!(
        text_rows(&mut e, "select subpartition_name, status from user_ind_subpartitions where index_name = 'C_L' order by partition_name, subpartition_position;"),
        [["P1_A", "USABLE"], ["P1_B", "USABLE"], ["P2_A", "USABLE"], ["P2_B", "USABLE"]]
    );
    assert_eq!(text_rows(&mut e, "select /*+ index(c c_l) */ count(*) from c where n < 10;"), [["5"]]);
    assert_eq!(status(&mut e, "C_G"), "UNUSABLE");
    ok(&e.exec("alter index c_g rebuild;"));
    assert_eq!(status(&mut e, "C_G"), "VALID");
    assert_eq!(text_rows(&mut e, "select /*+ index(c c_g) */ n from c where v = 'v7';"), [["7"]]);
}

/// TRUNCATE SUBPARTITION P2_B UPDATE GLOBAL INDEXES: N 5, 7, 9 gone, the
/// global index kept VALID without their entries; a name that is no
/// subpartition: ORA-14251; a subpartition on a one-level table: LAB.
#[test]
fn truncate_subpartition() {
    let mut e = quiet_engine();
    ok(&e.exec(C));
    ok(&e.exec("alter table c truncate subpartition p2_b update global indexes;"));
    assert_eq!(sub_rows(&mut e), [["P1_A", "2"], ["P1_B", "2"], ["P2_A", "2"], ["P2_B", "0"]]);
    assert_eq!(status(&mut e, "C_G"), "VALID");
    assert_eq!(text_rows(&mut e, "select /*+ index(c c_g) */ count(*) from c where v = 'v7';"), [["0"]]);
    assert_eq!(text_rows(&mut e, "select /*+ index(c c_g) */ count(*) from c where v = 'v6';"), [["1"]]);
    let s = e.exec("alter table c truncate subpartition p2;");
    assert_eq!(error_of(&s[0]), (lio_sql::ora::SUBPARTITION_DOES_NOT_EXIST.code().as_str(), 1, 37));
    let s = e.exec("alter table c truncate partition p2_b;");
    assert_eq!(error_of(&s[0]).0, lio_sql::ora::PARTITION_DOES_NOT_EXIST.code());
}

/// DROP PARTITION P1 after its rows went (TRUNCATE): the global index
/// stays VALID (no row left with it); P1's two subpartition segments and
/// the local index's two go, P2 is partition 1 now (its Pstart in the
/// plan), and dropping the only partition left is ORA-14083.
#[test]
fn drop_partition_takes_its_subpartitions() {
    let mut e = quiet_engine();
    ok(&e.exec(C));
    ok(&e.exec("alter table c truncate partition p1 update indexes;"));
    ok(&e.exec("alter table c drop partition p1;"));
    assert_eq!(status(&mut e, "C_G"), "VALID");
    assert_eq!(
        text_rows(&mut e, "select partition_name, partition_position, subpartition_count from user_tab_partitions;"),
        [["P2", "1", "2"]]
    );
    assert_eq!(
        text_rows(&mut e, "select segment_name, partition_name, segment_type from user_segments where segment_name in ('C', 'C_L') order by 1, 2;"),
        [
            ["C", "P2_A", "TABLE SUBPARTITION"],
            ["C", "P2_B", "TABLE SUBPARTITION"],
            ["C_L", "P2_A", "INDEX SUBPARTITION"],
            ["C_L", "P2_B", "INDEX SUBPARTITION"]
        ]
    );
    assert_eq!(
        text_rows(
            &mut e,
            "select partition_name, partition_position from user_ind_partitions where index_name = 'C_L';"
        ),
        [["P2", "1"]]
    );
    assert_eq!(
        text_rows(
            &mut e,
            "select count(*) from user_objects where object_name in ('C', 'C_L') and subobject_name like 'P1%';"
        ),
        [["0"]]
    );
    let s = again(&mut e, "select /*+ index(c c_l) */ v from c where n = 7;");
    assert_eq!(row_strings(&s), ["v7"]);
    // (One partition left: its number 1; the lab prints RANGE ALL for it.)
    assert!(lines(&s)[1].ends_with(" 1-1"), "{:?}", lines(&s));
    assert_eq!(lines(&s)[2], "PARTITION LIST ALL 1-2");
    let s = e.exec("alter table c drop partition p2;");
    assert_eq!(error_of(&s[0]).0, lio_sql::ora::DROP_ONLY_PARTITION.code());
    assert_eq!(text_rows(&mut e, "select count(*) from c;"), [["5"]]);
}

/// DROP PARTITION P2 with its 5 rows: the global index UNUSABLE; with
/// UPDATE INDEXES it stays VALID without their entries.
#[test]
fn drop_partition_and_global_indexes() {
    let mut e = quiet_engine();
    ok(&e.exec(C));
    ok(&e.exec("alter table c drop partition p2;"));
    assert_eq!(status(&mut e, "C_G"), "UNUSABLE");
    assert_eq!(sub_rows(&mut e), [["P1_A", "2"], ["P1_B", "2"]]);
    let mut e = quiet_engine();
    ok(&e.exec(C));
    ok(&e.exec("alter table c drop partition p2 update global indexes;"));
    assert_eq!(status(&mut e, "C_G"), "VALID");
    assert_eq!(text_rows(&mut e, "select /*+ index(c c_g) */ count(*) from c where v = 'v7';"), [["0"]]);
    assert_eq!(text_rows(&mut e, "select /*+ index(c c_g) */ n from c where v = 'v3';"), [["3"]]);
}

/// ADD PARTITION P3 VALUES LESS THAN (20): the template's subpartitions
/// P3_A and P3_B (OBJECT_IDs after P3's), the local index's P3 and its
/// two subpartitions; no segment until a row comes (deferred, as a
/// one-level table's added partition). N 15 'A' goes to P3_A, found
/// through the local index in partition 3. A bound not above P2's:
/// ORA-14074; P2 again: ORA-14012; a partition's own subpartitions: LAB.
#[test]
fn add_partition_takes_the_template() {
    let mut e = quiet_engine();
    ok(&e.exec(C));
    ok(&e.exec("alter table c add partition p3 values less than (20);"));
    assert_eq!(
        text_rows(&mut e, "select partition_name, subpartition_name, subpartition_position, high_value from user_tab_subpartitions where partition_name = 'P3' order by subpartition_position;"),
        [["P3", "P3_A", "1", "'A'"], ["P3", "P3_B", "2", "'B'"]]
    );
    let ids = text_rows(
        &mut e,
        "select object_type, subobject_name from user_objects where object_name = 'C' and subobject_name like 'P3%' order by object_id;",
    );
    assert_eq!(ids, [["TABLE PARTITION", "P3"], ["TABLE SUBPARTITION", "P3_A"], ["TABLE SUBPARTITION", "P3_B"]]);
    assert_eq!(
        text_rows(&mut e, "select partition_name, subpartition_name, status from user_ind_subpartitions where index_name = 'C_L' and partition_name = 'P3' order by subpartition_position;"),
        [["P3", "P3_A", "USABLE"], ["P3", "P3_B", "USABLE"]]
    );
    assert_eq!(
        text_rows(&mut e, "select partition_name, partition_position, subpartition_count from user_ind_partitions where index_name = 'C_L' order by 2;"),
        [["P1", "1", "2"], ["P2", "2", "2"], ["P3", "3", "2"]]
    );
    let segs = "select count(*) from user_segments where segment_name = 'C';";
    assert_eq!(text_rows(&mut e, segs), [["4"]]);
    ok(&e.exec("insert into c values (15, 'A', 'v15');"));
    assert_eq!(text_rows(&mut e, segs), [["5"]]);
    assert_eq!(
        text_rows(
            &mut e,
            "select partition_name from user_segments where segment_name = 'C' and partition_name like 'P3%';"
        ),
        [["P3_A"]]
    );
    let s = again(&mut e, "select /*+ index(c c_l) */ v from c where n = 15;");
    assert_eq!(row_strings(&s), ["v15"]);
    assert_eq!(lines(&s)[1..3], ["PARTITION RANGE SINGLE 3-3", "PARTITION LIST ALL 1-2"]);
    assert_eq!(status(&mut e, "C_G"), "VALID");
    let s = e.exec("alter table c add partition p4 values less than (15);");
    assert_eq!(error_of(&s[0]).0, lio_sql::ora::PARTITION_BOUND_NOT_HIGHER.code());
    let s = e.exec("alter table c add partition p2 values less than (30);");
    assert_eq!(error_of(&s[0]).0, lio_sql::ora::PARTITION_NAME_CONFLICT.code());
    let s = e.exec("alter table c add partition p5 values less than (30) (subpartition x values ('A'));");
    assert_eq!(error_of(&s[0]).0, lio_sql::ora::LAB_UNSUPPORTED.code());
    // A composite partition trades with a one-level table only.
    let s = e.exec("alter table c exchange partition p2 with table c;");
    assert_eq!(error_of(&s[0]).0, lio_sql::ora::EXCHANGE_COMPOSITE_COMPOSITE.code());
}

/// RANGE-HASH by `SUBPARTITIONS 2`: an added partition's subpartitions
/// are SYS_SUBPn, n each one's OBJECT_ID, numbered after the partition's;
/// rows reach them by the hash of D (N 9..18: P1 takes N 9, P2 the
/// other 9).
#[test]
fn add_partition_of_hash_subpartitions() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table h (n number, d number)\n\
         partition by range (n) subpartition by hash (d) subpartitions 2\n\
         (partition p1 values less than (10));\n\
         alter table h add partition p2 values less than (20);\n\
         insert into h select 8 + rownum, rownum from dual connect by level <= 10;\n",
    ));
    assert_eq!(
        text_rows(&mut e, "select count(*) from user_objects where object_type = 'TABLE SUBPARTITION' and subobject_name = 'SYS_SUBP' || object_id;"),
        [["4"]]
    );
    assert_eq!(
        text_rows(&mut e, "select count(*) from user_objects p, user_objects s where p.subobject_name = 'P2' and s.object_type = 'TABLE SUBPARTITION' and s.object_id > p.object_id;"),
        [["2"]]
    );
    assert_eq!(
        text_rows(
            &mut e,
            "select partition_name, count(*) from user_tab_subpartitions group by partition_name order by 1;"
        ),
        [["P1", "2"], ["P2", "2"]]
    );
    ok(&e.exec("exec dbms_stats.gather_table_stats(user, 'H')"));
    assert_eq!(
        text_rows(
            &mut e,
            "select partition_name, sum(num_rows) from user_tab_subpartitions group by partition_name order by 1;"
        ),
        [["P1", "1"], ["P2", "9"]]
    );
}
