//! The token stream the recursive descent walks: [`Parser`], its
//! primitives (peek, eat, expect), the nesting and tree-depth bounds and
//! the error builders. The statement families (`query`, `dml`, `ddl_*`,
//! `plsql`, `lab`, `xplan`) add their methods to `Parser` in their own
//! files; `parser/mod.rs` dispatches a unit to them.

use crate::ast::*;
use crate::error::LabError;
use crate::lexer::{tokenize, LexOptions, Tok, Token};
use crate::ora::{self, Entry, Facility};

/// Maximum nesting of expressions, subqueries and PL/SQL blocks.
pub(super) const MAX_DEPTH: u32 = 200;
/// Most levels of any expression tree the parser builds: a leaf is one
/// level, an operator, function call, aggregate, `NOT`, unary `-`,
/// comparison, `BETWEEN` or `IS NULL` one more than its deepest operand; a
/// subquery (scalar or inline view) and a PL/SQL `FOR` loop are one level
/// above the deepest tree inside them. A chain of n terms `1 + 1 + ... + 1`
/// is n levels deep.
///
/// Every walk over a statement's trees (compiling, evaluating, cloning,
/// dropping: `Expr`'s `Drop` recurses through its boxes) is therefore at
/// most this deep in expressions, plus a few levels of statements and
/// queries. With frames of a few hundred bytes that stays far inside the
/// 1 MiB wasm stack (about 4,350 levels of `+` were what overflowed it), so
/// even the deepest tree allowed can be dropped safely.
pub const MAX_EXPRESSION_DEPTH: u32 = 1000;
/// Most table references (tables, views, inline views, `XMLTABLE`) in one
/// SQL statement, nested queries included (`LAB-00041`). Oracle sets no
/// limit; the lab's plans and row sources are trees with a level per
/// join, so a statement joining thousands of tables recursed past the
/// wasm stack (a FROM list of about 2,600 `dual`s trapped). In wasm the
/// frames live on two stacks: the module's own (8 MiB,
/// engine-wasm/wasm/build.rs), and V8's (about 1 MB), where a join of
/// 1,000 tables took 300-400 KB and an expression 1,000 levels deep
/// 200-250 KB (measured with `node --stack-size`): both bounds together
/// stay under 70% of V8's stack. (1,024 lets a chain of 1,000 ANSI joins
/// reach the expression bound through its ON conditions.)
pub const MAX_TABLES: u32 = 1024;
/// Depth charged for a subquery and for a PL/SQL block or loop body, whose
/// parsing takes more native stack than one expression level.
pub(super) const QUERY_WEIGHT: u32 = 4;
pub(super) const BLOCK_WEIGHT: u32 = 4;

pub(super) type R<T> = Result<T, LabError>;

/// An expression and the depth of its tree.
pub(super) type Node = (Expr, u32);

pub(super) struct Parser<'a> {
    pub(super) text: &'a str,
    pub(super) base: Pos,
    pub(super) toks: Vec<Token>,
    pub(super) i: usize,
    /// Current nesting, weighted (see [`MAX_DEPTH`]).
    pub(super) depth: u32,
    /// Depth of the deepest expression tree finished since the current
    /// query or PL/SQL loop began (see [`MAX_EXPRESSION_DEPTH`]).
    pub(super) tree: u32,
    /// Extra columns for line 1 in PL/SQL error messages (`exec` wraps the
    /// call in `BEGIN ` ... `END;`).
    pub(super) pls_col_offset: u32,
    /// `exec`: the last statement may omit its `;`.
    pub(super) semi_optional_at_eof: bool,
    /// Table references in the current SQL statement ([`MAX_TABLES`]).
    pub(super) tables: u32,
    /// The statement's query ended with `FOR UPDATE`.
    pub(super) for_update: bool,
    /// Query names of the enclosing WITH clauses, innermost last.
    pub(super) ctes: Vec<super::cte::Cte>,
    /// The objects the unit names (`Statement::objects`).
    pub(super) objects: Vec<crate::ast::ObjectRef>,
    /// Tokens copied by references to query names in this statement.
    pub(super) with_expansion: usize,
    /// The next hints read are those of a WITH query name's query block.
    pub(super) query_name_head: bool,
    /// The schema's stored views (`parser/view.rs`).
    pub(super) views: &'a [crate::ast::ViewText],
    /// The views whose queries are being parsed, outermost first.
    pub(super) view_stack: Vec<String>,
    /// The PL/SQL unit's declared cursors (`parser/plsql_cursor.rs`).
    pub(super) pls_cursors: Vec<crate::ast::CursorDef>,
    /// The unit's collection types (name, indexed) and variables
    /// (`parser/plsql_collection.rs`).
    pub(super) pls_collections: Vec<(String, bool)>,
    pub(super) pls_collection_vars: Vec<String>,
    /// The last SELECT's INTO was `BULK COLLECT INTO` (read by the PL/SQL
    /// statement that parsed it).
    pub(super) bulk_into: bool,
}

