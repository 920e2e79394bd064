//! A `LAB RUN`'s figures per execution, kept with its step's trace: Compare
//! → Samples tests and correlates one run's executions (Welch's t-test,
//! Pearson's r), as seed 004 does in R on a real database's per-execution
//! figures. Recorded only while the trace records, for the first
//! [`EXEC_SAMPLES_MAX`] executions of the step; one push an execution into
//! columns reserved when the statement starts.

use serde::Serialize;

/// Executions a step keeps figures of (the first ones; about 40 bytes each).
pub const EXEC_SAMPLES_MAX: usize = 10_000;

crate::tsdecl::contract! {
    /// A `LAB RUN`'s figures per execution (a query's; the first 10,000 of
    /// the step's executions): each column holds one number an execution, in
    /// the order they ran (run after run).
    #[derive(Serialize, Debug, Clone, Default, PartialEq)]
    pub struct ExecSamples as ExecSamples {
        /// Executions of the step in all (the columns hold the first of them).
        pub executions: u64,
        /// Executions a run (`BIND lo TO hi`): sample i is of run i / per_run + 1.
        pub per_run: u64,
        /// The simulated clock's span of the execution (its calls and round trips), µs.
        pub elapsed_us: Vec<f64>,
        /// CPU in the execution, µs (as V$SQL's CPU_TIME counts it).
        pub cpu_us: Vec<f64>,
        /// Time in wait events in the execution, µs (SQL*Net's included).
        pub wait_us: Vec<f64>,
        /// Buffer gets (consistent gets and db block gets).
        pub buffer_gets: Vec<u64>,
        /// Physical reads.
        pub physical_reads: Vec<u64>,
    }
}

impl ExecSamples {
    /// A statement of `executions`, `per_run` a run, starts: room for the
    /// figures it will keep.
    pub fn start(&mut self, executions: u64, per_run: u64) {
        *self = ExecSamples { executions, per_run, ..Default::default() };
        let n = (executions as usize).min(EXEC_SAMPLES_MAX);
        self.elapsed_us.reserve_exact(n);
        self.cpu_us.reserve_exact(n);
        self.wait_us.reserve_exact(n);
        self.buffer_gets.reserve_exact(n);
        self.physical_reads.reserve_exact(n);
    }

    /// Room for another execution's figures.
    #[inline]
    pub fn wants(&self) -> bool {
        self.elapsed_us.len() < EXEC_SAMPLES_MAX.min(self.executions as usize)
    }

    /// One execution's figures (the columns' room was reserved by `start`).
    #[inline]
    pub fn push(&mut self, elapsed_us: f64, cpu_us: f64, wait_us: f64, buffer_gets: u64, physical_reads: u64) {
        if !self.wants() {
            return;
        }
        self.elapsed_us.push(elapsed_us);
        self.cpu_us.push(cpu_us);
        self.wait_us.push(wait_us);
        self.buffer_gets.push(buffer_gets);
        self.physical_reads.push(physical_reads);
    }

    pub fn is_empty(&self) -> bool {
        self.elapsed_us.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_first_executions_up_to_the_cap() {
        let mut s = ExecSamples::default();
        s.start(EXEC_SAMPLES_MAX as u64 + 5, 100);
        for i in 0..EXEC_SAMPLES_MAX + 5 {
            s.push(i as f64, 1.0, 0.5, 3, 0);
        }
        assert_eq!(s.elapsed_us.len(), EXEC_SAMPLES_MAX);
        assert_eq!(s.elapsed_us[EXEC_SAMPLES_MAX - 1], (EXEC_SAMPLES_MAX - 1) as f64);
        assert_eq!(s.executions, EXEC_SAMPLES_MAX as u64 + 5);
        // A fresh statement starts again.
        s.start(2, 2);
        assert!(s.is_empty() && s.wants());
    }
}
