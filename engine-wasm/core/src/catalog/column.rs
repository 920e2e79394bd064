//! Columns made other than by a declaration.

use super::Column;
use lio_sql::ast::DataType;

impl Column {
    /// A column CREATE TABLE AS SELECT derived from its query: nullable,
    /// sized from its rows, no DEFAULT.
    pub fn derived(name: String, data_type: DataType) -> Column {
        let (type_text, default, dict_default, nn) = (None, None, None, None);
        let (not_null, identity, default_on_null, default_text) = (false, None, false, None);
        Column {
            name,
            data_type,
            not_null,
            identity,
            type_text,
            default,
            default_on_null,
            default_text,
            dict_default,
            nn,
        }
    }
}
