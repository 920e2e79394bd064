//! Hand-checkable structures with exact counters, the invariants of the
//! get model, determinism, and robustness against arbitrary input.

mod common;

use common::{ok, stat};
use lio_core::{Engine, EngineConfig, StepOut};

fn engine() -> Engine {
    Engine::new(EngineConfig::default())
}

#[test]
fn three_row_table_root_is_the_leaf() {
    let mut e = engine();
    let steps = e.exec(
        "create table t (id number not null, v varchar2(10), constraint t_pk primary key (id));
         insert into t values (1, 'a');
         insert into t values (2, 'b');
         insert into t values (3, 'c');
         select v from t where id = 2;",
    );
    ok(&steps);
    let q = steps.last().unwrap();
    assert_eq!(q.rows, vec![vec![serde_json::json!("b")]]);
    // BLEVEL 0: the root is the leaf, then the table block.
    assert_eq!(stat(q, "consistent gets"), 2);
    assert_eq!(stat(q, "consistent gets examination"), 2);
    assert_eq!(q.latches["cache buffers chains"].gets, 2);
    let ix = e.catalog().indexes.iter().find(|i| i.name == "T_PK").unwrap();
    assert_eq!(ix.btree.height(), 1);
}

#[test]
fn two_leaf_index_has_a_root_above() {
    let mut e = engine();
    // 1000-character keys: about seven entries per leaf at PCTFREE 10.
    let steps = e.exec(
        "create table t (k varchar2(1000) not null, n number);
         insert into t select rpad(to_char(rownum), 1000, 'x'), rownum from dual connect by level <= 10;
         create unique index t_k on t (k);
         select n from t where k = rpad('3', 1000, 'x');
         select n from t where k = rpad('3', 1000, 'x');",
    );
    // The first execution hard-parses: the index is new, so the row cache
    // lacks the table's entries and recursive SQL reads them.
    let first = &steps[steps.len() - 2];
    assert!(stat(first, "recursive calls") > 0);
    assert!(stat(first, "consistent gets") > 3);
    ok(&steps);
    let ix = e.catalog().indexes.iter().find(|i| i.name == "T_K").unwrap();
    assert_eq!(ix.btree.leaf_count(), 2);
    assert_eq!(ix.btree.height(), 2);
    let q = steps.last().unwrap();
    assert_eq!(q.rows, vec![vec![serde_json::json!(3)]]);
    assert_eq!(stat(q, "consistent gets"), 3, "root, leaf, table");
    assert_eq!(stat(q, "index fetch by key"), 1);
}

#[test]
fn four_bucket_cluster_one_pinned_get() {
    let mut e = engine();
    let steps = e.exec(
        "create cluster c (k number) size 2000 single table hashkeys 4 hash is k;
         create table t (k number not null, v varchar2(10)) cluster c (k);
         insert into t select rownum, 'v' from dual connect by level <= 8;
         select v from t where k = 6;",
    );
    ok(&steps);
    let c = &e.catalog().clusters[0].hash;
    assert_eq!(c.hashkeys, 5, "HASHKEYS rounds up to a prime");
    assert_eq!(c.keys_per_block, 4);
    assert_eq!(c.bucket_blocks, 2);
    let q = steps.last().unwrap();
    assert_eq!(q.plan[1].operation, "TABLE ACCESS HASH");
    assert_eq!(stat(q, "consistent gets"), 1);
    assert_eq!(stat(q, "consistent gets pin"), 1);
    assert_eq!(stat(q, "cluster key scans"), 1);
    assert_eq!(stat(q, "cluster key scan block gets"), 1);
    assert_eq!(q.latches["cache buffers chains"].gets, 2);
}

#[test]
fn undersized_hash_cluster_walks_its_overflow_chain() {
    let mut e = engine();
    let steps = e.exec(
        "create cluster c (k number) size 100 single table hashkeys 10 hash is k;
         create table t (k number not null, pad varchar2(200)) cluster c (k);
         insert into t select mod(rownum, 11), rpad('x', 200) from dual connect by level <= 2000;
         select count(*) from t where k = 3;",
    );
    ok(&steps);
    let h = &e.catalog().clusters[0].hash;
    assert_eq!(h.hashkeys, 11);
    let bucket = 3u32; // HASH IS k: bucket = k mod 11
    let home = h.home_block(bucket);
    let chain = h.chains[(home - 1) as usize].len() as u64;
    assert!(chain > 10, "all 2000 rows overflow one block: chain of {chain}");
    let q = steps.last().unwrap();
    assert_eq!(q.rows, vec![vec![serde_json::json!(182)]]);
    assert_eq!(stat(q, "cluster key scan block gets"), 1 + chain);
    assert_eq!(stat(q, "consistent gets"), 1 + chain);
}

