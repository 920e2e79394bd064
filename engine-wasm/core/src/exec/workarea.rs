//! Work areas and their spills to the temporary tablespace.
//!
//! A sort (SORT ORDER BY, SORT GROUP BY, SORT UNIQUE) gets a work area of
//! M bytes: `sort_area_size` under `workarea_size_policy = MANUAL`; under
//! AUTO a serial work area gets 5% of `pga_aggregate_target`, at most
//! `_smm_max_size` KB. The sort's data is S bytes: each row it holds
//! weighs its keys and carried values (each value's column length: its
//! bytes and a length byte) plus [`SORT_ROW_OVERHEAD`].
//!
//! - **Optimal** (S <= M): the sort stays in memory (`sorts (memory)`,
//!   `workarea executions - optimal`).
//! - Otherwise the sort spills (`sorts (disk)`). Its S bytes are
//!   `ceil(S / block size)` blocks. It forms **runs** of the work area's
//!   whole blocks (the last one shorter) and writes each to temp,
//!   sequentially, in requests of `_sort_multiblock_read_count` blocks
//!   (`direct path write temp`).
//! - A **merge** gives each run a read buffer of that many blocks and
//!   keeps one more for its output, so it merges at most `fan-in = M
//!   blocks / buffer - 1` runs (at least 2). It reads the runs round-robin,
//!   one buffer at a time (`direct path read temp`): keys spread evenly
//!   over the runs drain them at the same rate.
//! - **One-pass**: the runs fit the fan-in; one merge reads them all and
//!   hands the rows to the caller. **Multi-pass**: more runs than the
//!   fan-in: each intermediate pass merges groups of fan-in runs into
//!   longer runs, reading and writing their data again (a group of one
//!   run is carried over untouched), until the runs fit one final merge.
//!   An intermediate merge writes its output in buffer-sized requests as
//!   its input drains: one write for each read after the first buffer of
//!   each run, and the rest when its input ends.
//! - **Space**: a sort's temp blocks are taken from a cursor that walks
//!   the temporary tablespace's file and wraps at its end (space freed by
//!   one sort is reused by the next, as sort segment extents are). A pass
//!   writes its output past its input; both are live until it ends, so a
//!   multi-pass sort needs twice its blocks (a one-pass sort once):
//!   beyond the file it fails with ORA-01652.
//!
//! The session waits for each request (synchronous I/O); the time goes to
//! the sort's `smbput;pwrite64` / `smbget;pread64` frames. Between reads
//! the merge compares the rows of the buffer it read (`row_us` a row, the
//! rows spread evenly over the sort's blocks), on the sort's own frame:
//! the device sees those gaps as idle time (an SSD collects garbage in
//! them). Not modelled:
//! asynchronous temp I/O, replacement selection (runs of 2M), hash joins
//! and HASH GROUP BY spills (the lab has no hash join), parallel work areas.

use crate::instance::params::{Parameters, WorkareaPolicy};
use crate::io::{IoKind, IoPurpose, IoRequest};
use crate::kernel::limits::WorkLimit;
use crate::kernel::Kernel;
use crate::sim::cost::StackId;
use crate::stats::{LastWorkarea, WaitEvent};
use lio_sql::ast::Pos;
use lio_sql::{ora, LabError};

/// A hash join's work area under `p`: `hash_area_size` under MANUAL
/// (default twice `sort_area_size`), else the sort's (`auto`).
pub fn hash_area_bytes(p: &Parameters, auto: u64) -> u64 {
    if p.workarea_size_policy != WorkareaPolicy::Manual {
        return auto;
    }
    let set = p.other.get("hash_area_size").and_then(|v| v.parse::<u64>().ok());
    set.unwrap_or(2 * p.sort_area_size)
}

/// Bytes a sort row costs beyond its values: its slot in the sort's
/// pointer array (8 bytes on a 64-bit server).
pub const SORT_ROW_OVERHEAD: u64 = 8;

/// The most merge passes a sort plans (each divides its runs by a fan-in of
/// at least 2: 64 passes cover any data the lab can hold).
const MAX_PASSES: u32 = 64;

/// A sort's work area.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorkArea {
    /// M: the bytes the sort may hold in memory.
    pub bytes: u64,
    pub block_size: u32,
    /// Blocks per temp request, and each run's read buffer in a merge.
    pub io_blocks: u32,
    /// Sized by `sort_area_size` (MANUAL) rather than the PGA target.
    pub manual: bool,
    /// A hash join's work area (`hash_area_size` under MANUAL:
    /// `exec/hash_area.rs`).
    pub hash_bytes: u64,
}

