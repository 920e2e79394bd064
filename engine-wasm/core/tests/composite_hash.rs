//! Issue 34: the HASH-* composite forms of 11.2 (HASH-HASH, HASH-LIST,
//! HASH-RANGE): `PARTITION BY HASH (k) SUBPARTITION BY ... PARTITIONS n`
//! or `(PARTITION p, ...)`, each hash partition divided as a RANGE or
//! LIST one is (`SUBPARTITIONS n` or a template), pruned on the hash
//! level by equality and IN lists only. 11.1 and 10.2 refuse them by
//! name at SUBPARTITION.

mod common;
use common::composite::{again, part_lines as lines};
use common::*;

/// HL: HASH-LIST, 2 x 2. N 1..8 hashed onto 2 partitions (the lab's
/// hash: which partition a key lands in is an assumption, the total is
/// not); R 'A' for N 1..4, 'B' for 5..8, template A / B. (Not R by N's
/// parity: the low bit of the lab's FNV-1a hash of a one-digit number is
/// its parity, so 2 hash partitions split such keys odd / even.)
const HL: &str = "create table hl (n number, r varchar2(1), v varchar2(10))\n\
    partition by hash (n) subpartition by list (r)\n\
    subpartition template (subpartition a values ('A'), subpartition b values (default))\n\
    partitions 2;\n\
    insert into hl select rownum, case when rownum <= 4 then 'A' else 'B' end, 'v' || rownum from dual connect by level <= 8;\n\
    commit;\n\
    exec dbms_stats.gather_table_stats(user, 'HL')\n";

/// HASH-LIST: 4 subpartition segments named `<SYS_Pn>_A | _B`; each row
/// found by an equality on N that keeps one partition (HASH SINGLE) and
/// on R one subpartition of it (LIST SINGLE): every key is where routing
/// put it. A range on N keeps every partition (HASH ALL 1-2).
#[test]
fn hash_list_routes_and_prunes() {
    let mut e = quiet_engine();
    ok(&e.exec(HL));
    assert_eq!(
        text_rows(&mut e, "select partitioning_type, subpartitioning_type, partition_count, def_subpartition_count from user_part_tables;"),
        [["HASH", "LIST", "2", "2"]]
    );
    assert_eq!(
        text_rows(&mut e, "select count(*), sum(num_rows) from user_tab_subpartitions where subpartition_name = partition_name || '_' || decode(subpartition_position, 1, 'A', 'B');"),
        [["4", "8"]]
    );
    assert_eq!(
        text_rows(
            &mut e,
            "select count(*) from user_segments where segment_name = 'HL' and segment_type = 'TABLE SUBPARTITION';"
        ),
        [["4"]]
    );
    for n in 1..=8 {
        let r = if n <= 4 { "A" } else { "B" };
        let s = again(&mut e, &format!("select v from hl where n = {n} and r = '{r}';"));
        assert_eq!(row_strings(&s), [format!("v{n}")]);
        let l = lines(&s);
        assert!(l[1].starts_with("PARTITION HASH SINGLE "), "{l:?}");
        let j = if r == "A" { 1 } else { 2 };
        assert_eq!(l[2], format!("PARTITION LIST SINGLE {j}-{j}"), "{l:?}");
    }
    let s = again(&mut e, "select count(*) from hl where n > 2;");
    assert_eq!(row_strings(&s), ["6"]);
    assert_eq!(lines(&s)[2..], ["PARTITION HASH ALL 1-2", "PARTITION LIST ALL 1-2", "TABLE ACCESS FULL 1-4"]);
}

/// HASH-HASH with named partitions and HASH-RANGE by a template: the
/// subpartitions per partition (SUBPARTITIONS 4; the template's 2), the
/// rows all found, and a LOCAL index under the two hash lines.
#[test]
fn hash_hash_and_hash_range() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table hh (n number, d number) partition by hash (n) subpartition by hash (d) subpartitions 4\n\
         (partition p1, partition p2);\n\
         insert into hh select rownum, rownum from dual connect by level <= 20;\n\
         create index hh_d on hh (d) local;\n\
         create table hr (n number, d number) partition by hash (n) subpartition by range (d)\n\
         subpartition template (subpartition lo values less than (10), subpartition hi values less than (maxvalue))\n\
         partitions 4;\n\
         insert into hr select rownum, rownum from dual connect by level <= 20;\n",
    ));
    assert_eq!(
        text_rows(&mut e, "select table_name, count(*) from user_tab_subpartitions group by table_name order by 1;"),
        [["HH", "8"], ["HR", "8"]]
    );
    assert_eq!(text_rows(&mut e, "select count(*) from hh where n = 7 and d = 7;"), [["1"]]);
    assert_eq!(text_rows(&mut e, "select count(*) from hr where d < 10;"), [["9"]]);
    let s = again(&mut e, "select /*+ index(hh hh_d) */ n from hh where n = 7 and d = 7;");
    assert_eq!(row_strings(&s), ["7"]);
    let l = lines(&s);
    assert!(l[1].starts_with("PARTITION HASH SINGLE ") && l[2].starts_with("PARTITION HASH SINGLE "), "{l:?}");
    assert!(l[3].starts_with("TABLE ACCESS BY LOCAL INDEX ROWID"), "{l:?}");
    let s = again(&mut e, "select count(*) from hr where n = 13 and d >= 10;");
    assert_eq!(row_strings(&s), ["1"]);
    let l = lines(&s);
    assert!(l[2].starts_with("PARTITION HASH SINGLE "), "{l:?}");
    assert_eq!(l[3], "PARTITION RANGE SINGLE 2-2");
    // ADD PARTITION of a hash-partitioned table stays refused (Oracle rehashes).
    let s = e.exec("alter table hh add partition p3;");
    assert_eq!(error_of(&s[0]).0, lio_sql::ora::LAB_UNSUPPORTED.code());
}

/// 11.1.0.7 and 10.2.0.5 refuse the HASH-* forms at SUBPARTITION, naming
/// the form and 11.2, no table made.
#[test]
fn before_11_2_hash_composites_are_refused() {
    for v in ["11.1.0.7", "10.2.0.5"] {
        let mut e = quiet_engine();
        ok(&e.exec(&format!("LAB VERSION {v};")));
        let s = e.exec(
            "create table c (n number, d number) partition by hash (n) subpartition by hash (d) subpartitions 4 partitions 2;",
        );
        let err = s[0].error.as_ref().expect("refused");
        assert_eq!(err.code, lio_sql::ora::LAB_UNSUPPORTED.code());
        assert!(err.message.contains("HASH-HASH") && err.message.contains("11.2"), "{}", err.message);
        assert_eq!((err.line, err.column), (1, 59));
        assert_eq!(text_rows(&mut e, "select count(*) from user_tables where table_name = 'C';"), [["0"]]);
    }
}
