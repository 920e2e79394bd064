//! SQL execution: expressions, the optimizer and the row sources.

pub mod expr;
pub mod ops;
pub mod plan;

pub use expr::{CExpr, Env, EvalCtx};
pub use ops::{LineStat, Op, Rt};
pub use plan::{compile, compile_scalar, Compiled, PlanCtx, PlanLine};
