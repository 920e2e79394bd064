//! Recursive-descent parser from one [`ScriptUnit`] to an [`ast::Statement`].
//!
//! - SQL units: DDL, DML and queries of the lab's dialect; Oracle syntax the
//!   lab does not model is `LAB-00001`, anything else that Oracle would
//!   reject gets Oracle's error code (ORA-00900, ORA-00933, ORA-00936 ...).
//! - PL/SQL units: anonymous blocks; syntax errors are `ORA-06550` with a
//!   `PLS-00103` (or a wrapped `PL/SQL: ORA-nnnnn`) message.
//! - SQL*Plus units: one command line.
//! - LAB units: `LAB VERSION | RUN | SET | PROFILE | RESET`.
//!
//! The parser never panics; nesting deeper than [`MAX_DEPTH`] is an error.

use crate::ast::*;
use crate::error::LabError;
use crate::lexer::{pos_in, tokenize, LexOptions, Tok, Token};
use crate::splitter::{sqlplus_command, PlusCmd, ScriptUnit, UnitKind};

/// Maximum nesting of expressions, subqueries and PL/SQL blocks.
const MAX_DEPTH: u32 = 200;
/// Depth charged for a subquery and for a PL/SQL block or loop body, whose
/// parsing takes more native stack than one expression level.
const QUERY_WEIGHT: u32 = 4;
const BLOCK_WEIGHT: u32 = 4;

type R<T> = Result<T, LabError>;

/// Parse one unit of a script.
pub fn parse_unit(unit: &ScriptUnit) -> Result<Statement, LabError> {
    let kind = match unit.kind {
        UnitKind::Sql => Parser::new(&unit.text, unit.pos).sql_unit()?,
        UnitKind::Plsql => Parser::new(&unit.text, unit.pos).plsql_unit()?,
        UnitKind::SqlPlus => StatementKind::SqlPlus(sqlplus(unit)?),
        UnitKind::Lab => StatementKind::Lab(Parser::new(&unit.text, unit.pos).lab_unit()?),
    };
    Ok(Statement { pos: unit.pos, text: unit.text.clone(), kind })
}

/// Oracle reserved words (cannot be unquoted identifiers).
const RESERVED: &[&str] = &[
    "ACCESS",
    "ADD",
    "ALL",
    "ALTER",
    "AND",
    "ANY",
    "AS",
    "ASC",
    "AUDIT",
    "BETWEEN",
    "BY",
    "CHAR",
    "CHECK",
    "CLUSTER",
    "COLUMN",
    "COMMENT",
    "COMPRESS",
    "CONNECT",
    "CREATE",
    "CURRENT",
    "DATE",
    "DECIMAL",
    "DEFAULT",
    "DELETE",
    "DESC",
    "DISTINCT",
    "DROP",
    "ELSE",
    "EXCLUSIVE",
    "EXISTS",
    "FILE",
    "FLOAT",
    "FOR",
    "FROM",
    "GRANT",
    "GROUP",
    "HAVING",
    "IDENTIFIED",
    "IMMEDIATE",
    "IN",
    "INCREMENT",
    "INDEX",
    "INITIAL",
    "INSERT",
    "INTEGER",
    "INTERSECT",
    "INTO",
    "IS",
    "LEVEL",
    "LIKE",
    "LOCK",
    "LONG",
    "MAXEXTENTS",
    "MINUS",
    "MLSLABEL",
    "MODE",
    "MODIFY",
    "NOAUDIT",
    "NOCOMPRESS",
    "NOT",
    "NOWAIT",
    "NULL",
    "NUMBER",
    "OF",
    "OFFLINE",
    "ON",
    "ONLINE",
    "OPTION",
    "OR",
    "ORDER",
    "PCTFREE",
    "PRIOR",
    "PUBLIC",
    "RAW",
    "RENAME",
    "RESOURCE",
    "REVOKE",
    "ROW",
    "ROWID",
    "ROWNUM",
    "ROWS",
    "SELECT",
    "SESSION",
    "SET",
    "SHARE",
    "SIZE",
    "SMALLINT",
    "START",
    "SUCCESSFUL",
    "SYNONYM",
    "SYSDATE",
    "TABLE",
    "THEN",
    "TO",
    "TRIGGER",
    "UID",
    "UNION",
    "UNIQUE",
    "UPDATE",
    "USER",
    "VALIDATE",
    "VALUES",
    "VARCHAR",
    "VARCHAR2",
    "VIEW",
    "WHENEVER",
    "WHERE",
    "WITH",
];

/// Words that end a FROM item or select item instead of being an alias.
const NOT_ALIAS: &[&str] = &[
    "JOIN",
    "INNER",
    "CROSS",
    "LEFT",
    "RIGHT",
    "FULL",
    "NATURAL",
    "OUTER",
    "PARTITION",
    "SUBPARTITION",
    "SAMPLE",
    "FETCH",
    "OFFSET",
    "MODEL",
    "USING",
    "RETURNING",
    "LOG",
    "PIVOT",
    "UNPIVOT",
    "WINDOW",
    "EXCEPT",
    "BULK",
    "LIMIT",
];

fn is_reserved(w: &str) -> bool {
    RESERVED.contains(&w)
}

/// Words of a SQL statement start that Oracle accepts but the lab does not model.
const UNSUPPORTED_STATEMENTS: &[(&str, &str)] = &[
    ("UPDATE", "UPDATE statements"),
    ("DELETE", "DELETE statements"),
    ("MERGE", "MERGE statements"),
    ("TRUNCATE", "TRUNCATE statements"),
    ("GRANT", "GRANT statements"),
    ("REVOKE", "REVOKE statements"),
    ("ANALYZE", "ANALYZE statements"),
    ("EXPLAIN", "EXPLAIN PLAN statements"),
    ("SAVEPOINT", "SAVEPOINT statements"),
    ("LOCK", "LOCK TABLE statements"),
    ("RENAME", "RENAME statements"),
    ("COMMENT", "COMMENT statements"),
    ("FLASHBACK", "FLASHBACK statements"),
    ("PURGE", "PURGE statements"),
    ("CALL", "CALL statements"),
    ("SET", "SET TRANSACTION, SET ROLE and SET CONSTRAINTS statements"),
    ("AUDIT", "AUDIT statements"),
    ("NOAUDIT", "NOAUDIT statements"),
    ("ASSOCIATE", "ASSOCIATE STATISTICS statements"),
    ("DISASSOCIATE", "DISASSOCIATE STATISTICS statements"),
    ("WITH", "WITH clauses (subquery factoring)"),
];

const DRIVERS: &[(&str, Driver)] = &[
    ("plsql", Driver::Plsql),
    ("jdbc_thin", Driver::JdbcThin),
    ("jdbc_oci_net", Driver::JdbcOciNet),
    ("jdbc_oci_bequeath", Driver::JdbcOciBequeath),
    ("sqlplus", Driver::SqlPlus),
];

