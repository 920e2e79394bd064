//! A dictionary view's columns as a release and SQL*Plus see them: the
//! last column a release lacks, and each column's display width.

impl super::DictView {
    /// Whether the release lacks the view's last column: TAB_HISTOGRAMS'
    /// ENDPOINT_REPEAT_COUNT (12c), TABLES' and INDEXES' SEGMENT_CREATED
    /// (11.2, deferred segment creation).
    pub fn lacks_last_column(self, hybrid_histograms: bool, deferred_segment_creation: bool) -> bool {
        use super::DictView::*;
        match self {
            TabHistograms | DbaTabHistograms => !hybrid_histograms,
            Tables | DbaTables | Indexes | DbaIndexes => !deferred_segment_creation,
            _ => false,
        }
    }

    /// SQL*Plus's width of column `col`: a character column's declared
    /// length (identifiers are 30 bytes up to 12.1, 128 from 12.2; USER_TAB_COLUMNS'
    /// DATA_DEFAULT, a LONG, SET LONG's 80); 0 for a number (NUMWIDTH applies).
    pub fn width(self, col: usize, identifier_bytes: u32) -> u32 {
        use super::cols::ColType::*;
        match self.typed_columns().get(col).map(|c| c.1) {
            Some(Name) => identifier_bytes,
            Some(Text(n)) => n,
            Some(ObjectType) if identifier_bytes > 30 => 23,
            Some(ObjectType) => 19,
            Some(Num | DateCol) | None => 0,
        }
    }
}
