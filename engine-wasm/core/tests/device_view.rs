//! The device view's figures: each step reports the devices it used, their
//! counters' changes and totals, and their state at the step's end.

mod common;
use common::*;
use lio_core::result::DeviceOut;
use lio_core::{Engine, EngineConfig};

/// A pcie_flash device small enough to see (64 erase blocks of 64 pages
/// of 4 KB), holding the online logs and a tablespace: commits write redo
/// to it, the select after the flush reads the table from it.
pub const SCRIPT: &str = "LAB DEVICE fl TYPE pcie_flash blocks = 64 pages_per_block = 64;
CREATE TABLESPACE fast DATAFILE '+FL' SIZE 100M;
CREATE TABLE t (id NUMBER PRIMARY KEY, v NUMBER, pad VARCHAR2(100)) TABLESPACE fast;
INSERT INTO t SELECT level, 0, RPAD('x', 100, 'x') FROM dual CONNECT BY level <= 2000;
COMMIT;
ALTER DATABASE ADD LOGFILE GROUP 4 ('+FL') SIZE 4M;
ALTER DATABASE ADD LOGFILE GROUP 5 ('+FL') SIZE 4M;
ALTER DATABASE ADD LOGFILE GROUP 6 ('+FL') SIZE 4M;
ALTER SYSTEM SWITCH LOGFILE;
ALTER SYSTEM SWITCH LOGFILE;
ALTER SYSTEM SWITCH LOGFILE;
ALTER SYSTEM SWITCH LOGFILE;
ALTER DATABASE DROP LOGFILE GROUP 1;
ALTER DATABASE DROP LOGFILE GROUP 2;
ALTER DATABASE DROP LOGFILE GROUP 3;
LAB RUN 'UPDATE t SET v = v + 1 WHERE id = :1' BIND 1 TO 2000 AUTOCOMMIT;
LAB RUN 'UPDATE t SET v = v + 1 WHERE id = :1' BIND 1 TO 2000 AUTOCOMMIT;
ALTER SYSTEM FLUSH BUFFER_CACHE;
SELECT COUNT(*) FROM t WHERE v = 2;";

fn device<'a>(devices: &'a [DeviceOut], name: &str) -> Option<&'a DeviceOut> {
    devices.iter().find(|d| d.name == name)
}

fn counter(d: &DeviceOut, name: &str) -> (f64, f64) {
    let c = d.counters.iter().find(|c| c.name == name).unwrap_or_else(|| panic!("no counter {name}"));
    (c.delta, c.total)
}

#[test]
fn a_step_writing_to_flash_reports_its_pages() {
    let mut e = quiet_engine();
    let steps = e.exec(SCRIPT);
    ok(&steps);
    // The second run of commits: LGWR's writes to FL fill the free pool and GC runs.
    let run = steps.iter().filter(|s| s.statement.starts_with("LAB RUN")).nth(1).expect("second run");
    let fl = device(&run.devices, "FL").expect("the commits wrote redo to FL");
    assert_eq!(fl.kind, "pcie_flash");
    let (writes, _) = counter(fl, "physical write total IO requests");
    assert!(writes > 0.0, "{:?}", fl.counters);
    let f = fl.snapshot.flash.as_ref().expect("a flash snapshot");
    assert_eq!((f.erase_blocks, f.pages_per_block, f.group), (64, 64, 1));
    assert_eq!(f.blocks.len(), 64);
    // Every page is valid, invalid or free, block by block and in all.
    for b in &f.blocks {
        assert_eq!(b[0] + b[1] + b[2], 64, "{b:?}");
    }
    let sum = |i: usize| f.blocks.iter().map(|b| b[i] as u64).sum::<u64>();
    assert_eq!((sum(0), sum(1), sum(2)), (f.pages.valid_pages, f.pages.invalid_pages, f.pages.free_pages));
    assert_eq!(f.pages.valid_pages + f.pages.invalid_pages + f.pages.free_pages, 64 * 64);
    // Redo overwrites its log files: old copies are invalid, and GC erased blocks in this step.
    assert!(f.pages.invalid_pages > f.pages.valid_pages, "{f:?}");
    assert!(counter(fl, "erases").0 > 0.0 && f.pages.erases as f64 == counter(fl, "erases").1, "{:?}", fl.counters);
    assert!(f.write_amplification >= 1.0, "{f:?}");
    assert!(f.open.is_some_and(|b| b < 64), "{f:?}");
    // The step before it: no erase yet, so the delta shows none.
    let first = steps.iter().find(|s| s.statement.starts_with("LAB RUN")).unwrap();
    assert_eq!(counter(device(&first.devices, "FL").unwrap(), "erases"), (0.0, 0.0));
    assert_eq!(counter(fl, "valid_pages").1, f.pages.valid_pages as f64);
    // The select after the flush reads from FL and writes nothing there.
    let select = steps.last().unwrap();
    let fl = device(&select.devices, "FL").expect("the select read from FL");
    assert!(counter(fl, "physical read total IO requests").0 > 0.0);
    assert_eq!(counter(fl, "physical write total IO requests").0, 0.0);
}

