//! A session: what is per session (cursors, SQL*Plus settings, the client
//! path and Oracle Net state, its statistics and waits, its position on the
//! simulated clock, its trace), and [`Run`], a session running one
//! statement against the instance. Statement families live in sibling
//! files: `sqlplus`, `lab`, `net` (client and Oracle Net), `cursor`
//! (parse/execute/fetch), `plsql`, `create`/`ddl` and `dml`; `step` wraps a
//! statement into the step the host sees.

pub(crate) mod acs;
mod alter_column;
mod array_dml;
mod ash;
mod bitmap;
mod cascade;
mod cbo_trace;
mod change;
mod check;
mod col_width;
mod compress;
mod constraint_ddl;
mod constraints;
pub mod cr;
mod create;
pub mod cursor;
mod ddl;
mod dictionary;
mod direct;
mod dispatch;
mod dml;
mod dml_plan;
mod fetch;
pub mod fixed;
mod foreign_key;
mod imu;
mod invalidation;
mod lab;
mod maint;
mod net;
mod parameters;
mod part_index;
mod part_index_ddl;
mod part_index_dict;
mod partition;
mod partition_ddl;
mod partition_exchange;
mod partition_interval;
mod partition_reorg;
mod plsql;
mod plsql_vars;
mod program;
mod redo_ddl;
mod redo_layout;
mod reverse_key;
mod row_move;
mod row_undo;
mod run;
mod schema;
mod shrink;
pub use crate::instance::row_locks;
mod smart_scan;
mod space;
mod sql_monitor;
mod sqlcl;
mod sqlplus;
mod sqltrace;
mod sqltrace_file;
mod state;
mod stats_on_load;
mod step;
mod temp_table;
pub mod txn;
mod types;
mod util;
mod view;
mod workload;
mod xplan;

use crate::catalog::{Catalog, SegmentKind, TableId};
use crate::engine::EngineConfig;
use crate::exec::{self, Compiled, Env, EvalCtx, LineStat, PlanCtx};
use crate::instance::params::Parameters;
use crate::instance::version::VersionProfile;
use crate::instance::Instance;
use crate::kernel;
pub(crate) use crate::kernel::limits::WorkBase;
pub use crate::kernel::limits::WorkLimit;
pub(crate) use crate::kernel::names::same_name;
use crate::random::DbmsRandom;
use crate::result::{PlanLineOut, RunOut, WaitOut};
use crate::sga::cache::PoolKind;
use crate::sim::cost::{CostModel, StackId};
use crate::stats::{LedgerNow, SessionStats, Snapshot, TimeMark};
use crate::trace::{kind, TraceSink};
use crate::value::Value;
use kernel::OpStacks;
use lio_sql::ast::*;
use lio_sql::{ora, LabError};
use net::{CallStacks, Client};
use std::collections::BTreeMap;

use crate::kernel::limits::memory_error;
pub(crate) use cursor::FetchPolicy;
pub(crate) use plsql_vars::{assign_into, declare_var, one_row, set_var, var_type};
pub(crate) use sqlplus::substitute_unit;
pub use state::Session;
pub(crate) use state::{Autotrace, LastCursor, Outcome, Run, SqlPlusState, LAB_USER};
pub(crate) use step::StepRun;
pub use util::trimmed_mean;
pub(crate) use util::{kind_of, kind_of_text, named, pool_of, replace_binds, round3, rows_created, rows_done};
