//! `CREATE TABLE | CLUSTER | INDEX`.

use super::keywords::is_reserved;
use super::{Parser, R};
use crate::ast::*;
use crate::error::LabError;
use crate::lexer::Tok;
use crate::ora;

impl Parser<'_> {
    pub(super) fn create(&mut self) -> R<StatementKind> {
        let start = self.pos();
        self.bump();
        let mut or_replace = false;
        if self.is_kw("OR") {
            self.bump();
            self.expect_kw("REPLACE", ora::MISSING_OR_INVALID_OPTION)?;
            or_replace = true;
        }
        if self.is_kw("VIEW") || (self.is_kw("NOFORCE") && self.nth_is_kw(1, "VIEW")) {
            return self.create_view(or_replace);
        }
        if self.is_kw("SEQUENCE") {
            // No CREATE OR REPLACE SEQUENCE: ORA-00922 at SEQUENCE.
            if or_replace {
                return Err(self.fail(ora::MISSING_OR_INVALID_OPTION));
            }
            return self.sequence_stmt(start, false);
        }
        if or_replace {
            return Err(self.unsupported("CREATE OR REPLACE"));
        }
        let Some(w) = self.word().map(str::to_string) else {
            return Err(self.fail(ora::INVALID_CREATE_COMMAND));
        };
        match w.as_str() {
            "TABLE" => {
                self.bump();
                self.create_table(false)
            }
            "CLUSTER" => {
                self.bump();
                self.create_cluster()
            }
            "UNIQUE" => {
                self.bump();
                self.expect_kw("INDEX", ora::MISSING_INDEX_KEYWORD)?;
                self.create_index(true)
            }
            "INDEX" => {
                self.bump();
                self.create_index(false)
            }
            "BITMAP" => {
                // `CREATE BITMAP UNIQUE INDEX` is ORA-00968, as Oracle has it.
                self.bump();
                self.expect_kw("INDEX", ora::MISSING_INDEX_KEYWORD)?;
                let mut s = self.create_index(false)?;
                if let StatementKind::CreateIndex(c) = &mut s {
                    if let Some((n @ 3.., at)) = c.physical.initrans {
                        return Err(LabError::unsupported(format!("INITRANS {n} for a bitmap index"), at));
                    }
                    c.bitmap = true;
                }
                Ok(s)
            }
            "TABLESPACE" => {
                self.bump();
                self.create_tablespace(false)
            }
            "TEMPORARY" if self.nth_is_kw(1, "TABLESPACE") => {
                self.bump();
                self.bump();
                self.create_tablespace(true)
            }
            "GLOBAL" if self.nth_is_kw(1, "TEMPORARY") && self.nth_is_kw(2, "TABLE") => {
                self.bump();
                self.bump();
                self.bump();
                self.create_table(true)
            }
            "GLOBAL" | "PRIVATE" | "SHARDED" | "DUPLICATED" | "BLOCKCHAIN" | "IMMUTABLE" => {
                Err(self.unsupported(format!("{w} tables")))
            }
            "VIEW" | "MATERIALIZED" | "SYNONYM" | "PUBLIC" | "USER" | "ROLE" | "DIRECTORY" | "DATABASE" | "TYPE"
            | "PROCEDURE" | "FUNCTION" | "PACKAGE" | "TRIGGER" | "FORCE" | "NOFORCE" | "EDITIONABLE"
            | "NONEDITIONABLE" | "CONTEXT" | "OUTLINE" | "PROFILE" | "LIBRARY" | "DIMENSION" | "JAVA" | "OPERATOR"
            | "INDEXTYPE" | "EDITION" | "AUDIT" | "PLUGGABLE" | "RESTORE" | "CONTROLFILE" | "SPFILE" | "PFILE"
            | "ROLLBACK" | "SCHEMA" | "FLASHBACK" | "LOCKDOWN" => Err(self.unsupported(format!("CREATE {w}"))),
            _ => Err(self.fail(ora::INVALID_CREATE_COMMAND)),
        }
    }

    /// `[TEMPORARY] TABLESPACE name DATAFILE|TEMPFILE 'file' SIZE n
    /// [AUTOEXTEND OFF]`: a tablespace of one file.
    fn create_tablespace(&mut self, temporary: bool) -> R<StatementKind> {
        let name = self.ident(ora::INVALID_CREATE_TABLESPACE_OPTION)?;
        let kw = if temporary { "TEMPFILE" } else { "DATAFILE" };
        self.expect_kw(kw, ora::INVALID_CREATE_TABLESPACE_OPTION)?;
        let file_pos = self.pos();
        let Tok::Str(file) = self.tok().tok.clone() else {
            return Err(self.fail(ora::INVALID_CREATE_TABLESPACE_OPTION));
        };
        self.bump();
        self.expect_kw("SIZE", ora::INVALID_CREATE_TABLESPACE_OPTION)?;
        let size = self.size_bytes(ora::INVALID_CREATE_TABLESPACE_OPTION)?;
        if self.eat_kw("AUTOEXTEND") && !self.eat_kw("OFF") {
            return Err(self.unsupported("AUTOEXTEND ON"));
        }
        Ok(StatementKind::CreateTablespace(CreateTablespace { name, temporary, file, file_pos, size }))
    }

    fn create_table(&mut self, temporary: bool) -> R<StatementKind> {
        let name = self.object_name(ora::INVALID_TABLE_NAME)?;
        let mut t = CreateTable {
            name,
            columns: Vec::new(),
            constraints: Vec::new(),
            organization_index: false,
            cluster: None,
            segment_creation: None,
            segment_creation_pos: Pos::default(),
            memoptimize_read: false,
            physical: Physical::default(),
            as_select: None,
            partitioning: None,
            temporary: temporary.then_some(OnCommit::DeleteRows),
        };
        let after_name = self.pos();
        let had_parens = self.is(&Tok::LParen);
        // CTAS column names: `(a, b)`.
        let mut names: Vec<Ident> = Vec::new();
        let mut name_only_pos: Option<Pos> = None;
        if had_parens {
            self.bump();
            loop {
                if matches!(self.word(), Some("CONSTRAINT" | "PRIMARY" | "UNIQUE" | "CHECK" | "FOREIGN")) {
                    t.constraints.push(self.table_constraint()?);
                } else if matches!(self.word(), Some("SUPPLEMENTAL" | "PERIOD")) {
                    return Err(self.unsupported(format!("{} clauses", self.symbol())));
                } else {
                    let col = self.column_ident()?;
                    if self.is(&Tok::Comma) || self.is(&Tok::RParen) {
                        name_only_pos.get_or_insert(self.pos());
                        names.push(col);
                    } else if matches!(
                        self.word(),
                        Some("CONSTRAINT" | "PRIMARY" | "UNIQUE" | "NOT" | "NULL" | "DEFAULT")
                    ) {
                        // CTAS: a name with constraints and no datatype.
                        name_only_pos.get_or_insert(self.pos());
                        names.push(col.clone());
                        t.columns.push(self.column_constraints(col, None)?);
                    } else {
                        t.columns.push(self.column_def(col)?);
                    }
                }
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            self.rparen()?;
        }
        let as_pos = self.create_table_options(&mut t)?;
        check_initrans(&t)?;
        match (&mut t.as_select, as_pos) {
            (Some(q), Some(ap)) => {
                if t.columns.iter().any(|c| c.typed) {
                    return Err(LabError::new(ora::MAY_NOT_SPECIFY_COLUMN_DATATYPES, ap));
                }
                if !names.is_empty() {
                    if names.len() != q.select.len() || q.select.iter().any(|s| !matches!(s, SelectItem::Expr { .. })) {
                        if q.select.iter().any(|s| !matches!(s, SelectItem::Expr { .. })) {
                            return Err(LabError::unsupported("CREATE TABLE (columns) AS SELECT *", ap));
                        }
                        return Err(LabError::new(ora::INVALID_NUMBER_OF_COLUMN_NAMES, ap));
                    }
                    for (item, n) in q.select.iter_mut().zip(names) {
                        if let SelectItem::Expr { alias, .. } = item {
                            *alias = Some(n);
                        }
                    }
                }
            }
            _ => {
                if let Some(p) = name_only_pos {
                    return Err(LabError::new(ora::INVALID_DATATYPE, p));
                }
                if !had_parens {
                    return Err(match &self.tok().tok {
                        Tok::Error(e) => e.clone(),
                        _ => LabError::new(ora::MISSING_LEFT_PARENTHESIS, after_name),
                    });
                }
            }
        }
        if t.columns.is_empty() && t.as_select.is_none() {
            return Err(self.fail_with(ora::INVALID_IDENTIFIER, ""));
        }
        Ok(StatementKind::CreateTable(t))
    }

    /// The options after CREATE TABLE's column list (physical attributes,
    /// ORGANIZATION, CLUSTER, SEGMENT CREATION, MEMOPTIMIZE FOR READ...) up
    /// to `AS query`: the position of `AS` (or SELECT) when a query follows.
    fn create_table_options(&mut self, t: &mut CreateTable) -> R<Option<Pos>> {
        loop {
            if self.is_kw("INITRANS") {
                t.physical.initrans = Some(self.initrans()?);
                continue;
            }
            if self.physical_option(&mut t.physical)? {
                continue;
            }
            match self.word() {
                Some("ORGANIZATION") => {
                    self.bump();
                    if self.eat_kw("INDEX") {
                        t.organization_index = true;
                    } else if self.eat_kw("HEAP") {
                        t.organization_index = false;
                    } else if self.is_kw("EXTERNAL") {
                        return Err(self.unsupported("external tables"));
                    } else {
                        return Err(self.fail(ora::MISSING_OR_INVALID_OPTION));
                    }
                }
                Some("CLUSTER") => {
                    self.bump();
                    let c = self.object_name(ora::MISSING_CLUSTER_NAME)?;
                    let cols = self.column_list()?;
                    t.cluster = Some((c, cols));
                }
                Some("SEGMENT") => {
                    t.segment_creation_pos = self.pos();
                    self.bump();
                    self.expect_kw("CREATION", ora::MISSING_OR_INVALID_OPTION)?;
                    t.segment_creation = Some(if self.eat_kw("IMMEDIATE") {
                        SegmentCreation::Immediate
                    } else if self.eat_kw("DEFERRED") {
                        SegmentCreation::Deferred
                    } else {
                        return Err(self.fail(ora::MISSING_OR_INVALID_OPTION));
                    });
                }
                Some("MEMOPTIMIZE") => {
                    self.bump();
                    self.missing_keyword("FOR")?;
                    if self.is_kw("WRITE") {
                        return Err(self.unsupported("MEMOPTIMIZE FOR WRITE"));
                    }
                    self.expect_kw("READ", ora::MISSING_OR_INVALID_OPTION)?;
                    t.memoptimize_read = true;
                }
                Some("PCTTHRESHOLD") => {
                    self.bump();
                    self.uint(ora::MISSING_OR_INVALID_OPTION)?;
                }
                Some("INCLUDING") => {
                    self.bump();
                    self.column_ident()?;
                }
                Some("OVERFLOW" | "MAPPING") => return Err(self.unsupported("index-organized table overflow")),
                Some("ON") if t.temporary.is_some() && self.nth_is_kw(1, "COMMIT") => {
                    self.bump();
                    self.bump();
                    let preserve = self.eat_kw("PRESERVE");
                    if !preserve {
                        self.expect_kw("DELETE", ora::MISSING_OR_INVALID_OPTION)?;
                    }
                    self.expect_kw("ROWS", ora::MISSING_OR_INVALID_OPTION)?;
                    t.temporary = Some(if preserve { OnCommit::PreserveRows } else { OnCommit::DeleteRows });
                }
                Some("PARTITION") => t.partitioning = Some(Box::new(self.partition_by()?)),
                Some("ENABLE" | "DISABLE") if self.nth_is_kw(1, "ROW") => {
                    self.bump();
                    self.bump();
                    self.missing_keyword("MOVEMENT")?;
                }
                Some("RESULT_CACHE" | "FLASHBACK" | "ILM" | "LOB" | "VARRAY" | "NESTED" | "XMLTYPE") => {
                    return Err(self.unsupported(format!("{} clauses", self.symbol())));
                }
                Some("AS") | Some("SELECT") => {
                    let as_pos = self.pos();
                    self.eat_kw("AS");
                    let q = if self.is(&Tok::LParen) && (self.nth_is_kw(1, "SELECT") || self.nth_is_kw(1, "WITH")) {
                        self.bump();
                        let q = self.query()?;
                        self.rparen()?;
                        q
                    } else {
                        self.query()?
                    };
                    t.as_select = Some(Box::new(q));
                    return Ok(Some(as_pos));
                }
                _ => return Ok(None),
            }
        }
    }

    fn create_cluster(&mut self) -> R<StatementKind> {
        let name = self.object_name(ora::MISSING_CLUSTER_NAME)?;
        self.lparen()?;
        let mut columns = Vec::new();
        loop {
            let col = self.column_ident()?;
            columns.push(self.column_def(col)?);
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        self.rparen()?;
        let mut c = CreateCluster {
            name,
            columns,
            size: None,
            single_table: false,
            hashkeys: None,
            hash_is: None,
            physical: Physical::default(),
        };
        loop {
            if self.physical_option(&mut c.physical)? {
                continue;
            }
            match self.word() {
                Some("SIZE") => {
                    self.bump();
                    let n = self.size_bytes(ora::MAY_NOT_PERFORM_DML)?;
                    c.size = Some(u32::try_from(n).map_err(|_| {
                        LabError::new(ora::INVALID_SIZE_VALUE, self.toks[self.i.saturating_sub(1)].pos)
                    })?);
                }
                Some("SINGLE") => {
                    self.bump();
                    self.missing_keyword("TABLE")?;
                    c.single_table = true;
                }
                Some("HASHKEYS") => {
                    self.bump();
                    let n = self.size_bytes(ora::INVALID_HASHKEYS_VALUE)?;
                    c.hashkeys = Some(n);
                }
                Some("HASH") => {
                    self.bump();
                    self.missing_keyword("IS")?;
                    c.hash_is = Some(self.expr()?);
                }
                Some("INDEX") => {
                    self.bump();
                }
                Some("PARTITION") => return Err(self.unsupported("partitioning")),
                _ => break,
            }
        }
        Ok(StatementKind::CreateCluster(c))
    }

    fn create_index(&mut self, unique: bool) -> R<StatementKind> {
        let name = self.object_name(ora::MISSING_OR_INVALID_INDEX_NAME)?;
        self.expect_kw("ON", ora::MISSING_ON_KEYWORD)?;
        let (table, columns) = if self.eat_kw("CLUSTER") {
            // Index on an index cluster: `table` is the cluster, no columns.
            (self.object_name(ora::MISSING_CLUSTER_NAME)?, Vec::new())
        } else {
            let table = self.object_name(ora::INVALID_TABLE_NAME)?;
            if self.is_kw("AS") || self.ident_opt_peek() {
                // `ON t alias (...)`: bitmap join indexes and such
                return Err(self.fail(ora::MISSING_LEFT_PARENTHESIS));
            }
            self.lparen()?;
            let mut cols = Vec::new();
            loop {
                let col = self.column_ident()?;
                if self.is_kw("DESC") {
                    return Err(self.unsupported("descending indexes"));
                }
                self.eat_kw("ASC");
                if !(self.is(&Tok::Comma) || self.is(&Tok::RParen)) {
                    if matches!(self.tok().tok, Tok::Ident { .. } | Tok::Eof | Tok::Error(_)) {
                        return Err(self.fail(ora::MISSING_RIGHT_PARENTHESIS));
                    }
                    return Err(LabError::unsupported("function-based indexes", col.pos));
                }
                cols.push(col);
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
            self.rparen()?;
            (table, cols)
        };
        let mut physical = Physical::default();
        let mut invisible = false;
        let mut reverse = false;
        let mut partitioning = None;
        loop {
            if self.is_kw("INITRANS") {
                physical.initrans = Some(self.initrans()?);
                continue;
            }
            if self.physical_option(&mut physical)? {
                continue;
            }
            match self.word() {
                Some("REVERSE") => {
                    reverse = true;
                    self.bump();
                }
                Some("LOCAL" | "GLOBAL") if partitioning.is_none() => {
                    partitioning = Some(Box::new(self.index_partitioning()?));
                }
                Some(w @ ("VISIBLE" | "INVISIBLE")) => {
                    invisible = w == "INVISIBLE";
                    self.bump();
                }
                Some("ONLINE" | "NOSORT" | "SORT") => {
                    self.bump();
                }
                Some("COMPUTE") => {
                    self.bump();
                    self.missing_keyword("STATISTICS")?;
                }
                _ => break,
            }
        }
        index_compression_refused(&physical)?;
        if let (Some((n @ 3.., at)), true) = (physical.initrans, partitioning.is_some() || columns.is_empty()) {
            let what = format!("INITRANS {n} for a partitioned or cluster index (more ITL slots a leaf)");
            return Err(LabError::unsupported(what, at));
        }
        Ok(StatementKind::CreateIndex(CreateIndex {
            name,
            unique,
            table,
            columns,
            physical,
            invisible,
            reverse,
            bitmap: false,
            partitioning,
        }))
    }

    fn ident_opt_peek(&self) -> bool {
        matches!(&self.tok().tok, Tok::Ident { name, quoted } if *quoted || (!is_reserved(name) && !matches!(name.as_str(), "REVERSE" | "LOCAL" | "GLOBAL" | "ONLINE" | "TABLESPACE" | "STORAGE" | "PCTFREE" | "COMPRESS" | "NOCOMPRESS" | "LOGGING" | "NOLOGGING")))
    }
}

/// Index compression the lab does not model: advanced index compression
/// (`COMPRESS ADVANCED LOW | HIGH`, 12c), which decides per leaf block.
/// Prefix compression (`COMPRESS [n]`) is modelled.
pub(super) fn index_compression_refused(ph: &Physical) -> R<()> {
    match (ph.compress, ph.compress_at) {
        (Some(true), Some(at)) if ph.compress_advanced => {
            Err(LabError::unsupported("advanced index compression (COMPRESS ADVANCED)", at))
        }
        _ => Ok(()),
    }
}

/// INITRANS above 2 is laid out in a heap table's own blocks; an IOT's
/// leaves, a cluster's blocks and partitions keep two ITL slots, so there
/// it is refused (LAB-00001 at n).
fn check_initrans(t: &CreateTable) -> R<()> {
    match t.physical.initrans {
        Some((n, at)) if n > 2 && (t.organization_index || t.cluster.is_some() || t.partitioning.is_some()) => {
            Err(LabError::unsupported(
                "INITRANS above 2 for an index-organized, clustered or partitioned table (more ITL slots a block)",
                at,
            ))
        }
        _ => Ok(()),
    }
}