impl Default for WorkArea {
    fn default() -> Self {
        WorkArea::of(&Parameters::default())
    }
}

impl WorkArea {
    /// The work area a serial sort gets under `p`.
    pub fn of(p: &Parameters) -> WorkArea {
        let bytes = match p.workarea_size_policy {
            WorkareaPolicy::Manual => p.sort_area_size,
            WorkareaPolicy::Auto => (p.pga_aggregate_target / 20).min(p.smm_max_size_kb.saturating_mul(1024)),
        };
        WorkArea {
            bytes,
            block_size: p.db_block_size.max(512),
            io_blocks: p.sort_multiblock_read_count.max(1),
            manual: p.workarea_size_policy == WorkareaPolicy::Manual,
            hash_bytes: hash_area_bytes(p, bytes),
        }
    }

    /// Blocks of one initial run: the work area's whole blocks.
    pub fn run_blocks(&self) -> u64 {
        (self.bytes / self.block_size as u64).max(1)
    }

    /// Runs one merge can read at once.
    pub fn fan_in(&self) -> u64 {
        (self.run_blocks() / self.io_blocks as u64).saturating_sub(1).max(2)
    }

    /// How a sort of `sort_bytes` runs: None when it fits (optimal).
    pub fn plan(&self, sort_bytes: u64) -> Option<SpillPlan> {
        if sort_bytes <= self.bytes {
            return None;
        }
        let mut p = SpillPlan {
            sort_blocks: sort_bytes.div_ceil(self.block_size as u64),
            run_blocks: self.run_blocks(),
            fan_in: self.fan_in(),
            ..Default::default()
        };
        p.runs = p.sort_blocks.div_ceil(p.run_blocks);
        let mut q = p;
        self.schedule(&p, |kind, block, blocks| {
            q.span_blocks = q.span_blocks.max(block + blocks as u64);
            match kind {
                IoKind::Write => {
                    q.blocks_written += blocks as u64;
                    q.write_requests += 1;
                }
                IoKind::Read => {
                    q.blocks_read += blocks as u64;
                    q.read_requests += 1;
                }
            }
            true
        });
        let mut p = q;
        p.passes = self.passes(&p);
        p.peak_blocks = if p.passes > 1 { 2 * p.sort_blocks } else { p.sort_blocks };
        Some(p)
    }

    /// Merge passes (1: one-pass).
    fn passes(&self, p: &SpillPlan) -> u32 {
        let mut runs = p.runs;
        let mut passes = 1;
        while runs > p.fan_in && passes < MAX_PASSES {
            runs = runs.div_ceil(p.fan_in);
            passes += 1;
        }
        passes
    }

    /// Every temp request of a spilled sort in issue order: (kind, block
    /// relative to the sort's first temp block, blocks). The callback
    /// returns false to stop.
    pub fn schedule(&self, p: &SpillPlan, mut io: impl FnMut(IoKind, u64, u32) -> bool) {
        self.issue(p, &mut io);
    }

    /// The schedule's body: None once the callback asked to stop.
    fn issue(&self, p: &SpillPlan, io: &mut impl FnMut(IoKind, u64, u32) -> bool) -> Option<()> {
        let w = self.io_blocks as u64;
        let mut next = 0u64;
        // Initial runs, each written sequentially.
        let mut runs: Vec<(u64, u64)> = Vec::with_capacity(p.runs as usize);
        let mut left = p.sort_blocks;
        while left > 0 {
            let n = left.min(p.run_blocks);
            write_seq(io, next, n, w)?;
            runs.push((next, n));
            next += n;
            left -= n;
        }
        // Intermediate passes, then the final merge (no output written).
        for _ in 0..MAX_PASSES {
            if runs.len() as u64 <= p.fan_in {
                break;
            }
            let mut merged = Vec::with_capacity(runs.len().div_ceil(p.fan_in as usize));
            for group in runs.chunks(p.fan_in as usize) {
                if group.len() == 1 {
                    merged.push(group[0]);
                    continue;
                }
                let total: u64 = group.iter().map(|r| r.1).sum();
                merge(io, group, Some(next), w)?;
                merged.push((next, total));
                next += total;
            }
            runs = merged;
        }
        merge(io, &runs, None, w)
    }
}

