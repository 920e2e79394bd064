//! Issue 16, the buffer cache on real devices: sized pools with LRU and
//! touch counts, multiblock and direct path reads, dirty buffers written
//! by DBWR, `free buffer waits` when DBWR falls behind, and `ALTER SYSTEM
//! CHECKPOINT`.

mod common;
use common::*;
use lio_core::StepOut;

/// A disk whose every request is hand-computable: one track holds all
/// the lab's files (no seeks), half a revolution at 6,000 rpm is
/// R = 5,000 us, and an 8 KB block transfers in X = 1,000 us
/// (8.192 MB/s). A request that starts where the previous one ended while
/// the disk is still busy streams (X only); any other pays R + X.
const HAND_HDD: &str = "LAB DEVICE slow TYPE hdd cache_mb = 0 rpm = 6000 transfer_mb_s = 8.192 capacity_gb = 0.2 track_kb = 100000 file_stride_mb = 0.001;\n\
     create tablespace slow_ts datafile '+SLOW' size 100m;\n";
const R: f64 = 5_000.0;
const X: f64 = 1_000.0;

fn wait(s: &StepOut, event: &str) -> (u64, f64) {
    s.waits.get(event).map_or((0, 0.0), |w| (w.count, w.time_us))
}

fn step<'a>(steps: &'a [StepOut], starts: &str) -> &'a StepOut {
    steps.iter().find(|s| s.statement.starts_with(starts)).unwrap_or_else(|| panic!("no step {starts}"))
}

/// An 8-buffer cache (64 KB; scan depth 40% = 3 buffers) and one INSERT
/// of 20 rows of one block each into a table on the hand HDD: every new
/// block takes a buffer dirty, without a read. Blocks 1-5 take new
/// buffers; from block 6 the pool is within a scan depth of full, so
/// DBWR (idle, with dirty buffers) is posted and writes the dirty ones
/// among the 3 coldest: blocks 1-3 (R + X, then X, X streaming: done 8 ms
/// later). Blocks 6-8 take the last new buffers; block 9 finds the 3
/// coldest being written and waits for the batch (`free buffer waits`
/// #1, 8 ms less the CPU of blocks 6-8). From then on each batch is the
/// dirty buffers DBWR finds among the 3 coldest, written while the
/// session takes the clean ones, and the session waits whenever the 3
/// coldest are all dirty: #2 for block 4 alone (R + X: the disk went
/// idle, so it rotates again), then the chain streams (X per block):
/// 2, 1, 2, 1, 2 ms for blocks 5-6, 7, 8-9, 10, 11-12, and 1 ms (block
/// 13) for the segment header formatted last. 8 waits, 23 ms less the
/// CPU between them (a few us per row). `ALTER SYSTEM CHECKPOINT` waits
/// for the batch in flight (blocks 14-15), then has DBWR write the 6
/// dirty buffers left in block order: the header (R + X), block 16
/// (R + X: not where the header ended), blocks 17-20 streaming (4X).
/// (The dictionary is read into the cache, and the cache emptied, first.)
#[test]
fn free_buffer_waits_and_checkpoint_are_hand_checkable() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "alter system set db_cache_size = 64K scope = spfile;\n\
         shutdown immediate\n\
         startup\n\
         {HAND_HDD}create table t (id number, v varchar2(4000)) tablespace slow_ts;\n\
         select count(*) from t, dual;\n\
         select count(*) from dual connect by level <= 2;\n\
         alter system checkpoint;\n\
         alter system flush buffer_cache;\n\
         insert into t select rownum, rpad('x', 4000, 'x') from dual connect by level <= 20;\n\
         LAB DEVICES;\n\
         commit;\n\
         alter system checkpoint;\n\
         alter system checkpoint;"
    ));
    ok(&steps);
    let ins = step(&steps, "insert");
    assert_eq!(ins.rows_processed, 20);
    let (n, us) = wait(ins, "free buffer waits");
    assert_eq!(n, 8, "{:?}", ins.waits);
    let full = 8.0 * X + (R + X) + 2.0 * X + X + 2.0 * X + X + 2.0 * X + X;
    assert!(us <= full && us > full - 1_000.0, "{us} vs {full}");
    assert_eq!(stat(ins, "physical reads"), 0, "new blocks are not read");
    assert_eq!(stat(ins, "physical writes"), 15, "blocks 1-15");
    let listing = step(&steps, "LAB DEVICES").output.join("\n");
    assert!(listing.contains("reads 0 (0 bytes), writes 15 (122880 bytes)"), "{listing}");
    let ckpt: Vec<&StepOut> = steps.iter().filter(|s| s.statement.starts_with("alter system checkpoint")).collect();
    assert_eq!(stat(ckpt[1], "DBWR checkpoint buffers written"), 6);
    assert_eq!(wait(ckpt[1], "db file parallel write"), (1, 2.0 * (R + X) + 4.0 * X));
    let (n, us) = wait(ckpt[1], "rdbms ipc reply");
    assert!(n == 1 && us > 2.0 * (R + X) + 4.0 * X, "{:?}", ckpt[1].waits);
    assert!(ckpt[1].elapsed_us >= us);
    assert_eq!(stat(ckpt[2], "physical writes"), 0, "nothing is dirty any more");
}

