//! Bitmap indexes (issue 34): leaf rows are pieces (key, start rowid, end
//! rowid, compressed bitmap), laid out by storage/btree/bitmap.rs; the
//! access paths are BITMAP INDEX SINGLE VALUE / RANGE SCAN under BITMAP
//! CONVERSION TO ROWIDS. Every figure below is worked by hand from the
//! lab's piece encoding (an assumption, see docs/MODEL.md):
//! - a piece's fixed bytes: flag + lock (2), the key column with its
//!   length byte, two rowids of 1 + 6, the row directory slot (2), the
//!   bitmap's length byte (1; 3 from 250 bytes);
//! - the bitmap: set bytes in chunks of up to 8 literal bytes behind a
//!   header byte; a zero run before a chunk is free up to 3 bytes, else a
//!   byte a 7 bits of its length; a piece's bitmap stops at half a block
//!   ((8,192 - 128) / 2 = 4,032 bytes).
mod common;
use common::*;
use lio_sql::ora;

fn index_row(e: &mut lio_core::Engine, name: &str) -> Vec<String> {
    text_rows(
        e,
        &format!(
            "select index_type, blevel, leaf_blocks, distinct_keys, clustering_factor, num_rows \
             from user_indexes where index_name = '{name}';"
        ),
    )
    .remove(0)
}

fn index_stats(e: &mut lio_core::Engine, name: &str) -> Vec<String> {
    text_rows(
        e,
        &format!("analyze index {name} validate structure;\nselect lf_rows, lf_blks, lf_rows_len from index_stats;"),
    )
    .remove(0)
}

/// Three keys over 30 rows in one table block (slots 0..29, so 30 bits a
/// block). Key 0 is rows 2, 5, ..., 29: bits in bytes 0..3, one chunk of
/// 4 literal bytes and its header, 5 bytes; keys 1 and 2 likewise. The
/// key 0 is NUMBER 0 (1 + 1 bytes), 1 and 2 are 1 + 2: pieces of
/// 2 + 2 + 14 + 2 + 1 + 5 = 26 and 27, 27 bytes: 80 in one leaf.
#[test]
fn three_keys_worked_by_hand() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number, code number, pad varchar2(20));\n\
         insert into t select rownum, mod(rownum, 3), 'x' from dual connect by level <= 30;\n\
         commit;\n\
         create bitmap index t_bm on t(code);\n\
         exec dbms_stats.gather_table_stats(user, 'T')",
    ));
    // CLUSTERING_FACTOR and NUM_ROWS of a bitmap index are its pieces.
    assert_eq!(index_row(&mut e, "T_BM"), ["BITMAP", "0", "1", "3", "3", "3"]);
    assert_eq!(index_stats(&mut e, "t_bm"), ["3", "1", "80"]);
    let steps = e.exec("select /*+ gather_plan_statistics index(t t_bm) */ count(pad) from t where code = 1;");
    ok(&steps);
    let s = steps.last().unwrap();
    assert_eq!(row_strings(s), ["10"]);
    let ops: Vec<(&str, u64, u64)> = s.plan.iter().map(|l| (l.operation.as_str(), l.a_rows, l.buffers)).collect();
    // (One fetch: a fetch boundary re-gets the leaf and the block, as the
    // lab's B-tree scans do.) One get of the root-and-leaf, one of the
    // table block; the index
    // line returns one row a piece, the conversion a row a bit.
    assert_eq!(
        ops,
        [
            ("SELECT STATEMENT", 1, 2),
            ("SORT AGGREGATE", 1, 2),
            ("TABLE ACCESS BY INDEX ROWID BATCHED", 10, 2),
            ("BITMAP CONVERSION TO ROWIDS", 10, 1),
            ("BITMAP INDEX SINGLE VALUE", 1, 1),
        ]
    );
    // Lewis ch. 8: index (BLEVEL 0 + ceil(1 leaf x 1/3)) x 1.1 = 1.1;
    // table ceil(0.8 x 10 rows / (30 rows / BLOCKS 1) + 0.2 x 10) = 3:
    // 4.1 and CPU, printed 4 (the full scan, 3, wins unhinted).
    assert_eq!(s.plan[2].cost, 4);
}