fn write_seq(io: &mut impl FnMut(IoKind, u64, u32) -> bool, start: u64, blocks: u64, w: u64) -> Option<()> {
    let mut off = 0;
    while off < blocks {
        let n = (blocks - off).min(w);
        io(IoKind::Write, start + off, n as u32).then_some(())?;
        off += n;
    }
    Some(())
}

/// Merge `runs` round-robin, a buffer of `w` blocks at a time; with `out`,
/// write the merged run there as the input drains.
fn merge(io: &mut impl FnMut(IoKind, u64, u32) -> bool, runs: &[(u64, u64)], out: Option<u64>, w: u64) -> Option<()> {
    let mut pos = vec![0u64; runs.len()];
    let held = runs.iter().map(|r| r.1.min(w)).sum::<u64>();
    let total: u64 = runs.iter().map(|r| r.1).sum();
    let (mut read, mut written) = (0u64, 0u64);
    // Each round reads one buffer from every run with blocks left; a run
    // has at most `total / w + 1` buffers, so the rounds are bounded.
    for _ in 0..=total.div_ceil(w) {
        let mut any = false;
        for (i, &(start, blocks)) in runs.iter().enumerate() {
            if pos[i] >= blocks {
                continue;
            }
            any = true;
            let n = (blocks - pos[i]).min(w);
            io(IoKind::Read, start + pos[i], n as u32).then_some(())?;
            pos[i] += n;
            read += n;
            if let Some(o) = out {
                // The output written so far lags the input by the buffers held.
                if read > held && read - held >= written + w {
                    io(IoKind::Write, o + written, w as u32).then_some(())?;
                    written += w;
                }
            }
        }
        if !any {
            break;
        }
    }
    match out {
        Some(o) => write_seq(io, o + written, total - written, w),
        None => Some(()),
    }
}

/// A spilled sort's shape: every figure is hand-checkable from the sort's
/// blocks, the run size and the fan-in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SpillPlan {
    pub sort_blocks: u64,
    pub run_blocks: u64,
    pub fan_in: u64,
    /// Initial runs.
    pub runs: u64,
    /// Merge passes: 1 is one-pass, more is multi-pass.
    pub passes: u32,
    pub blocks_written: u64,
    pub write_requests: u64,
    pub blocks_read: u64,
    pub read_requests: u64,
    /// Temp blocks live at once (what the tablespace must hold).
    pub peak_blocks: u64,
    /// Temp blocks the sort's requests address (its walk of the file).
    pub span_blocks: u64,
}

impl SpillPlan {
    pub fn multipass(&self) -> bool {
        self.passes > 1
    }
}

/// A sort of `sort_bytes` finished building: it stays in memory or spills
/// to the default temporary tablespace, and the session pays its temp I/O.
/// Returns true when it spilled.
/// `operation` is V$SQL_WORKAREA's OPERATION_TYPE.
pub fn run_sort(
    k: &mut Kernel<'_>,
    work: &WorkLimit,
    wa: &WorkArea,
    operation: &'static str,
    sort_bytes: u64,
    rows: u64,
    own: StackId,
) -> Result<bool, Box<LabError>> {
    let mut last = LastWorkarea {
        operation,
        manual: wa.manual,
        estimated_optimal: sort_bytes,
        memory_used: sort_bytes,
        passes: 0,
        tempseg: 0,
    };
    let Some(plan) = wa.plan(sort_bytes) else {
        k.stats.workarea.optimal += 1;
        k.stats.workarea.last = last;
        return Ok(false);
    };
    last.memory_used = wa.bytes;
    last.passes = plan.passes;
    last.tempseg = plan.peak_blocks * wa.block_size as u64;
    k.stats.workarea.last = last;
    let merge_us_per_block = rows as f64 / plan.sort_blocks.max(1) as f64 * k.params.row_us;
    let temp = TempUse {
        peak_blocks: plan.peak_blocks,
        span_blocks: plan.span_blocks,
        read_us_per_block: merge_us_per_block,
        frames: ("smbput;pwrite64", "smbget;pread64"),
        what: "a sort that spills with no temporary tablespace",
        map: None,
    };
    submit_temp(k, work, wa, temp, own, |io| wa.schedule(&plan, io))?;
    let w = &mut k.stats.workarea;
    w.sorts_disk += 1;
    if plan.multipass() {
        w.multipass += 1;
    } else {
        w.onepass += 1;
    }
    Ok(true)
}