/// The default instance's 1 GB DEFAULT pool holds everything the other
/// tests touch: sized, but nothing is ever evicted there, so their figures
/// are those of the unbounded cache.
#[test]
fn the_default_pool_is_a_gigabyte_of_buffers() {
    let mut e = quiet_engine();
    let steps = e.exec("select value from v$parameter where name = 'db_cache_size';");
    ok(&steps);
    assert_eq!(steps[0].rows[0][0], serde_json::json!("1073741824"));
}

/// The LRU: a block read enters at the mid-point; visits within 3 s do
/// not raise its touch count, a visit 3 s later does (to 2), and a buffer
/// with touch count 2 met at the cold end is moved to the hot end instead
/// of being reused: reading 40 other blocks through a 16-buffer cache
/// does not push the twice-touched blocks out, while a table visited
/// twice within 3 s is pushed out. (Index access: every scan of a table
/// longer than 2% of so small a cache would read direct.)
#[test]
fn touched_blocks_survive_reads_that_evict_the_others() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "alter system set db_cache_size = 128K scope = spfile;\n\
         shutdown immediate\n\
         startup\n\
         {HAND_HDD}create table hot (id number primary key, v varchar2(4000)) tablespace slow_ts;\n\
         create table warm (id number primary key, v varchar2(4000)) tablespace slow_ts;\n\
         create table big (id number primary key, v varchar2(4000)) tablespace slow_ts;\n\
         create table pause (id number);\n\
         insert into hot select rownum, rpad('x', 4000, 'x') from dual connect by level <= 2;\n\
         insert into warm select rownum, rpad('x', 4000, 'x') from dual connect by level <= 2;\n\
         insert into big select rownum, rpad('x', 4000, 'x') from dual connect by level <= 40;\n\
         insert into pause values (1);\n\
         commit;\n\
         alter system checkpoint;\n\
         alter system flush buffer_cache;\n\
         select /*+ index(hot) */ count(v) from hot where id between 1 and 2;\n\
         LAB SET physical_read_us = 2000000;\n\
         select count(*) from pause;\n\
         LAB SET physical_read_us = 100;\n\
         select /*+ index(hot) */ count(v) from hot where id between 1 and 2;\n\
         select /*+ index(warm) */ count(v) from warm where id between 1 and 2;\n\
         select /*+ index(warm) */ count(v) from warm where id between 1 and 2;\n\
         select /*+ index(big) */ count(v) from big where id between 1 and 40;\n\
         select /*+ index(hot) */ count(v) from hot where id between 1 and 2;\n\
         select /*+ index(warm) */ count(v) from warm where id between 1 and 2;"
    ));
    ok(&steps);
    let q: Vec<&StepOut> = steps.iter().filter(|s| s.statement.starts_with("select")).collect();
    let (hot1, pause, hot2, warm1, warm2, big, hot3, warm3) = (q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7]);
    assert_eq!(stat(hot1, "physical reads"), 3, "index leaf and two table blocks");
    assert!(pause.elapsed_us > 3e6, "the pause reads from a 2 s device: {}", pause.elapsed_us);
    assert_eq!(stat(hot2, "physical reads"), 0);
    assert_eq!(stat(warm1, "physical reads"), 3);
    assert_eq!(stat(warm2, "physical reads"), 0);
    assert_eq!(stat(big, "physical reads"), 41);
    assert_eq!(stat(big, "hot buffers moved to head of LRU"), 3, "{:?}", big.stats);
    assert_eq!(stat(hot3, "physical reads"), 0, "touched again after 3 s: kept");
    assert_eq!(stat(warm3, "physical reads"), 3, "touched twice within 3 s: aged out");
}

