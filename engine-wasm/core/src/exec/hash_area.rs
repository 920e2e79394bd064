//! A hash join's work area and its spill to temp (the lab's model of
//! Oracle's partitioned hash join; `row_source/hash_join.rs` runs it).
//!
//! The work area is M bytes: `hash_area_size` under `workarea_size_policy
//! = MANUAL` (default twice `sort_area_size`), under AUTO the sort's 5% of
//! `pga_aggregate_target` (at most `_smm_max_size`). The build input's
//! rows weigh B bytes: each its values' column lengths (the key and the
//! build side's columns) plus [`HASH_ROW_OVERHEAD`].
//!
//! - **Optimal** (B <= M): the hash table is built and probed in memory.
//! - Otherwise the build rows are hashed into F **partitions** (the fan-out)
//!   of B / F bytes each, F the smallest power of two from 8 up whose
//!   partition fits the area beside one slot (the temp I/O unit, C =
//!   `_sort_multiblock_read_count` blocks: the lab has no
//!   `_hash_multiblock_io_count`) for each other partition, at most as many
//!   partitions as the area has slots. Partitions stay in memory while
//!   they fit beside a slot for each spilled one: `k` kept, `F - k`
//!   written to temp (`direct path write temp`) at the end of the build.
//! - The probe rows of the spilled partitions (their share, (F - k) / F,
//!   of the probe's bytes) are written too. Then each spilled pair is read
//!   back (`direct path read temp`): its build partition (B / F) loaded and
//!   its probe partition read against it. **One-pass** when a build
//!   partition fits the area; **multi-pass** otherwise: the build partition
//!   is loaded in ceil((B / F) / M) chunks and the probe partition read
//!   once per chunk.
//!
//! Not modelled: dynamic role reversal (a spilled pair whose probe side is
//! the smaller is joined the other way round), bit-vector filtering of the
//! probe rows, skew (partitions are of equal size), the timing of the
//! writes within each phase (issued when the phase ends), and the order
//! of the joined rows (the lab produces each probe row's matches as it
//! reads it; Oracle returns the spilled partitions' rows last).

use crate::io::IoKind;
use crate::kernel::limits::WorkLimit;
use crate::kernel::Kernel;
use crate::result::WorkareaOut;
use crate::sim::cost::StackId;
use crate::stats::LastWorkarea;
use crate::value::Value;
use lio_sql::LabError;

use super::workarea::{submit_temp, TempMap, TempUse, WorkArea};

/// Bytes a row in the hash table costs beyond its values: its hash value
/// and chain pointer (8 + 4 bytes, rounded to 16 on a 64-bit server).
pub const HASH_ROW_OVERHEAD: u64 = 16;

/// The smallest fan-out the lab uses (Oracle's 10104 traces show 8 for
/// small work areas).
const MIN_FANOUT: u64 = 8;

impl WorkArea {
    /// The work area a serial hash join gets: this one sized by its
    /// `hash_bytes`.
    pub fn hash(&self) -> WorkArea {
        WorkArea { bytes: self.hash_bytes, ..*self }
    }

    /// Bytes of one slot (a temp request).
    fn slot(&self) -> u64 {
        self.io_blocks as u64 * self.block_size as u64
    }

    /// How a build input of `build_bytes` is partitioned: None when it fits
    /// (optimal).
    pub fn hash_partitions(&self, build_bytes: u64) -> Option<HashSpill> {
        if build_bytes <= self.bytes {
            return None;
        }
        let (m, c) = (self.bytes, self.slot());
        let most = (m / c).max(2).next_power_of_two().min(1 << 16);
        let most = if most * c > m { (most / 2).max(2) } else { most };
        let mut fanout = MIN_FANOUT.min(most);
        while fanout < most && build_bytes.div_ceil(fanout) + (fanout - 1) * c > m {
            fanout *= 2;
        }
        let part = build_bytes.div_ceil(fanout);
        // Partitions kept: k * part + (fanout - k) * c <= m.
        let kept = if part <= c { fanout - 1 } else { (m.saturating_sub(fanout * c) / (part - c)).min(fanout - 1) };
        let bs = self.block_size as u64;
        let spilled = fanout - kept;
        Some(HashSpill {
            fanout,
            kept,
            part_bytes: part,
            build_part_blocks: part.div_ceil(bs),
            chunks: part.div_ceil(m.max(1)),
            spilled,
            probe_part_blocks: 0,
        })
    }

