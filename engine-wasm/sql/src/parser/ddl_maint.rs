//! `TRUNCATE TABLE` and `ANALYZE TABLE | INDEX`.

use super::{Parser, R};
use crate::ast::*;
use crate::lexer::Tok;
use crate::ora;

impl Parser<'_> {
    /// `TRUNCATE TABLE t [PRESERVE | PURGE MATERIALIZED VIEW LOG]
    /// [DROP [ALL] STORAGE | REUSE STORAGE]`.
    pub(super) fn truncate(&mut self) -> R<StatementKind> {
        self.bump(); // TRUNCATE
        if self.is_kw("CLUSTER") {
            return Err(self.unsupported("TRUNCATE CLUSTER"));
        }
        self.expect_kw("TABLE", ora::INVALID_SQL_STATEMENT)?;
        let name = self.object_name(ora::INVALID_TABLE_NAME)?;
        if self.eat_kw("PRESERVE") || self.eat_kw("PURGE") {
            self.missing_keyword("MATERIALIZED")?;
            self.missing_keyword("VIEW")?;
            self.missing_keyword("LOG")?;
        }
        let mut reuse_storage = false;
        if self.eat_kw("DROP") {
            self.eat_kw("ALL");
            self.missing_keyword("STORAGE")?;
        } else if self.eat_kw("REUSE") {
            self.missing_keyword("STORAGE")?;
            reuse_storage = true;
        }
        if self.is_kw("CASCADE") {
            return Err(self.unsupported("TRUNCATE ... CASCADE (referential constraints)"));
        }
        Ok(StatementKind::Truncate(Truncate { name, reuse_storage }))
    }

    /// `ANALYZE TABLE | INDEX name COMPUTE STATISTICS | ESTIMATE STATISTICS
    /// [SAMPLE n ROWS | PERCENT] | DELETE STATISTICS | VALIDATE STRUCTURE
    /// [CASCADE]`.
    pub(super) fn analyze(&mut self) -> R<StatementKind> {
        self.bump(); // ANALYZE
        let index = match self.word() {
            Some("TABLE") => false,
            Some("INDEX") => true,
            Some("CLUSTER") => return Err(self.unsupported("ANALYZE CLUSTER")),
            _ => return Err(self.fail(ora::INVALID_ANALYZE_COMMAND)),
        };
        self.bump();
        let name = self.object_name(ora::INVALID_TABLE_NAME)?;
        if self.is_kw("PARTITION") || self.is_kw("SUBPARTITION") {
            return Err(self.unsupported("partitioning"));
        }
        let action_pos = self.pos();
        let stats = |p: &mut Self| -> R<()> {
            p.eat_kw("SYSTEM");
            p.expect_kw("STATISTICS", ora::INVALID_ANALYZE_COMMAND)
        };
        let action = match self.word() {
            Some("COMPUTE") => {
                self.bump();
                stats(self)?;
                AnalyzeAction::Compute
            }
            Some("ESTIMATE") => {
                self.bump();
                stats(self)?;
                let mut sample = None;
                if self.is_kw("FOR") {
                    return Err(self.unsupported("ANALYZE ... FOR TABLE | ALL COLUMNS | ALL INDEXES clauses"));
                }
                if self.eat_kw("SAMPLE") {
                    let pos = self.pos();
                    let n = match self.tok().tok {
                        Tok::Number(n) => n.to_f64(),
                        _ => return Err(self.fail(ora::INVALID_ANALYZE_COMMAND)),
                    };
                    self.bump();
                    let percent = match self.word() {
                        Some("ROWS") => false,
                        Some("PERCENT") => true,
                        _ => return Err(self.fail(ora::INVALID_ANALYZE_COMMAND)),
                    };
                    self.bump();
                    sample = Some(AnalyzeSample { n, percent, pos });
                }
                AnalyzeAction::Estimate(sample)
            }
            Some("DELETE") => {
                self.bump();
                stats(self)?;
                AnalyzeAction::Delete
            }
            Some("VALIDATE") => {
                self.bump();
                if self.is_kw("REF") {
                    return Err(self.unsupported("ANALYZE ... VALIDATE REF UPDATE"));
                }
                self.expect_kw("STRUCTURE", ora::INVALID_ANALYZE_COMMAND)?;
                let cascade = self.eat_kw("CASCADE");
                if cascade && !self.eat_kw("COMPLETE") {
                    self.eat_kw("FAST");
                }
                if !self.eat_kw("OFFLINE") && self.is_kw("ONLINE") {
                    return Err(self.unsupported("ANALYZE ... VALIDATE STRUCTURE ONLINE"));
                }
                if self.is_kw("INTO") {
                    return Err(self.unsupported("ANALYZE ... VALIDATE STRUCTURE INTO a table"));
                }
                AnalyzeAction::Validate { cascade }
            }
            Some("LIST") => return Err(self.unsupported("ANALYZE ... LIST CHAINED ROWS")),
            _ => return Err(self.fail(ora::INVALID_ANALYZE_COMMAND)),
        };
        if self.is_kw("FOR") {
            return Err(self.unsupported("ANALYZE ... FOR TABLE | ALL COLUMNS | ALL INDEXES clauses"));
        }
        Ok(StatementKind::Analyze(Analyze { index, name, action, action_pos }))
    }
}
