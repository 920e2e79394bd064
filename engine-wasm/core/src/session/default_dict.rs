//! The dictionary of column defaults: USER_TAB_COLUMNS' DEFAULT_LENGTH,
//! DATA_DEFAULT (12.1+: DEFAULT_ON_NULL, IDENTITY_COLUMN) and
//! USER_TAB_IDENTITY_COLS.
//!
//! DATA_DEFAULT is the default's text as written, from its first
//! character to the next token (the spaces and line end after it
//! included: Jonathan Lewis, "data_default", 2021, 23 bytes for a
//! 22-character literal followed by a line end), DEFAULT_LENGTH its
//! length in bytes; after `MODIFY (c DEFAULT NULL)` it is that NULL. A
//! default reading a sequence is kept by its full name (`"LAB"."S"."NEXTVAL"`:
//! sequences in defaults "are always stored in the data dictionary with
//! fully qualified names", Oracle's SQL Reference); an identity column's
//! is `"LAB"."ISEQ$$_<n>".nextval` (dbastreet.com, 12.1:
//! `"SCOTT"."ISEQ$$_92434".nextval`).
//!
//! USER_TAB_IDENTITY_COLS: GENERATION_TYPE ALWAYS or BY DEFAULT (ON NULL
//! shows in USER_TAB_COLUMNS.DEFAULT_ON_NULL), the sequence, and its
//! options as Connor McDonald's 2024 listing prints them: `START WITH: 1,
//! INCREMENT BY: 1, MAX_VALUE: 9999999999999999999999999999, MIN_VALUE: 1,
//! CYCLE_FLAG: N, CACHE_SIZE: 20, ORDER_FLAG: N, SCALE_FLAG: N,
//! EXTEND_FLAG: N, SESSION_FLAG: N, KEEP_VALUE: N` (18c+; 12.1 ended at
//! ORDER_FLAG, a release the lab has no profile of).

use super::*;
use crate::catalog::sequence::Identity;
use crate::catalog::{Column, Table};

/// DEFAULT_LENGTH, DATA_DEFAULT, DEFAULT_ON_NULL and IDENTITY_COLUMN of
/// column `c` of table `t`.
pub(super) fn default_columns(schema: &str, t: &Table, c: &Column) -> [Value; 4] {
    let text = match (&c.identity, &c.default) {
        (Some(_), _) => Some(format!("\"{schema}\".\"ISEQ$$_{}\".nextval", t.stamp.id)),
        (None, Some(Expr::Column { qualifier: Some(q), name }))
            if matches!(name.name.as_str(), "NEXTVAL" | "CURRVAL") =>
        {
            Some(format!("\"{schema}\".\"{}\".\"{}\"", q.name, name.name))
        }
        _ => c.default_text.clone(),
    };
    let yes_no = |b: bool| Value::str(if b { "YES" } else { "NO" });
    [
        text.as_ref().map_or(Value::Null, |s| Value::from_f64(s.len() as f64)),
        text.as_deref().map_or(Value::Null, Value::str),
        yes_no(c.default_on_null),
        yes_no(c.identity.is_some()),
    ]
}

impl Run<'_> {
    /// USER_TAB_COLUMNS' rows (`dictionary.rs`'s) with DEFAULT_LENGTH and
    /// DATA_DEFAULT after COLUMN_ID (the 9th column, OWNER aside), and
    /// DEFAULT_ON_NULL and IDENTITY_COLUMN at the end.
    pub(super) fn tab_columns_rows(&self) -> Vec<Vec<Value>> {
        let schema = &self.inst.cat.schema;
        let mut out = Vec::new();
        let bytes = self.inst.profile.stats_value_bytes;
        for t in self.inst.cat.tables.iter().filter(|t| !t.dropped && !t.sys) {
            for (mut row, c) in super::column_dict::tab_column_rows(t, bytes).into_iter().zip(&t.columns) {
                let [length, default, on_null, identity] = default_columns(schema, t, c);
                row.splice(8..8, [length, default]);
                row.extend([on_null, identity]);
                out.push(row);
            }
        }
        out
    }

    /// USER_TAB_IDENTITY_COLS' rows: the schema's identity columns.
    pub(super) fn identity_col_rows(&self) -> Vec<Vec<Value>> {
        let cat = &self.inst.cat;
        let tables = cat.tables.iter().filter(|t| !t.dropped && !t.sys);
        let flag = |b: bool| if b { "Y" } else { "N" };
        let mut rows = Vec::new();
        for t in tables {
            for c in &t.columns {
                let Some(kind) = c.identity else { continue };
                let name = format!("ISEQ$$_{}", t.stamp.id);
                let options = cat.sequence(&name).map_or(Value::Null, |s| {
                    Value::str(&format!(
                        "START WITH: {}, INCREMENT BY: {}, MAX_VALUE: {}, MIN_VALUE: {}, CYCLE_FLAG: {}, \
                         CACHE_SIZE: {}, ORDER_FLAG: {}, SCALE_FLAG: N, EXTEND_FLAG: N, SESSION_FLAG: N, \
                         KEEP_VALUE: N",
                        s.start,
                        s.increment,
                        s.max,
                        s.min,
                        flag(s.cycle),
                        s.cache,
                        flag(s.order)
                    ))
                });
                let kind = if kind == Identity::Always { "ALWAYS" } else { "BY DEFAULT" };
                rows.push(vec![Value::str(&t.name), Value::str(&c.name), Value::str(kind), Value::str(&name), options]);
            }
        }
        rows
    }
}