/// One key on every row: the bits are dense, each chunk 8 literal bytes
/// and a header, 9 bytes for 64 rows. 4,032 bytes are 448 chunks, 28,672
/// rows: one piece of 4,032 + 23 = 4,055 bytes. The 28,673rd row starts a
/// second piece (the bitmap degrades by DML: a piece more, not rebuilt).
#[test]
fn a_piece_stops_at_half_a_block() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table s (x varchar2(1));\n\
         insert into s select 'X' from dual connect by level <= 28672;\n\
         commit;\n\
         create bitmap index s_bm on s(x) pctfree 0;",
    ));
    assert_eq!(index_stats(&mut e, "s_bm"), ["1", "1", "4055"]);
    ok(&e.exec("insert into s values ('X');\ncommit;"));
    let after = index_stats(&mut e, "s_bm");
    assert_eq!(after[..2], ["2", "1"]);
    // The layout after DML is the one a rebuild of the same rows gives.
    ok(&e.exec("alter index s_bm rebuild;"));
    assert_eq!(index_stats(&mut e, "s_bm"), after);
}

/// A bitmap index is never unique (ORA-00968 as Oracle parses it) and
/// cannot enforce a key on its column list (ORA-01408).
#[test]
fn never_unique() {
    let mut e = quiet_engine();
    ok(&e.exec("create table b (id number);\ncreate bitmap index b_bm on b(id);"));
    let s = e.exec("create unique bitmap index b_u on b(id);");
    assert_eq!(error_of(&s[0]), (ora::MISSING_INDEX_KEYWORD.code().as_str(), 1, 15));
    let s = e.exec("create bitmap unique index b_u on b(id);");
    assert_eq!(error_of(&s[0]).0, ora::MISSING_INDEX_KEYWORD.code());
    let s = e.exec("alter table b add primary key (id);");
    assert_eq!(error_of(&s[0]).0, ora::COLUMN_LIST_ALREADY_INDEXED.code());
}

/// Aggregates over the index alone; what the lab does not model is
/// refused: an INDEX_COMBINE on a B-tree index's range.
#[test]
fn refused_not_wrong() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table b (id number, v number);\n\
         insert into b select rownum, mod(rownum, 5) from dual connect by level <= 1000;\n\
         commit;\n\
         create bitmap index b_bm on b(v);\n\
         create index b_id on b(id);",
    ));
    // Another aggregate over the index alone: its rows through BITMAP
    // CONVERSION TO ROWIDS with no table line (Dyke's index-only bitmap
    // plans); no MIN/MAX path on a bitmap index (Hasler, "Expert Oracle
    // SQL", ch. 10: bitmap access has no MIN/MAX optimisation).
    let s = e.exec("select /*+ index(b b_bm) */ max(v), count(v) from b where v = 3;");
    ok(&s);
    assert_eq!(row_strings(&s[0]), ["3|200"]);
    let ops: Vec<&str> = s[0].plan.iter().map(|l| l.operation.as_str()).collect();
    assert_eq!(ops, ["SELECT STATEMENT", "SORT AGGREGATE", "BITMAP CONVERSION TO ROWIDS", "BITMAP INDEX SINGLE VALUE"]);
    let s = e.exec("select /*+ index(b b_bm) */ min(v) from b;");
    assert!(s[0].plan.iter().all(|l| !l.operation.contains("MIN/MAX")), "{:?}", s[0].plan);
    assert_eq!(row_strings(&s[0]), ["0"]);
    // count(*) alone: BITMAP CONVERSION COUNT, a row a piece (one here:
    // 200 bits in 1,000 rows' blocks), the count from the bits.
    let steps = e.exec("select /*+ gather_plan_statistics index(b b_bm) */ count(*) from b where v = 3;");
    ok(&steps);
    let s = steps.last().unwrap();
    assert_eq!(row_strings(s), ["200"]);
    let ops: Vec<(&str, u64)> = s.plan.iter().map(|l| (l.operation.as_str(), l.a_rows)).collect();
    assert_eq!(
        ops,
        [
            ("SELECT STATEMENT", 1),
            ("SORT AGGREGATE", 1),
            ("BITMAP CONVERSION COUNT", 1),
            ("BITMAP INDEX SINGLE VALUE", 1)
        ]
    );
    // INDEX_COMBINE on a B-tree index: its rowids converted (BITMAP
    // CONVERSION FROM ROWIDS, tests/bitmap_minus.rs); a range's would be
    // sorted first, which is refused.
    let steps = e.exec("select /*+ index_combine(b b_id) */ * from b where id = 3;");
    ok(&steps);
    assert!(steps.last().unwrap().plan.iter().any(|l| l.operation == "BITMAP CONVERSION FROM ROWIDS"));
    let s = e.exec("select /*+ index_combine(b b_id) */ * from b where id between 3 and 5;");
    assert_eq!(error_of(&s[0]).0, ora::LAB_UNSUPPORTED.code());
    // Two bitmap indexes with predicates: the BITMAP AND is costed
    // (tests/bitmap_combine.rs); here the one on ID alone is cheaper.
    ok(&e.exec("drop index b_id;\ncreate bitmap index b_bm2 on b(id);"));
    let steps = e.exec("select * from b where v = 3 and id = 8;");
    ok(&steps);
    assert_eq!(row_strings(steps.last().unwrap()), ["8|3"]);
    ok(&e.exec("drop index b_bm2;"));
    // A range on the bitmap index: BITMAP INDEX RANGE SCAN, the right rows.
    let steps = e.exec("select /*+ index(b b_bm) */ id from b where v between 1 and 2;");
    ok(&steps);
    let s = steps.last().unwrap();
    assert_eq!(row_strings(s).len(), 400);
    assert!(s.plan.iter().any(|l| l.operation == "BITMAP INDEX RANGE SCAN"));
}