    /// The temp requests of a spilled hash join (kind, block relative to
    /// the join's first temp block, blocks): with `build` the build
    /// partitions written; with `probe` the probe partitions written, then
    /// each spilled pair read back (build once, probe once per chunk).
    pub fn hash_schedule(&self, s: &HashSpill, build: bool, probe: bool, io: &mut dyn FnMut(IoKind, u64, u32) -> bool) {
        let w = self.io_blocks.max(1) as u64;
        let (bp, pp) = (s.build_part_blocks, s.probe_part_blocks);
        let probe_base = s.spilled * bp;
        let seq = |io: &mut dyn FnMut(IoKind, u64, u32) -> bool, kind, start: u64, blocks: u64| {
            let mut off = 0;
            while off < blocks {
                let n = (blocks - off).min(w);
                if !io(kind, start + off, n as u32) {
                    return false;
                }
                off += n;
            }
            true
        };
        for i in 0..s.spilled {
            if build && !seq(io, IoKind::Write, i * bp, bp) {
                return;
            }
        }
        if !probe {
            return;
        }
        for i in 0..s.spilled {
            if !seq(io, IoKind::Write, probe_base + i * pp, pp) {
                return;
            }
        }
        for i in 0..s.spilled {
            if !seq(io, IoKind::Read, i * bp, bp) {
                return;
            }
            for _ in 0..s.chunks {
                if !seq(io, IoKind::Read, probe_base + i * pp, pp) {
                    return;
                }
            }
        }
    }
}

/// A spilled hash join's shape: every figure is hand-checkable from B, M,
/// the slot and the probe's bytes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HashSpill {
    pub fanout: u64,
    /// Partitions kept in memory, and written to temp.
    pub kept: u64,
    pub spilled: u64,
    pub part_bytes: u64,
    pub build_part_blocks: u64,
    /// Blocks of each spilled probe partition (known once the probe ends).
    pub probe_part_blocks: u64,
    /// Loads of each spilled build partition: 1 one-pass, more multi-pass.
    pub chunks: u64,
}

impl HashSpill {
    /// How its temp requests map to its partitions (the operator events).
    fn map(&self, line: u16) -> TempMap {
        TempMap {
            line,
            build_blocks: self.build_part_blocks,
            probe_base: self.spilled * self.build_part_blocks,
            probe_blocks: self.probe_part_blocks,
            kept: self.kept,
        }
    }

    pub fn multipass(&self) -> bool {
        self.chunks > 1
    }

    /// Temp blocks the join holds at its peak (both sides' spilled partitions).
    pub fn temp_blocks(&self) -> u64 {
        self.spilled * (self.build_part_blocks + self.probe_part_blocks)
    }
}

/// The build phase ended with `build_bytes` in the hash table: None when it
/// fits; otherwise its spilled partitions are written to temp.
pub fn end_build(
    k: &mut Kernel<'_>,
    work: &WorkLimit,
    wa: &WorkArea,
    build_bytes: u64,
    (line, own): (u16, StackId),
) -> Result<Option<HashSpill>, Box<LabError>> {
    let Some(s) = wa.hash_partitions(build_bytes) else { return Ok(None) };
    k.op_event(crate::trace::kind::HASH_SPILL, line, s.fanout.min(u32::MAX as u64) as u32, own);
    let temp = TempUse {
        peak_blocks: s.spilled * s.build_part_blocks,
        span_blocks: s.spilled * s.build_part_blocks,
        read_us_per_block: 0.0,
        frames: FRAMES,
        what: WHAT,
        map: Some(s.map(line)),
    };
    submit_temp(k, work, wa, temp, own, |io| wa.hash_schedule(&s, true, false, io))?;
    Ok(Some(s))
}

/// The spill's write and read frames (names unsure: Oracle's published
/// hash join stacks show `qerhjFetch` and `kxhf*` functions; the lab's
/// I/O leaves are the sort's system calls).
const FRAMES: (&str, &str) = ("kxhfWrite;pwrite64", "kxhfRead;pread64");
const WHAT: &str = "a hash join that spills with no temporary tablespace";

