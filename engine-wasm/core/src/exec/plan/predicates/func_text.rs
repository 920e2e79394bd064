//! A function call in Predicate Information, as Oracle prints it.
//!
//! - `SYSDATE` is `SYSDATE@!` and `USER` is `USER@!` (their values are the
//!   executing session's, Oracle's mark for it).
//! - A DATE column read by a datetime function is wrapped in
//!   `INTERNAL_FUNCTION` (the column's external DATE converted to the
//!   function's internal datetime): `TO_CHAR(INTERNAL_FUNCTION("D"),'YYYY')`,
//!   `TRUNC(INTERNAL_FUNCTION("MODIFIED"))>=SYSDATE@!-7`,
//!   `ADD_MONTHS(INTERNAL_FUNCTION("A"."CLEADATE"),(-1))`,
//!   `EXTRACT(YEAR FROM INTERNAL_FUNCTION("D"))`; a number column is not
//!   (`TO_CHAR("EMPNO")='7369'`).
//! - The format of a date's TRUNC or ROUND is Oracle's normalised one,
//!   `fm` and the element in lower case: `TRUNC(SYSDATE@!,'fmmm')`; a
//!   TO_CHAR's format prints as written.
//!
//! Published plans: blog.pythian.com "Where did the filter come from?"
//! (Alex Fatkulin, 2010: `ADD_MONTHS(TRUNC(SYSDATE@!,'fmmm'),(-1))`), and
//! the 11g-19c plans quoted in tests/predicate_functions.rs.

use super::super::super::expr::{CExpr, Func};
use super::Writer;
use crate::exec::datefn::DateFn;
use crate::value::Value;
use lio_sql::ast::DataType;

impl Writer<'_> {
    /// A function call: its name and arguments.
    pub(super) fn func_text(&self, f: &Func, args: &[CExpr]) -> String {
        let name = match f {
            Func::Math(m) => m.name().to_string(),
            Func::Rowid => return "ROWID".into(),
            Func::User => return "USER@!".into(),
            Func::Date(DateFn::Sysdate) => return "SYSDATE@!".into(),
            Func::Date(DateFn::Extract) => return self.extract_text(args),
            Func::Date(d) => date_fn_name(*d).to_string(),
            f => func_name(&format!("{f:?}")),
        };
        let datetime = match f {
            Func::Date(_) => true,
            Func::Trunc | Func::Round | Func::ToChar => args.first().is_some_and(|a| self.is_date(a)),
            _ => false,
        };
        let trunc_round =
            datetime && matches!(f, Func::Trunc | Func::Round | Func::Date(DateFn::Trunc) | Func::Date(DateFn::Round));
        let a: Vec<String> = args
            .iter()
            .enumerate()
            .map(|(i, a)| match a {
                CExpr::Const(Value::Str(fmt)) if trunc_round && i == 1 => {
                    format!("'fm{}'", fmt.to_ascii_lowercase().replace('\'', "''"))
                }
                _ if datetime => self.datetime_arg(a),
                _ => self.expr(a, 0),
            })
            .collect();
        format!("{name}({})", a.join(","))
    }

    /// `EXTRACT(field FROM d)`: the field's name, then the date.
    fn extract_text(&self, args: &[CExpr]) -> String {
        match args {
            [CExpr::Const(Value::Str(field)), d] => format!("EXTRACT({field} FROM {})", self.datetime_arg(d)),
            _ => format!("EXTRACT({})", args.iter().map(|a| self.expr(a, 0)).collect::<Vec<_>>().join(",")),
        }
    }

    /// An argument of a datetime function: a DATE column converted.
    fn datetime_arg(&self, a: &CExpr) -> String {
        if self.is_date_column(a) {
            format!("INTERNAL_FUNCTION({})", self.expr(a, 0))
        } else {
            self.expr(a, 0)
        }
    }

    fn is_date_column(&self, e: &CExpr) -> bool {
        let CExpr::Col { table, col, .. } = e else { return false };
        let c = self.cat.tables.get(*table).and_then(|t| t.columns.get(*col));
        c.is_some_and(|c| matches!(c.data_type, DataType::Date))
    }

    /// Whether `e` is a DATE (a column, SYSDATE or a date function's result).
    fn is_date(&self, e: &CExpr) -> bool {
        match e {
            CExpr::Const(Value::Date(_)) => true,
            CExpr::Func(Func::Date(d), ..) => d.gives_date(),
            CExpr::Func(Func::Trunc | Func::Round, a, _) => a.first().is_some_and(|a| self.is_date(a)),
            _ => self.is_date_column(e),
        }
    }
}

fn date_fn_name(d: DateFn) -> &'static str {
    match d {
        DateFn::Sysdate => "SYSDATE@!",
        DateFn::ToDate => "TO_DATE",
        DateFn::ToChar => "TO_CHAR",
        DateFn::Round => "ROUND",
        DateFn::Trunc => "TRUNC",
        DateFn::AddMonths => "ADD_MONTHS",
        DateFn::MonthsBetween => "MONTHS_BETWEEN",
        DateFn::LastDay => "LAST_DAY",
        DateFn::NextDay => "NEXT_DAY",
        DateFn::Extract => "EXTRACT",
        // Printed by `cast_or_interval` as the interval they add.
        DateFn::AddSeconds | DateFn::AddMonthsExact => "INTERNAL_FUNCTION",
    }
}

/// `ToChar` -> `TO_CHAR`.
fn func_name(debug: &str) -> String {
    let mut s = String::new();
    for (i, c) in debug.chars().take_while(|c| c.is_ascii_alphanumeric()).enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            s.push('_');
        }
        s.push(c.to_ascii_uppercase());
    }
    s
}
