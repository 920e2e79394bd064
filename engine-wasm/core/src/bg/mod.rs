//! The background processes: DBWR ([`dbwr`]) writes dirty buffers, LGWR
//! ([`lgwr`]) writes the redo stream. Both run on the simulated clock;
//! with `SESSIONS n` the scheduler (`sim/scheduler.rs`) runs LGWR as a
//! process between the sessions.

pub mod dbwr;
pub mod lgwr;