/// What a spill needs of the temporary tablespace: the blocks live at once
/// (beyond the file: ORA-01652), the blocks its requests address, and the
/// CPU its consumer spends per block read (a merge's comparisons, a hash
/// join's probes).
#[derive(Debug, Clone, Copy)]
pub struct TempUse {
    pub peak_blocks: u64,
    pub span_blocks: u64,
    pub read_us_per_block: f64,
    /// The frames of its writes and reads, under the consumer's own.
    pub frames: (&'static str, &'static str),
    /// The spill, named in the error when there is no temporary tablespace.
    pub what: &'static str,
    /// A hash join's spill: its requests are traced as operator events.
    pub map: Option<TempMap>,
}

/// How a hash join's temp requests map to its partitions, for the
/// operator events (`trace::contract`, `TEMP_WRITE` / `TEMP_READ`): blocks
/// below `probe_base` are the build partitions' (`build_blocks` each),
/// the rest the probe partitions' (`probe_blocks` each); the spilled
/// partitions are numbered from `kept`.
#[derive(Debug, Clone, Copy)]
pub struct TempMap {
    pub line: u16,
    pub build_blocks: u64,
    pub probe_base: u64,
    pub probe_blocks: u64,
    pub kept: u64,
}

impl TempMap {
    /// The event's `block` of a request at relative block `block`: side << 16 | partition.
    pub fn event_block(&self, block: u64) -> u32 {
        let (side, p) = if block < self.probe_base {
            (0, block / self.build_blocks.max(1))
        } else {
            (1, (block - self.probe_base) / self.probe_blocks.max(1))
        };
        (side << 16) | ((self.kept + p).min(0xffff) as u32)
    }
}