/// The probe ended (`probe_bytes` read): a spilled join writes its probe
/// partitions and joins the spilled pairs from temp. Counts the work area's
/// execution (optimal, one-pass, multi-pass) and its V$SQL_WORKAREA figures.
#[allow(clippy::too_many_arguments)]
pub fn end_probe(
    k: &mut Kernel<'_>,
    work: &WorkLimit,
    wa: &WorkArea,
    spill: Option<HashSpill>,
    (build_bytes, probe_bytes): (u64, u64),
    rows: u64,
    (plan_line, own): (u16, StackId),
) -> Result<WorkareaOut, Box<LabError>> {
    let mut last = LastWorkarea {
        operation: "HASH-JOIN",
        manual: wa.manual,
        estimated_optimal: build_bytes,
        memory_used: build_bytes,
        passes: 0,
        tempseg: 0,
    };
    let slot = wa.io_blocks as u64 * wa.block_size as u64;
    let mut line = WorkareaOut {
        optimal: build_bytes,
        onepass: onepass_bytes(build_bytes, slot).min(build_bytes),
        used: build_bytes,
        passes: 0,
        temp: 0,
    };
    let Some(mut s) = spill else {
        k.stats.workarea.optimal += 1;
        k.stats.workarea.last = last;
        return Ok(line);
    };
    let bs = wa.block_size as u64;
    // Each spilled partition's share of the probe rows.
    s.probe_part_blocks = probe_bytes.div_ceil(s.fanout).div_ceil(bs);
    last.memory_used = wa.bytes;
    last.passes = s.chunks as u32;
    last.tempseg = s.temp_blocks() * bs;
    k.stats.workarea.last = last;
    let read_blocks = s.spilled * (s.build_part_blocks + s.chunks * s.probe_part_blocks);
    let temp = TempUse {
        peak_blocks: s.temp_blocks(),
        span_blocks: s.temp_blocks(),
        read_us_per_block: rows as f64 / read_blocks.max(1) as f64 * k.params.row_us,
        frames: FRAMES,
        what: WHAT,
        map: Some(s.map(plan_line)),
    };
    submit_temp(k, work, wa, temp, own, |io| wa.hash_schedule(&s, false, true, io))?;
    if s.multipass() {
        k.stats.workarea.multipass += 1;
    } else {
        k.stats.workarea.onepass += 1;
    }
    line.used = wa.bytes;
    line.passes = last.passes;
    line.temp = last.tempseg;
    Ok(line)
}

/// The smallest work area a build of `build_bytes` joins in one pass: F
/// partitions of B / F bytes each fit it, and so do F slots, so F = B / M
/// and M >= F x slot: M = sqrt(B x slot).
pub fn onepass_bytes(build_bytes: u64, slot: u64) -> u64 {
    ((build_bytes as f64) * (slot as f64)).sqrt().ceil() as u64
}

/// A key's bytes for the hash table: equal SQL values (NULLs included)
/// give equal bytes.
pub fn key_bytes(vals: &[Value], out: &mut Vec<u8>) {
    out.clear();
    for v in vals {
        match v {
            Value::Null => out.push(0),
            // A number a double stands for exactly keeps the bytes it had
            // when NUMBER was a double (hash order unchanged); others
            // their decimal key.
            Value::Num(n) => match n.f64_key() {
                Some(x) => {
                    out.push(1);
                    let x = if x == 0.0 { 0.0 } else { x };
                    out.extend_from_slice(&x.to_bits().to_le_bytes());
                }
                None => {
                    out.push(3);
                    out.extend_from_slice(n.key_bytes());
                }
            },
            Value::Str(s) => {
                out.push(2);
                out.extend_from_slice(&(s.len() as u64).to_le_bytes());
                out.extend_from_slice(s.as_bytes());
            }
            Value::Date(d) => {
                out.push(4);
                out.extend_from_slice(&d.seconds().to_le_bytes());
            }
        }
    }
}

