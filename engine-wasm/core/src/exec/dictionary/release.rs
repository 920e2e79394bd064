//! A dictionary view's columns as a release and SQL*Plus see them: the
//! last column a release lacks, and each column's display width.

impl super::DictView {
    /// Whether the release lacks the view's last column: TAB_HISTOGRAMS'
    /// ENDPOINT_REPEAT_COUNT (12c), TABLES', INDEXES', TAB_PARTITIONS' and
    /// TAB_SUBPARTITIONS' SEGMENT_CREATED (11.2, deferred segment creation).
    pub fn lacks_last_column(self, hybrid_histograms: bool, deferred_segment_creation: bool) -> bool {
        use super::DictView::*;
        match self {
            TabHistograms | DbaTabHistograms => !hybrid_histograms,
            Tables | DbaTables | Indexes | DbaIndexes | TabPartitions | TabSubpartitions => !deferred_segment_creation,
            _ => false,
        }
    }

    /// SQL*Plus's width of column `col` ([`super::ColType::width`];
    /// USER_TAB_COLUMNS' DATA_DEFAULT, a LONG, is SET LONG's 80).
    pub fn width(self, col: usize, identifier_bytes: u32) -> u32 {
        self.typed_columns().get(col).map_or(0, |c| c.1.width(identifier_bytes))
    }
}

impl super::DictView {
    /// USER_TAB_STATISTICS' (and DBA_'s) form with 11.2's columns.
    pub fn release_11(self) -> Self {
        use super::DictView::*;
        match self {
            TabStatistics => TabStatistics11,
            DbaTabStatistics => DbaTabStatistics11,
            d => d,
        }
    }
}