fn invariant_checks(e: &Engine, s: &StepOut) {
    let gets = stat(s, "consistent gets");
    let exam = stat(s, "consistent gets examination") + stat(s, "consistent gets - examination");
    let pin = stat(s, "consistent gets pin");
    let normal11 = stat(s, "consistent gets from cache (fastpath)");
    let normal = if pin > 0 { pin } else { normal11.max(gets - exam) };
    assert_eq!(gets, exam + normal, "visits that are gets = examination + normal/pin ({})", s.statement);
    let latch = s.latches.get("cache buffers chains").map(|l| l.gets).unwrap_or(0);
    assert_eq!(latch, exam + 2 * normal, "CBC latch gets = 1 x examination + 2 x normal/pin ({})", s.statement);
    if let Some(t) = e.trace(s.index) {
        let kinds = t.kind();
        let get_events = kinds.iter().filter(|k| **k == 0).count() as u64;
        let revisits = kinds.iter().filter(|k| **k == 1).count() as u64;
        if !t.truncated {
            assert_eq!(get_events, gets);
            assert_eq!(revisits, stat(s, "buffer is pinned count"));
            let latch_events: u64 = t.latch_gets().iter().map(|x| *x as u64).sum();
            assert_eq!(latch_events, latch);
        }
    }
}

#[test]
fn every_visit_is_one_get_kind_and_latches_follow() {
    let mut e = engine();
    let steps = e.exec(
        "create table h (id number not null, v varchar2(50), constraint h_pk primary key (id));
         insert into h select rownum, rpad('v', 50) from dual connect by level <= 5000;
         create index h_v on h (v);
         create table i (id number not null, v varchar2(50), constraint i_pk primary key (id)) organization index;
         insert into i select rownum, 'w' from dual connect by level <= 3000;
         create cluster c (k number) size 512 single table hashkeys 1000;
         create table c1 (k number not null, v varchar2(50)) cluster c (k);
         insert into c1 select rownum, 'c' from dual connect by level <= 3000;
         select * from h where id = 77;
         select count(*) from h;
         select * from i where id = 5;
         select * from c1 where k = 9;
         select /*+ leading(a) use_nl(a b) */ count(*) from i a, h b where b.id = a.id;
         select max(id) from h where v = rpad('v', 50);",
    );
    ok(&steps);
    for s in steps.iter().filter(|s| s.kind == "query") {
        invariant_checks(&e, s);
    }
    // 11.2 names too.
    let mut e = engine();
    let steps = e.exec(
        "LAB VERSION 11.2.0.1;
         create table h (id number not null, v varchar2(50));
         insert into h select rownum, 'v' from dual connect by level <= 5000;
         create index h_id on h (id);
         select /*+ leading(a) use_nl(a b) */ count(*) from h a, h b where b.id = a.id;",
    );
    ok(&steps);
    invariant_checks(&e, steps.last().unwrap());
}

#[test]
fn the_same_script_gives_the_same_result() {
    let script = include_str!("../../../samples/memoptimized-rowstore.sql");
    let a = engine().exec_json(script);
    let b = engine().exec_json(script);
    assert_eq!(a, b);
}

/// xorshift64*: deterministic input generation without dependencies.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

#[test]
fn no_input_panics_the_engine() {
    let base = "create table t (id number not null, v varchar2(20), constraint t_pk primary key (id)) segment creation immediate memoptimize for read;
insert into t select rownum, dbms_random.string('x', 10) from dual connect by level <= 50;
create cluster c (k number) size 64 single table hashkeys 7;
create table u (k number, v varchar2(5)) cluster c (k);
insert into u values (1, 'a');
select * from t where id = 3;
select /*+ leading(a) use_nl(a b) */ max(a.v) from t a, t b where b.id = a.id;
begin for i in 1 .. 3 loop execute immediate 'select v from t where id = :1' into v using i; end loop; end;
/
LAB RUN 'select v from t where id = :1' BIND 1 TO 20 VIA jdbc_thin RUNS 2;
LAB RUN 'insert into t values (:1, ''x'')' BIND 100 TO 120 BATCH 5;
exec dbms_memoptimize.populate(user, 'T')
alter system set statistics_level = all;
select * from u where k = 1 order by v desc;
";
    let words = [
        "select",
        "from",
        "where",
        "(",
        ")",
        ",",
        ";",
        "'",
        "\"",
        "t",
        "u",
        "dual",
        "=",
        ":1",
        "/*+",
        "*/",
        "order by",
        "max(",
        "count(*)",
        "create",
        "table",
        "cluster",
        "index",
        "hashkeys",
        "size",
        "insert",
        "values",
        "begin",
        "end;",
        "\n/\n",
        "LAB",
        "RUN",
        "BIND",
        "1",
        "0",
        "-1",
        "99999999999999999999",
        "level",
        "connect by",
        "rownum",
        "xmltable('1 to 3')",
        "alter",
        "system",
        "set",
    ];
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let mut cases = 0;
    for cut in (0..base.len()).step_by(7) {
        if !base.is_char_boundary(cut) {
            continue;
        }
        let mut e = engine();
        let _ = e.exec(&base[..cut]);
        let _ = e.catalog_json();
        cases += 1;
    }
    for _ in 0..300 {
        let n = 1 + rng.below(30);
        let s: Vec<&str> = (0..n).map(|_| words[rng.below(words.len())]).collect();
        let mut e = engine();
        let _ = e.exec(base);
        let _ = e.exec(&s.join(" "));
        cases += 1;
    }
    for _ in 0..200 {
        let n = rng.below(80);
        let bytes: Vec<u8> = (0..n).map(|_| (rng.next() & 0x7f) as u8).collect();
        let s = String::from_utf8_lossy(&bytes).to_string();
        let _ = engine().exec(&s);
        cases += 1;
    }
    assert!(cases > 500);
}

