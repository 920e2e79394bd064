//! Column definitions, datatypes, constraints and the physical attributes
//! shared by tables, indexes and clusters.

use super::{Parser, R};
use crate::ast::*;
use crate::error::LabError;
use crate::lexer::Tok;
use crate::ora;

impl Parser<'_> {
    pub(super) fn datatype(&mut self) -> R<DataType> {
        let Some(w) = self.word().map(str::to_string) else {
            return Err(self.fail(ora::INVALID_DATATYPE));
        };
        match w.as_str() {
            "NUMBER" | "DECIMAL" | "NUMERIC" | "DEC" => {
                self.bump();
                let (mut precision, mut scale) = (None, None);
                if self.eat(&Tok::LParen) {
                    if !self.eat(&Tok::Star) {
                        let p = self.uint(ora::NUMERIC_PRECISION_OUT_OF_RANGE)?;
                        if !(1..=38).contains(&p) {
                            return Err(LabError::new(
                                ora::NUMERIC_PRECISION_OUT_OF_RANGE,
                                self.toks[self.i.saturating_sub(1)].pos,
                            ));
                        }
                        precision = Some(p);
                    }
                    if self.eat(&Tok::Comma) {
                        let s = self.int(ora::NUMERIC_SCALE_OUT_OF_RANGE)?;
                        if !(-84..=127).contains(&s) {
                            return Err(LabError::new(
                                ora::NUMERIC_SCALE_OUT_OF_RANGE,
                                self.toks[self.i.saturating_sub(1)].pos,
                            ));
                        }
                        scale = Some(s as i32);
                    }
                    self.rparen()?;
                }
                Ok(DataType::Number { precision, scale })
            }
            "INTEGER" | "INT" | "SMALLINT" => {
                self.bump();
                Ok(DataType::Number { precision: None, scale: Some(0) })
            }
            "FLOAT" | "REAL" => {
                self.bump();
                if self.eat(&Tok::LParen) {
                    self.uint(ora::INVALID_DATATYPE)?;
                    self.rparen()?;
                }
                Ok(DataType::Number { precision: None, scale: None })
            }
            "VARCHAR2" | "VARCHAR" | "NVARCHAR2" => {
                self.bump();
                self.lparen()?;
                let len = self.uint(ora::SPECIFIED_LENGTH_TOO_LONG)?;
                if len == 0 {
                    return Err(LabError::new(ora::ZERO_LENGTH_COLUMNS, self.toks[self.i - 1].pos));
                }
                let len_pos = self.toks[self.i - 1].pos;
                let mut char_semantics = w == "NVARCHAR2";
                if self.eat_kw("CHAR") {
                    char_semantics = true;
                } else {
                    self.eat_kw("BYTE");
                }
                // MAX_STRING_SIZE = STANDARD: 4,000 bytes (NVARCHAR2, in
                // AL16UTF16, 2,000 characters).
                if len > if w == "NVARCHAR2" { 2000 } else { 4000 } {
                    return Err(LabError::new(ora::SPECIFIED_LENGTH_TOO_LONG, len_pos));
                }
                self.rparen()?;
                Ok(DataType::Varchar2 { len, char_semantics })
            }
            "CHAR" | "NCHAR" | "CHARACTER" => {
                self.bump();
                let mut len = 1;
                if self.eat(&Tok::LParen) {
                    len = self.uint(ora::SPECIFIED_LENGTH_TOO_LONG)?;
                    if len == 0 {
                        return Err(LabError::new(ora::ZERO_LENGTH_COLUMNS, self.toks[self.i - 1].pos));
                    }
                    // 2,000 bytes (NCHAR, in AL16UTF16, 1,000 characters).
                    if len > if w == "NCHAR" { 1000 } else { 2000 } {
                        return Err(LabError::new(ora::SPECIFIED_LENGTH_TOO_LONG, self.toks[self.i - 1].pos));
                    }
                    if !self.eat_kw("CHAR") {
                        self.eat_kw("BYTE");
                    }
                    self.rparen()?;
                }
                Ok(DataType::Char { len })
            }
            "DATE" => {
                self.bump();
                Ok(DataType::Date)
            }
            "TIMESTAMP" | "CLOB" | "BLOB" | "NCLOB" | "BFILE" | "RAW" | "LONG" | "ROWID" | "UROWID"
            | "BINARY_FLOAT" | "BINARY_DOUBLE" | "XMLTYPE" | "INTERVAL" | "JSON" | "BOOLEAN" | "SDO_GEOMETRY"
            | "VECTOR" => Err(self.unsupported(format!("{w} columns"))),
            _ => Err(self.fail(ora::INVALID_DATATYPE)),
        }
    }

    pub(super) fn column_def(&mut self, name: Ident) -> R<ColumnDef> {
        let first = self.i;
        let data_type = self.datatype()?;
        let type_text = describe_text(&self.toks[first..self.i], data_type);
        self.column_constraints(name, Some((data_type, type_text)))
    }

    /// A DEFAULT's expression and its text as Oracle keeps it
    /// (USER_TAB_COLUMNS.DATA_DEFAULT): from its first character to the
    /// next token, so the spaces and line ends after it are part of it
    /// (Jonathan Lewis, "data_default", 2021: a default followed by a
    /// line end and a comma is one byte longer than one followed by the
    /// comma).
    pub(super) fn default_expr(&mut self) -> R<(Expr, String)> {
        let from = self.tok().start;
        let e = self.expr()?;
        let to = self.tok().start.max(from);
        Ok((e, self.text.get(from..to).unwrap_or_default().to_string()))
    }

    /// A column's DEFAULT, inline constraints and identity after its
    /// datatype; `typed` None for a CTAS column given by name and
    /// constraints only (its type comes from the query).
    pub(super) fn column_constraints(
        &mut self,
        name: Ident,
        typed: Option<(DataType, Option<String>)>,
    ) -> R<ColumnDef> {
        let (data_type, type_text) = typed.clone().unwrap_or((DataType::Number { precision: None, scale: None }, None));
        let mut c = ColumnDef {
            name,
            data_type,
            type_text,
            typed: typed.is_some(),
            not_null: false,
            primary_key: false,
            unique: false,
            not_null_name: None,
            primary_key_name: None,
            unique_name: None,
            primary_key_index: Physical::default(),
            unique_index: Physical::default(),
            primary_key_deferrable: false,
            unique_deferrable: false,
            identity: None,
            default: None,
            default_text: None,
            default_on_null: None,
            references: None,
            checks: Vec::new(),
        };
        // `CONSTRAINT name`: names the constraint that follows it.
        let mut name: Option<Ident> = None;
        loop {
            if self.eat_kw("DEFAULT") {
                if self.is_kw("ON") && self.nth_is_kw(1, "NULL") {
                    c.default_on_null = Some(self.pos());
                    self.bump();
                    self.bump();
                }
                let (e, text) = self.default_expr()?;
                (c.default, c.default_text) = (Some(e), Some(text));
            } else if self.is_kw("NOT") {
                self.bump();
                if !self.eat_kw("NULL") {
                    return Err(self.fail(ora::MISSING_NULL_KEYWORD));
                }
                c.not_null = true;
                c.not_null_name = name.take();
            } else if self.eat_kw("NULL") {
                c.not_null = false;
                c.not_null_name = None;
                name = None;
            } else if self.is_kw("PRIMARY") {
                self.bump();
                self.missing_keyword("KEY")?;
                c.primary_key = true;
                c.primary_key_name = name.take();
                (c.primary_key_deferrable, c.primary_key_index, _) =
                    self.constraint_state(ConstraintKind::PrimaryKey)?;
            } else if self.eat_kw("UNIQUE") {
                c.unique = true;
                c.unique_name = name.take();
                (c.unique_deferrable, c.unique_index, _) = self.constraint_state(ConstraintKind::Unique)?;
            } else if self.eat_kw("CONSTRAINT") {
                name = Some(self.ident(ora::INVALID_DATATYPE)?);
                if !matches!(self.word(), Some("NOT" | "NULL" | "PRIMARY" | "UNIQUE" | "CHECK" | "REFERENCES")) {
                    return Err(self.fail(ora::INVALID_DATATYPE));
                }
            } else if self.is_kw("GENERATED") {
                let pos = self.pos();
                self.bump();
                let (mut always, mut on_null) = (true, false);
                if self.eat_kw("BY") {
                    self.missing_keyword("DEFAULT")?;
                    always = false;
                    if self.is_kw("ON") {
                        self.bump();
                        self.missing_keyword("NULL")?;
                        on_null = true;
                    }
                } else {
                    self.eat_kw("ALWAYS");
                }
                self.missing_keyword("AS")?;
                if self.is(&Tok::LParen) {
                    return Err(self.unsupported("virtual columns"));
                }
                self.missing_keyword("IDENTITY")?;
                let mut opts = SequenceOptions::default();
                if self.eat(&Tok::LParen) {
                    opts = self.sequence_options(pos, true)?.0;
                    self.rparen()?;
                }
                c.identity = Some(Box::new(IdentityClause { always, on_null, opts, pos }));
                c.not_null = true;
            } else if self.is_kw("CHECK") {
                let pos = self.pos();
                let check = Some(self.check_condition()?);
                let (deferrable, using_index, state) = self.constraint_state(ConstraintKind::Check)?;
                let (kind, columns, name) = (ConstraintKind::Check, vec![c.name.clone()], name.take());
                let references = None;
                let k = TableConstraint { name, kind, columns, deferrable, using_index, pos, references, check, state };
                c.checks.push(k);
            } else if self.is_kw("REFERENCES") {
                let pos = self.pos();
                let references = Some(self.references()?);
                let columns = vec![c.name.clone()];
                let (deferrable, using_index, state) = self.constraint_state(ConstraintKind::ForeignKey)?;
                let kind = ConstraintKind::ForeignKey;
                let name = name.take();
                let check = None;
                let k = TableConstraint { name, kind, columns, deferrable, using_index, pos, references, check, state };
                c.references = Some(Box::new(k));
            } else if self.is_kw("SORT") || self.is_kw("ENABLE") {
                self.bump();
            } else {
                return Ok(c);
            }
        }
    }

    pub(super) fn table_constraint(&mut self) -> R<TableConstraint> {
        let pos = self.pos();
        let name = if self.eat_kw("CONSTRAINT") { Some(self.column_ident()?) } else { None };
        let kind = if self.eat_kw("PRIMARY") {
            self.missing_keyword("KEY")?;
            ConstraintKind::PrimaryKey
        } else if self.eat_kw("UNIQUE") {
            ConstraintKind::Unique
        } else if self.is_kw("CHECK") {
            let check = Some(self.check_condition()?);
            let (deferrable, using_index, state) = self.constraint_state(ConstraintKind::Check)?;
            let (kind, columns, references) = (ConstraintKind::Check, Vec::new(), None);
            return Ok(TableConstraint { name, kind, columns, deferrable, using_index, pos, references, check, state });
        } else if self.eat_kw("FOREIGN") {
            self.missing_keyword("KEY")?;
            ConstraintKind::ForeignKey
        } else {
            return Err(self.fail(ora::INVALID_DATATYPE));
        };
        let columns = self.column_list()?;
        let references = if kind == ConstraintKind::ForeignKey {
            if !self.is_kw("REFERENCES") {
                return Err(self.fail(ora::MISSING_KEYWORD));
            }
            Some(self.references()?)
        } else {
            None
        };
        let (deferrable, using_index, state) = self.constraint_state(kind)?;
        Ok(TableConstraint { name, kind, columns, deferrable, using_index, pos, references, check: None, state })
    }

    /// `REFERENCES table [(columns)] [ON DELETE CASCADE | SET NULL]`.
    fn references(&mut self) -> R<References> {
        self.bump();
        let table = self.object_name(ora::INVALID_TABLE_NAME)?;
        let columns = if self.is(&Tok::LParen) { self.column_list()? } else { Vec::new() };
        let on_delete = if self.is_kw("ON") && self.nth_is_kw(1, "DELETE") {
            let pos = self.pos();
            self.bump();
            self.bump();
            if self.eat_kw("CASCADE") {
                Some((DeleteRule::Cascade, pos))
            } else {
                self.expect_kw("SET", ora::MISSING_KEYWORD)?;
                self.expect_kw("NULL", ora::MISSING_KEYWORD)?;
                Some((DeleteRule::SetNull, pos))
            }
        } else {
            None
        };
        Ok(References { table, columns, on_delete })
    }

    /// STORAGE ( ... )
    fn storage(&mut self, ph: &mut Physical) -> R<()> {
        self.bump();
        self.lparen()?;
        let invalid = |p: &Self| p.fail(ora::INVALID_STORAGE_OPTION);
        loop {
            if self.eat(&Tok::RParen) {
                return Ok(());
            }
            let Some(w) = self.word().map(str::to_string) else {
                return Err(invalid(self));
            };
            self.bump();
            match w.as_str() {
                "BUFFER_POOL" => {
                    ph.buffer_pool = Some(match self.word() {
                        Some("KEEP") => BufferPool::Keep,
                        Some("RECYCLE") => BufferPool::Recycle,
                        Some("DEFAULT") => BufferPool::Default,
                        _ => return Err(invalid(self)),
                    });
                    self.bump();
                }
                "INITIAL" | "NEXT" | "MINEXTENTS" | "MAXEXTENTS" | "PCTINCREASE" | "FREELISTS" | "MAXSIZE"
                | "OPTIMAL" => {
                    if !(self.eat_kw("UNLIMITED") || self.eat_kw("NULL")) {
                        self.size_bytes(ora::INVALID_STORAGE_OPTION)?;
                    }
                }
                "FREELIST" => {
                    self.expect_kw("GROUPS", ora::INVALID_STORAGE_OPTION)?;
                    self.size_bytes(ora::INVALID_STORAGE_OPTION)?;
                }
                "FLASH_CACHE" | "CELL_FLASH_CACHE" => {
                    let v = match self.word() {
                        Some("KEEP") => CellFlashCache::Keep,
                        Some("NONE") => CellFlashCache::None,
                        Some("DEFAULT") => CellFlashCache::Default,
                        _ => return Err(invalid(self)),
                    };
                    self.bump();
                    // FLASH_CACHE (the Database Smart Flash Cache's) is accepted and ignored.
                    if w == "CELL_FLASH_CACHE" {
                        ph.cell_flash_cache = Some(v);
                    }
                }
                "ENCRYPT" => {}
                _ => {
                    self.i -= 1;
                    return Err(invalid(self));
                }
            }
        }
    }

    /// `INITRANS n` (the keyword is the current token): n, 1 to 255
    /// (ORA-02207 otherwise), and where it was written.
    pub(super) fn initrans(&mut self) -> R<(u32, Pos)> {
        self.bump();
        let at = self.tok().pos;
        match self.uint(ora::INVALID_INITRANS)? {
            n @ 1..=255 => Ok((n, at)),
            _ => Err(LabError::new(ora::INVALID_INITRANS, at)),
        }
    }

    /// Physical attributes common to tables, indexes and clusters. Returns
    /// false (consuming nothing) when the current token starts none.
    pub(super) fn physical_option(&mut self, ph: &mut Physical) -> R<bool> {
        let Some(w) = self.word().map(str::to_string) else {
            return Ok(false);
        };
        match w.as_str() {
            "PCTFREE" => {
                self.bump();
                let n = self.uint(ora::INVALID_PCTFREE_OR_PCTUSED)?;
                if n > 99 {
                    return Err(LabError::new(ora::INVALID_PCTFREE_OR_PCTUSED, self.toks[self.i - 1].pos));
                }
                ph.pctfree = Some(n);
            }
            "PCTUSED" | "MAXTRANS" => {
                self.bump();
                self.uint(ora::INVALID_PCTFREE_OR_PCTUSED)?;
            }
            "INITRANS" => {
                // Blocks are laid out with two ITL slots (a table's INITRANS
                // 1 still gets two); more are laid out for a CREATE TABLE's
                // heap (`initrans`), not yet for indexes, clusters,
                // partitions or an ALTER.
                let (n, at) = self.initrans()?;
                if n > 2 {
                    return Err(LabError::unsupported(
                        "INITRANS above 2 here (more ITL slots a block are laid out for a CREATE TABLE's heap only)",
                        at,
                    ));
                }
            }
            "ROWDEPENDENCIES" => {
                return Err(self.unsupported("ROWDEPENDENCIES (a 6-byte SCN in every row)"));
            }
            "STORAGE" => self.storage(ph)?,
            "TABLESPACE" => {
                self.bump();
                ph.tablespace = Some(self.ident(ora::TABLESPACE_DOES_NOT_EXIST)?);
            }
            "LOGGING" | "NOLOGGING" => {
                ph.logging = Some(w == "LOGGING");
                self.bump();
            }
            "CACHE" | "NOCACHE" | "NOPARALLEL" | "MONITORING" | "NOMONITORING" | "NOROWDEPENDENCIES" => {
                self.bump();
            }
            "PARALLEL" => {
                self.bump();
                if matches!(self.tok().tok, Tok::Number(_)) {
                    self.bump();
                }
            }
            "COMPRESS" => {
                ph.compress_at = Some(self.tok().pos);
                self.bump();
                ph.compress = Some(true);
                ph.compress_advanced = false;
                ph.compress_prefix = None;
                if let Tok::Number(n) = self.tok().tok {
                    ph.compress_prefix = Some(n.to_f64());
                    self.bump();
                } else if self.eat_kw("FOR") {
                    let mut direct_load = false;
                    while let Some(is_direct) = self
                        .word()
                        .filter(|w| {
                            matches!(
                                *w,
                                "OLTP" | "ALL" | "OPERATIONS" | "QUERY" | "ARCHIVE" | "HIGH" | "LOW" | "DIRECT_LOAD"
                            )
                        })
                        .map(|w| w == "DIRECT_LOAD")
                    {
                        direct_load |= is_direct;
                        self.bump();
                    }
                    ph.compress_advanced = !direct_load;
                } else if !self.eat_kw("BASIC") {
                    ph.compress_advanced = self.eat_kw("ADVANCED");
                }
            }
            "ROW" if self.nth_is_kw(1, "STORE") && self.nth_is_kw(2, "COMPRESS") => {
                ph.compress_at = Some(self.tok().pos);
                self.bump();
                self.bump();
                self.bump();
                ph.compress = Some(true);
                ph.compress_advanced = !self.eat_kw("BASIC") && self.eat_kw("ADVANCED");
            }
            "NOCOMPRESS" => {
                self.bump();
                ph.compress = Some(false);
            }
            "INMEMORY" => return Err(self.unsupported("INMEMORY")),
            "NO" if self.nth_is_kw(1, "INMEMORY") => return Err(self.unsupported("INMEMORY")),
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// A declared type as DESCRIBE prints it, from its tokens and what they
/// parsed to; None for a form whose printing the lab is not sure of.
pub(super) fn describe_text(toks: &[crate::lexer::Token], t: DataType) -> Option<String> {
    let word = |k: usize| match toks.get(k).map(|t| &t.tok) {
        Some(Tok::Ident { name, quoted: false }) => Some(name.as_str()),
        _ => None,
    };
    let in_chars = toks.iter().skip(1).any(|t| matches!(&t.tok, Tok::Ident { name, quoted: false } if name == "CHAR"));
    let first = word(0)?;
    Some(match (first, t) {
        ("NUMBER", DataType::Number { precision, scale }) => match (precision, scale) {
            (None, None) => "NUMBER".into(),
            (Some(p), None | Some(0)) => format!("NUMBER({p})"),
            (Some(p), Some(s)) => format!("NUMBER({p},{s})"),
            (None, Some(0)) => "NUMBER(38)".into(),
            (None, Some(s)) => format!("NUMBER(38,{s})"),
        },
        ("DECIMAL" | "NUMERIC" | "DEC", DataType::Number { precision: Some(p), scale }) => match scale {
            None | Some(0) => format!("NUMBER({p})"),
            Some(s) => format!("NUMBER({p},{s})"),
        },
        ("INTEGER" | "INT" | "SMALLINT", _) => "NUMBER(38)".into(),
        ("FLOAT", _) => match toks.get(2).map(|t| &t.tok) {
            Some(Tok::Number(n)) => format!("FLOAT({})", n.to_f64()),
            _ => "FLOAT(126)".into(),
        },
        ("REAL", _) => "FLOAT(63)".into(),
        ("VARCHAR2" | "VARCHAR", DataType::Varchar2 { len, .. }) if in_chars => format!("VARCHAR2({len} CHAR)"),
        ("VARCHAR2" | "VARCHAR", DataType::Varchar2 { len, .. }) => format!("VARCHAR2({len})"),
        ("NVARCHAR2", DataType::Varchar2 { len, .. }) => format!("NVARCHAR2({len})"),
        ("CHAR" | "CHARACTER", DataType::Char { len }) if in_chars => format!("CHAR({len} CHAR)"),
        ("CHAR" | "CHARACTER", DataType::Char { len }) => format!("CHAR({len})"),
        ("NCHAR", DataType::Char { len }) => format!("NCHAR({len})"),
        ("DATE", DataType::Date) => "DATE".into(),
        _ => return None,
    })
}