#[test]
fn a_large_flash_is_shown_in_groups_of_blocks() {
    let mut e = quiet_engine();
    let steps =
        e.exec("LAB DEVICE big TYPE sata_ssd;\nLAB DEVICE odd TYPE sata_ssd blocks = 1500 pages_per_block = 8;");
    ok(&steps);
    let f = steps[0].devices[0].snapshot.flash.clone().expect("flash");
    // 8,192 blocks in 1,024 groups of 8, all free.
    assert_eq!((f.erase_blocks, f.group, f.blocks.len()), (8192, 8, 1024));
    assert!(f.blocks.iter().all(|b| *b == [0, 0, 8 * 128]));
    let f = steps[1].devices.iter().find(|d| d.name == "ODD").unwrap().snapshot.flash.clone().unwrap();
    // 1,500 blocks in groups of 2: 750 cells.
    assert_eq!((f.group, f.blocks.len()), (2, 750));
    assert_eq!(f.blocks.iter().map(|b| (b[0] + b[1] + b[2]) as u64).sum::<u64>(), 1500 * 8);
}

#[test]
fn an_hdd_shows_its_queue_and_untouched_devices_are_left_out() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "LAB DEVICE slow TYPE hdd cache_mb = 8;
LAB DEVICE idle TYPE hdd;
CREATE TABLESPACE s DATAFILE '+SLOW' SIZE 10M;
CREATE TABLE t (id NUMBER PRIMARY KEY, v NUMBER) TABLESPACE s;
INSERT INTO t SELECT level, 0 FROM dual CONNECT BY level <= 500;
COMMIT;
ALTER DATABASE ADD LOGFILE GROUP 4 ('+SLOW') SIZE 4M;
ALTER DATABASE ADD LOGFILE GROUP 5 ('+SLOW') SIZE 4M;
ALTER DATABASE ADD LOGFILE GROUP 6 ('+SLOW') SIZE 4M;
ALTER SYSTEM SWITCH LOGFILE;
ALTER SYSTEM SWITCH LOGFILE;
ALTER SYSTEM SWITCH LOGFILE;
ALTER SYSTEM SWITCH LOGFILE;
ALTER DATABASE DROP LOGFILE GROUP 1;
ALTER DATABASE DROP LOGFILE GROUP 2;
ALTER DATABASE DROP LOGFILE GROUP 3;
LAB RUN 'UPDATE t SET v = v + 1 WHERE id = :1' BIND 1 TO 500 SESSIONS 4 AUTOCOMMIT;
ALTER SYSTEM FLUSH BUFFER_CACHE;
SELECT COUNT(*) FROM t;",
    );
    ok(&steps);
    let run = steps.iter().find(|s| s.statement.starts_with("LAB RUN")).unwrap();
    let d = device(&run.devices, "SLOW").expect("LGWR wrote to SLOW");
    assert_eq!(d.kind, "hdd");
    let q = d.snapshot.queue.expect("a queue");
    assert_eq!(q.write_cache_bytes, 8_000_000);
    assert!(q.max_queue_depth >= q.queue_depth && q.max_queue_depth >= 1, "{q:?}");
    assert_eq!(counter(d, "dirty_bytes").1, q.dirty_bytes as f64);
    assert_eq!(counter(d, "max_queue_depth").1, q.max_queue_depth as f64);
    assert!(counter(d, "cache_writes").0 > 0.0, "{:?}", d.counters);
    let select = steps.last().unwrap();
    let d = device(&select.devices, "SLOW").expect("the select read from SLOW");
    assert!(counter(d, "physical read total IO requests").0 > 0.0);
    for s in &steps[1..] {
        assert!(device(&s.devices, "IDLE").is_none(), "{}", s.statement);
    }
}