/// Random queries over every structure and both version profiles: the
/// invariants hold for each one (property test with a seeded generator).
#[test]
fn invariants_hold_for_random_queries() {
    let setup = "create table h (id number not null, grp number, v varchar2(40), constraint h_pk primary key (id));
         insert into h select rownum, mod(rownum, 37), rpad('v', 40) from dual connect by level <= 4000 order by dbms_random.value;
         create index h_grp on h (grp);
         create table i (id number not null, v varchar2(20), constraint i_pk primary key (id)) organization index;
         insert into i select rownum, 'w' from dual connect by level <= 3000;
         create cluster c (k number) size 300 single table hashkeys 200;
         create table c1 (k number not null, v varchar2(60)) cluster c (k);
         insert into c1 select mod(rownum, 500), rpad('c', 60) from dual connect by level <= 3000;";
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    for version in ["18c", "11.2.0.1"] {
        let mut e = engine();
        ok(&e.exec(&format!("LAB VERSION {version};\n{setup}")));
        for _ in 0..60 {
            let n = 1 + rng.below(4000);
            let q = match rng.below(7) {
                0 => format!("select * from h where id = {n};"),
                1 => format!("select count(*) from h where grp = {};", n % 37),
                2 => format!("select v from i where id = {};", n % 3100),
                3 => format!("select count(*) from c1 where k = {};", n % 520),
                4 => "select count(*) from h;".to_string(),
                5 => format!(
                    "select /*+ leading(a) use_nl(a b) */ max(b.v) from i a, h b where b.id = a.id and a.id <= {n};"
                ),
                _ => format!(
                    "select /*+ leading(a) use_nl(a b) */ count(*) from c1 a, h b where b.grp = a.k and a.k = {};",
                    n % 37
                ),
            };
            let arraysize = [1, 2, 15, 100][rng.below(4)];
            let steps = e.exec(&format!("set arraysize {arraysize}\n{q}"));
            ok(&steps);
            invariant_checks(&e, steps.last().unwrap());
        }
    }
}

#[test]
fn a_failed_insert_rolls_back_the_statement_everywhere() {
    let mut e = engine();
    let steps = e.exec(
        "create cluster c (k number) size 200 single table hashkeys 50;
         create table t (k number not null, v varchar2(10), constraint t_pk primary key (k)) cluster c (k);
         insert into t select rownum, 'a' from dual connect by level <= 40;
         insert into t select rownum + 35, 'b' from dual connect by level <= 10;
         select count(*) from t where k = 38;
         select count(*) from t where k = 45;
         select v from t where k = 38;",
    );
    assert_eq!(steps[3].error.as_ref().map(|e| e.code.as_str()), Some("ORA-00001"));
    assert_eq!(steps[4].rows, vec![vec![serde_json::json!(1)]]);
    assert_eq!(steps[5].rows, vec![vec![serde_json::json!(0)]]);
    assert_eq!(steps[6].rows, vec![vec![serde_json::json!("a")]]);
}

/// The catalog draws the data dictionary segments recursive SQL reads, and
/// every recursive visit lands on a block the catalog shows.
#[test]
fn catalog_shows_the_dictionary_segments_recursive_sql_visits() {
    let mut e = engine();
    let steps = e.exec(
        "create table t (id number not null, v varchar2(10), constraint t_pk primary key (id));
insert into t select rownum, 'x' from dual connect by level <= 100;
exec dbms_stats.gather_table_stats(user, 'T')
select v from t where id = 7;",
    );
    let q = steps.iter().rposition(|s| s.kind == "query").expect("the query");
    assert!(stat(&steps[q], "recursive calls") > 0);
    let cat: serde_json::Value = serde_json::from_str(&e.catalog_json()).unwrap();
    let segs = cat["segments"].as_array().unwrap();
    let dict: Vec<&serde_json::Value> = segs.iter().filter(|s| s["dictionary"] == true).collect();
    assert_eq!(dict.len(), 10, "five base tables and their indexes");
    let i_obj2 = dict.iter().find(|s| s["name"] == "SYS.I_OBJ2").unwrap();
    assert_eq!(i_obj2["table"], "SYS.OBJ$");
    assert_eq!(i_obj2["btree"]["height"], 3);
    let blocks = |id: u64| segs.iter().find(|s| s["id"] == id).and_then(|s| s["blocks"].as_u64());
    let tr = e.trace(q).expect("trace kept");
    let (seg, blk) = (tr.segment(), tr.block());
    let mut recursive = 0;
    for (s, b) in seg.iter().zip(blk.iter()) {
        if dict.iter().any(|d| d["id"] == *s) {
            recursive += 1;
            let n = blocks(*s as u64).unwrap();
            assert!((*b as u64) < n, "block {b} of segment {s} beyond its {n} blocks");
        }
    }
    assert!(recursive >= 20);
}