/// Issue a spill's temp requests (`schedule` calls its callback for each,
/// in order: kind, block relative to the spill's first, blocks): each a
/// synchronous `direct path write temp` / `direct path read temp` on the
/// default temporary tablespace's device, its time on `frames` (write,
/// read) under `own`.
pub fn submit_temp(
    k: &mut Kernel<'_>,
    work: &WorkLimit,
    wa: &WorkArea,
    temp: TempUse,
    own: StackId,
    schedule: impl FnOnce(&mut dyn FnMut(IoKind, u64, u32) -> bool),
) -> Result<(), Box<LabError>> {
    let Some((ts, file_blocks)) = k.io.temp_file(wa.block_size) else {
        return Err(Box::new(LabError::unsupported(temp.what, Pos::default())));
    };
    if temp.peak_blocks > file_blocks {
        // Temp extents are 1 MB (a TEMP tablespace's uniform extent size).
        let extent = (1u64 << 20) / wa.block_size as u64;
        let name = k.io.tablespaces[ts].name.clone();
        return Err(Box::new(LabError::with_args(
            ora::UNABLE_TO_EXTEND_TEMP_SEGMENT,
            &[&extent, &name],
            Pos::default(),
        )));
    }
    let base = k.io.temp_alloc(ts, temp.span_blocks, file_blocks);
    let write_stack = k.cost.child(own, temp.frames.0);
    let read_stack = k.cost.child(own, temp.frames.1);
    let file = crate::io::TEMPFILE_BASE + ts as u32;
    let mut stopped = None;
    schedule(&mut |kind, block, blocks| {
        let now = k.cost.now;
        let req = IoRequest::at(
            kind,
            file,
            ((base + block) % file_blocks.max(1)) as u32,
            blocks,
            wa.block_size,
            IoPurpose::Temp,
        );
        if let Some(m) = temp.map {
            let ev = if kind == IoKind::Write { crate::trace::kind::TEMP_WRITE } else { crate::trace::kind::TEMP_READ };
            k.op_event(ev, m.line, m.event_block(block), own);
        }
        let done = k.io.submit_temp(ts, &req, now);
        let us = done.since(now).max(0.0);
        let c = &mut k.stats.calls;
        let w = &mut k.stats.workarea;
        match kind {
            IoKind::Write => {
                c.note_wait(WaitEvent::DirectPathWriteTemp, us);
                w.temp_write_requests += 1;
                w.temp_blocks_written += blocks as u64;
                k.cost.charge_wait(write_stack, us, WaitEvent::DirectPathWriteTemp as u8);
            }
            IoKind::Read => {
                c.note_wait(WaitEvent::DirectPathReadTemp, us);
                w.temp_read_requests += 1;
                w.temp_blocks_read += blocks as u64;
                k.cost.charge_wait(read_stack, us, WaitEvent::DirectPathReadTemp as u8);
                k.cost.charge(own, temp.read_us_per_block * blocks as f64);
            }
        }
        // A temp request is a unit of work, checked every 1,024.
        if (k.stats.workarea.temp_read_requests + k.stats.workarea.temp_write_requests) & 1023 == 0 {
            stopped = work.check(k.stats).err();
        }
        stopped.is_none()
    });
    match stopped {
        Some(e) => Err(Box::new(e)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 8 KB blocks, a 64 KB work area (8 blocks), 2-block requests: runs
    /// of 8 blocks, fan-in 8 / 2 - 1 = 3.
    fn small() -> WorkArea {
        WorkArea { bytes: 65_536, block_size: 8192, io_blocks: 2, manual: true, hash_bytes: 131_072 }
    }

    #[test]
    fn a_sort_that_fits_is_optimal() {
        assert_eq!(small().plan(65_536), None);
        assert!(small().plan(65_537).is_some());
    }

    /// 20 blocks: runs of 8, 8 and 4 fit the fan-in of 3: one pass. Each
    /// run is written once (4 + 4 + 2 requests) and read once.
    #[test]
    fn three_runs_merge_in_one_pass() {
        let p = small().plan(20 * 8192).unwrap();
        assert_eq!((p.sort_blocks, p.run_blocks, p.fan_in, p.runs, p.passes), (20, 8, 3, 3, 1));
        assert_eq!((p.blocks_written, p.write_requests, p.blocks_read, p.read_requests), (20, 10, 20, 10));
        assert_eq!((p.peak_blocks, p.span_blocks), (20, 20));
        // Round-robin reads: the first buffer of each run, then the next.
        let mut reads = Vec::new();
        small().schedule(&p, |k, b, n| {
            if k == IoKind::Read {
                reads.push((b, n))
            }
            true
        });
        assert_eq!(&reads[..4], &[(0, 2), (8, 2), (16, 2), (2, 2)]);
    }

    /// 50 blocks (2,000 rows of 202 bytes: 404,000 bytes): runs 6 x 8 + 2
    /// = 7 runs, more than the fan-in of 3. Pass 1 merges (8,8,8) and
    /// (8,8,8) into two runs of 24 and carries the run of 2 over: 3 runs,
    /// merged by the final pass. Written: 50 (runs) + 48 (pass 1) = 98
    /// blocks in 25 + 24 requests; read: 48 (pass 1) + 50 (final) in 24 +
    /// 25 requests.
    #[test]
    fn seven_runs_need_a_second_pass() {
        let p = small().plan(404_000).unwrap();
        assert_eq!((p.sort_blocks, p.runs, p.passes), (50, 7, 2));
        assert_eq!((p.blocks_written, p.write_requests), (98, 49));
        assert_eq!((p.blocks_read, p.read_requests), (98, 49));
        // Initial runs 0..50; pass 1 writes 50..98; both live: 2 x 50.
        assert_eq!((p.peak_blocks, p.span_blocks), (100, 98));
    }

    /// Pass 1's output writes trail its reads: 3 first buffers held, then
    /// a write after each read, and the last 3 buffers at the end.
    #[test]
    fn merge_writes_follow_the_reads() {
        let mut seq = Vec::new();
        merge(
            &mut |k, b, n| {
                seq.push((k, b, n));
                true
            },
            &[(0, 4), (4, 4), (8, 4)],
            Some(12),
            2,
        );
        let kinds: String = seq.iter().map(|(k, _, _)| if *k == IoKind::Read { 'r' } else { 'w' }).collect();
        assert_eq!(kinds, "rrrrwrwrwwww");
        let writes: Vec<u64> = seq.iter().filter(|s| s.0 == IoKind::Write).map(|s| s.1).collect();
        assert_eq!(writes, vec![12, 14, 16, 18, 20, 22]);
    }

    #[test]
    fn work_area_follows_the_policy() {
        let mut p = Parameters::default();
        // AUTO: 5% of the 2 GB default target.
        assert_eq!(WorkArea::of(&p).bytes, crate::instance::params::DEFAULT_PGA_AGGREGATE_TARGET / 20);
        p.smm_max_size_kb = 1024;
        assert_eq!(WorkArea::of(&p).bytes, 1 << 20);
        p.workarea_size_policy = WorkareaPolicy::Manual;
        p.sort_area_size = 512_000;
        let wa = WorkArea::of(&p);
        // 62 blocks of 8 KB; fan-in 62 / 2 - 1 = 30.
        assert_eq!((wa.bytes, wa.run_blocks(), wa.fan_in()), (512_000, 62, 30));
    }
}