/// `BUFFER_POOL KEEP`: with `db_keep_cache_size` set, a segment's blocks
/// go to the KEEP pool's own LRU list, and reading many other blocks
/// through the DEFAULT pool does not evict them; without a KEEP pool they
/// share the DEFAULT pool and are pushed out.
#[test]
fn the_keep_pool_keeps_its_segments_apart() {
    let run = |keep: &str| {
        let mut e = quiet_engine();
        let steps = e.exec(&format!(
            "alter system set db_cache_size = 64K scope = spfile;\n\
             alter system set db_keep_cache_size = {keep} scope = spfile;\n\
             shutdown immediate\n\
             startup\n\
             {HAND_HDD}create table k (id number primary key, v varchar2(4000)) tablespace slow_ts storage (buffer_pool keep);\n\
             create table big (id number primary key, v varchar2(4000)) tablespace slow_ts;\n\
             insert into k select rownum, rpad('x', 4000, 'x') from dual connect by level <= 2;\n\
             insert into big select rownum, rpad('x', 4000, 'x') from dual connect by level <= 40;\n\
             commit;\n\
             alter system checkpoint;\n\
             alter system flush buffer_cache;\n\
             select /*+ index(k) */ count(v) from k where id between 1 and 2;\n\
             select /*+ index(big) */ count(v) from big where id between 1 and 40;\n\
             select /*+ index(k) */ count(v) from k where id between 1 and 2;"
        ));
        let q: Vec<StepOut> = steps.iter().filter(|s| s.statement.starts_with("select")).cloned().collect();
        (steps, q)
    };
    let (steps, q) = run("64K");
    ok(&steps);
    assert!(stat(&q[0], "physical reads") >= 2);
    assert_eq!(stat(&q[2], "physical reads"), 0, "KEEP held the table's blocks");
    let (_, q) = run("0");
    assert!(stat(&q[2], "physical reads") >= 2, "one DEFAULT pool: pushed out");
}

