//! The optimizer's decisions, apart from building operators: each access
//! path (`access_path/<kind>.rs`) costs the ways to reach one table
//! reference's rows as candidates; `access_path::rank` picks one; `join`
//! orders the table references and costs the nested loops between them;
//! `cost` holds the cost formulas they share (`sort` a sort's), `selectivity` the filter
//! predicates' share of the rows; `env` the
//! parameters a cursor is optimized under. `exec/plan` resolves names,
//! asks for the candidates, and assembles the chosen ones into operators.
//!
//! It reads the catalog, the SQL text (`lio_sql::ast`) and compiled
//! predicates (`exec::expr::CExpr`); nothing here imports `exec::plan`,
//! `exec::row_source` or `session`.

pub mod access_path;
pub mod acs;
pub mod cost;
pub mod dyn_sampling;
mod env;
pub mod features;
pub mod join;
pub mod predicate;
pub mod selectivity;
pub mod sort;

pub use env::OptEnv;