#[test]
fn a_cell_shows_its_flash_and_its_disks() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "LAB DEVICE cel TYPE exadata_cell;
CREATE TABLESPACE cs DATAFILE '+CEL' SIZE 100M;
CREATE TABLE c (id NUMBER PRIMARY KEY, v NUMBER) TABLESPACE cs;
INSERT INTO c SELECT level, 0 FROM dual CONNECT BY level <= 2000;
COMMIT;
ALTER SYSTEM FLUSH BUFFER_CACHE;
SELECT v FROM c WHERE id = 7;",
    );
    ok(&steps);
    let d = device(&steps[6].devices, "CEL").expect("the select read from the cell");
    assert_eq!(d.kind, "exadata_cell");
    // A miss read from the disks and put in the flash cache.
    assert!(counter(d, "flash_cache_read_misses").0 > 0.0);
    assert!(counter(d, "flash_cache_population_blocks").0 > 0.0);
    let f = d.snapshot.flash.as_ref().expect("the cell's flash");
    assert!(f.pages.valid_pages > 0, "{f:?}");
    assert_eq!(
        f.pages.valid_pages + f.pages.invalid_pages + f.pages.free_pages,
        (f.erase_blocks * f.pages_per_block) as u64
    );
    assert!(f.blocks.len() <= 1024);
    assert!(d.snapshot.disks.len() > 1 && d.snapshot.queue.is_none());
    assert!(d.counters.iter().any(|c| c.name == "FL_DISK_FIRST"));
}

/// The cells of a flash device at each of its frames (each frame's changes
/// applied to the previous frame's cells).
fn frame_grids(frames: &[lio_core::io::frames::DeviceFrame]) -> Vec<Vec<[u32; 3]>> {
    let mut grid: Vec<[u32; 3]> = Vec::new();
    let mut out = Vec::new();
    for f in frames {
        let fl = f.flash.as_ref().expect("a flash frame");
        for c in fl.cells.chunks_exact(4) {
            let i = c[0] as usize;
            if grid.len() <= i {
                grid.resize(i + 1, [0; 3]);
            }
            grid[i] = [c[1], c[2], c[3]];
        }
        out.push(grid.clone());
    }
    out
}

/// The device view follows the playback: a traced step keeps a bounded
/// number of frames of each device it used, on the trace's clock. The
/// flash's pages change from frame to frame (redo overwriting its logs,
/// GC erasing blocks), every frame adds up, and the counters only grow.
#[test]
fn a_traced_step_keeps_frames_of_its_flash_device() {
    let mut e = Engine::new(EngineConfig::default());
    let steps = e.exec(SCRIPT);
    ok(&steps);
    let run = steps.iter().filter(|s| s.statement.starts_with("LAB RUN")).nth(1).unwrap();
    let trace = e.trace(run.index).expect("the run kept its trace");
    let t = trace.t_us();
    let (t0, t1) = (t[0], *t.last().unwrap());
    assert_eq!(trace.devices.len(), run.devices.len(), "one track per device the step used");
    let fl = trace.devices.iter().find(|d| d.name == "FL").expect("frames of FL");
    let n = fl.frames.len();
    assert!((8..=lio_core::io::frames::MAX_FRAMES).contains(&n), "{n} frames");
    assert!(fl.frames.windows(2).all(|w| w[0].t_us < w[1].t_us), "frame times ascend");
    assert!(
        fl.frames[0].t_us <= t0 + 1000.0 && fl.frames[n - 1].t_us <= t1,
        "{} {} / {t0} {t1}",
        fl.frames[0].t_us,
        fl.frames[n - 1].t_us
    );
    assert!(fl.frames[n - 1].t_us > (t0 + t1) / 2.0, "frames cover the step");
    // The first frame holds every cell; the others only what changed.
    assert_eq!(fl.frames[0].flash.as_ref().unwrap().cells.len(), 64 * 4);
    let grids = frame_grids(&fl.frames);
    for (f, g) in fl.frames.iter().zip(&grids) {
        let fl = f.flash.as_ref().unwrap();
        assert_eq!(g.len(), 64);
        assert!(g.iter().all(|b| b[0] + b[1] + b[2] == 64), "{g:?}");
        let sum = |i: usize| g.iter().map(|b| b[i] as u64).sum::<u64>();
        assert_eq!(
            (sum(0), sum(1), sum(2)),
            (fl.pages.valid_pages, fl.pages.invalid_pages, fl.pages.free_pages),
            "at {}",
            f.t_us
        );
    }
    assert!(grids.windows(2).filter(|w| w[0] != w[1]).count() >= n / 2, "the pages move during the step");
    let erases: Vec<u64> = fl.frames.iter().map(|f| f.flash.as_ref().unwrap().pages.erases).collect();
    assert!(
        erases.windows(2).all(|w| w[0] <= w[1]) && erases[n - 1] > erases[0],
        "GC runs during the step: {erases:?}"
    );
    assert!(fl.frames.windows(2).all(|w| w[0].writes <= w[1].writes) && fl.frames[0].writes <= 1);
    let end = run.devices.iter().find(|d| d.name == "FL").unwrap();
    let total = end.counters.iter().find(|c| c.name == "physical write total IO requests").unwrap().delta;
    assert!(fl.frames[n - 1].writes as f64 <= total && fl.frames[n - 1].writes as f64 > total / 2.0);
    // The meta the renderer reads carries them.
    assert!(trace.meta_json().contains("\"devices\":[{\"name\":\"FL\",\"frames\":[{\"t_us\":"));
    // Without a trace, no frames are taken.
    let mut q = quiet_engine();
    let steps = q.exec(SCRIPT);
    assert!(steps.iter().all(|s| q.trace(s.index).is_none()));
}

