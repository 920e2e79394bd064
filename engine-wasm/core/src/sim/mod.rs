//! Simulated time. Nothing sleeps: every process (a session, LGWR; DBWR
//! is advanced lazily on the same clock) has a position on one simulated
//! clock, and the [`Scheduler`] (`sim/scheduler.rs`) runs the process
//! whose next step is earliest, ties broken by the order in which they
//! were scheduled, so the same script always interleaves the same way.

pub mod ash;
pub mod cost;
pub mod scheduler;

use std::cmp::Ordering;

/// The clock's grid: every duration added to it is a whole number of
/// 2^-[`GRID_BITS`] us (about a nanosecond), so every reading of the clock
/// is one too. An f64 holds such a number exactly up to 2^53 grid units
/// ([`EXACT_US`], about 101 days), so below that every sum of durations
/// and every difference of two readings is exact: a script's figures do
/// not depend on where the clock stood when it started (how long the
/// engine had been running). Unquantised, an f64 of microseconds halves
/// its resolution at every power of two, and the same waits summed past
/// 2^24 us (16.8 s) rounded to another last microsecond.
pub const GRID_BITS: i32 = 10;

/// Grid units per microsecond (2^[`GRID_BITS`]).
pub const GRID_PER_US: f64 = (1u64 << GRID_BITS) as f64;

/// The clock is exact below this many microseconds (2^53 grid units).
pub const EXACT_US: f64 = (1u64 << (53 - GRID_BITS)) as f64;

/// `us` to the nearest whole number of grid units (ties to even): the one
/// place a duration is made fit for the clock. Scaling by a power of two
/// is exact, and adding and taking away 1.5 * 2^52 rounds a number of
/// units below 2^51 to a whole one in the FPU's own mode (no libm call:
/// this is on every charge); longer durations take the slower way.
#[inline(always)]
pub fn quantise(us: f64) -> f64 {
    const MAGIC: f64 = 6_755_399_441_055_744.0; // 1.5 * 2^52
    let units = us * GRID_PER_US;
    if units.abs() < 2_251_799_813_685_248.0 {
        // |units| < 2^51: units + MAGIC is in [2^52, 2^53), where the
        // step between doubles is 1.
        ((units + MAGIC) - MAGIC) * (1.0 / GRID_PER_US)
    } else {
        quantise_long(us)
    }
}

#[cold]
#[inline(never)]
fn quantise_long(us: f64) -> f64 {
    const BIG: f64 = 4_503_599_627_370_496.0; // 2^52
    let units = us * GRID_PER_US;
    let a = units.abs();
    if a < BIG {
        ((a + BIG) - BIG).copysign(units) / GRID_PER_US
    } else {
        us
    }
}

/// A duration known to be on the clock's grid: made once by [`GridUs::of`]
/// (where a cost parameter is set, or a computed duration is charged), so
/// [`cost::CostModel::charge_grid`] adds it as it is, without rounding it
/// again on every charge.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct GridUs(f64);

impl GridUs {
    /// `us` on the grid ([`quantise`]).
    #[inline(always)]
    pub fn of(us: f64) -> GridUs {
        GridUs(quantise(us))
    }

    /// The duration in microseconds.
    #[inline(always)]
    pub fn us(self) -> f64 {
        self.0
    }
}

/// Two durations on the grid add to one on the grid: a whole number of
/// units below 2^53 is exact, and past it [`quantise`] leaves a sum as it
/// is, so the sum equals the quantised sum.
impl std::ops::Add for GridUs {
    type Output = GridUs;
    #[inline(always)]
    fn add(self, other: GridUs) -> GridUs {
        GridUs(self.0 + other.0)
    }
}

/// Whether `us` is a whole number of grid units.
#[inline(always)]
pub fn on_grid(us: f64) -> bool {
    quantise(us) == us
}

/// A point on the simulated clock, in microseconds since instance start,
/// always on the grid (see [`GRID_BITS`]).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct SimTime(pub f64);

impl SimTime {
    pub const ZERO: SimTime = SimTime(0.0);

    #[inline(always)]
    pub fn us(self) -> f64 {
        self.0
    }

    /// This time plus `us` microseconds, quantised to the grid.
    #[inline(always)]
    pub fn after(self, us: f64) -> SimTime {
        clock_check(self.0);
        SimTime(self.0 + quantise(us))
    }

    /// Microseconds from `earlier` to this time (0 if it is not later).
    #[inline(always)]
    pub fn since(self, earlier: SimTime) -> f64 {
        (self.0 - earlier.0).max(0.0)
    }

    pub fn max(self, other: SimTime) -> SimTime {
        if other.0 > self.0 {
            other
        } else {
            self
        }
    }
}

/// Every reading of the clock is on the grid (checked in debug builds,
/// where a time made by adding an unquantised duration shows up).
#[inline(always)]
#[track_caller]
pub fn clock_check(t: f64) {
    debug_assert!(!t.is_finite() || t >= EXACT_US || on_grid(t), "off the clock's grid: {t}");
}

impl Eq for SimTime {}

impl PartialOrd for SimTime {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for SimTime {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}
