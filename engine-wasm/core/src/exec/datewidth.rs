//! SQL*Plus's width of a DATE column: whether an expression is a DATE,
//! and the width of the session's date format.

use super::expr::{CExpr, Func};
use crate::date::{self, Date};
use crate::value::Value;
use lio_sql::ast::BinaryOp;

/// Whether `e`'s result is a DATE (its column width is then the date
/// format's). Depth-limited: a deeper tree is taken as not a date.
pub fn is_date(e: &CExpr, cat: &crate::catalog::Catalog) -> bool {
    fn go(e: &CExpr, cat: &crate::catalog::Catalog, depth: u32) -> bool {
        use CExpr as C;
        if depth > 64 {
            return false;
        }
        match e {
            C::Const(v) | C::Varchar(v) => matches!(v, Value::Date(_)),
            C::Col { table, col, .. } => cat
                .tables
                .get(*table)
                .and_then(|t| t.columns.get(*col))
                .is_some_and(|c| c.data_type == lio_sql::ast::DataType::Date),
            C::Func(Func::Date(f), ..) => f.gives_date(),
            C::Func(Func::Round | Func::Trunc | Func::Nvl | Func::Greatest | Func::Least, args, _) => {
                args.first().is_some_and(|a| go(a, cat, depth + 1))
            }
            C::Bin(BinaryOp::Add, a, b, _) => go(a, cat, depth + 1) || go(b, cat, depth + 1),
            C::Bin(BinaryOp::Sub, a, b, _) => go(a, cat, depth + 1) && !go(b, cat, depth + 1),
            _ => false,
        }
    }
    go(e, cat, 0)
}

/// SQL*Plus's width of a DATE column: the length of a date in the
/// session's NLS_DATE_FORMAT (`DD-MON-RR`: 9), its longest month and
/// day names counted.
pub fn nls_width() -> u32 {
    let widest = Date::from_civil(date::Civil { year: 2000, month: 9, day: 27, hour: 23, minute: 59, second: 59 });
    widest.map_or(9, |d| Value::Date(d).to_string().chars().count() as u32)
}
