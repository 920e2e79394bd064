//! A trace's storage: events recorded row-wise in chunks, and the
//! columns rebuilt from them (a leaf: the trace and its sessions use it).

/// One recorded event: 24 bytes. The execution number is kept as runs
/// (it changes once per execution), the latch child is the one the get
/// took (its block's address's: the address depends on the segment's
/// extents at the time), and the time is the step from the previous event
/// of the chunk (each chunk keeps its first event's absolute time).
#[derive(Debug, Clone, Copy)]
pub(super) struct Rec {
    pub dt_us: f32,
    pub segment: u32,
    pub block: u32,
    pub stack: u32,
    pub plan_line: u16,
    pub kind: u8,
    pub get_kind: u8,
    pub latch: u16,
}

/// A run of recorded events and the absolute time of its first one.
#[derive(Debug, Clone, Default)]
pub(super) struct Chunk {
    pub t0_us: f64,
    pub recs: Vec<Rec>,
}

/// The execution number of each of `len` events, from its runs.
pub(super) fn exec_of(execs: &[(u32, u32)], len: usize) -> Vec<u32> {
    let mut out = Vec::with_capacity(len);
    for (i, &(_, exec)) in execs.iter().enumerate() {
        let to = execs.get(i + 1).map_or(len, |&(from, _)| from as usize);
        out.resize(to, exec);
    }
    out
}

/// The time of each event of `chunks`, in microseconds.
pub(super) fn t_of(chunks: &[Chunk]) -> Vec<f64> {
    let mut out = Vec::with_capacity(chunks.iter().map(|c| c.recs.len()).sum());
    for c in chunks {
        let mut t = c.t0_us;
        out.extend(c.recs.iter().map(|r| {
            t += r.dt_us as f64;
            t
        }));
    }
    out
}