impl<'a> Parser<'a> {
    pub(super) fn new(text: &'a str, base: Pos) -> Self {
        Self::with_opts(text, base, LexOptions::default())
    }

    pub(super) fn with_opts(text: &'a str, base: Pos, opts: LexOptions) -> Self {
        let mut toks = tokenize(text, base, opts);
        if toks.is_empty() {
            toks.push(Token { tok: Tok::Eof, pos: base, start: 0, end: 0, inner: base });
        }
        Parser {
            text,
            base,
            toks,
            i: 0,
            depth: 0,
            tree: 0,
            pls_col_offset: 0,
            semi_optional_at_eof: false,
            tables: 0,
            for_update: false,
            ctes: Vec::new(),
            objects: Vec::new(),
            with_expansion: 0,
            query_name_head: false,
            views: &[],
            view_stack: Vec::new(),
            pls_cursors: Vec::new(),
            pls_collections: Vec::new(),
            pls_collection_vars: Vec::new(),
            bulk_into: false,
        }
    }

    // ------------------------------------------------------------ tokens

    pub(super) fn tok(&self) -> &Token {
        let last = self.toks.len() - 1;
        &self.toks[self.i.min(last)]
    }

    pub(super) fn nth(&self, n: usize) -> &Tok {
        let last = self.toks.len() - 1;
        &self.toks[self.i.saturating_add(n).min(last)].tok
    }

    pub(super) fn pos(&self) -> Pos {
        self.tok().pos
    }

    pub(super) fn bump(&mut self) -> Token {
        let t = self.tok().clone();
        if self.i < self.toks.len() - 1 {
            self.i += 1;
        }
        t
    }

    /// End offset of the previous token.
    pub(super) fn prev_end(&self) -> usize {
        if self.i == 0 {
            0
        } else {
            self.toks[(self.i - 1).min(self.toks.len() - 1)].end
        }
    }

    pub(super) fn slice(&self, from: usize, to: usize) -> String {
        self.text.get(from..to).unwrap_or("").trim().to_string()
    }

    pub(super) fn at_eof(&self) -> bool {
        matches!(self.tok().tok, Tok::Eof)
    }

    pub(super) fn is(&self, t: &Tok) -> bool {
        &self.tok().tok == t
    }

