//! CREATE TABLE's partitioning clause: `PARTITION BY RANGE | LIST | HASH
//! (column) [INTERVAL (expr)] (PARTITION name VALUES ..., ...)` and `PARTITION
//! BY HASH (column) PARTITIONS n`, and composite partitioning under
//! RANGE, LIST, HASH or INTERVAL (`SUBPARTITION BY HASH (column)
//! [SUBPARTITIONS n]` or `SUBPARTITION BY ... SUBPARTITION TEMPLATE (...)`;
//! which release has which: the session's). Other composite forms, reference,
//! system and automatic list partitioning, and keys of more than one column
//! are LAB-00001, naming what was written.

use super::{Parser, R};
use crate::ast::*;
use crate::error::LabError;
use crate::lexer::Tok;
use crate::ora;

impl Parser<'_> {
    /// At `PARTITION`: the clause up to its closing parenthesis.
    pub(super) fn partition_by(&mut self) -> R<PartitionBy> {
        let pos = self.pos();
        self.bump();
        self.missing_keyword("BY")?;
        let method = match self.word() {
            Some("RANGE") => PartitionMethod::Range,
            Some("LIST") => PartitionMethod::List,
            Some("HASH") => PartitionMethod::Hash,
            Some("REFERENCE") => return Err(self.unsupported("reference partitioning")),
            Some("SYSTEM") => return Err(self.unsupported("system partitioning")),
            _ => return Err(self.fail(ora::MISSING_OR_INVALID_OPTION)),
        };
        self.bump();
        self.lparen()?;
        let mut columns = vec![self.column_ident()?];
        if self.is(&Tok::Comma) {
            return Err(self.unsupported("partition keys of more than one column"));
        }
        self.rparen()?;
        let mut p = PartitionBy {
            method,
            columns: Vec::new(),
            interval: None,
            interval_pos: pos,
            partitions: Vec::new(),
            count: None,
            sub: None,
            pos,
        };
        p.columns.append(&mut columns);
        if method == PartitionMethod::Range && self.is_kw("INTERVAL") {
            p.interval_pos = self.pos();
            self.bump();
            self.lparen()?;
            p.interval = Some(self.expr()?);
            self.rparen()?;
            if self.is_kw("STORE") {
                return Err(self.unsupported("INTERVAL ... STORE IN"));
            }
        }
        if method == PartitionMethod::List && self.is_kw("AUTOMATIC") {
            return Err(self.unsupported("automatic list partitioning"));
        }
        if self.is_kw("SUBPARTITION") {
            p.sub = Some(Box::new(self.subpartition_by(&p)?));
        }
        if method == PartitionMethod::Hash && self.eat_kw("PARTITIONS") {
            let at = self.pos();
            let n = self.uint(ora::MISSING_OR_INVALID_OPTION)?;
            if !(1..=1024).contains(&n) {
                return Err(LabError::with(
                    ora::LAB_UNSUPPORTED,
                    "hash partitioning into more than 1024 partitions",
                    at,
                ));
            }
            p.count = Some(n);
            if self.is_kw("STORE") {
                return Err(self.unsupported("PARTITIONS n STORE IN"));
            }
            return Ok(p);
        }
        self.lparen()?;
        loop {
            p.partitions.push(self.partition_def(method, None)?);
            if !self.eat(&Tok::Comma) {
                break;
            }
            if p.partitions.len() >= 1024 {
                return Err(self.unsupported("more than 1024 partitions"));
            }
        }
        self.rparen()?;
        Ok(p)
    }

    /// At `SUBPARTITION`: `SUBPARTITION BY HASH (column) [SUBPARTITIONS
    /// n]` or `SUBPARTITION BY HASH | LIST | RANGE (column) SUBPARTITION
    /// TEMPLATE (...)` under a RANGE, LIST or HASH partitioning (which
    /// release has which: the session's); every other composite form is
    /// LAB-00001, named, at its first word.
    fn subpartition_by(&mut self, p: &PartitionBy) -> R<SubpartitionBy> {
        let pos = self.pos();
        let method = match (self.nth_is_kw(1, "BY"), self.nth_word(2)) {
            (true, Some("HASH")) => PartitionMethod::Hash,
            (true, Some("LIST")) => PartitionMethod::List,
            (true, Some("RANGE")) => PartitionMethod::Range,
            _ => return Err(self.unsupported("composite partitioning (this SUBPARTITION clause)")),
        };
        self.bump();
        self.bump();
        self.bump();
        self.lparen()?;
        let column = self.column_ident()?;
        if self.is(&Tok::Comma) {
            return Err(self.unsupported("subpartition keys of more than one column"));
        }
        self.rparen()?;
        let mut sub = SubpartitionBy { method, column, count: 1, template: Vec::new(), pos };
        if method == PartitionMethod::Hash && self.eat_kw("SUBPARTITIONS") {
            let at = self.pos();
            sub.count = self.uint(ora::MISSING_OR_INVALID_OPTION)?;
            if !(1..=1024).contains(&sub.count) {
                return Err(LabError::with(
                    ora::LAB_UNSUPPORTED,
                    "hash subpartitioning into none or more than 1024 subpartitions",
                    at,
                ));
            }
            if self.is_kw("STORE") {
                return Err(self.unsupported("SUBPARTITIONS n STORE IN"));
            }
        } else if self.is_kw("SUBPARTITION") && self.nth_is_kw(1, "TEMPLATE") {
            self.bump();
            self.bump();
            self.lparen()?;
            loop {
                sub.template.push(self.partition_def_as("SUBPARTITION", method, Some("on a subpartition"))?);
                if !self.eat(&Tok::Comma) {
                    break;
                }
                if sub.template.len() >= 1024 {
                    return Err(self.unsupported("more than 1024 subpartitions"));
                }
            }
            self.rparen()?;
            sub.count = sub.template.len() as u32;
        } else if method != PartitionMethod::Hash {
            let what = format!("SUBPARTITION BY {} without a SUBPARTITION TEMPLATE", method.word());
            return Err(LabError::with(ora::LAB_UNSUPPORTED, what, pos));
        }
        if self.is_kw("SUBPARTITION") {
            return Err(self.unsupported("composite partitioning (this SUBPARTITION clause)"));
        }
        if self.is_kw("PARTITIONS") && p.method != PartitionMethod::Hash {
            return Err(self.unsupported("composite partitioning (PARTITIONS n under SUBPARTITION BY)"));
        }
        Ok(sub)
    }

    /// `ALTER TABLE t` at `ADD | DROP | TRUNCATE | SPLIT | EXCHANGE
    /// PARTITION ...`, `MERGE PARTITIONS ...` or `TRUNCATE SUBPARTITION
    /// ...`; the other partition maintenance operations are LAB-00001,
    /// named.
    pub(super) fn alter_partition(&mut self, name: Ident) -> R<StatementKind> {
        let verb = self.word().unwrap_or_default().to_string();
        let what = if verb == "MERGE" { "PARTITIONS" } else { "PARTITION" };
        let known = matches!(verb.as_str(), "ADD" | "DROP" | "TRUNCATE" | "SPLIT" | "EXCHANGE" | "MERGE");
        if verb == "TRUNCATE" && self.nth_is_kw(1, "SUBPARTITION") {
            self.bump();
            self.bump();
            let s = self.column_ident()?;
            let update = self.index_upkeep()? != IndexUpkeep::None;
            return Ok(StatementKind::AlterTable(AlterTable {
                name,
                action: AlterTableAction::TruncateSubpartition(s, update),
            }));
        }
        if !known || !self.nth_is_kw(1, what) {
            let what = self.nth_word(1).unwrap_or_default().to_string();
            return Err(self.unsupported(format!("ALTER TABLE ... {verb} {what}")));
        }
        self.bump();
        let action = match verb.as_str() {
            "ADD" => {
                // The bound says the method: VALUES LESS THAN (range), VALUES (list), none (hash).
                let at = if self.nth_is_kw(1, "VALUES") { 1 } else { 2 };
                let method = match (self.nth_is_kw(at, "VALUES"), self.nth_is_kw(at + 1, "LESS")) {
                    (true, true) => PartitionMethod::Range,
                    (true, false) => PartitionMethod::List,
                    _ => PartitionMethod::Hash,
                };
                let d = self.partition_def(method, Some("in ADD PARTITION"))?;
                self.index_upkeep()?;
                AlterTableAction::AddPartition(d)
            }
            "SPLIT" | "MERGE" | "EXCHANGE" => AlterTableAction::Reorganize(Box::new(self.reorganize(&verb)?)),
            _ => {
                self.bump();
                let p = self.column_ident()?;
                let update = self.index_upkeep()? != IndexUpkeep::None;
                if verb == "DROP" {
                    AlterTableAction::DropPartition(p, update)
                } else {
                    AlterTableAction::TruncatePartition(p, update)
                }
            }
        };
        Ok(StatementKind::AlterTable(AlterTable { name, action }))
    }

    /// After `SPLIT | MERGE | EXCHANGE`, at `PARTITION[S]`.
    fn reorganize(&mut self, verb: &str) -> R<Reorganize> {
        self.bump();
        let name = self.column_ident()?;
        Ok(match verb {
            "SPLIT" => {
                if self.is_kw("VALUES") {
                    return Err(self.unsupported("SPLIT PARTITION ... VALUES (a list partition's split)"));
                }
                self.missing_keyword("AT")?;
                self.lparen()?;
                let at = self.expr()?;
                if self.is(&Tok::Comma) {
                    return Err(self.unsupported("partition keys of more than one column"));
                }
                self.rparen()?;
                let mut into = Vec::new();
                if self.eat_kw("INTO") {
                    self.lparen()?;
                    into.push(self.partition_def(PartitionMethod::Hash, Some("in SPLIT PARTITION"))?);
                    if !self.eat(&Tok::Comma) {
                        return Err(self.fail(ora::MISSING_COMMA));
                    }
                    into.push(self.partition_def(PartitionMethod::Hash, Some("in SPLIT PARTITION"))?);
                    self.rparen()?;
                }
                Reorganize::Split { name, at, into, update: self.index_upkeep()? }
            }
            "MERGE" => {
                if !self.eat(&Tok::Comma) {
                    return Err(self.fail(ora::MISSING_COMMA));
                }
                let second = self.column_ident()?;
                if self.is(&Tok::Comma) {
                    return Err(self.unsupported("MERGE PARTITIONS of more than two partitions"));
                }
                let into = if self.eat_kw("INTO") {
                    Some(self.partition_def(PartitionMethod::Hash, Some("in MERGE PARTITIONS"))?)
                } else {
                    None
                };
                Reorganize::Merge { names: [name, second], into, update: self.index_upkeep()? }
            }
            _ => {
                self.missing_keyword("WITH")?;
                self.missing_keyword("TABLE")?;
                let table = self.object_name(ora::INVALID_TABLE_NAME)?;
                let (mut including, mut validation) = (false, true);
                loop {
                    if (self.is_kw("INCLUDING") || self.is_kw("EXCLUDING")) && self.nth_is_kw(1, "INDEXES") {
                        including = self.is_kw("INCLUDING");
                        self.bump();
                        self.bump();
                    } else if (self.is_kw("WITH") || self.is_kw("WITHOUT")) && self.nth_is_kw(1, "VALIDATION") {
                        validation = self.is_kw("WITH");
                        self.bump();
                        self.bump();
                    } else {
                        break;
                    }
                }
                if self.is_kw("EXCEPTIONS") {
                    return Err(self.unsupported("EXCHANGE PARTITION ... EXCEPTIONS INTO"));
                }
                Reorganize::Exchange { name, table, including, validation, update: self.index_upkeep()? }
            }
        })
    }

    /// A maintenance operation's tail: `[DROP [ALL] | REUSE STORAGE]`
    /// `[UPDATE [GLOBAL] INDEXES | INVALIDATE GLOBAL INDEXES]`.
    fn index_upkeep(&mut self) -> R<IndexUpkeep> {
        let mut update = IndexUpkeep::None;
        loop {
            if self.eat_kw("DROP") || self.eat_kw("REUSE") {
                self.eat_kw("ALL");
                self.missing_keyword("STORAGE")?;
            } else if self.is_kw("UPDATE") || self.is_kw("INVALIDATE") {
                let up = self.is_kw("UPDATE");
                self.bump();
                let global = self.eat_kw("GLOBAL");
                if up && !global && self.is(&Tok::LParen) {
                    return Err(self.unsupported("UPDATE INDEXES with an index list"));
                }
                self.missing_keyword("INDEXES")?;
                update = match (up, global) {
                    (false, _) => IndexUpkeep::None,
                    (true, true) => IndexUpkeep::Global,
                    (true, false) => IndexUpkeep::All,
                };
            } else if self.is_kw("PARALLEL") || self.is_kw("NOPARALLEL") || self.is_kw("ONLINE") {
                let w = self.word().unwrap_or_default().to_string();
                return Err(self.unsupported(format!("{w} partition maintenance")));
            } else {
                return Ok(update);
            }
        }
    }

    /// After CREATE INDEX's columns, at `LOCAL` or `GLOBAL`: `LOCAL [(PARTITION
    /// [name] [physical attributes], ...)]`, `GLOBAL [PARTITION BY RANGE |
    /// HASH (column) (...)]`.
    pub(super) fn index_partitioning(&mut self) -> R<IndexPartitioning> {
        let pos = self.pos();
        if self.eat_kw("LOCAL") {
            if self.is_kw("STORE") {
                return Err(self.unsupported("LOCAL STORE IN"));
            }
            let mut parts = Vec::new();
            if self.eat(&Tok::LParen) {
                loop {
                    parts.push(self.partition_def(PartitionMethod::Hash, Some("on an index partition"))?);
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                    if parts.len() >= 1024 {
                        return Err(self.unsupported("more than 1024 partitions"));
                    }
                }
                self.rparen()?;
            }
            return Ok(IndexPartitioning::Local(parts, pos));
        }
        self.bump();
        if !self.is_kw("PARTITION") {
            return Ok(IndexPartitioning::Global(None));
        }
        if self.nth_word(2) == Some("LIST") {
            return Err(self.unsupported("GLOBAL PARTITION BY LIST"));
        }
        let p = self.partition_by()?;
        if p.interval.is_some() {
            return Err(LabError::with(ora::LAB_UNSUPPORTED, "INTERVAL on a global index", p.pos));
        }
        if let Some(s) = &p.sub {
            return Err(LabError::with(ora::LAB_UNSUPPORTED, "a composite-partitioned global index", s.pos));
        }
        if let Some((_, at)) = p.partitions.iter().find_map(|d| d.segment_creation) {
            return Err(LabError::with(ora::LAB_UNSUPPORTED, "SEGMENT CREATION on an index partition", at));
        }
        Ok(IndexPartitioning::Global(Some(p)))
    }

    /// `PARTITION [name] [VALUES ...] [TABLESPACE ts] [physical attributes]`.
    /// `refused`: where a SEGMENT CREATION clause is not modelled (LAB-00001
    /// naming it; None: CREATE TABLE's partitions, which keep it).
    fn partition_def(&mut self, method: PartitionMethod, refused: Option<&str>) -> R<PartitionDef> {
        self.partition_def_as("PARTITION", method, refused)
    }

    /// A partition's (`kw` PARTITION) or a template subpartition's
    /// (SUBPARTITION) definition.
    fn partition_def_as(&mut self, kw: &str, method: PartitionMethod, refused: Option<&str>) -> R<PartitionDef> {
        let pos = self.pos();
        self.expect_kw(kw, ora::MISSING_KEYWORD)?;
        let name = if self.is_kw("VALUES") || self.is(&Tok::Comma) || self.is(&Tok::RParen) {
            None
        } else {
            Some(self.column_ident()?)
        };
        let bound = match method {
            PartitionMethod::Hash => PartitionBound::Hash,
            PartitionMethod::Range => {
                self.missing_keyword("VALUES")?;
                self.missing_keyword("LESS")?;
                self.missing_keyword("THAN")?;
                self.lparen()?;
                let b = if self.eat_kw("MAXVALUE") { None } else { Some(self.expr()?) };
                if self.is(&Tok::Comma) {
                    return Err(self.unsupported("partition keys of more than one column"));
                }
                self.rparen()?;
                PartitionBound::LessThan(b)
            }
            PartitionMethod::List => {
                self.missing_keyword("VALUES")?;
                self.lparen()?;
                if self.eat_kw("DEFAULT") {
                    self.rparen()?;
                    PartitionBound::Default
                } else {
                    let mut vals = vec![self.expr()?];
                    while self.eat(&Tok::Comma) {
                        vals.push(self.expr()?);
                    }
                    self.rparen()?;
                    PartitionBound::List(vals)
                }
            }
        };
        let (mut ph, mut segment_creation) = (Physical::default(), None);
        loop {
            if self.physical_option(&mut ph)? {
                continue;
            }
            if self.is_kw("SUBPARTITIONS") || self.is(&Tok::LParen) {
                let what = "composite partitioning (a partition's own subpartitions)";
                return Err(self.unsupported(what));
            }
            if self.is_kw("SEGMENT") {
                let at = self.pos();
                if let Some(what) = refused {
                    return Err(self.unsupported(format!("SEGMENT CREATION {what}")));
                }
                self.bump();
                self.expect_kw("CREATION", ora::MISSING_OR_INVALID_OPTION)?;
                let how = if self.eat_kw("IMMEDIATE") {
                    SegmentCreation::Immediate
                } else if self.eat_kw("DEFERRED") {
                    SegmentCreation::Deferred
                } else {
                    return Err(self.fail(ora::MISSING_OR_INVALID_OPTION));
                };
                segment_creation = Some((how, at));
                continue;
            }
            break;
        }
        Ok(PartitionDef { name, bound, tablespace: ph.tablespace, pos, segment_creation })
    }
}
