//! The time model. Nothing sleeps: every modelled operation charges
//! simulated microseconds to a stack of Oracle kernel (or client) frames,
//! so the same figures give elapsed time, DB time, waits and flame graphs.
//!
//! All per-operation costs are named parameters in [`CostParams`], with
//! their defaults and where they come from documented in one place.
//! `LAB SET <name> = <value>` changes any of them.

use crate::sim::{GridUs, SimTime};

macro_rules! cost_params {
    ($( $(#[doc = $doc:literal])* $name:ident : $default:expr ),* $(,)?) => {
        /// Per-operation costs in simulated microseconds (or bytes/us), as
        /// set; [`CostParams::set`] is the one way to change one, so that
        /// `grid` always holds them on the clock's grid.
        #[derive(Debug, Clone, PartialEq)]
        pub struct CostParams {
            $( $(#[doc = $doc])* pub $name: f64, )*
            /// The same parameters on the clock's grid, for charging.
            pub grid: GridCosts,
        }
        /// The cost parameters on the clock's grid ([`GridUs::of`] of each,
        /// worked out once where a parameter is set, not on every charge):
        /// a charge of a bare parameter is exactly the charge of its
        /// quantised value, so the figures are those of rounding per charge.
        #[derive(Debug, Clone, Default, PartialEq)]
        pub struct GridCosts {
            $( pub $name: GridUs, )*
            /// A get's `cache buffers chains` latch gets (0, 1 or 2) times
            /// `latch_get_us`, each product on the grid.
            pub cbc_latch_gets_us: [GridUs; 3],
        }
        impl Default for CostParams {
            fn default() -> Self {
                let mut p = CostParams { $( $name: $default, )* grid: GridCosts::default() };
                p.grid = GridCosts::of(&p);
                p
            }
        }
        impl GridCosts {
            fn of(p: &CostParams) -> GridCosts {
                GridCosts {
                    $( $name: GridUs::of(p.$name), )*
                    cbc_latch_gets_us: [0.0, 1.0, 2.0].map(|n| GridUs::of(n * p.latch_get_us)),
                }
            }
        }
        impl CostParams {
            /// Names of every parameter (for `LAB SET` and documentation).
            pub const NAMES: &'static [&'static str] = &[$(stringify!($name)),*];
            /// Sets parameter `name` (and its value on the grid); false for
            /// an unknown name.
            pub fn set(&mut self, name: &str, value: f64) -> bool {
                let slot = match name { $( stringify!($name) => &mut self.$name, )* _ => return false };
                *slot = value;
                self.grid = GridCosts::of(self);
                true
            }
            pub fn get(&self, name: &str) -> Option<f64> {
                match name { $( stringify!($name) => Some(self.$name), )* _ => None }
            }
        }
    };
}

cost_params! {
    // Calibration: section C of shared/domain/CALIBRATION.md (100,000 PK
    // lookups from Java, 5 runs, trimmed mean) gives per-lookup times of
    // 116.7/119.9/115.4/193.1 us (JDBC thin, t1..t4), 129.9/127.0/124.6/114.5
    // (JDBC OCI over Net) and 104.5/102.7/98.9/90.3 (JDBC OCI bequeath).
    // Each default below says which of those differences it is fitted to;
    // the engine derives every cell from them and the structures.

    /// One `cache buffers chains` latch get (kslgetl). With the get costs
    /// below: the IOT (2 gets, 1 row source) is ~1.8 us cheaper per lookup
    /// than heap+index (3 gets, 2 row sources) over OCI bequeath.
    latch_get_us: 0.1,
    /// How long an examination get holds its `cache buffers chains` child
    /// (the row is read under the latch): what another session's get of
    /// the same child meets while sessions run at once.
    cbc_hold_examination_us: 0.5,
    /// How long a pin or unpin holds the child (normal, pin, current gets).
    cbc_hold_pin_us: 0.2,
    /// A latch miss spins this long (`_spin_count` 2,000 tries) before it
    /// sleeps.
    latch_spin_us: 10.0,
    /// A sleeping latch waiter is posted when the holder releases the
    /// latch and runs again this much later (`latch: cache buffers chains`).
    latch_wakeup_us: 20.0,
    /// kcbgtcr work of an examination get, beyond its latch get.
    examination_get_us: 0.9,
    /// kcbgtcr work of a normal or pin get, beyond its two latch gets.
    normal_get_us: 1.0,
    /// Re-reading a buffer the row source already has pinned.
    pinned_revisit_us: 0.05,
    /// Producing one row in a row source (qer*, projection, predicates).
    row_us: 0.8,
    /// A physical single-block read from the datafile device (db file sequential read).
    physical_read_us: 100.0,
    /// kpoxihLookup: probe of the MemOptimized hash index. With
    /// `memopt_fetch_us`: their sum is fitted to OCI (below), their split
    /// to seed 000's server profile, where kpoxihFetch takes 2.3 times
    /// kpoxihLookup's samples.
    memopt_lookup_us: 0.8,
    /// kpoxihFetch: copying the row out of the memoptimize buffer area.
    memopt_fetch_us: 1.7,
    /// Server side of a fast-lookup call (OCI), replacing execute + fetch:
    /// the memoptimized t4 is ~14 us faster than t1 over OCI bequeath
    /// (104.5 - 90.3; with 3 us here the lab's t4 was 11.5 us faster, and
    /// OCI over Net t4 5.1% slower than published).
    memopt_call_us: 0.5,
    /// Soft parse (shared pool lookup, cursor pin) when the session cursor cache misses.
    soft_parse_us: 12.0,
    /// Hard parse (optimization, row-source generation, library cache load).
    hard_parse_us: 450.0,
    /// Server side of one execute call (opiexe, cursor bind, row source open).
    execute_call_us: 10.0,
    /// Server side of one fetch call (opifch2), beyond its cursor
    /// bookkeeping (`fetch_cursor_us`).
    fetch_call_us: 2.5,
    /// kksumc under a fetch call: the cursor's bookkeeping per call. With
    /// `fetch_call_us` the 4 us of a fetch call; the split is fitted to
    /// seed 000's profile of JDBC thin t1 (kksumc 6.1% of the server).
    fetch_cursor_us: 1.5,
    /// SQL <-> PL/SQL context switch, per SQL execution from PL/SQL.
    plsql_context_switch_us: 1.5,
    /// Entering a stored procedure or function (pfrrun: frame set-up,
    /// parameter binding), per call.
    plsql_call_us: 2.0,
    /// Network round-trip latency of Oracle Net over TCP loopback: JDBC
    /// OCI over Net is ~25 us slower per lookup than bequeath.
    network_rtt_us: 37.0,
    /// Network bandwidth in bytes per microsecond (1 Gbit/s = 125).
    network_bytes_per_us: 125.0,
    /// The client's TCP receive window in bytes: the server sends at most
    /// this much of a reply before it must wait for the client's
    /// acknowledgement, a round trip later. The default is a modern
    /// stack's autotuned window (Linux's `tcp_rmem` maximum, 4 MB), which
    /// never binds on a LAN; Windows 2000/XP offered 17,520 bytes on
    /// Ethernet (twelve 1,460-byte segments) and unscaled TCP 65,535.
    network_window_bytes: 4194304.0,
    /// A round trip through the bequeath pipe (no listener, no TCP).
    bequeath_ipc_us: 15.0,
    /// Server's Oracle Net read/write path per round trip (opikndf2, nsbasic).
    /// With the user call's `user_call_begin_us` and `user_call_end_us` the
    /// 6 us of the server's side of a round trip; the three are split as
    /// seed 000's profile of JDBC thin t1 splits opikndf2, ksupucg and ksupop.
    net_server_us: 3.9,
    /// ksupucg: beginning a user call (the session's call state pushed).
    user_call_begin_us: 0.7,
    /// ksupop: ending a user call (the call state popped).
    user_call_end_us: 1.4,
    /// Client-side cost of one call in the JDBC thin driver (pure Java Net):
    /// fitted to JDBC thin t1 = 116.7 us per lookup.
    jdbc_thin_call_us: 52.0,
    /// Client-side cost of one call through JDBC OCI (JNI + OCI), over Net
    /// or bequeath: fitted to OCI bequeath t1 = 104.5 us per lookup.
    jdbc_oci_call_us: 65.0,
    /// SQL*Plus client work per call.
    sqlplus_call_us: 20.0,
    /// JDBC thin (18c) and a MemOptimized read: the driver does not speak
    /// the fast-lookup protocol, so the server runs the execute and fetch
    /// as usual (the READ OPTIM row sources hit the memoptimize area), and
    /// the driver follows the reply with a second call, its own round trip
    /// and user call (SQLcl, a thin client, shows one more of each on a
    /// hit). This is the driver's side of that second call, a short one
    /// (no statement, no binds): with the round trip and the server's
    /// side, fitted to JDBC thin t4 = 193.1 us (65% slower than t1).
    jdbc_thin_memopt_client_us: 20.0,
    /// The server's side of that second call, beyond an ordinary round
    /// trip and user call: reading and decoding it in opikndf2. Fitted
    /// with `thin_memopt_cursor_us` to seed 000's profile of t4 (opikndf2
    /// 2.7 times t1's samples per lookup, kksumc 5 times).
    thin_memopt_net_us: 4.6,
    /// ...and the cursor's bookkeeping for it (kksumc under the call).
    thin_memopt_cursor_us: 6.4,
    /// Redo generation per byte of redo.
    redo_byte_us: 0.002,
    /// Row insert work (kdtInsRow) per row, excluding buffer gets.
    insert_row_us: 1.0,
    /// One change to a block in current mode (kcbgcur, ktuchg: the change
    /// and its undo record), beyond its redo bytes.
    change_row_us: 1.5,
    /// A commit posting LGWR (semaphore post, LGWR scheduled and running):
    /// tens of microseconds on Linux.
    lgwr_post_us: 20.0,
    /// LGWR's CPU to gather a write from the log buffer, before its I/O.
    lgwr_write_cpu_us: 10.0,
    /// From LGWR's write completing to the committing session running
    /// again (LGWR posts it; it is scheduled).
    commit_wakeup_us: 30.0,
    /// Rowsource statistics per row (STATISTICS_LEVEL=ALL or the
    /// GATHER_PLAN_STATISTICS hint).
    rowsource_stats_row_us: 0.3,
    /// SQL trace: writing trace lines per call.
    sql_trace_call_us: 15.0,
}

/// A session's profiler and clock: interned frames and stacks, and the
/// simulated time charged to each. The per-operation costs
/// ([`CostParams`]) are the instance's lab parameters.
#[derive(Debug, Clone, Default)]
pub struct CostModel {
    /// The session's position on the simulated clock.
    pub now: SimTime,
    names: Vec<String>,
    index: crate::fasthash::FxMap<String, u32>,
    time: Vec<f64>,
    /// Active Session History's probe ([`super::ash`]).
    pub ash: super::ash::AshProbe,
}

pub type StackId = u32;

impl CostModel {
    /// Intern a folded stack path (`opitsk;opiodr;opifch2;kcbgtcr`).
    pub fn stack(&mut self, path: &str) -> StackId {
        if let Some(&id) = self.index.get(path) {
            return id;
        }
        let id = self.names.len() as StackId;
        self.names.push(path.to_string());
        self.index.insert(path.to_string(), id);
        self.time.push(0.0);
        id
    }

    /// A child stack: `parent;frame`.
    pub fn child(&mut self, parent: StackId, frame: &str) -> StackId {
        let path = format!("{};{}", self.names[parent as usize], frame);
        self.stack(&path)
    }

    pub fn name(&self, id: StackId) -> &str {
        &self.names[id as usize]
    }

    /// Charge simulated time to a stack and advance the clock: the one
    /// place a microsecond is charged to a frame.
    #[inline(always)]
    pub fn charge(&mut self, id: StackId, us: f64) {
        self.charge_grid(id, GridUs::of(us));
    }

    /// [`Self::charge`] of a duration already on the grid (a cost
    /// parameter's [`GridCosts`] value): no rounding on the way.
    #[inline(always)]
    pub fn charge_grid(&mut self, id: StackId, us: GridUs) {
        self.time[id as usize] += us.us();
        self.now.0 += us.us();
        if self.now.0 >= self.ash.next_us {
            self.ash.cross(self.now.0 - us.us(), self.now.0, true);
        }
    }

    /// A wait of `us` in `event` (a [`crate::stats::WaitEvent`] index),
    /// charged to `id`: ASH samples taken in it record the event.
    #[inline]
    pub fn charge_wait(&mut self, id: StackId, us: f64, event: u8) {
        self.ash.wait = event;
        self.charge(id, us);
        self.ash.wait = super::ash::ON_CPU;
    }

    /// Time that is the client's or the network's (`SQL*Net message from
    /// client`): not sampled by ASH.
    #[inline]
    pub fn charge_idle(&mut self, id: StackId, us: GridUs) {
        self.ash.idle = true;
        self.charge_grid(id, us);
        self.ash.idle = false;
    }

    /// Charge one operation whose time is split between frames: each part
    /// to its stack, the clock moved once by their sum (so splitting an
    /// operation's time among frames leaves the clock where one charge of
    /// the whole would).
    #[inline(always)]
    pub fn charge_parts(&mut self, parts: &[(StackId, GridUs)]) {
        let mut total = 0.0;
        for &(id, us) in parts {
            self.time[id as usize] += us.us();
            total += us.us();
        }
        self.now.0 += total;
        if self.now.0 >= self.ash.next_us {
            self.ash.cross(self.now.0 - total, self.now.0, true);
        }
    }

    /// The clock in microseconds.
    #[inline(always)]
    pub fn now_us(&self) -> f64 {
        self.now.0
    }

    /// The session was idle until `t` (waiting for its turn): the clock
    /// moves on, no frame is charged.
    pub fn idle_until(&mut self, t: SimTime) {
        crate::sim::clock_check(t.0);
        if t.0 >= self.ash.next_us && t.0 > self.now.0 {
            self.ash.cross(self.now.0, t.0, false);
        }
        self.now = self.now.max(t);
    }

    /// The session waited in the CPU run queue until `t`: ASH samples it
    /// ON CPU (it cannot tell the run queue from the CPU).
    pub fn run_queue_until(&mut self, t: SimTime) {
        crate::sim::clock_check(t.0);
        if t.0 >= self.ash.next_us && t.0 > self.now.0 {
            self.ash.cross(self.now.0, t.0, true);
        }
        self.now = self.now.max(t);
    }

    /// Time per stack so far (to diff later).
    pub fn mark(&self) -> Vec<f64> {
        self.time.clone()
    }

    /// Folded stacks (`a;b;c 12.345`) of the time charged since `mark`.
    pub fn folded_since(&self, mark: &[f64]) -> Vec<String> {
        let mut out = Vec::new();
        for (i, t) in self.time.iter().enumerate() {
            let before = mark.get(i).copied().unwrap_or(0.0);
            let d = t - before;
            if d > 1e-9 {
                out.push(format!("{} {}", self.names[i], fmt_us(d)));
            }
        }
        out
    }

    pub fn stack_names(&self) -> Vec<String> {
        self.names.clone()
    }
}

/// Microseconds with up to 3 decimals, trailing zeros trimmed.
pub fn fmt_us(us: f64) -> String {
    let s = format!("{:.3}", us);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s.is_empty() {
        "0".to_string()
    } else {
        s.to_string()
    }
}