    pub(super) fn eat(&mut self, t: &Tok) -> bool {
        if self.is(t) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(super) fn word(&self) -> Option<&str> {
        match &self.tok().tok {
            Tok::Ident { name, quoted: false } => Some(name.as_str()),
            _ => None,
        }
    }

    pub(super) fn nth_word(&self, n: usize) -> Option<&str> {
        match self.nth(n) {
            Tok::Ident { name, quoted: false } => Some(name.as_str()),
            _ => None,
        }
    }

    pub(super) fn is_kw(&self, kw: &str) -> bool {
        self.word() == Some(kw)
    }

    pub(super) fn nth_is_kw(&self, n: usize, kw: &str) -> bool {
        self.nth_word(n) == Some(kw)
    }

    pub(super) fn eat_kw(&mut self, kw: &str) -> bool {
        if self.is_kw(kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Enter a nesting level of the given weight (deep frames weigh more, so
    /// that the native stack stays bounded even in debug builds).
    pub(super) fn enter(&mut self, weight: u32) -> R<()> {
        self.depth += weight;
        if self.depth > MAX_DEPTH {
            return Err(LabError::unsupported(format!("nesting deeper than {MAX_DEPTH} levels"), self.pos()));
        }
        Ok(())
    }

    /// The depth of a tree node built at `at` (its operator or first
    /// token), refused beyond [`MAX_EXPRESSION_DEPTH`].
    pub(super) fn grow(&self, depth: u32, at: Pos) -> R<u32> {
        if depth > MAX_EXPRESSION_DEPTH {
            return Err(LabError::with(ora::LAB_EXPRESSION_TOO_DEEP, MAX_EXPRESSION_DEPTH, at));
        }
        Ok(depth)
    }

    /// Note a finished tree of the current query or loop.
    pub(super) fn record(&mut self, depth: u32) -> u32 {
        self.tree = self.tree.max(depth);
        depth
    }

    /// Start a query or loop: its trees are measured apart from the
    /// enclosing ones. Returns the enclosing record, for [`Self::leave_tree`].
    pub(super) fn enter_tree(&mut self) -> u32 {
        std::mem::replace(&mut self.tree, 0)
    }

    /// End a query or loop: returns the depth of its deepest tree and
    /// restores the enclosing record.
    pub(super) fn leave_tree(&mut self, outer: u32) -> u32 {
        std::mem::replace(&mut self.tree, outer)
    }

    // ------------------------------------------------------------ errors

    /// An Oracle error at the current token (a pending lexical error wins).
    pub(super) fn fail(&self, entry: Entry) -> LabError {
        self.fail_with(entry, "")
    }

    /// [`Self::fail`] with the detail for the entry's `%s`.
    pub(super) fn fail_with(&self, entry: Entry, detail: &str) -> LabError {
        if let Tok::Error(e) = &self.tok().tok {
            return e.clone();
        }
        LabError::with(entry, detail, self.pos())
    }

    pub(super) fn unsupported(&self, what: impl Into<String>) -> LabError {
        if let Tok::Error(e) = &self.tok().tok {
            return e.clone();
        }
        LabError::unsupported(what, self.pos())
    }

    pub(super) fn missing_expression(&self) -> LabError {
        if self.at_eof() {
            self.fail(ora::UNEXPECTED_END_OF_SQL_COMMAND)
        } else {
            self.fail(ora::MISSING_EXPRESSION)
        }
    }

    pub(super) fn expect_kw(&mut self, kw: &str, entry: Entry) -> R<()> {
        if self.eat_kw(kw) {
            Ok(())
        } else {
            Err(self.fail(entry))
        }
    }

    pub(super) fn missing_keyword(&mut self, kw: &str) -> R<()> {
        self.expect_kw(kw, ora::MISSING_KEYWORD)
    }

    pub(super) fn lparen(&mut self) -> R<()> {
        if self.eat(&Tok::LParen) {
            Ok(())
        } else {
            Err(self.fail(ora::MISSING_LEFT_PARENTHESIS))
        }
    }

    pub(super) fn rparen(&mut self) -> R<()> {
        if self.eat(&Tok::RParen) {
            Ok(())
        } else {
            Err(self.fail(ora::MISSING_RIGHT_PARENTHESIS))
        }
    }

    /// The statement must end here.
    pub(super) fn expect_end(&self) -> R<()> {
        match &self.tok().tok {
            Tok::Eof => Ok(()),
            Tok::Semi => Err(LabError::new(ora::INVALID_CHARACTER, self.pos())),
            _ => Err(self.fail(ora::SQL_COMMAND_NOT_PROPERLY_ENDED)),
        }
    }

    /// Text of the current token as written, for messages.
    pub(super) fn symbol(&self) -> String {
        let t = self.tok();
        match &t.tok {
            Tok::Eof => "end-of-file".to_string(),
            Tok::Ident { name, quoted: false } => name.clone(),
            _ => self.text.get(t.start..t.end).unwrap_or("").to_string(),
        }
    }

    /// Line and column relative to the start of the PL/SQL block.
    pub(super) fn pls_line_col(&self, pos: Pos) -> (u32, u32) {
        let line = pos.line.saturating_sub(self.base.line) + 1;
        let col = if pos.line == self.base.line {
            pos.column.saturating_sub(self.base.column) + 1 + self.pls_col_offset
        } else {
            pos.column
        };
        (line, col)
    }

    pub(super) fn pls103(&self, expecting: &str) -> LabError {
        if let Tok::Error(e) = &self.tok().tok {
            return e.clone();
        }
        let (l, c) = self.pls_line_col(self.pos());
        LabError::pls(ora::PLS_ENCOUNTERED_SYMBOL, &[&self.symbol(), &expecting], (l, c), self.pos())
    }

    /// SQL errors inside PL/SQL come out as `ORA-06550 ... PL/SQL: ORA-nnnnn`.
    pub(super) fn wrap_plsql(&self, e: LabError) -> LabError {
        let lexical = matches!(&self.toks.last().map(|t| &t.tok), Some(Tok::Error(le)) if *le == e);
        if lexical || e.is(ora::PLSQL_COMPILATION_ERROR) || !e.code.starts_with(Facility::Ora.prefix()) {
            return e;
        }
        let (l, c) = self.pls_line_col(e.pos);
        LabError::with_args(
            ora::PLSQL_COMPILATION_ERROR,
            &[&l, &c, &format!("PL/SQL: {}: {}", e.code, e.message)],
            e.pos,
        )
    }
}