/// The hash table of one execution (reused across executions).
#[derive(Debug, Clone, Default)]
pub struct HashTable {
    /// Key bytes -> its chain of build rows.
    pub(crate) keys: crate::exec::key_index::KeyIndex,
    /// Per build row, per build source: (row, block, generated values).
    pub(crate) rows: Vec<(u32, u32, Vec<Value>)>,
    pub(crate) built: bool,
    /// The chain being returned for the current probe row: its next
    /// build row (`key_index::END`: the chain has ended).
    pub(crate) chain: Option<u32>,
    pub(crate) keybuf: Vec<u8>,
    pub(crate) keyvals: Vec<Value>,
    pub(crate) spill: Option<HashSpill>,
    pub(crate) build_bytes: u64,
    pub(crate) probe_bytes: u64,
    pub(crate) probe_rows: u64,
    pub(crate) ended: bool,
    /// The probe's frame (interned once per execution, not per row).
    pub(crate) probe_stack: StackId,
    /// Per build row: 0 not matched yet, 1 matched, 2 its key is NULL
    /// (kept by the joins that return unmatched build rows: outer, anti).
    pub(crate) matched: Vec<u8>,
    /// After the probe: the next build row to look at for the unmatched
    /// ones (None while probing).
    pub(crate) drain: Option<usize>,
    /// A probe row with a NULL key was read (a null-aware anti join
    /// returns nothing then).
    pub(crate) probe_null: bool,
    /// A build row with a NULL key was read (likewise, when the inputs
    /// are swapped).
    pub(crate) build_null: bool,
    /// Swapped inputs (or a full outer join): the current probe row has had a match.
    pub(crate) probe_matched: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A 128 KB area (hash_area_size at twice the 64 KB sort_area_size),
    /// 8 KB blocks, 2-block slots of 16 KB: at most 8 partitions.
    fn area() -> WorkArea {
        WorkArea { bytes: 131_072, block_size: 8192, io_blocks: 2, manual: true, hash_bytes: 131_072 }
    }

    #[test]
    fn a_build_that_fits_is_optimal() {
        assert_eq!(area().hash_partitions(131_072), None);
        assert!(area().hash_partitions(131_073).is_some());
    }

    /// B = 200,000 bytes: 8 partitions of 25,000 bytes (4 blocks each).
    /// Kept: k * 25,000 + (8 - k) * 16,384 <= 131,072: (131,072 - 131,072)
    /// / (25,000 - 16,384) = 0 kept, 8 spilled; each partition fits the
    /// area: one pass.
    #[test]
    fn a_build_over_the_area_spills_its_partitions() {
        let s = area().hash_partitions(200_000).unwrap();
        assert_eq!((s.fanout, s.kept, s.spilled, s.part_bytes, s.build_part_blocks, s.chunks), (8, 0, 8, 25_000, 4, 1));
        assert!(!s.multipass());
    }

    /// B = 100,000 over a 96 KB area: 6 slots fit, so at most 4 partitions,
    /// of 25,000 bytes (4 blocks): (98,304 - 4 x 16,384) / (25,000 -
    /// 16,384) = 3 kept, one written.
    #[test]
    fn small_partitions_mostly_stay() {
        let wa = WorkArea { bytes: 98_304, ..area() };
        let s = wa.hash_partitions(100_000).unwrap();
        assert_eq!((s.fanout, s.kept, s.spilled, s.build_part_blocks), (4, 3, 1, 4));
    }

    /// B = 4 MB over 128 KB: the fan-out is capped at 8 (8 slots fill the
    /// area), partitions of 512 KB need 4 loads each: multi-pass, each
    /// probe partition read 4 times.
    #[test]
    fn partitions_larger_than_the_area_are_multipass() {
        let s = area().hash_partitions(4 << 20).unwrap();
        assert_eq!((s.fanout, s.spilled, s.chunks), (8, 8, 4));
        assert!(s.multipass());
        let s = HashSpill { probe_part_blocks: 3, ..s };
        let (mut w, mut r) = (0u64, 0u64);
        area().hash_schedule(&s, true, true, &mut |kind, _, n| {
            match kind {
                IoKind::Write => w += n as u64,
                IoKind::Read => r += n as u64,
            }
            true
        });
        // Written: 8 x 64 build blocks + 8 x 3 probe blocks; read: the
        // build blocks once and the probe blocks 4 times.
        assert_eq!((w, r), (8 * 64 + 8 * 3, 8 * 64 + 4 * 8 * 3));
    }
}