struct Parser<'a> {
    text: &'a str,
    base: Pos,
    toks: Vec<Token>,
    i: usize,
    depth: u32,
    /// Extra columns for line 1 in PL/SQL error messages (`exec` wraps the
    /// call in `BEGIN ` ... `END;`).
    pls_col_offset: u32,
    /// `exec`: the last statement may omit its `;`.
    semi_optional_at_eof: bool,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str, base: Pos) -> Self {
        Self::with_opts(text, base, LexOptions::default())
    }

    fn with_opts(text: &'a str, base: Pos, opts: LexOptions) -> Self {
        let mut toks = tokenize(text, base, opts);
        if toks.is_empty() {
            toks.push(Token { tok: Tok::Eof, pos: base, start: 0, end: 0, inner: base });
        }
        Parser { text, base, toks, i: 0, depth: 0, pls_col_offset: 0, semi_optional_at_eof: false }
    }

    // ------------------------------------------------------------ tokens

    fn tok(&self) -> &Token {
        let last = self.toks.len() - 1;
        &self.toks[self.i.min(last)]
    }

    fn nth(&self, n: usize) -> &Tok {
        let last = self.toks.len() - 1;
        &self.toks[self.i.saturating_add(n).min(last)].tok
    }

    fn pos(&self) -> Pos {
        self.tok().pos
    }

    fn bump(&mut self) -> Token {
        let t = self.tok().clone();
        if self.i < self.toks.len() - 1 {
            self.i += 1;
        }
        t
    }

    /// End offset of the previous token.
    fn prev_end(&self) -> usize {
        if self.i == 0 {
            0
        } else {
            self.toks[(self.i - 1).min(self.toks.len() - 1)].end
        }
    }

    fn slice(&self, from: usize, to: usize) -> String {
        self.text.get(from..to).unwrap_or("").trim().to_string()
    }

    fn at_eof(&self) -> bool {
        matches!(self.tok().tok, Tok::Eof)
    }

    fn is(&self, t: &Tok) -> bool {
        &self.tok().tok == t
    }

    fn eat(&mut self, t: &Tok) -> bool {
        if self.is(t) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn word(&self) -> Option<&str> {
        match &self.tok().tok {
            Tok::Ident { name, quoted: false } => Some(name.as_str()),
            _ => None,
        }
    }

    fn nth_word(&self, n: usize) -> Option<&str> {
        match self.nth(n) {
            Tok::Ident { name, quoted: false } => Some(name.as_str()),
            _ => None,
        }
    }

    fn is_kw(&self, kw: &str) -> bool {
        self.word() == Some(kw)
    }

    fn nth_is_kw(&self, n: usize, kw: &str) -> bool {
        self.nth_word(n) == Some(kw)
    }

    fn eat_kw(&mut self, kw: &str) -> bool {
        if self.is_kw(kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Enter a nesting level of the given weight (deep frames weigh more, so
    /// that the native stack stays bounded even in debug builds).
    fn enter(&mut self, weight: u32) -> R<()> {
        self.depth += weight;
        if self.depth > MAX_DEPTH {
            return Err(LabError::unsupported(format!("nesting deeper than {MAX_DEPTH} levels"), self.pos()));
        }
        Ok(())
    }

    // ------------------------------------------------------------ errors

    /// An Oracle error at the current token (a pending lexical error wins).
    fn fail(&self, code: u32, msg: &str) -> LabError {
        if let Tok::Error(e) = &self.tok().tok {
            return e.clone();
        }
        LabError::ora(code, msg, self.pos())
    }

    fn unsupported(&self, what: impl Into<String>) -> LabError {
        if let Tok::Error(e) = &self.tok().tok {
            return e.clone();
        }
        LabError::unsupported(what, self.pos())
    }

    fn missing_expression(&self) -> LabError {
        if self.at_eof() {
            self.fail(921, "unexpected end of SQL command")
        } else {
            self.fail(936, "missing expression")
        }
    }

    fn expect_kw(&mut self, kw: &str, code: u32, msg: &str) -> R<()> {
        if self.eat_kw(kw) {
            Ok(())
        } else {
            Err(self.fail(code, msg))
        }
    }

    fn missing_keyword(&mut self, kw: &str) -> R<()> {
        self.expect_kw(kw, 905, "missing keyword")
    }

    fn lparen(&mut self) -> R<()> {
        if self.eat(&Tok::LParen) {
            Ok(())
        } else {
            Err(self.fail(906, "missing left parenthesis"))
        }
    }

    fn rparen(&mut self) -> R<()> {
        if self.eat(&Tok::RParen) {
            Ok(())
        } else {
            Err(self.fail(907, "missing right parenthesis"))
        }
    }

    /// The statement must end here.
    fn expect_end(&self) -> R<()> {
        match &self.tok().tok {
            Tok::Eof => Ok(()),
            Tok::Semi => Err(LabError::ora(911, "invalid character", self.pos())),
            _ => Err(self.fail(933, "SQL command not properly ended")),
        }
    }

    /// Text of the current token as written, for messages.
    fn symbol(&self) -> String {
        let t = self.tok();
        match &t.tok {
            Tok::Eof => "end-of-file".to_string(),
            Tok::Ident { name, quoted: false } => name.clone(),
            _ => self.text.get(t.start..t.end).unwrap_or("").to_string(),
        }
    }

    /// Line and column relative to the start of the PL/SQL block.
    fn pls_line_col(&self, pos: Pos) -> (u32, u32) {
        let line = pos.line.saturating_sub(self.base.line) + 1;
        let col = if pos.line == self.base.line {
            pos.column.saturating_sub(self.base.column) + 1 + self.pls_col_offset
        } else {
            pos.column
        };
        (line, col)
    }

    fn pls103(&self, expecting: &str) -> LabError {
        if let Tok::Error(e) = &self.tok().tok {
            return e.clone();
        }
        let (l, c) = self.pls_line_col(self.pos());
        LabError::ora(
            6550,
            format!(
                "line {l}, column {c}:\nPLS-00103: Encountered the symbol \"{}\" when expecting one of the following: {expecting}",
                self.symbol()
            ),
            self.pos(),
        )
    }

    /// SQL errors inside PL/SQL come out as `ORA-06550 ... PL/SQL: ORA-nnnnn`.
    fn wrap_plsql(&self, e: LabError) -> LabError {
        let lexical = matches!(&self.toks.last().map(|t| &t.tok), Some(Tok::Error(le)) if *le == e);
        if lexical || e.code == "ORA-06550" || !e.code.starts_with("ORA-") {
            return e;
        }
        let (l, c) = self.pls_line_col(e.pos);
        LabError::ora(6550, format!("line {l}, column {c}:\nPL/SQL: {}: {}", e.code, e.message), e.pos)
    }

    // ------------------------------------------------------------ small pieces

    /// An identifier (unquoted reserved words excluded).
    fn ident_opt(&mut self) -> Option<Ident> {
        let t = self.tok();
        match &t.tok {
            Tok::Ident { name, quoted } if *quoted || !is_reserved(name) => {
                let id = Ident { name: name.clone(), pos: t.pos };
                self.bump();
                Some(id)
            }
            _ => None,
        }
    }

    fn ident(&mut self, code: u32, msg: &str) -> R<Ident> {
        match self.ident_opt() {
            Some(id) => Ok(id),
            None if self.at_eof() => Err(self.fail(921, "unexpected end of SQL command")),
            None => Err(self.fail(code, msg)),
        }
    }

    /// A column name: errors are ORA-00904.
    fn column_ident(&mut self) -> R<Ident> {
        if let Some(id) = self.ident_opt() {
            return Ok(id);
        }
        if self.at_eof() {
            return Err(self.fail(921, "unexpected end of SQL command"));
        }
        if let Tok::Error(e) = &self.tok().tok {
            return Err(e.clone());
        }
        Err(LabError::invalid_identifier(&self.symbol(), self.pos()))
    }

    fn column_list(&mut self) -> R<Vec<Ident>> {
        self.lparen()?;
        let mut cols = vec![self.column_ident()?];
        while self.eat(&Tok::Comma) {
            cols.push(self.column_ident()?);
        }
        self.rparen()?;
        Ok(cols)
    }

    /// `[schema.]name`: the last part is kept.
    fn object_name(&mut self, code: u32, msg: &str) -> R<Ident> {
        let mut id = self.ident(code, msg)?;
        while self.is(&Tok::Dot) && matches!(self.nth(1), Tok::Ident { .. }) {
            self.bump();
            id = self.ident(code, msg)?;
        }
        if self.is(&Tok::At) {
            return Err(self.unsupported("database links"));
        }
        Ok(id)
    }

    fn uint(&mut self, code: u32, msg: &str) -> R<u32> {
        if let Tok::Number(n) = self.tok().tok {
            if n.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(&n) {
                self.bump();
                return Ok(n as u32);
            }
        }
        Err(self.fail(code, msg))
    }

    fn int(&mut self, code: u32, msg: &str) -> R<i64> {
        let neg = self.is(&Tok::Minus) && matches!(self.nth(1), Tok::Number(_));
        if neg {
            self.bump();
        }
        if let Tok::Number(n) = self.tok().tok {
            if n.fract() == 0.0 && n.abs() < 9.0e15 {
                self.bump();
                return Ok(if neg { -(n as i64) } else { n as i64 });
            }
        }
        Err(self.fail(code, msg))
    }

    /// Multiplier of a size suffix directly attached to the previous number.
    fn size_suffix(&mut self) -> Option<u64> {
        let attached = self.tok().start == self.prev_end() && self.i > 0;
        let mult = match self.word()? {
            "K" => 1u64 << 10,
            "M" => 1 << 20,
            "G" => 1 << 30,
            "T" => 1 << 40,
            "P" => 1 << 50,
            "E" => 1 << 60,
            _ => return None,
        };
        if !attached {
            return None;
        }
        self.bump();
        Some(mult)
    }

    /// `n[K|M|G|T]` in bytes.
    fn size_bytes(&mut self, code: u32, msg: &str) -> R<u64> {
        if let Tok::Number(n) = self.tok().tok {
            if n.fract() == 0.0 && (0.0..9.0e15).contains(&n) {
                self.bump();
                let mult = self.size_suffix().unwrap_or(1);
                return (n as u64).checked_mul(mult).ok_or_else(|| self.fail(code, msg));
            }
        }
        Err(self.fail(code, msg))
    }

    /// A parameter value: number, size, quoted string or bare word.
    fn param_value(&mut self) -> R<ParamValue> {
        let neg = self.is(&Tok::Minus) && matches!(self.nth(1), Tok::Number(_));
        if neg {
            self.bump();
        }
        match self.tok().tok.clone() {
            Tok::Number(n) => {
                self.bump();
                if !neg && n.fract() == 0.0 && n >= 0.0 {
                    if let Some(mult) = self.size_suffix() {
                        return Ok(ParamValue::Bytes((n as u64).saturating_mul(mult)));
                    }
                }
                Ok(ParamValue::Number(if neg { -n } else { n }))
            }
            Tok::Str(s) if !neg => {
                self.bump();
                Ok(ParamValue::Text(s))
            }
            Tok::Ident { name, .. } if !neg => {
                self.bump();
                Ok(ParamValue::Text(name))
            }
            _ => Err(self.fail(922, "missing or invalid option")),
        }
    }

    // ------------------------------------------------------------ SQL

    fn sql_unit(&mut self) -> R<StatementKind> {
        let kind = self.sql_statement()?;
        self.expect_end()?;
        Ok(kind)
    }

    fn sql_statement(&mut self) -> R<StatementKind> {
        if self.is(&Tok::LParen) && self.nth_is_kw(1, "SELECT") {
            self.bump();
            let q = self.query()?;
            self.rparen()?;
            return Ok(StatementKind::Query(q));
        }
        let Some(word) = self.word().map(str::to_string) else {
            return Err(self.fail(900, "invalid SQL statement"));
        };
        match word.as_str() {
            "SELECT" => Ok(StatementKind::Query(self.query()?)),
            "CREATE" => self.create(),
            "ALTER" => self.alter(),
            "DROP" => self.drop_stmt(),
            "INSERT" => Ok(StatementKind::Insert(self.insert()?)),
            "COMMIT" => {
                self.bump();
                self.eat_kw("WORK");
                Ok(StatementKind::Commit)
            }
            "ROLLBACK" => {
                self.bump();
                self.eat_kw("WORK");
                if self.is_kw("TO") {
                    return Err(self.unsupported("savepoints"));
                }
                Ok(StatementKind::Rollback)
            }
            w => match UNSUPPORTED_STATEMENTS.iter().find(|(k, _)| *k == w) {
                Some((_, what)) => Err(self.unsupported(*what)),
                None => Err(self.fail(900, "invalid SQL statement")),
            },
        }
    }

    // ------------------------------------------------------------ queries

    fn query(&mut self) -> R<Query> {
        self.query_into(false).map(|(q, _)| q)
    }

    fn query_into(&mut self, allow_into: bool) -> R<(Query, Vec<Ident>)> {
        self.enter(QUERY_WEIGHT)?;
        let r = self.query_inner(allow_into);
        self.depth -= QUERY_WEIGHT;
        r
    }

    fn hints(&mut self) -> Vec<Hint> {
        let t = self.tok().clone();
        if let Tok::Hint(content) = &t.tok {
            self.bump();
            parse_hints(content, t.inner)
        } else {
            Vec::new()
        }
    }

    fn query_inner(&mut self, allow_into: bool) -> R<(Query, Vec<Ident>)> {
        let pos = self.pos();
        let (hints, distinct) = self.select_head()?;
        let select = self.select_list()?;
        let into = self.select_into_targets(allow_into)?;
        if !self.eat_kw("FROM") {
            return Err(self.fail(923, "FROM keyword not found where expected"));
        }
        let (from, join_conds) = self.table_refs()?;
        let mut q = Query {
            pos,
            hints,
            distinct,
            select,
            from,
            where_clause: None,
            connect_by: None,
            group_by: Vec::new(),
            order_by: Vec::new(),
        };
        self.query_clauses(&mut q)?;
        fold_join_conditions(&mut q, join_conds);
        Ok((q, into))
    }

    /// `SELECT [hints] [DISTINCT|UNIQUE|ALL]`
    #[inline(never)]
    fn select_head(&mut self) -> R<(Vec<Hint>, bool)> {
        if self.is_kw("WITH") {
            return Err(self.unsupported("WITH clauses (subquery factoring)"));
        }
        self.expect_kw("SELECT", 928, "missing SELECT keyword")?;
        let hints = self.hints();
        let distinct = if self.eat_kw("DISTINCT") || self.eat_kw("UNIQUE") {
            true
        } else {
            self.eat_kw("ALL");
            false
        };
        Ok((hints, distinct))
    }

    fn select_list(&mut self) -> R<Vec<SelectItem>> {
        let mut select = vec![self.select_item()?];
        while self.eat(&Tok::Comma) {
            select.push(self.select_item()?);
        }
        Ok(select)
    }

    #[inline(never)]
    fn select_into_targets(&mut self, allow_into: bool) -> R<Vec<Ident>> {
        let mut into = Vec::new();
        if self.is_kw("BULK") {
            return Err(self.unsupported("BULK COLLECT"));
        }
        if self.is_kw("INTO") {
            if !allow_into {
                return Err(self.fail(905, "missing keyword"));
            }
            self.bump();
            into.push(self.column_ident()?);
            while self.eat(&Tok::Comma) {
                into.push(self.column_ident()?);
            }
        }
        Ok(into)
    }

    /// WHERE, START WITH, CONNECT BY, GROUP BY, ORDER BY.
    fn query_clauses(&mut self, q: &mut Query) -> R<()> {
        // Clauses in Oracle's order; START WITH may come before or after CONNECT BY.
        let mut stage = 0;
        loop {
            if stage < 1 && self.eat_kw("WHERE") {
                q.where_clause = Some(self.expr()?);
                stage = 1;
            } else if stage < 2 && self.is_kw("START") && self.nth_is_kw(1, "WITH") {
                self.bump();
                self.bump();
                let _ = self.expr()?;
                if stage == 0 || stage == 1 {
                    // allow CONNECT BY after START WITH
                    stage = 1;
                }
            } else if stage < 2 && self.is_kw("CONNECT") {
                self.bump();
                self.missing_keyword("BY")?;
                self.eat_kw("NOCYCLE");
                q.connect_by = Some(self.expr()?);
                stage = 2;
                if self.is_kw("START") && self.nth_is_kw(1, "WITH") {
                    self.bump();
                    self.bump();
                    let _ = self.expr()?;
                }
            } else if stage < 3 && self.is_kw("GROUP") {
                self.bump();
                self.missing_keyword("BY")?;
                q.group_by.push(self.expr()?);
                while self.eat(&Tok::Comma) {
                    q.group_by.push(self.expr()?);
                }
                stage = 3;
            } else if self.is_kw("HAVING") {
                return Err(self.unsupported("HAVING clauses"));
            } else if stage < 4 && self.is_kw("ORDER") {
                self.bump();
                if self.is_kw("SIBLINGS") {
                    return Err(self.unsupported("ORDER SIBLINGS BY"));
                }
                self.missing_keyword("BY")?;
                loop {
                    let expr = self.expr()?;
                    let descending = if self.eat_kw("DESC") {
                        true
                    } else {
                        self.eat_kw("ASC");
                        false
                    };
                    if self.is_kw("NULLS") {
                        self.bump();
                        if !(self.eat_kw("FIRST") || self.eat_kw("LAST")) {
                            return Err(self.fail(905, "missing keyword"));
                        }
                    }
                    q.order_by.push(OrderItem { expr, descending });
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                }
                stage = 4;
            } else if matches!(self.word(), Some("UNION" | "MINUS" | "INTERSECT" | "EXCEPT")) {
                return Err(self.unsupported("UNION, INTERSECT and MINUS"));
            } else if self.is_kw("FOR") && self.nth_is_kw(1, "UPDATE") {
                return Err(self.unsupported("SELECT ... FOR UPDATE"));
            } else if self.is_kw("FETCH") || self.is_kw("OFFSET") {
                return Err(self.unsupported("row limiting clauses (FETCH FIRST, OFFSET)"));
            } else if self.is_kw("MODEL") {
                return Err(self.unsupported("the MODEL clause"));
            } else {
                break;
            }
        }
        Ok(())
    }

    fn alias_word_ok(&self) -> bool {
        match &self.tok().tok {
            Tok::Ident { quoted: true, .. } => true,
            Tok::Ident { name, quoted: false } => !is_reserved(name) && !NOT_ALIAS.contains(&name.as_str()),
            _ => false,
        }
    }

    fn select_item(&mut self) -> R<SelectItem> {
        if self.is(&Tok::Star) {
            let pos = self.bump().pos;
            return Ok(SelectItem::Star(pos));
        }
        if matches!(self.nth(1), Tok::Dot) && matches!(self.nth(2), Tok::Star) {
            if let Some(id) = self.ident_opt() {
                self.bump();
                self.bump();
                return Ok(SelectItem::QualifiedStar(id));
            }
        }
        let expr = self.expr()?;
        let alias = if self.eat_kw("AS") {
            Some(self.ident(923, "FROM keyword not found where expected")?)
        } else if self.alias_word_ok() {
            self.ident_opt()
        } else {
            None
        };
        Ok(SelectItem::Expr { expr, alias })
    }

    fn table_alias(&mut self) -> Option<Ident> {
        if self.alias_word_ok() {
            self.ident_opt()
        } else {
            None
        }
    }

    fn table_refs(&mut self) -> R<(Vec<FromItem>, Vec<Expr>)> {
        let mut items = Vec::new();
        let mut conds = Vec::new();
        loop {
            items.push(self.table_ref()?);
            while let Some(needs_on) = self.join_keyword()? {
                items.push(self.table_ref()?);
                if needs_on {
                    conds.push(self.join_condition()?);
                }
            }
            if !self.eat(&Tok::Comma) {
                break;
            }
        }
        Ok((items, conds))
    }

    /// `[INNER] JOIN` (Some(true): needs ON), `CROSS JOIN` (Some(false)),
    /// anything else None; outer joins are unsupported.
    #[inline(never)]
    fn join_keyword(&mut self) -> R<Option<bool>> {
        if self.is_kw("INNER") && self.nth_is_kw(1, "JOIN") {
            self.bump();
            self.bump();
            Ok(Some(true))
        } else if self.is_kw("JOIN") {
            self.bump();
            Ok(Some(true))
        } else if self.is_kw("CROSS") && self.nth_is_kw(1, "JOIN") {
            self.bump();
            self.bump();
            Ok(Some(false))
        } else if matches!(self.word(), Some("LEFT" | "RIGHT" | "FULL"))
            && (self.nth_is_kw(1, "JOIN") || self.nth_is_kw(1, "OUTER"))
        {
            Err(self.unsupported("outer joins"))
        } else if self.is_kw("NATURAL") {
            Err(self.unsupported("NATURAL JOIN"))
        } else if matches!(self.word(), Some("CROSS" | "OUTER")) && self.nth_is_kw(1, "APPLY") {
            Err(self.unsupported("CROSS APPLY and OUTER APPLY"))
        } else {
            Ok(None)
        }
    }

    #[inline(never)]
    fn join_condition(&mut self) -> R<Expr> {
        if self.eat_kw("ON") {
            self.expr()
        } else if self.is_kw("USING") {
            Err(self.unsupported("JOIN ... USING"))
        } else {
            Err(self.fail(905, "missing keyword"))
        }
    }

    fn table_ref(&mut self) -> R<FromItem> {
        if self.is(&Tok::LParen) {
            return self.inline_view();
        }
        if self.is_kw("XMLTABLE") && self.nth(1) == &Tok::LParen {
            return self.xmltable();
        }
        self.named_table()
    }

    /// `( SELECT ... ) [alias]`
    #[inline(never)]
    fn inline_view(&mut self) -> R<FromItem> {
        self.bump();
        if self.is_kw("WITH") {
            return Err(self.unsupported("WITH clauses (subquery factoring)"));
        }
        if !self.is_kw("SELECT") {
            return Err(self.fail(928, "missing SELECT keyword"));
        }
        let query = self.query()?;
        self.rparen()?;
        let alias = self.table_alias();
        Ok(FromItem::Subquery { query: Box::new(query), alias })
    }

    /// `xmltable('a to b') [alias]`
    #[inline(never)]
    fn xmltable(&mut self) -> R<FromItem> {
        let pos = self.pos();
        self.bump();
        self.bump();
        let t = self.tok().clone();
        let Tok::Str(s) = &t.tok else {
            return Err(self.unsupported("XMLTABLE other than xmltable('a to b')"));
        };
        let Some((from, to)) = xml_range(s, t.inner) else {
            return Err(LabError::unsupported("XMLTABLE other than xmltable('a to b')", t.pos));
        };
        self.bump();
        if !self.is(&Tok::RParen) {
            return Err(self.unsupported("XMLTABLE other than xmltable('a to b')"));
        }
        self.bump();
        let alias = self.table_alias();
        Ok(FromItem::XmlTableRange { from, to, alias, pos })
    }

    #[inline(never)]
    fn named_table(&mut self) -> R<FromItem> {
        if matches!(self.word(), Some("TABLE" | "THE")) && self.nth(1) == &Tok::LParen {
            return Err(self.unsupported("TABLE() collection expressions"));
        }
        if self.is_kw("LATERAL") && self.nth(1) == &Tok::LParen {
            return Err(self.unsupported("LATERAL inline views"));
        }
        let name = self.object_name(903, "invalid table name")?;
        if matches!(self.word(), Some("PARTITION" | "SUBPARTITION")) {
            return Err(self.unsupported("partition-extended table names"));
        }
        if self.is_kw("SAMPLE") {
            return Err(self.unsupported("SAMPLE clauses"));
        }
        let alias = self.table_alias();
        Ok(FromItem::Table { name, alias })
    }

    // ------------------------------------------------------------ expressions

    /// An expression (any precedence). Each call counts one nesting level.
    fn expr(&mut self) -> R<Expr> {
        self.enter(1)?;
        let r = self.binop(0);
        self.depth -= 1;
        r
    }

    /// Precedence of the binary operator at the cursor:
    /// OR 1 < AND 2 < (NOT 3) < comparison 4 < || 5 < + - 6 < * / 7.
    /// Comparisons (including BETWEEN, IS, IN, LIKE) come back with `None`.
    fn peek_binop(&self) -> Option<(u8, Option<BinaryOp>)> {
        Some(match &self.tok().tok {
            Tok::Ident { name, quoted: false } => match name.as_str() {
                "OR" => (1, Some(BinaryOp::Or)),
                "AND" => (2, Some(BinaryOp::And)),
                "BETWEEN" | "IS" | "IN" | "LIKE" | "LIKE2" | "LIKE4" | "LIKEC" | "MEMBER" | "SUBMULTISET" => (4, None),
                "NOT" if matches!(self.nth_word(1), Some("BETWEEN" | "IN" | "LIKE")) => (4, None),
                _ => return None,
            },
            Tok::Eq | Tok::Ne | Tok::Lt | Tok::Le | Tok::Gt | Tok::Ge => (4, None),
            Tok::Concat => (5, Some(BinaryOp::Concat)),
            Tok::Plus => (6, Some(BinaryOp::Add)),
            Tok::Minus => (6, Some(BinaryOp::Sub)),
            Tok::Star => (7, Some(BinaryOp::Mul)),
            Tok::Slash => (7, Some(BinaryOp::Div)),
            _ => return None,
        })
    }

    /// Precedence climbing: operators binding at least as tightly as `min`.
    fn binop(&mut self, min: u8) -> R<Expr> {
        let mut left = self.prefix(min)?;
        let mut compared = false;
        while let Some((prec, op)) = self.peek_binop() {
            if prec < min {
                break;
            }
            left = match op {
                Some(op) => {
                    self.bump();
                    let right = self.binop(prec + 1)?;
                    Expr::Binary { op, left: Box::new(left), right: Box::new(right) }
                }
                // Comparisons do not chain: `a = b = c` stops here.
                None if compared => break,
                None => {
                    compared = true;
                    self.comparison(left)?
                }
            };
            if prec < 4 {
                compared = false;
            }
        }
        Ok(left)
    }

    /// Prefix operators (`NOT`, unary `-`/`+`) and operands. Kept small:
    /// it is on the native stack once per nesting level.
    fn prefix(&mut self, min: u8) -> R<Expr> {
        if self.is(&Tok::Minus) || self.is(&Tok::Plus) {
            self.sign_prefix()
        } else if min <= 3 && self.is_kw("NOT") {
            self.not_prefix()
        } else {
            self.primary()
        }
    }

    #[inline(never)]
    fn not_prefix(&mut self) -> R<Expr> {
        self.bump();
        self.enter(1)?;
        let r = self.binop(3);
        self.depth -= 1;
        Ok(Expr::Not(Box::new(r?)))
    }

    #[inline(never)]
    fn sign_prefix(&mut self) -> R<Expr> {
        let t = self.bump();
        self.enter(1)?;
        let r = self.prefix(8);
        self.depth -= 1;
        if t.tok == Tok::Plus {
            return r;
        }
        Ok(match r? {
            Expr::Number(n, _) => Expr::Number(-n, t.pos),
            e => Expr::Negate(Box::new(e)),
        })
    }

    /// The comparison after `left` (the cursor is on its operator).
    #[inline(never)]
    fn comparison(&mut self, left: Expr) -> R<Expr> {
        let op = match self.tok().tok {
            Tok::Eq => Some(BinaryOp::Eq),
            Tok::Ne => Some(BinaryOp::Ne),
            Tok::Lt => Some(BinaryOp::Lt),
            Tok::Le => Some(BinaryOp::Le),
            Tok::Gt => Some(BinaryOp::Gt),
            Tok::Ge => Some(BinaryOp::Ge),
            _ => None,
        };
        if let Some(op) = op {
            self.bump();
            if matches!(self.word(), Some("ANY" | "SOME" | "ALL")) {
                return Err(self.unsupported("ANY, SOME and ALL comparisons"));
            }
            let right = self.binop(5)?;
            return Ok(Expr::Binary { op, left: Box::new(left), right: Box::new(right) });
        }
        let negated = self.is_kw("NOT");
        if negated {
            self.bump();
        }
        match self.word() {
            Some("BETWEEN") => {
                self.bump();
                let low = self.binop(5)?;
                self.missing_keyword("AND")?;
                let high = self.binop(5)?;
                let e = Expr::Between { expr: Box::new(left), low: Box::new(low), high: Box::new(high) };
                Ok(if negated { Expr::Not(Box::new(e)) } else { e })
            }
            Some("IS") => {
                self.bump();
                let negated = self.eat_kw("NOT");
                if !self.eat_kw("NULL") {
                    return Err(self.fail(908, "missing NULL keyword"));
                }
                Ok(Expr::IsNull { expr: Box::new(left), negated })
            }
            Some("IN") => Err(self.unsupported("IN conditions")),
            Some("MEMBER" | "SUBMULTISET") => Err(self.unsupported("collection conditions")),
            _ => Err(self.unsupported("LIKE conditions")),
        }
    }

    fn primary(&mut self) -> R<Expr> {
        match &self.tok().tok {
            Tok::LParen => self.paren_expr(),
            Tok::Ident { quoted: false, .. } => self.word_primary(),
            Tok::Ident { quoted: true, .. } => self.name_expr(),
            _ => self.literal(),
        }
    }

    #[inline(never)]
    fn literal(&mut self) -> R<Expr> {
        let t = self.tok().clone();
        let e = match t.tok {
            Tok::Number(n) => Expr::Number(n, t.pos),
            Tok::Str(s) => Expr::String(s, t.pos),
            Tok::Bind(b) => Expr::Bind(b, t.pos),
            _ => return Err(self.missing_expression()),
        };
        self.bump();
        Ok(e)
    }

    /// `( expr )` or a scalar subquery.
    fn paren_expr(&mut self) -> R<Expr> {
        self.bump();
        if self.is_kw("SELECT") || self.is_kw("WITH") {
            return self.scalar_subquery();
        }
        let e = self.expr()?;
        if !self.is(&Tok::RParen) {
            return Err(self.paren_expr_error());
        }
        self.bump();
        Ok(e)
    }

    #[inline(never)]
    fn scalar_subquery(&mut self) -> R<Expr> {
        let q = self.query()?;
        self.rparen()?;
        Ok(Expr::Subquery(Box::new(q)))
    }

    #[inline(never)]
    fn paren_expr_error(&self) -> LabError {
        if self.is(&Tok::Comma) {
            self.unsupported("expression lists")
        } else {
            self.fail(907, "missing right parenthesis")
        }
    }

    /// An expression starting with an unquoted word.
    #[inline(never)]
    fn word_primary(&mut self) -> R<Expr> {
        let t = self.tok().clone();
        let (pos, w) = match t.tok {
            Tok::Ident { name, .. } => (t.pos, name),
            _ => return Err(self.missing_expression()),
        };
        let next_paren = self.nth(1) == &Tok::LParen;
        match w.as_str() {
            "NULL" => {
                self.bump();
                Ok(Expr::Null(pos))
            }
            "ROWNUM" => {
                self.bump();
                Ok(Expr::Rownum(pos))
            }
            "LEVEL" => {
                self.bump();
                Ok(Expr::Level(pos))
            }
            "USER" | "UID" => {
                self.bump();
                Ok(Expr::Column { qualifier: None, name: Ident { name: w, pos } })
            }
            "SYSDATE" | "SYSTIMESTAMP" | "CURRENT_DATE" | "CURRENT_TIMESTAMP" | "LOCALTIMESTAMP" if !next_paren => {
                self.bump();
                Ok(Expr::Function { name: Ident { name: w, pos }, args: Vec::new() })
            }
            "CASE" => Err(self.unsupported("CASE expressions")),
            "PRIOR" => Err(self.unsupported("PRIOR")),
            "CONNECT_BY_ROOT" => Err(self.unsupported("CONNECT_BY_ROOT")),
            "DATE" | "TIMESTAMP" if matches!(self.nth(1), Tok::Str(_)) => Err(self.unsupported("datetime literals")),
            "INTERVAL" if matches!(self.nth(1), Tok::Str(_)) => Err(self.unsupported("interval literals")),
            "CAST" | "EXTRACT" | "TREAT" | "MULTISET" | "CURSOR" if next_paren => {
                Err(self.unsupported(format!("{w} expressions")))
            }
            "MAX" | "MIN" | "COUNT" | "SUM" | "AVG" if next_paren => {
                let func = match w.as_str() {
                    "MAX" => AggregateFunc::Max,
                    "MIN" => AggregateFunc::Min,
                    "COUNT" => AggregateFunc::Count,
                    "SUM" => AggregateFunc::Sum,
                    _ => AggregateFunc::Avg,
                };
                self.bump();
                self.bump();
                let arg = if func == AggregateFunc::Count && self.is(&Tok::Star) {
                    self.bump();
                    None
                } else {
                    self.eat_kw("ALL");
                    if self.is_kw("DISTINCT") || self.is_kw("UNIQUE") {
                        return Err(self.unsupported("DISTINCT aggregates"));
                    }
                    Some(Box::new(self.expr()?))
                };
                self.rparen()?;
                if self.is_kw("OVER") || self.is_kw("KEEP") || self.is_kw("WITHIN") {
                    return Err(self.unsupported("analytic functions"));
                }
                Ok(Expr::Aggregate { func, arg, pos })
            }
            _ if is_reserved(&w) => Err(self.missing_expression()),
            _ => self.name_expr(),
        }
    }

    /// A column reference, dotted name or function call.
    fn name_expr(&mut self) -> R<Expr> {
        let mut parts: Vec<(Ident, bool)> = Vec::new();
        let first = self.tok().clone();
        if let Tok::Ident { name, quoted } = &first.tok {
            parts.push((Ident { name: name.clone(), pos: first.pos }, *quoted));
            self.bump();
        } else {
            return Err(self.missing_expression());
        }
        while self.is(&Tok::Dot) {
            let t = self.nth(1).clone();
            let Tok::Ident { name, quoted } = t else {
                return Err(self.missing_expression());
            };
            self.bump();
            let pos = self.bump().pos;
            parts.push((Ident { name, pos }, quoted));
        }
        if self.is(&Tok::At) {
            return Err(self.unsupported("database links"));
        }
        let pos = parts[0].0.pos;
        if self.is(&Tok::LParen) {
            if self.nth(1) == &Tok::Plus && self.nth(2) == &Tok::RParen {
                return Err(self.unsupported("the outer join operator (+)"));
            }
            let name = parts.iter().map(|(p, _)| p.name.as_str()).collect::<Vec<_>>().join(".");
            self.bump();
            let mut args = Vec::new();
            if !self.eat(&Tok::RParen) {
                loop {
                    if matches!(self.tok().tok, Tok::Ident { .. }) && self.nth(1) == &Tok::Arrow {
                        self.bump();
                        self.bump();
                    }
                    args.push(self.expr()?);
                    if !self.eat(&Tok::Comma) {
                        break;
                    }
                }
                self.rparen()?;
            }
            if self.is_kw("OVER") {
                return Err(self.unsupported("analytic functions"));
            }
            return Ok(Expr::Function { name: Ident { name, pos }, args });
        }
        let n = parts.len();
        let pkg = |s: &str| s.starts_with("DBMS_") || s.starts_with("UTL_");
        if n == 2 && !parts[0].1 && pkg(&parts[0].0.name) {
            let name = format!("{}.{}", parts[0].0.name, parts[1].0.name);
            return Ok(Expr::Function { name: Ident { name, pos }, args: Vec::new() });
        }
        let mut it = parts.into_iter().rev();
        let name = it.next().map(|(p, _)| p).unwrap_or(Ident { name: String::new(), pos });
        let qualifier = it.next().map(|(p, _)| p);
        Ok(Expr::Column { qualifier, name })
    }

    // ------------------------------------------------------------ DDL

    fn create(&mut self) -> R<StatementKind> {
        self.bump();
        if self.is_kw("OR") {
            self.bump();
            self.expect_kw("REPLACE", 922, "missing or invalid option")?;
            return Err(self.unsupported("CREATE OR REPLACE"));
        }
        let Some(w) = self.word().map(str::to_string) else {
            return Err(self.fail(901, "invalid CREATE command"));
        };
        match w.as_str() {
            "TABLE" => {
                self.bump();
                self.create_table()
            }
            "CLUSTER" => {
                self.bump();
                self.create_cluster()
            }
            "UNIQUE" => {
                self.bump();
                self.expect_kw("INDEX", 968, "missing INDEX keyword")?;
                self.create_index(true)
            }
            "INDEX" => {
                self.bump();
                self.create_index(false)
            }
            "BITMAP" => Err(self.unsupported("bitmap indexes")),
            "GLOBAL" | "PRIVATE" | "SHARDED" | "DUPLICATED" | "BLOCKCHAIN" | "IMMUTABLE" => {
                Err(self.unsupported(format!("{w} tables")))
            }
            "VIEW" | "MATERIALIZED" | "SEQUENCE" | "SYNONYM" | "PUBLIC" | "USER" | "ROLE" | "TABLESPACE"
            | "DIRECTORY" | "DATABASE" | "TYPE" | "PROCEDURE" | "FUNCTION" | "PACKAGE" | "TRIGGER" | "FORCE"
            | "NOFORCE" | "EDITIONABLE" | "NONEDITIONABLE" | "CONTEXT" | "OUTLINE" | "PROFILE" | "LIBRARY"
            | "DIMENSION" | "JAVA" | "OPERATOR" | "INDEXTYPE" | "EDITION" | "AUDIT" | "PLUGGABLE" | "RESTORE"
            | "CONTROLFILE" | "SPFILE" | "PFILE" | "ROLLBACK" | "SCHEMA" | "FLASHBACK" | "LOCKDOWN" => {
                Err(self.unsupported(format!("CREATE {w}")))
            }
            _ => Err(self.fail(901, "invalid CREATE command")),
        }
    }

    fn datatype(&mut self) -> R<DataType> {
        let Some(w) = self.word().map(str::to_string) else {
            return Err(self.fail(902, "invalid datatype"));
        };
        let len_msg = "invalid datatype";
        match w.as_str() {
            "NUMBER" | "DECIMAL" | "NUMERIC" | "DEC" => {
                self.bump();
                let (mut precision, mut scale) = (None, None);
                if self.eat(&Tok::LParen) {
                    if !self.eat(&Tok::Star) {
                        let p = self.uint(1727, "numeric precision specifier is out of range (1 to 38)")?;
                        if !(1..=38).contains(&p) {
                            return Err(LabError::ora(
                                1727,
                                "numeric precision specifier is out of range (1 to 38)",
                                self.toks[self.i.saturating_sub(1)].pos,
                            ));
                        }
                        precision = Some(p);
                    }
                    if self.eat(&Tok::Comma) {
                        let s = self.int(1728, "numeric scale specifier is out of range (-84 to 127)")?;
                        if !(-84..=127).contains(&s) {
                            return Err(LabError::ora(
                                1728,
                                "numeric scale specifier is out of range (-84 to 127)",
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
                    self.uint(902, len_msg)?;
                    self.rparen()?;
                }
                Ok(DataType::Number { precision: None, scale: None })
            }
            "VARCHAR2" | "VARCHAR" | "NVARCHAR2" => {
                self.bump();
                self.lparen()?;
                let len = self.uint(910, "specified length too long for its datatype")?;
                if len == 0 {
                    return Err(LabError::ora(1723, "zero-length columns are not allowed", self.toks[self.i - 1].pos));
                }
                let mut char_semantics = w == "NVARCHAR2";
                if self.eat_kw("CHAR") {
                    char_semantics = true;
                } else {
                    self.eat_kw("BYTE");
                }
                self.rparen()?;
                Ok(DataType::Varchar2 { len, char_semantics })
            }
            "CHAR" | "NCHAR" | "CHARACTER" => {
                self.bump();
                let mut len = 1;
                if self.eat(&Tok::LParen) {
                    len = self.uint(910, "specified length too long for its datatype")?;
                    if len == 0 {
                        return Err(LabError::ora(
                            1723,
                            "zero-length columns are not allowed",
                            self.toks[self.i - 1].pos,
                        ));
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
            _ => Err(self.fail(902, "invalid datatype")),
        }
    }

    fn column_def(&mut self, name: Ident) -> R<ColumnDef> {
        let data_type = self.datatype()?;
        let mut c = ColumnDef {
            name,
            data_type,
            not_null: false,
            primary_key: false,
            unique: false,
            identity: false,
            default: None,
        };
        loop {
            if self.eat_kw("DEFAULT") {
                if self.is_kw("ON") && self.nth_is_kw(1, "NULL") {
                    self.bump();
                    self.bump();
                }
                c.default = Some(self.expr()?);
            } else if self.is_kw("NOT") {
                self.bump();
                if !self.eat_kw("NULL") {
                    return Err(self.fail(908, "missing NULL keyword"));
                }
                c.not_null = true;
            } else if self.eat_kw("NULL") {
                c.not_null = false;
            } else if self.is_kw("PRIMARY") {
                self.bump();
                self.missing_keyword("KEY")?;
                c.primary_key = true;
                self.constraint_state()?;
            } else if self.eat_kw("UNIQUE") {
                c.unique = true;
                self.constraint_state()?;
            } else if self.eat_kw("CONSTRAINT") {
                self.ident(902, "invalid datatype")?;
                if !matches!(self.word(), Some("NOT" | "NULL" | "PRIMARY" | "UNIQUE" | "CHECK" | "REFERENCES")) {
                    return Err(self.fail(902, "invalid datatype"));
                }
            } else if self.is_kw("GENERATED") {
                self.bump();
                if !self.eat_kw("ALWAYS") {
                    self.missing_keyword("BY")?;
                    self.missing_keyword("DEFAULT")?;
                    if self.is_kw("ON") {
                        self.bump();
                        self.missing_keyword("NULL")?;
                    }
                }
                self.missing_keyword("AS")?;
                if self.is(&Tok::LParen) {
                    return Err(self.unsupported("virtual columns"));
                }
                self.missing_keyword("IDENTITY")?;
                if self.is(&Tok::LParen) {
                    self.skip_parens()?;
                }
                c.identity = true;
                c.not_null = true;
            } else if self.is_kw("CHECK") {
                return Err(self.unsupported("CHECK constraints"));
            } else if self.is_kw("REFERENCES") {
                return Err(self.unsupported("foreign keys"));
            } else if self.is_kw("SORT") || self.is_kw("ENABLE") {
                self.bump();
            } else {
                return Ok(c);
            }
        }
    }

    /// Skip a balanced parenthesised group.
    fn skip_parens(&mut self) -> R<()> {
        let mut depth = 0usize;
        loop {
            match self.tok().tok {
                Tok::LParen => depth += 1,
                Tok::RParen => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        self.bump();
                        return Ok(());
                    }
                }
                Tok::Eof | Tok::Error(_) => return Err(self.fail(907, "missing right parenthesis")),
                _ => {}
            }
            self.bump();
        }
    }

    /// `[NOT] DEFERRABLE [INITIALLY ...]`, `USING INDEX ...`, `ENABLE`...
    fn constraint_state(&mut self) -> R<bool> {
        let mut deferrable = false;
        loop {
            if self.is_kw("NOT") && self.nth_is_kw(1, "DEFERRABLE") {
                self.bump();
                self.bump();
                deferrable = false;
            } else if self.eat_kw("DEFERRABLE") {
                deferrable = true;
            } else if self.eat_kw("INITIALLY") {
                if !(self.eat_kw("DEFERRED") || self.eat_kw("IMMEDIATE")) {
                    return Err(self.fail(905, "missing keyword"));
                }
            } else if self.is_kw("USING") && self.nth_is_kw(1, "INDEX") {
                self.bump();
                self.bump();
                if self.is(&Tok::LParen) {
                    return Err(self.unsupported("USING INDEX (CREATE INDEX ...)"));
                }
                let mut ph = Physical::default();
                while self.physical_option(&mut ph)? {}
            } else if matches!(self.word(), Some("ENABLE" | "VALIDATE" | "RELY" | "NORELY")) {
                self.bump();
            } else if matches!(self.word(), Some("DISABLE" | "NOVALIDATE")) {
                return Err(self.unsupported("disabled constraints"));
            } else {
                return Ok(deferrable);
            }
        }
    }

    fn table_constraint(&mut self) -> R<TableConstraint> {
        let pos = self.pos();
        let name = if self.eat_kw("CONSTRAINT") { Some(self.ident(904, "invalid identifier")?) } else { None };
        let kind = if self.eat_kw("PRIMARY") {
            self.missing_keyword("KEY")?;
            ConstraintKind::PrimaryKey
        } else if self.eat_kw("UNIQUE") {
            ConstraintKind::Unique
        } else if self.is_kw("CHECK") {
            return Err(self.unsupported("CHECK constraints"));
        } else if self.is_kw("FOREIGN") {
            return Err(self.unsupported("foreign keys"));
        } else {
            return Err(self.fail(902, "invalid datatype"));
        };
        let columns = self.column_list()?;
        let deferrable = self.constraint_state()?;
        Ok(TableConstraint { name, kind, columns, deferrable, pos })
    }

    /// STORAGE ( ... )
    fn storage(&mut self, ph: &mut Physical) -> R<()> {
        self.bump();
        self.lparen()?;
        let invalid = |p: &Self| p.fail(2143, "invalid STORAGE option");
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
                        self.size_bytes(2143, "invalid STORAGE option")?;
                    }
                }
                "FREELIST" => {
                    self.expect_kw("GROUPS", 2143, "invalid STORAGE option")?;
                    self.size_bytes(2143, "invalid STORAGE option")?;
                }
                "FLASH_CACHE" | "CELL_FLASH_CACHE" => {
                    if !(self.eat_kw("KEEP") || self.eat_kw("NONE") || self.eat_kw("DEFAULT")) {
                        return Err(invalid(self));
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

    /// Physical attributes common to tables, indexes and clusters. Returns
    /// false (consuming nothing) when the current token starts none.
    fn physical_option(&mut self, ph: &mut Physical) -> R<bool> {
        let Some(w) = self.word().map(str::to_string) else {
            return Ok(false);
        };
        match w.as_str() {
            "PCTFREE" => {
                self.bump();
                let n = self.uint(2211, "invalid value for PCTFREE or PCTUSED")?;
                if n > 99 {
                    return Err(LabError::ora(2211, "invalid value for PCTFREE or PCTUSED", self.toks[self.i - 1].pos));
                }
                ph.pctfree = Some(n);
            }
            "PCTUSED" | "INITRANS" | "MAXTRANS" => {
                self.bump();
                self.uint(2211, "invalid value for PCTFREE or PCTUSED")?;
            }
            "STORAGE" => self.storage(ph)?,
            "TABLESPACE" => {
                self.bump();
                self.ident(959, "tablespace does not exist")?;
            }
            "LOGGING" | "NOLOGGING" | "CACHE" | "NOCACHE" | "NOPARALLEL" | "MONITORING" | "NOMONITORING"
            | "ROWDEPENDENCIES" | "NOROWDEPENDENCIES" => {
                self.bump();
            }
            "PARALLEL" => {
                self.bump();
                if matches!(self.tok().tok, Tok::Number(_)) {
                    self.bump();
                }
            }
            "COMPRESS" => {
                self.bump();
                ph.compress = Some(true);
                if matches!(self.tok().tok, Tok::Number(_)) {
                    self.bump();
                } else if self.eat_kw("FOR") {
                    while matches!(
                        self.word(),
                        Some("OLTP" | "ALL" | "OPERATIONS" | "QUERY" | "ARCHIVE" | "HIGH" | "LOW" | "DIRECT_LOAD")
                    ) {
                        self.bump();
                    }
                } else if !self.eat_kw("BASIC") {
                    self.eat_kw("ADVANCED");
                }
            }
            "ROW" if self.nth_is_kw(1, "STORE") && self.nth_is_kw(2, "COMPRESS") => {
                self.bump();
                self.bump();
                self.bump();
                ph.compress = Some(true);
                if !self.eat_kw("BASIC") {
                    self.eat_kw("ADVANCED");
                }
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

    fn create_table(&mut self) -> R<StatementKind> {
        let name = self.object_name(903, "invalid table name")?;
        let mut t = CreateTable {
            name,
            columns: Vec::new(),
            constraints: Vec::new(),
            organization_index: false,
            cluster: None,
            segment_creation: None,
            memoptimize_read: false,
            physical: Physical::default(),
            as_select: None,
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
        let mut as_pos = None;
        loop {
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
                        return Err(self.fail(922, "missing or invalid option"));
                    }
                }
                Some("CLUSTER") => {
                    self.bump();
                    let c = self.object_name(941, "missing cluster name")?;
                    let cols = self.column_list()?;
                    t.cluster = Some((c, cols));
                }
                Some("SEGMENT") => {
                    self.bump();
                    self.expect_kw("CREATION", 922, "missing or invalid option")?;
                    t.segment_creation = Some(if self.eat_kw("IMMEDIATE") {
                        SegmentCreation::Immediate
                    } else if self.eat_kw("DEFERRED") {
                        SegmentCreation::Deferred
                    } else {
                        return Err(self.fail(922, "missing or invalid option"));
                    });
                }
                Some("MEMOPTIMIZE") => {
                    self.bump();
                    self.missing_keyword("FOR")?;
                    if self.is_kw("WRITE") {
                        return Err(self.unsupported("MEMOPTIMIZE FOR WRITE"));
                    }
                    self.expect_kw("READ", 922, "missing or invalid option")?;
                    t.memoptimize_read = true;
                }
                Some("PCTTHRESHOLD") => {
                    self.bump();
                    self.uint(922, "missing or invalid option")?;
                }
                Some("INCLUDING") => {
                    self.bump();
                    self.column_ident()?;
                }
                Some("OVERFLOW" | "MAPPING") => return Err(self.unsupported("index-organized table overflow")),
                Some("PARTITION") => return Err(self.unsupported("partitioning")),
                Some("ENABLE" | "DISABLE") if self.nth_is_kw(1, "ROW") => {
                    self.bump();
                    self.bump();
                    self.missing_keyword("MOVEMENT")?;
                }
                Some("RESULT_CACHE" | "FLASHBACK" | "ILM" | "LOB" | "VARRAY" | "NESTED" | "XMLTYPE") => {
                    return Err(self.unsupported(format!("{} clauses", self.symbol())));
                }
                Some("AS") | Some("SELECT") => {
                    as_pos = Some(self.pos());
                    self.eat_kw("AS");
                    let q = if self.is(&Tok::LParen) && self.nth_is_kw(1, "SELECT") {
                        self.bump();
                        let q = self.query()?;
                        self.rparen()?;
                        q
                    } else {
                        self.query()?
                    };
                    t.as_select = Some(Box::new(q));
                    break;
                }
                _ => break,
            }
        }
        match (&mut t.as_select, as_pos) {
            (Some(q), Some(ap)) => {
                if !t.columns.is_empty() {
                    return Err(LabError::ora(1773, "may not specify column datatypes in this CREATE TABLE", ap));
                }
                if !names.is_empty() {
                    if names.len() != q.select.len() || q.select.iter().any(|s| !matches!(s, SelectItem::Expr { .. })) {
                        if q.select.iter().any(|s| !matches!(s, SelectItem::Expr { .. })) {
                            return Err(LabError::unsupported("CREATE TABLE (columns) AS SELECT *", ap));
                        }
                        return Err(LabError::ora(1730, "invalid number of column names specified", ap));
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
                    return Err(LabError::ora(902, "invalid datatype", p));
                }
                if !had_parens {
                    return Err(match &self.tok().tok {
                        Tok::Error(e) => e.clone(),
                        _ => LabError::ora(906, "missing left parenthesis", after_name),
                    });
                }
            }
        }
        if t.columns.is_empty() && t.as_select.is_none() {
            return Err(self.fail(904, "invalid identifier"));
        }
        Ok(StatementKind::CreateTable(t))
    }

    fn create_cluster(&mut self) -> R<StatementKind> {
        let name = self.object_name(941, "missing cluster name")?;
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
                    let n = self.size_bytes(1456, "may not perform insert/delete/update operation")?;
                    c.size = Some(u32::try_from(n).map_err(|_| {
                        LabError::ora(2230, "invalid SIZE value", self.toks[self.i.saturating_sub(1)].pos)
                    })?);
                }
                Some("SINGLE") => {
                    self.bump();
                    self.missing_keyword("TABLE")?;
                    c.single_table = true;
                }
                Some("HASHKEYS") => {
                    self.bump();
                    let n = self.size_bytes(2454, "invalid HASHKEYS value")?;
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
        let name = self.object_name(953, "missing or invalid index name")?;
        self.expect_kw("ON", 969, "missing ON keyword")?;
        let (table, columns) = if self.eat_kw("CLUSTER") {
            // Index on an index cluster: `table` is the cluster, no columns.
            (self.object_name(941, "missing cluster name")?, Vec::new())
        } else {
            let table = self.object_name(903, "invalid table name")?;
            if self.is_kw("AS") || self.ident_opt_peek() {
                // `ON t alias (...)`: bitmap join indexes and such
                return Err(self.fail(906, "missing left parenthesis"));
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
                        return Err(self.fail(907, "missing right parenthesis"));
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
        loop {
            if self.physical_option(&mut physical)? {
                continue;
            }
            match self.word() {
                Some("REVERSE") => return Err(self.unsupported("reverse key indexes")),
                Some("LOCAL" | "GLOBAL") => return Err(self.unsupported("partitioned indexes")),
                Some("ONLINE" | "VISIBLE" | "INVISIBLE" | "NOSORT" | "SORT") => {
                    self.bump();
                }
                Some("COMPUTE") => {
                    self.bump();
                    self.missing_keyword("STATISTICS")?;
                }
                _ => break,
            }
        }
        Ok(StatementKind::CreateIndex(CreateIndex { name, unique, table, columns, physical }))
    }

    fn ident_opt_peek(&self) -> bool {
        matches!(&self.tok().tok, Tok::Ident { name, quoted } if *quoted || (!is_reserved(name) && !matches!(name.as_str(), "REVERSE" | "LOCAL" | "GLOBAL" | "ONLINE" | "TABLESPACE" | "STORAGE" | "PCTFREE" | "COMPRESS" | "NOCOMPRESS" | "LOGGING" | "NOLOGGING")))
    }

    fn alter(&mut self) -> R<StatementKind> {
        self.bump();
        let Some(w) = self.word().map(str::to_string) else {
            return Err(self.fail(940, "invalid ALTER command"));
        };
        match w.as_str() {
            "SYSTEM" => {
                self.bump();
                if self.is_kw("SET") {
                    return Ok(StatementKind::AlterSystem(self.set_parameter(true)?));
                }
                match self.word() {
                    Some(o)
                        if matches!(
                            o,
                            "FLUSH"
                                | "CHECKPOINT"
                                | "SWITCH"
                                | "KILL"
                                | "DISCONNECT"
                                | "RESET"
                                | "REGISTER"
                                | "ARCHIVE"
                                | "SUSPEND"
                                | "RESUME"
                                | "QUIESCE"
                                | "UNQUIESCE"
                                | "ENABLE"
                                | "DISABLE"
                                | "CANCEL"
                        ) =>
                    {
                        Err(self.unsupported(format!("ALTER SYSTEM {o}")))
                    }
                    _ => Err(self.fail(2065, "illegal option for ALTER SYSTEM")),
                }
            }
            "SESSION" => {
                self.bump();
                if self.is_kw("SET") {
                    return Ok(StatementKind::AlterSession(self.set_parameter(false)?));
                }
                match self.word() {
                    Some(o) if matches!(o, "ENABLE" | "DISABLE" | "FORCE" | "ADVISE" | "CLOSE" | "SYNC") => {
                        Err(self.unsupported(format!("ALTER SESSION {o}")))
                    }
                    _ => Err(self.fail(2248, "invalid option for ALTER SESSION")),
                }
            }
            "INDEX" => {
                self.bump();
                let name = self.object_name(953, "missing or invalid index name")?;
                let mut physical = Physical::default();
                let rebuild = self.eat_kw("REBUILD");
                let mut any = rebuild;
                loop {
                    if self.physical_option(&mut physical)? {
                        any = true;
                        continue;
                    }
                    if rebuild && matches!(self.word(), Some("ONLINE" | "REVERSE" | "NOREVERSE")) {
                        if self.is_kw("REVERSE") {
                            return Err(self.unsupported("reverse key indexes"));
                        }
                        self.bump();
                        continue;
                    }
                    if rebuild && self.is_kw("PARTITION") {
                        return Err(self.unsupported("partitioned indexes"));
                    }
                    break;
                }
                if !any {
                    return match self.word() {
                        Some(o)
                            if matches!(
                                o,
                                "UNUSABLE"
                                    | "COALESCE"
                                    | "RENAME"
                                    | "MONITORING"
                                    | "NOMONITORING"
                                    | "VISIBLE"
                                    | "INVISIBLE"
                                    | "SHRINK"
                                    | "DEALLOCATE"
                                    | "ALLOCATE"
                                    | "ENABLE"
                                    | "DISABLE"
                                    | "MODIFY"
                                    | "SPLIT"
                                    | "UPDATE"
                                    | "COMPILE"
                            ) =>
                        {
                            Err(self.unsupported(format!("ALTER INDEX ... {o}")))
                        }
                        _ => Err(self.fail(2243, "invalid ALTER INDEX or ALTER MATERIALIZED VIEW option")),
                    };
                }
                Ok(StatementKind::AlterIndex(AlterIndex { name, physical, rebuild }))
            }
            "TABLE" => {
                self.bump();
                let name = self.object_name(903, "invalid table name")?;
                if self.is_kw("NO") && self.nth_is_kw(1, "MEMOPTIMIZE") {
                    self.bump();
                    self.bump();
                    self.missing_keyword("FOR")?;
                    self.expect_kw("READ", 1735, "invalid ALTER TABLE option")?;
                    return Ok(StatementKind::AlterTable(AlterTable {
                        name,
                        action: AlterTableAction::MemoptimizeRead(false),
                    }));
                }
                if self.eat_kw("MEMOPTIMIZE") {
                    self.missing_keyword("FOR")?;
                    if self.is_kw("WRITE") {
                        return Err(self.unsupported("MEMOPTIMIZE FOR WRITE"));
                    }
                    self.expect_kw("READ", 1735, "invalid ALTER TABLE option")?;
                    return Ok(StatementKind::AlterTable(AlterTable {
                        name,
                        action: AlterTableAction::MemoptimizeRead(true),
                    }));
                }
                let mut physical = Physical::default();
                let mut any = false;
                while self.physical_option(&mut physical)? {
                    any = true;
                }
                if any {
                    return Ok(StatementKind::AlterTable(AlterTable {
                        name,
                        action: AlterTableAction::Physical(physical),
                    }));
                }
                match self.word() {
                    Some(o)
                        if matches!(
                            o,
                            "ADD"
                                | "MODIFY"
                                | "DROP"
                                | "MOVE"
                                | "RENAME"
                                | "SHRINK"
                                | "ENABLE"
                                | "DISABLE"
                                | "TRUNCATE"
                                | "SPLIT"
                                | "EXCHANGE"
                                | "SET"
                                | "DEALLOCATE"
                                | "ALLOCATE"
                                | "READ"
                                | "COALESCE"
                                | "MERGE"
                                | "UPGRADE"
                                | "INMEMORY"
                                | "NO"
                                | "ROW"
                                | "FLASHBACK"
                                | "OVERFLOW"
                        ) =>
                    {
                        Err(self.unsupported(format!("ALTER TABLE ... {o}")))
                    }
                    _ => Err(self.fail(1735, "invalid ALTER TABLE option")),
                }
            }
            "CLUSTER" | "USER" | "DATABASE" | "VIEW" | "SEQUENCE" | "TABLESPACE" | "PROCEDURE" | "FUNCTION"
            | "PACKAGE" | "TRIGGER" | "TYPE" | "MATERIALIZED" | "SYNONYM" | "PROFILE" | "ROLE" | "PLUGGABLE"
            | "DISKGROUP" | "RESOURCE" | "OUTLINE" | "LIBRARY" | "JAVA" | "DIMENSION" | "AUDIT" | "LOCKDOWN" => {
                Err(self.unsupported(format!("ALTER {w}")))
            }
            _ => Err(self.fail(940, "invalid ALTER command")),
        }
    }

    /// `SET name = value [SCOPE = ...] [SID = '*']` after ALTER SYSTEM/SESSION.
    fn set_parameter(&mut self, system: bool) -> R<SetParameter> {
        self.bump();
        let t = self.tok().clone();
        let name = match &t.tok {
            Tok::Ident { name, .. } => Ident { name: name.to_lowercase(), pos: t.pos },
            _ => return Err(self.fail(922, "missing or invalid option")),
        };
        self.bump();
        if !self.eat(&Tok::Eq) {
            return Err(self.fail(922, "missing or invalid option"));
        }
        let value = self.param_value()?;
        if self.is(&Tok::Comma) {
            return Err(self.unsupported("lists of parameter values"));
        }
        let mut scope = None;
        loop {
            if system && self.is_kw("SCOPE") {
                self.bump();
                if !self.eat(&Tok::Eq) {
                    return Err(self.fail(922, "missing or invalid option"));
                }
                scope = Some(match self.word() {
                    Some("MEMORY") => Scope::Memory,
                    Some("SPFILE") => Scope::Spfile,
                    Some("BOTH") => Scope::Both,
                    _ => return Err(self.fail(922, "missing or invalid option")),
                });
                self.bump();
            } else if system && (self.is_kw("SID") || self.is_kw("COMMENT") || self.is_kw("CONTAINER")) {
                self.bump();
                if !self.eat(&Tok::Eq) {
                    return Err(self.fail(922, "missing or invalid option"));
                }
                match self.tok().tok {
                    Tok::Str(_) | Tok::Ident { .. } => {
                        self.bump();
                    }
                    _ => return Err(self.fail(922, "missing or invalid option")),
                }
            } else if system && self.is_kw("DEFERRED") {
                self.bump();
            } else if matches!(self.tok().tok, Tok::Ident { .. }) && self.nth(1) == &Tok::Eq {
                return Err(self.unsupported("several parameters in one ALTER SESSION/SYSTEM SET"));
            } else {
                break;
            }
        }
        Ok(SetParameter { name, value, scope })
    }

    fn drop_stmt(&mut self) -> R<StatementKind> {
        self.bump();
        let Some(w) = self.word().map(str::to_string) else {
            return Err(self.fail(950, "invalid DROP option"));
        };
        let (kind, name) = match w.as_str() {
            "TABLE" => {
                self.bump();
                (ObjectKind::Table, self.object_name(903, "invalid table name")?)
            }
            "INDEX" => {
                self.bump();
                (ObjectKind::Index, self.object_name(953, "missing or invalid index name")?)
            }
            "CLUSTER" => {
                self.bump();
                (ObjectKind::Cluster, self.object_name(941, "missing cluster name")?)
            }
            "VIEW" | "SEQUENCE" | "SYNONYM" | "PUBLIC" | "USER" | "TABLESPACE" | "MATERIALIZED" | "PROCEDURE"
            | "FUNCTION" | "PACKAGE" | "TRIGGER" | "TYPE" | "ROLE" | "DIRECTORY" | "DATABASE" | "PROFILE"
            | "LIBRARY" | "CONTEXT" | "OUTLINE" | "PLUGGABLE" | "JAVA" | "DIMENSION" | "OPERATOR" | "INDEXTYPE"
            | "EDITION" => return Err(self.unsupported(format!("DROP {w}"))),
            _ => return Err(self.fail(950, "invalid DROP option")),
        };
        let mut including_tables = false;
        loop {
            if kind == ObjectKind::Cluster && self.eat_kw("INCLUDING") {
                self.missing_keyword("TABLES")?;
                including_tables = true;
            } else if kind != ObjectKind::Index && self.eat_kw("CASCADE") {
                self.missing_keyword("CONSTRAINTS")?;
            } else if (kind == ObjectKind::Table && self.eat_kw("PURGE"))
                || (kind == ObjectKind::Index && (self.eat_kw("ONLINE") || self.eat_kw("FORCE")))
            {
            } else {
                break;
            }
        }
        Ok(StatementKind::Drop(Drop { kind, name, including_tables }))
    }

    // ------------------------------------------------------------ DML

    fn insert(&mut self) -> R<Insert> {
        self.bump();
        let hints = self.hints();
        if matches!(self.word(), Some("ALL" | "FIRST")) {
            return Err(self.unsupported("multitable INSERT"));
        }
        self.expect_kw("INTO", 925, "missing INTO keyword")?;
        if self.is(&Tok::LParen) {
            return Err(self.unsupported("INSERT into a subquery"));
        }
        let table = self.object_name(903, "invalid table name")?;
        if matches!(self.word(), Some("PARTITION" | "SUBPARTITION")) {
            return Err(self.unsupported("partition-extended table names"));
        }
        let _alias = self.table_alias();
        let columns = if self.is(&Tok::LParen) && !self.nth_is_kw(1, "SELECT") && !self.nth_is_kw(1, "WITH") {
            Some(self.column_list()?)
        } else {
            None
        };
        let source = if self.eat_kw("VALUES") {
            self.lparen()?;
            let mut vals = Vec::new();
            loop {
                vals.push(self.expr()?);
                if self.eat(&Tok::Comma) {
                    continue;
                }
                if self.eat(&Tok::RParen) {
                    break;
                }
                if self.at_eof() {
                    return Err(self.fail(907, "missing right parenthesis"));
                }
                return Err(self.fail(917, "missing comma"));
            }
            InsertSource::Values(vals)
        } else if self.is_kw("SELECT") || self.is_kw("WITH") {
            InsertSource::Query(Box::new(self.query()?))
        } else if self.is(&Tok::LParen) && self.nth_is_kw(1, "SELECT") {
            self.bump();
            let q = self.query()?;
            self.rparen()?;
            InsertSource::Query(Box::new(q))
        } else {
            return Err(self.fail(926, "missing VALUES keyword"));
        };
        if self.is_kw("RETURNING") || self.is_kw("RETURN") {
            return Err(self.unsupported("RETURNING clauses"));
        }
        if self.is_kw("LOG") && self.nth_is_kw(1, "ERRORS") {
            return Err(self.unsupported("LOG ERRORS"));
        }
        Ok(Insert { table, columns, source, hints })
    }

    // ------------------------------------------------------------ PL/SQL

    fn plsql_unit(&mut self) -> R<StatementKind> {
        let r = self.plsql_block();
        r.map(StatementKind::Plsql).map_err(|e| self.wrap_plsql(e))
    }

    fn plsql_block(&mut self) -> R<PlsqlBlock> {
        if self.is_kw("CREATE") {
            return Err(self.unsupported("stored procedures, functions, packages, triggers and types"));
        }
        let mut declarations = Vec::new();
        let mut inits = Vec::new();
        if self.eat_kw("DECLARE") {
            while !self.is_kw("BEGIN") {
                self.declaration(&mut declarations, &mut inits)?;
            }
        }
        if !self.eat_kw("BEGIN") {
            return Err(self.pls103("begin declare"));
        }
        let mut body = inits;
        body.extend(self.plsql_body()?);
        self.block_end()?;
        if !self.at_eof() {
            return Err(self.pls103("end-of-file"));
        }
        Ok(PlsqlBlock { declarations, body })
    }

    /// `END [label] ;` closing a block.
    fn block_end(&mut self) -> R<()> {
        if self.is_kw("EXCEPTION") {
            return Err(self.unsupported("EXCEPTION sections"));
        }
        if !self.eat_kw("END") {
            return Err(self.pls103("end"));
        }
        if matches!(&self.tok().tok, Tok::Ident { name, quoted } if *quoted || !is_reserved(name)) {
            self.bump();
        }
        self.semi()
    }

    fn semi(&mut self) -> R<()> {
        if self.eat(&Tok::Semi) || (self.semi_optional_at_eof && self.at_eof()) {
            Ok(())
        } else {
            Err(self.pls103(";"))
        }
    }

    fn declaration(&mut self, decls: &mut Vec<(Ident, String)>, inits: &mut Vec<PlsqlStatement>) -> R<()> {
        if let Some(w) = self.word() {
            if matches!(w, "CURSOR" | "TYPE" | "SUBTYPE" | "PROCEDURE" | "FUNCTION" | "PRAGMA") {
                return Err(self.unsupported(format!("{w} declarations")));
            }
        }
        let t = self.tok().clone();
        let name = match &t.tok {
            Tok::Ident { name, quoted } if *quoted || !is_reserved(name) => Ident { name: name.clone(), pos: t.pos },
            _ => return Err(self.pls103("begin function pragma procedure subtype type <an identifier> current cursor")),
        };
        self.bump();
        self.eat_kw("CONSTANT");
        if self.is_kw("EXCEPTION") {
            return Err(self.unsupported("exceptions"));
        }
        let start = self.tok().start;
        let mut n = 0;
        let type_end = |p: &Self| {
            matches!(p.tok().tok, Tok::Assign | Tok::Semi | Tok::Eof | Tok::Error(_))
                || p.is_kw("DEFAULT")
                || (p.is_kw("NOT") && p.nth_is_kw(1, "NULL"))
        };
        while !type_end(self) {
            self.bump();
            n += 1;
        }
        if n == 0 {
            return Err(self.pls103("<an identifier> <a double-quoted delimited-identifier> table long double ref char time timestamp interval date binary national character nchar"));
        }
        let type_text = self.slice(start, self.prev_end());
        if self.is_kw("NOT") {
            self.bump();
            self.bump();
        }
        if self.eat(&Tok::Assign) || self.eat_kw("DEFAULT") {
            let value = self.expr()?;
            inits.push(PlsqlStatement::Assign { target: name.clone(), value });
        }
        self.semi()?;
        decls.push((name, type_text));
        Ok(())
    }

    /// Statements up to (not including) `END` or `EXCEPTION`.
    fn plsql_body(&mut self) -> R<Vec<PlsqlStatement>> {
        self.enter(BLOCK_WEIGHT)?;
        let mut out = Vec::new();
        while !(self.is_kw("END") || self.is_kw("EXCEPTION") || self.at_eof()) {
            if let Tok::Error(e) = &self.tok().tok {
                return Err(e.clone());
            }
            self.plsql_statement(&mut out)?;
        }
        if out.is_empty() || self.at_eof() {
            return Err(self.pls103(
                "begin case declare exit for goto if loop mod null pragma raise return select update while with <an identifier>",
            ));
        }
        self.depth -= BLOCK_WEIGHT;
        Ok(out)
    }

    fn embedded_sql(&mut self, out: &mut Vec<PlsqlStatement>, f: fn(&mut Self) -> R<StatementKind>) -> R<()> {
        let t = self.tok().clone();
        let kind = f(self)?;
        let text = self.slice(t.start, self.prev_end());
        self.semi()?;
        out.push(PlsqlStatement::Sql(Box::new(Statement { pos: t.pos, text, kind })));
        Ok(())
    }

    fn plsql_statement(&mut self, out: &mut Vec<PlsqlStatement>) -> R<()> {
        let t = self.tok().clone();
        if let Tok::Ident { name: w, quoted: false } = &t.tok {
            match w.as_str() {
                "NULL" => {
                    self.bump();
                    self.semi()?;
                    out.push(PlsqlStatement::Null);
                    return Ok(());
                }
                "BEGIN" => {
                    self.bump();
                    let body = self.plsql_body()?;
                    self.block_end()?;
                    out.extend(body);
                    return Ok(());
                }
                "DECLARE" => return Err(self.unsupported("nested blocks with declarations")),
                "FOR" => return self.for_loop(out),
                "EXECUTE" => return self.execute_immediate(out),
                "INSERT" => return self.embedded_sql(out, |p| p.insert().map(StatementKind::Insert)),
                "COMMIT" => {
                    return self.embedded_sql(out, |p| {
                        p.bump();
                        p.eat_kw("WORK");
                        Ok(StatementKind::Commit)
                    })
                }
                "ROLLBACK" => {
                    return self.embedded_sql(out, |p| {
                        p.bump();
                        p.eat_kw("WORK");
                        if p.is_kw("TO") {
                            return Err(p.unsupported("savepoints"));
                        }
                        Ok(StatementKind::Rollback)
                    })
                }
                "SELECT" => {
                    let (query, into) = self.query_into(true)?;
                    if into.is_empty() {
                        let (l, c) = self.pls_line_col(t.pos);
                        return Err(LabError::ora(
                            6550,
                            format!(
                                "line {l}, column {c}:\nPLS-00428: an INTO clause is expected in this SELECT statement"
                            ),
                            t.pos,
                        ));
                    }
                    self.semi()?;
                    out.push(PlsqlStatement::SelectInto { query, into });
                    return Ok(());
                }
                "WITH" => return Err(self.unsupported("WITH clauses (subquery factoring)")),
                "UPDATE" | "DELETE" | "MERGE" | "SAVEPOINT" | "LOCK" | "SET" => {
                    return Err(self.unsupported(format!("{w} statements")));
                }
                "IF" | "WHILE" | "LOOP" | "CASE" | "EXIT" | "GOTO" | "RETURN" | "RAISE" | "OPEN" | "FETCH"
                | "CLOSE" | "FORALL" | "CONTINUE" | "PIPE" => {
                    return Err(self.unsupported(format!("PL/SQL {w} statements")));
                }
                _ => {}
            }
            if is_reserved(w) {
                return Err(self.pls103(
                    "begin case declare exit for goto if loop mod null pragma raise return select update while with <an identifier>",
                ));
            }
        }
        match &t.tok {
            Tok::Ident { .. } => self.call_or_assign(out),
            Tok::Lt if self.nth(1) == &Tok::Lt => Err(self.unsupported("PL/SQL labels")),
            Tok::Bind(_) => Err(self.unsupported("bind variables in PL/SQL blocks")),
            _ => Err(self.pls103(
                "begin case declare exit for goto if loop mod null pragma raise return select update while with <an identifier>",
            )),
        }
    }

    fn call_or_assign(&mut self, out: &mut Vec<PlsqlStatement>) -> R<()> {
        let first = self.tok().clone();
        let mut parts: Vec<String> = Vec::new();
        if let Tok::Ident { name, .. } = &first.tok {
            parts.push(name.clone());
        }
        self.bump();
        while self.is(&Tok::Dot) {
            match self.nth(1).clone() {
                Tok::Ident { name, .. } => {
                    self.bump();
                    self.bump();
                    parts.push(name);
                }
                _ => {
                    self.bump();
                    return Err(self.pls103("<an identifier> <a double-quoted delimited-identifier>"));
                }
            }
        }
        let name = Ident { name: parts.join("."), pos: first.pos };
        if self.eat(&Tok::Assign) {
            if parts.len() != 1 {
                return Err(LabError::unsupported("assignment to record fields or package variables", first.pos));
            }
            let value = self.expr()?;
            self.semi()?;
            out.push(PlsqlStatement::Assign { target: name, value });
            return Ok(());
        }
        let mut args = Vec::new();
        if self.eat(&Tok::LParen) {
            if !self.eat(&Tok::RParen) {
                loop {
                    let mut arg_name = None;
                    if let Tok::Ident { name, .. } = &self.tok().tok {
                        if self.nth(1) == &Tok::Arrow {
                            arg_name = Some(name.clone());
                            self.bump();
                            self.bump();
                        }
                    }
                    args.push((arg_name, self.expr()?));
                    if self.eat(&Tok::Comma) {
                        continue;
                    }
                    if self.eat(&Tok::RParen) {
                        break;
                    }
                    return Err(self.pls103(", ) * & = - + < / > at in is mod remainder not rem => <>"));
                }
            }
        } else if !(self.is(&Tok::Semi) || (self.semi_optional_at_eof && self.at_eof())) {
            return Err(self.pls103(":= . ( @ % ;"));
        }
        self.semi()?;
        out.push(PlsqlStatement::Call { name, args });
        Ok(())
    }

    fn for_loop(&mut self, out: &mut Vec<PlsqlStatement>) -> R<()> {
        self.bump();
        let t = self.tok().clone();
        let var = match &t.tok {
            Tok::Ident { name, quoted } if *quoted || !is_reserved(name) => Ident { name: name.clone(), pos: t.pos },
            _ => return Err(self.pls103("<an identifier> <a double-quoted delimited-identifier>")),
        };
        self.bump();
        if !self.eat_kw("IN") {
            return Err(self.pls103("in"));
        }
        if self.is_kw("REVERSE") {
            return Err(self.unsupported("FOR ... IN REVERSE loops"));
        }
        if self.is(&Tok::LParen) && (self.nth_is_kw(1, "SELECT") || self.nth_is_kw(1, "WITH")) {
            return Err(self.unsupported("cursor FOR loops"));
        }
        let from = self.expr()?;
        if !self.eat(&Tok::DotDot) {
            if self.is_kw("LOOP") {
                return Err(self.unsupported("cursor FOR loops"));
            }
            return Err(self.pls103(".. * & = - + / at mod remainder rem || multiset"));
        }
        let to = self.expr()?;
        if !self.eat_kw("LOOP") {
            return Err(self.pls103("* & - + / at loop mod remainder rem || multiset"));
        }
        let body = self.plsql_body()?;
        if !self.eat_kw("END") {
            return Err(self.pls103("end"));
        }
        if !self.eat_kw("LOOP") {
            return Err(self.pls103("loop"));
        }
        if matches!(&self.tok().tok, Tok::Ident { name, quoted } if *quoted || !is_reserved(name)) {
            self.bump();
        }
        self.semi()?;
        out.push(PlsqlStatement::ForLoop { var, from, to, body });
        Ok(())
    }

    fn execute_immediate(&mut self, out: &mut Vec<PlsqlStatement>) -> R<()> {
        let pos = self.bump().pos;
        if !self.eat_kw("IMMEDIATE") {
            return Err(self.pls103(":= . ( @ % ; immediate"));
        }
        let sql = self.expr()?;
        let mut into = Vec::new();
        let mut using = Vec::new();
        if self.is_kw("BULK") {
            return Err(self.unsupported("BULK COLLECT"));
        }
        if self.eat_kw("INTO") {
            loop {
                let t = self.tok().clone();
                match &t.tok {
                    Tok::Ident { name, quoted } if *quoted || !is_reserved(name) => {
                        self.bump();
                        into.push(Ident { name: name.clone(), pos: t.pos });
                    }
                    _ => return Err(self.pls103("<an identifier> <a double-quoted delimited-identifier>")),
                }
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
        }
        if self.eat_kw("USING") {
            loop {
                if self.is_kw("OUT") || (self.is_kw("IN") && self.nth_is_kw(1, "OUT")) {
                    return Err(self.unsupported("OUT bind arguments"));
                }
                self.eat_kw("IN");
                using.push(self.expr()?);
                if !self.eat(&Tok::Comma) {
                    break;
                }
            }
        }
        if self.is_kw("RETURNING") || self.is_kw("RETURN") {
            return Err(self.unsupported("RETURNING INTO"));
        }
        self.semi()?;
        out.push(PlsqlStatement::ExecuteImmediate { sql, into, using, pos });
        Ok(())
    }

    /// SQL*Plus `EXEC statement`: statements up to the end, last `;` optional.
    fn exec_body(&mut self) -> R<PlsqlBlock> {
        self.semi_optional_at_eof = true;
        self.pls_col_offset = 6;
        self.base = self.tok().pos;
        let mut body = Vec::new();
        let r = (|| {
            while !self.at_eof() {
                if let Tok::Error(e) = &self.tok().tok {
                    return Err(e.clone());
                }
                self.plsql_statement(&mut body)?;
            }
            Ok(())
        })();
        r.map_err(|e| self.wrap_plsql(e))?;
        Ok(PlsqlBlock { declarations: Vec::new(), body })
    }

    // ------------------------------------------------------------ LAB

    fn lab_error(&self, msg: impl Into<String>) -> LabError {
        if let Tok::Error(e) = &self.tok().tok {
            return e.clone();
        }
        LabError::lab(4, msg, self.pos())
    }

    fn lab_uint(&mut self, what: &str) -> R<u32> {
        if let Tok::Number(n) = self.tok().tok {
            if n.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(&n) {
                self.bump();
                return Ok(n as u32);
            }
        }
        Err(self.lab_error(format!("{what} needs a whole number")))
    }

    fn lab_int(&mut self, what: &str) -> R<i64> {
        let neg = self.is(&Tok::Minus);
        if neg {
            self.bump();
        }
        if let Tok::Number(n) = self.tok().tok {
            if n.fract() == 0.0 && n.abs() < 9.0e15 {
                self.bump();
                return Ok(if neg { -(n as i64) } else { n as i64 });
            }
        }
        Err(self.lab_error(format!("{what} needs a whole number")))
    }

    fn lab_unit(&mut self) -> R<LabCommand> {
        if !self.eat_kw("LAB") {
            return Err(self.lab_error("expected LAB"));
        }
        let Some(w) = self.word().map(str::to_string) else {
            return Err(self.lab_error("unknown LAB command; expected VERSION, RUN, SET, PROFILE or RESET"));
        };
        let cmd = match w.as_str() {
            "VERSION" => {
                self.bump();
                // The version as written (`11.2.0.1` is several number tokens).
                let start = self.tok().start;
                let last = self.toks.len() - 1;
                if let Tok::Error(e) = &self.toks[last].tok {
                    return Err(e.clone());
                }
                let v = self.slice(start, self.toks[last.saturating_sub(1)].end.max(start));
                if v.is_empty() || self.at_eof() {
                    return Err(self.lab_error("LAB VERSION needs a version, e.g. LAB VERSION 19c"));
                }
                return Ok(LabCommand::Version(v));
            }
            "RUN" => {
                self.bump();
                LabCommand::Run(self.lab_run()?)
            }
            "SET" => {
                self.bump();
                let t = self.tok().clone();
                let name = match &t.tok {
                    Tok::Ident { name, .. } => Ident { name: name.to_lowercase(), pos: t.pos },
                    _ => return Err(self.lab_error("LAB SET needs a parameter name: LAB SET name = value")),
                };
                self.bump();
                if !self.eat(&Tok::Eq) {
                    return Err(self.lab_error("LAB SET needs '=': LAB SET name = value"));
                }
                let value =
                    self.param_value().map_err(|_| self.lab_error("LAB SET needs a value: LAB SET name = value"))?;
                LabCommand::Set { name, value }
            }
            "PROFILE" => {
                self.bump();
                LabCommand::Profile
            }
            "RESET" => {
                self.bump();
                LabCommand::Reset
            }
            _ => return Err(self.lab_error("unknown LAB command; expected VERSION, RUN, SET, PROFILE or RESET")),
        };
        if !self.at_eof() {
            return Err(self.lab_error(format!("unexpected '{}' at the end of the LAB command", self.symbol())));
        }
        Ok(cmd)
    }

    fn lab_run(&mut self) -> R<LabRun> {
        let t = self.tok().clone();
        let Tok::Str(sql) = &t.tok else {
            return Err(self.lab_error("LAB RUN needs a quoted SQL statement: LAB RUN 'select ...'"));
        };
        self.bump();
        let mut r = LabRun {
            sql: sql.clone(),
            sql_pos: t.inner,
            bind: None,
            via: None,
            fetchsize: None,
            runs: None,
            batch: None,
            literals: false,
        };
        while !self.at_eof() {
            let Some(w) = self.word().map(str::to_string) else {
                return Err(self.lab_error(format!(
                    "unexpected '{}'; LAB RUN options are BIND a TO b, VIA driver, FETCHSIZE n, RUNS n, BATCH n, LITERALS",
                    self.symbol()
                )));
            };
            self.bump();
            match w.as_str() {
                "BIND" => {
                    let a = self.lab_int("BIND")?;
                    if !self.eat_kw("TO") {
                        return Err(self.lab_error("BIND needs a range: BIND a TO b"));
                    }
                    let b = self.lab_int("BIND")?;
                    r.bind = Some((a, b));
                }
                "VIA" => {
                    let d = self
                        .word()
                        .map(str::to_ascii_lowercase)
                        .and_then(|d| DRIVERS.iter().find(|(n, _)| *n == d).map(|(_, drv)| *drv));
                    let Some(d) = d else {
                        let names = DRIVERS.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ");
                        return Err(self.lab_error(format!("unknown driver '{}'; use one of: {names}", self.symbol())));
                    };
                    self.bump();
                    r.via = Some(d);
                }
                "FETCHSIZE" => r.fetchsize = Some(self.lab_uint("FETCHSIZE")?),
                "RUNS" => r.runs = Some(self.lab_uint("RUNS")?),
                "BATCH" => r.batch = Some(self.lab_uint("BATCH")?),
                "LITERALS" => r.literals = true,
                _ => {
                    self.i -= 1;
                    return Err(self.lab_error(format!(
                        "unknown LAB RUN option '{w}'; expected BIND, VIA, FETCHSIZE, RUNS, BATCH or LITERALS"
                    )));
                }
            }
        }
        Ok(r)
    }
}

/// ANSI join conditions are AND-ed in front of the WHERE clause.
fn fold_join_conditions(q: &mut Query, join_conds: Vec<Expr>) {
    if join_conds.is_empty() {
        return;
    }
    let mut all = join_conds;
    if let Some(w) = q.where_clause.take() {
        all.push(w);
    }
    let mut it = all.into_iter();
    let first = it.next();
    q.where_clause =
        first.map(|f| it.fold(f, |acc, e| Expr::Binary { op: BinaryOp::And, left: Box::new(acc), right: Box::new(e) }));
}

/// `'1 to 100000'` inside xmltable: two integers.
fn xml_range(s: &str, inner: Pos) -> Option<(Expr, Expr)> {
    let words: Vec<&str> = s.split_whitespace().collect();
    let [a, to, b] = words.as_slice() else {
        return None;
    };
    if !to.eq_ignore_ascii_case("to") {
        return None;
    }
    let a: i64 = a.parse().ok()?;
    let b: i64 = b.parse().ok()?;
    let lead = s.len() - s.trim_start().len();
    let apos = pos_in(s, inner, lead);
    let bpos = pos_in(s, inner, s.rfind(words[2]).unwrap_or(0));
    Some((Expr::Number(a as f64, apos), Expr::Number(b as f64, bpos)))
}

/// Optimizer hints in the content of a `/*+ ... */` comment. Never fails:
/// unknown or malformed hints become [`Hint::Other`] or are dropped.
fn parse_hints(content: &str, inner: Pos) -> Vec<Hint> {
    let toks = tokenize(content, inner, LexOptions::default());
    let mut hints = Vec::new();
    let mut j = 0;
    while j < toks.len() {
        let t = &toks[j];
        let name = match &t.tok {
            Tok::Ident { name, .. } => name.clone(),
            Tok::Eof | Tok::Error(_) => break,
            _ => {
                j += 1;
                continue;
            }
        };
        let start = t.start;
        let mut end = t.end;
        let mut args: &[Token] = &[];
        j += 1;
        let mut closed = true;
        if matches!(toks.get(j).map(|t| &t.tok), Some(Tok::LParen)) {
            let open = j;
            let mut depth = 0usize;
            closed = false;
            while j < toks.len() {
                match toks[j].tok {
                    Tok::LParen => depth += 1,
                    Tok::RParen => {
                        depth -= 1;
                        if depth == 0 {
                            closed = true;
                            break;
                        }
                    }
                    Tok::Eof | Tok::Error(_) => break,
                    _ => {}
                }
                j += 1;
            }
            let close = j.min(toks.len() - 1);
            args = toks.get(open + 1..close).unwrap_or(&[]);
            end = toks[close].end.max(end);
            if closed {
                j += 1;
            }
        }
        let raw = content.get(start..end).unwrap_or("").trim().to_string();
        // Names in the argument list (query-block names after `@` dropped).
        let idents: Vec<Ident> = args
            .iter()
            .enumerate()
            .filter(|(k, _)| *k == 0 || !matches!(args[k - 1].tok, Tok::At))
            .filter_map(|(_, a)| match &a.tok {
                Tok::Ident { name, .. } => Some(Ident { name: name.clone(), pos: a.pos }),
                _ => None,
            })
            .collect();
        let hint = if !closed {
            Hint::Other(raw)
        } else {
            match name.as_str() {
                "LEADING" if !idents.is_empty() => Hint::Leading(idents),
                "USE_NL" if !idents.is_empty() => Hint::UseNl(idents),
                "NLJ_PREFETCH" => Hint::NljPrefetch(idents),
                "NO_NLJ_PREFETCH" => Hint::NoNljPrefetch(idents),
                "NLJ_BATCHING" => Hint::NljBatching(idents),
                "NO_NLJ_BATCHING" => Hint::NoNljBatching(idents),
                "GATHER_PLAN_STATISTICS" if args.is_empty() => Hint::GatherPlanStatistics,
                "FULL" if !idents.is_empty() => Hint::Full(idents[0].clone()),
                "INDEX" if !idents.is_empty() => {
                    // `index(t t1_i)`; a column list `index(t (key))` names no index.
                    let plain: Vec<&Token> = args
                        .iter()
                        .enumerate()
                        .filter(|(k, a)| a.tok != Tok::At && (*k == 0 || args[k - 1].tok != Tok::At))
                        .map(|(_, a)| a)
                        .collect();
                    let index = match plain.get(1) {
                        Some(Token { tok: Tok::Ident { name, .. }, pos, .. }) => {
                            Some(Ident { name: name.clone(), pos: *pos })
                        }
                        _ => None,
                    };
                    Hint::Index { alias: idents[0].clone(), index }
                }
                "OPT_PARAM" => opt_param(args).unwrap_or(Hint::Other(raw)),
                _ => Hint::Other(raw),
            }
        };
        hints.push(hint);
    }
    hints
}

fn opt_param(args: &[Token]) -> Option<Hint> {
    let toks: Vec<&Tok> = args.iter().map(|t| &t.tok).collect();
    let (name, rest) = match toks.as_slice() {
        [Tok::Str(n), Tok::Comma, rest @ ..] => (n.to_lowercase(), rest),
        _ => return None,
    };
    let value = match rest {
        [Tok::Number(n)] => ParamValue::Number(*n),
        [Tok::Minus, Tok::Number(n)] => ParamValue::Number(-*n),
        [Tok::Str(s)] => ParamValue::Text(s.clone()),
        [Tok::Ident { name, .. }] => ParamValue::Text(name.clone()),
        _ => return None,
    };
    Some(Hint::OptParam { name, value })
}

// ---------------------------------------------------------------- SQL*Plus

/// Words of a SQL*Plus line with their byte offsets; a `-` continuation
/// at the end of a line is dropped.
fn plus_words(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        let from = i;
        while i < b.len() && !b[i].is_ascii_whitespace() {
            i += 1;
        }
        if i > from {
            let w = text.get(from..i).unwrap_or("");
            // A `-` followed only by blanks up to a newline.
            let continuation = w == "-" && {
                let rest = text.get(i..).unwrap_or("");
                let blanks = rest.bytes().take_while(|&c| c != b'\n' && c.is_ascii_whitespace()).count();
                rest.as_bytes().get(blanks) == Some(&b'\n')
            };
            if !continuation {
                out.push((from, w));
            }
        }
    }
    out
}

/// Does `word` abbreviate `full` to at least `min` characters?
fn abbrev(word: &str, full: &str, min: usize) -> bool {
    let w = word.to_ascii_uppercase();
    w.len() >= min && full.starts_with(w.as_str())
}

fn sqlplus(unit: &ScriptUnit) -> R<SqlPlus> {
    let text = unit.text.as_str();
    if text.trim() == "/" {
        return Ok(SqlPlus::RunBuffer);
    }
    let words = plus_words(text);
    let at = |k: usize| words.get(k).map(|&(off, _)| pos_in(text, unit.pos, off)).unwrap_or(unit.pos);
    let Some(&(_, first)) = words.first() else {
        return Ok(SqlPlus::Ignored(String::new()));
    };
    let first_word: String = if first.starts_with('@') {
        "@".to_string()
    } else {
        first.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect()
    };
    let rest_off = text.find(first).map(|o| o + first_word.len().max(1)).unwrap_or(text.len());
    let rest = text.get(rest_off..).unwrap_or("");
    let Some(cmd) = sqlplus_command(&first_word) else {
        return Err(LabError::lab(2, format!("SP2-0734: unknown command beginning \"{first}\"..."), unit.pos));
    };
    let usage = |msg: &str, k: usize| LabError::lab(2, msg.to_string(), at(k));
    let word = |k: usize| words.get(k).map(|&(_, w)| w.to_ascii_uppercase()).unwrap_or_default();
    match cmd {
        PlusCmd::Set => {
            let opt = word(1);
            let num = |k: usize, name: &str| -> R<u32> {
                let w = word(k);
                w.parse::<u32>().map_err(|_| usage(&format!("SP2-0268: {name} option not a valid number"), k))
            };
            let on_off = |k: usize, name: &str| -> R<bool> {
                match word(k).as_str() {
                    "ON" => Ok(true),
                    "OFF" => Ok(false),
                    _ => Err(usage(&format!("SP2-0265: {name} must be set ON or OFF"), k)),
                }
            };
            if abbrev(&opt, "AUTOTRACE", 5) {
                let bad =
                    || usage("SP2-0158: Usage: SET AUTOT[RACE] {OFF | ON | TRACE[ONLY]} [EXP[LAIN]] [STAT[ISTICS]]", 2);
                let mode = word(2);
                let mut k = 3;
                let trace = match mode.as_str() {
                    "OFF" => {
                        if words.len() > 3 {
                            return Err(bad());
                        }
                        return Ok(SqlPlus::SetAutotrace(AutotraceMode::Off));
                    }
                    "ON" => false,
                    "TRACEONLY" | "TRACEO" | "TRACEON" | "TRACEONL" => true,
                    "TRACE" | "TRACEONLY_" => {
                        if word(3) == "ONLY" {
                            k = 4;
                        }
                        true
                    }
                    _ => return Err(bad()),
                };
                let (mut explain, mut statistics) = (true, true);
                let mods: Vec<String> = (k..words.len()).map(word).collect();
                if !mods.is_empty() {
                    explain = false;
                    statistics = false;
                    for m in &mods {
                        if abbrev(m, "EXPLAIN", 3) {
                            explain = true;
                        } else if abbrev(m, "STATISTICS", 4) {
                            statistics = true;
                        } else {
                            return Err(bad());
                        }
                    }
                }
                return Ok(SqlPlus::SetAutotrace(if trace {
                    AutotraceMode::TraceOnly { explain, statistics }
                } else {
                    AutotraceMode::On { explain, statistics }
                }));
            }
            if abbrev(&opt, "LINESIZE", 3) {
                return Ok(SqlPlus::SetLinesize(num(2, "linesize")?));
            }
            if abbrev(&opt, "PAGESIZE", 5) {
                return Ok(SqlPlus::SetPagesize(num(2, "pagesize")?));
            }
            if abbrev(&opt, "ARRAYSIZE", 5) {
                return Ok(SqlPlus::SetArraysize(num(2, "arraysize")?));
            }
            if abbrev(&opt, "SERVEROUTPUT", 9) {
                let on = on_off(2, "serveroutput")?;
                let mut k = 3;
                while k < words.len() {
                    let w = word(k);
                    if w == "SIZE" {
                        let v = word(k + 1);
                        if v != "UNLIMITED" && v.parse::<u32>().is_err() {
                            return Err(usage("SP2-0268: serveroutput option not a valid number", k + 1));
                        }
                        k += 2;
                    } else if abbrev(&w, "FORMAT", 3) {
                        k = words.len();
                    } else {
                        return Err(usage(
                            "SP2-0158: Usage: SET SERVEROUT[PUT] {ON | OFF} [SIZE {n | UNL[IMITED]}] [FOR[MAT] ...]",
                            k,
                        ));
                    }
                }
                return Ok(SqlPlus::SetServeroutput(on));
            }
            if abbrev(&opt, "TIMING", 4) {
                return Ok(SqlPlus::SetTiming(on_off(2, "timing")?));
            }
            Ok(SqlPlus::SetOther(text.to_string()))
        }
        PlusCmd::Exec => {
            if rest.trim().is_empty() {
                return Err(LabError::lab(2, "SP2-0042: Usage: EXEC[UTE] statement", unit.pos));
            }
            let rest_pos = pos_in(text, unit.pos, rest_off);
            // SQL*Plus runs `BEGIN <text>; END;`: PL/SQL error columns count from there.
            let mut p = Parser::with_opts(rest, rest_pos, LexOptions { sqlplus_continuation: true });
            let block = p.exec_body()?;
            Ok(SqlPlus::Exec(block))
        }
        PlusCmd::Connect => Ok(SqlPlus::Connect(rest.trim().to_string())),
        PlusCmd::Shutdown => {
            let opt = word(1);
            if words.len() > 3
                || !(opt.is_empty() || matches!(opt.as_str(), "IMMEDIATE" | "ABORT" | "NORMAL" | "TRANSACTIONAL"))
            {
                return Err(usage("SP2-0717: illegal SHUTDOWN option", 1));
            }
            Ok(SqlPlus::Shutdown)
        }
        PlusCmd::Startup => Ok(SqlPlus::Startup),
        PlusCmd::Prompt => Ok(SqlPlus::Prompt(rest.trim_start().to_string())),
        PlusCmd::Remark | PlusCmd::Run | PlusCmd::Ignored => Ok(SqlPlus::Ignored(text.to_string())),
        PlusCmd::Unsupported(name) => Err(LabError::unsupported(format!("the SQL*Plus {name} command"), unit.pos)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::splitter::split_script;

    fn one(src: &str) -> R<Statement> {
        let units = split_script(src);
        assert_eq!(units.len(), 1, "{units:?}");
        parse_unit(&units[0])
    }

    #[test]
    fn simple_select() {
        let s = one("select * from dual;").unwrap();
        assert!(matches!(s.kind, StatementKind::Query(_)));
    }

    #[test]
    fn plsql_block() {
        let s = one("begin dbms_stats.gather_table_stats(user, 'T1'); end;\n/\n").unwrap();
        assert!(matches!(s.kind, StatementKind::Plsql(_)), "{s:?}");
    }
}
