//! A-Time: with rowsource statistics on (or an extended SQL trace, whose
//! STAT lines print it as `time=`), each `next` call adds the simulated
//! time spent in the line and its children to its LineStat.

use super::*;

impl Op {
    /// Produce the next row into `env`; false at the end.
    #[inline]
    pub fn next(&mut self, rt: &mut Rt<'_>, env: &mut Env) -> Result<bool, Box<LabError>> {
        if !rt.rowsource_stats.timed {
            return self.next_untimed(rt, env);
        }
        let t0 = rt.k.cost.now_us();
        let r = self.next_untimed(rt, env);
        let dt = rt.k.cost.now_us() - t0;
        if let Some(l) = rt.lines.get_mut(self.line as usize) {
            l.time_us += dt;
        }
        r
    }
}