/// A full scan's miss reads the run of blocks not in the cache, up to
/// `db_file_multiblock_read_count` (`db file scattered read`); the
/// short-table threshold is 2% of the DEFAULT pool, and a serial scan of
/// a longer table that is mostly not cached reads direct (no buffer
/// cache): `direct path read`, `physical reads direct`, `consistent gets
/// direct`. Its dirty buffers are written first: `enq: KO - fast object
/// checkpoint`.
#[test]
fn scans_read_multiblock_and_long_tables_read_direct() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{HAND_HDD}create table t (id number, v varchar2(4000)) tablespace slow_ts;\n\
         insert into t select rownum, rpad('x', 4000, 'x') from dual connect by level <= 400;\n\
         commit;\n\
         alter system set db_cache_size = 256M scope = spfile;\n\
         shutdown immediate\n\
         startup\n\
         alter session set db_file_multiblock_read_count = 16;\n\
         select count(*) from t where id > 0;\n\
         select count(*) from t where id > 0;\n\
         alter system set db_cache_size = 1M scope = spfile;\n\
         shutdown immediate\n\
         startup\n\
         alter session set db_file_multiblock_read_count = 16;\n\
         update t set v = v where id <= 5;\n\
         select count(*) from t where id > 1;\n\
         select count(*) from t where id > 1;"
    ));
    ok(&steps);
    let q: Vec<&StepOut> = steps.iter().filter(|s| s.statement.starts_with("select count")).collect();
    // 256 MB = 32,768 buffers: 401 blocks are a short table (threshold 655).
    let (cold, warm) = (q[0], q[1]);
    assert_eq!(stat(cold, "table scans (short tables)"), 1);
    assert_eq!(stat(cold, "physical reads direct"), 0);
    // The header (a single-block read), then blocks 1-400 in 25 reads of 16.
    assert_eq!(stat(cold, "physical read total multi block requests"), 25, "{:?}", cold.stats);
    assert_eq!(wait(cold, "db file scattered read").0, 25);
    assert_eq!(stat(warm, "physical reads"), 0);
    // 1 MB = 128 buffers: threshold 2 blocks, the table is long. The
    // update read it buffered (leaving at most 128 blocks cached) and
    // dirtied blocks 1-5, so the scan first has DBWR write those 5, then
    // reads the 400 data blocks direct, 16 at a time.
    let (direct, again) = (q[2], q[3]);
    assert_eq!(stat(direct, "table scans (long tables)"), 1);
    assert_eq!(wait(direct, "enq: KO - fast object checkpoint").0, 1, "{:?}", direct.waits);
    assert_eq!(stat(direct, "DBWR checkpoint buffers written"), 5);
    assert_eq!(stat(direct, "physical reads direct"), 400, "{:?}", direct.stats);
    assert_eq!(stat(direct, "consistent gets direct"), 400);
    assert_eq!(wait(direct, "direct path read").0, 25);
    let gets = stat(direct, "consistent gets direct") + stat(direct, "consistent gets from cache");
    assert_eq!(stat(direct, "consistent gets"), gets);
    // Direct reads leave nothing in the cache: the next scan reads again.
    assert_eq!(stat(again, "physical reads direct"), 400);
    assert_eq!(wait(again, "enq: KO - fast object checkpoint").0, 0, "nothing dirty any more");
}

/// Calibration G (write-back flash cache), the mechanism: 8 JDBC
/// sessions insert rows into a 4 MB cache; each new block is formatted in
/// the cache (no read) and dirty. On an HDD without a controller write
/// cache, DBWR's writes fall behind:
/// the sessions find no clean buffer at the cold end and wait `free
/// buffer waits` (most of their time). With the datafile on PCIe flash
/// DBWR keeps the cold end clean: no free buffer waits, and the same
/// inserts take a fraction of the time (the sessions' own CPU and round
/// trips bound them instead).
#[test]
fn free_buffer_waits_vanish_when_the_datafile_device_writes_fast() {
    let run = |kind: &str| {
        let mut e = quiet_engine();
        let steps = e.exec(&format!(
            "alter system set db_cache_size = 4M scope = spfile;\n\
             shutdown immediate\n\
             startup\n\
             LAB DEVICE dev TYPE {kind};\n\
             create tablespace dev_ts datafile '+DEV' size 1g;\n\
             create table t (id number, v varchar2(4000)) tablespace dev_ts;\n\
             LAB RUN 'insert into t values (:1, rpad(''x'', 3000, ''x''))' BIND 1 TO 20000 VIA jdbc_thin SESSIONS 8;"
        ));
        ok(&steps);
        steps.last().unwrap().clone()
    };
    // A disk without a controller write cache (`cache_mb = 0`): a 512 MB
    // cache would absorb the 160 MB of inserts.
    let (hdd, flash) = (run("hdd cache_mb = 0"), run("pcie_flash"));
    let (hdd_waits, hdd_us) = wait(&hdd, "free buffer waits");
    // Free buffer waits are over half of the sessions' time on the HDD...
    assert!(hdd_waits > 0 && hdd_us > 0.5 * 8.0 * hdd.elapsed_us, "{:?} in {} us", hdd.waits, hdd.elapsed_us);
    // ...and gone on flash, where the same work runs 3x as fast.
    assert_eq!(wait(&flash, "free buffer waits").0, 0, "{:?}", flash.waits);
    assert!(hdd.elapsed_us > 3.0 * flash.elapsed_us, "{} vs {}", hdd.elapsed_us, flash.elapsed_us);
    // DBWR wrote (nearly) every block on both.
    for s in [&hdd, &flash] {
        assert!(stat(s, "physical writes") > 9_000, "{:?}", s.stats);
        // Only the dictionary is read (recursive SQL after the restart).
        assert!(stat(s, "physical reads") < 50);
    }
}

