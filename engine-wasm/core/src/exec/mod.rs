//! SQL execution: expressions, the optimizer and the row sources.

mod agg_stats;
pub mod cast;
pub mod convert;
pub mod datefn;
pub mod datewidth;
pub mod dictionary;
pub mod dictionary_objects;
pub mod expr;
pub mod expr_walk;
pub mod fixed;
pub mod fixed_ash;
pub mod fixed_sqlmon;
pub mod fold;
pub mod func;
mod func_choose;
mod func_math;
pub mod hash;
pub mod hash_area;
pub mod hier_area;
pub mod join_mode;
pub mod key_index;
pub mod like;
pub mod merge_area;
pub mod numfmt;
mod pad;
pub mod plan;
pub mod row_source;
pub mod rowid;
pub mod scalar;
pub mod window_area;
pub mod workarea;
pub mod xplan;

pub use datefn::date_expr;
pub use expr::{CExpr, Env, EvalCtx};
pub use plan::{compile, compile_scalar, Compiled, PlanCtx, PlanLine};
pub use row_source::{LineStat, Op, RowStats, Rt};