/// An HDD's frames show its request queue at each frame time: four
/// sessions read the table from a disk without a write cache that also
/// holds the online logs; requests wait in the queue at some frames and
/// not at others.
#[test]
fn a_traced_step_keeps_frames_of_its_disk_queue() {
    let mut e = Engine::new(EngineConfig::default());
    let steps = e.exec(
        "LAB DEVICE slow TYPE hdd cache_mb = 0;
CREATE TABLESPACE s DATAFILE '+SLOW' SIZE 10M;
CREATE TABLE t (id NUMBER PRIMARY KEY, v NUMBER) TABLESPACE s;
INSERT INTO t SELECT level, 0 FROM dual CONNECT BY level <= 400;
COMMIT;
ALTER DATABASE ADD LOGFILE GROUP 4 ('+SLOW') SIZE 4M;
ALTER DATABASE ADD LOGFILE GROUP 5 ('+SLOW') SIZE 4M;
ALTER SYSTEM SWITCH LOGFILE;
ALTER SYSTEM SWITCH LOGFILE;
ALTER SYSTEM SWITCH LOGFILE;
ALTER SYSTEM CHECKPOINT;
ALTER DATABASE DROP LOGFILE GROUP 1;
ALTER DATABASE DROP LOGFILE GROUP 2;
ALTER DATABASE DROP LOGFILE GROUP 3;
ALTER SYSTEM FLUSH BUFFER_CACHE;
LAB RUN 'UPDATE t SET v = v + 1 WHERE id = :1' BIND 1 TO 400 SESSIONS 4 AUTOCOMMIT;",
    );
    ok(&steps);
    let run = steps.last().unwrap();
    let trace = e.trace(run.index).expect("a trace");
    let d = trace.devices.iter().find(|d| d.name == "SLOW").expect("frames of SLOW");
    assert!(d.frames.len() <= lio_core::io::frames::MAX_FRAMES && d.frames.len() >= 8, "{}", d.frames.len());
    let depths: Vec<u32> = d.frames.iter().map(|f| f.queue.expect("a queue").queue_depth).collect();
    let max = run.devices.iter().find(|x| x.name == "SLOW").unwrap().snapshot.queue.unwrap().max_queue_depth;
    assert!(depths.iter().all(|&q| q <= max), "{depths:?} max {max}");
    assert!(depths.iter().any(|&q| q >= 1) && depths[0] == 0, "the queue fills: {depths:?}");
    assert!(d.frames.windows(2).all(|w| w[0].reads <= w[1].reads));
}