/// Calibration G (write-back flash cache): a write-intensive workload on
/// an Exadata cell. 16 JDBC sessions update random rows (one 3 KB row in
/// two per block, the key scattered by `mod(:1 * 7919, n)`) of a table
/// four times the buffer cache, committing each; the table's blocks are
/// in the Smart Flash Cache (a read pass put them there), so the reads
/// are flash hits, and every block read into the cache replaces one the
/// updates dirtied. Written through, DBWR's writes complete only when the
/// cell disks have them: random writes on 12 disks, behind a controller
/// cache (scaled down with the lab's table: 16 MB) that fills, so DBWR
/// falls behind and the sessions wait on `free buffer waits`. Written
/// back, DBWR's writes complete when flash has them (the disks are
/// written later): no free buffer waits, and the same updates finish in
/// a fraction of the time (the article: throughput four fold).
#[test]
fn write_back_flash_cache_removes_free_buffer_waits() {
    let run = |mode: u32| {
        let mut e = quiet_engine();
        let steps = e.exec(&format!(
            "alter system set db_cache_size = 8M scope = spfile;\n\
             shutdown immediate\n\
             startup\n\
             LAB DEVICE cell TYPE exadata_cell write_back = {mode} disk_cache_mb = 16;\n\
             create tablespace cell_ts datafile '+CELL' size 1g;\n\
             create table t (id number primary key, payload varchar2(4000)) tablespace cell_ts;\n\
             LAB RUN 'insert into t values (:1, rpad(''x'', 3000, ''x''))' BIND 1 TO 8000;\n\
             commit;\n\
             alter system checkpoint;\n\
             LAB RUN 'select payload from t where id = :1' BIND 1 TO 8000;\n\
             LAB RUN 'update t set payload = rpad(''y'', 3000, ''y'') where id = mod(:1 * 7919, 8000) + 1' BIND 1 TO 8000 VIA jdbc_thin SESSIONS 16 AUTOCOMMIT;\n\
             LAB DEVICES;"
        ));
        ok(&steps);
        (steps[steps.len() - 2].clone(), steps.last().unwrap().output.join("\n"))
    };
    let ((through, through_dev), (back, back_dev)) = (run(0), run(1));
    let (waits, us) = wait(&through, "free buffer waits");
    assert!(waits > 0 && us > 0.0, "{:?}", through.waits);
    assert_eq!(wait(&back, "free buffer waits").0, 0, "{:?}", back.waits);
    let speedup = through.elapsed_us / back.elapsed_us;
    eprintln!(
        "free buffer waits {waits} ({us:.0} us); {} vs {} us: {speedup:.2}x",
        through.elapsed_us, back.elapsed_us
    );
    assert!((2.5..8.0).contains(&speedup), "{speedup}: {} vs {} us", through.elapsed_us, back.elapsed_us);
    // Written through, the read pass missed each of the 4,000 blocks
    // (the inserts' writes did not cache them) and the updates' reads
    // hit; written back, the inserts' writes cached the blocks, every
    // read hit, and flash took the writes (the disks got them as
    // destages).
    assert!(through_dev.contains("flash_cache_read_misses=4000 "), "{through_dev}");
    assert!(back_dev.contains("flash_cache_read_misses=0 "), "{back_dev}");
    assert!(through_dev.contains("flash_cache_writeback_blocks=0 "), "{through_dev}");
    assert!(!back_dev.contains("flash_cache_writeback_blocks=0 "), "{back_dev}");
    // Every block written back is on disk or still dirty in flash.
    let n = |name: &str| -> u64 {
        let at = back_dev.find(&format!("{name}=")).unwrap() + name.len() + 1;
        back_dev[at..].split_whitespace().next().unwrap().parse().unwrap()
    };
    let (back_blocks, destaged, dirty) =
        (n("flash_cache_writeback_blocks"), n("flash_cache_destaged_blocks"), n("flash_cache_dirty_blocks"));
    assert!(destaged > 0 && destaged + dirty == back_blocks, "{back_dev}");
}