/// Foote, "Unique Bitmap Indexes" Parts I and II (2010): the script in
/// tests/articles/foote-unique-bitmap-indexes-10g.sql. Published: the
/// unique B-tree on a million ids, PCTFREE 0, BLEVEL 2 and 1,875 leaf
/// blocks (the lab within 5%); the bitmap index larger (a piece a row:
/// key, two rowids and a one-bit bitmap); ORA-00968 at column 15 twice;
/// ORA-01408 for the primary key.
#[test]
fn foote_unique_bitmap_indexes() {
    let mut e = quiet_engine();
    let steps = e.exec(include_str!("../../../tests/articles/foote-unique-bitmap-indexes-10g.sql"));
    let rows = |i: usize| row_strings(&steps[i]);
    let btree: Vec<String> = rows(4)[0].split('|').map(str::to_string).collect();
    assert_eq!(btree[1], "2");
    let leaves: f64 = btree[2].parse().unwrap();
    assert!((leaves - 1875.0).abs() / 1875.0 <= 0.05, "B-tree leaf blocks {leaves} vs 1875");
    let bitmap: Vec<String> = rows(7)[0].split('|').map(str::to_string).collect();
    assert_eq!(bitmap[1], "BITMAP");
    assert!(bitmap[3].parse::<f64>().unwrap() > 1875.0);
    assert_eq!(bitmap[5..], ["1000000", "1000000"]);
    assert_eq!(error_of(&steps[9]).0, ora::MISSING_INDEX_KEYWORD.code());
    assert_eq!(error_of(&steps[9]).2, 15);
    assert_eq!(error_of(&steps[10]).2, 15);
    assert_eq!(error_of(&steps[12]).0, ora::COLUMN_LIST_ALREADY_INDEXED.code());
}

/// Difftest seed 3 world 1712: `where s2 IS NULL order by 1 desc` over a
/// bitmap index read the key DESCENDING and returned one of its two rows.
/// A bitmap index scan is read one way only (key order, then rowid order
/// within a key); an ORDER BY ... DESC over it sorts (SORT ORDER BY).
#[test]
fn bitmap_scan_is_never_read_descending() {
    let mut e = quiet_engine();
    let s = e.exec(
        "create table t1 (id number, s2 varchar2(10));\n\
         insert into t1 values (1, '_a');\ninsert into t1 values (2, NULL);\n\
         insert into t1 values (3, 'b ');\ninsert into t1 (id) values (100);\n\
         create bitmap index t1_bm on t1(s2);\n\
         select /*+ index_combine(x t1_bm) */ x.id from t1 x where x.s2 IS NULL order by x.s2 desc;\n\
         explain plan for select /*+ index_combine(x t1_bm) */ x.s2 from t1 x where x.s2 IS NULL order by 1 desc;\n\
         select * from table(dbms_xplan.display(null, null, 'BASIC'));",
    );
    ok(&s);
    assert_eq!(s[6].rows.len(), 2, "both rows of the NULL key");
    let plan: Vec<String> = s[8].rows.iter().map(|r| r[0].as_str().unwrap_or("").to_string()).collect();
    assert!(plan.iter().any(|l| l.contains("SORT ORDER BY")), "{plan:?}");
    assert!(!plan.iter().any(|l| l.contains("DESCENDING")), "{plan:?}");
}
