//! PL/SQL collections: `TYPE t IS TABLE OF type [INDEX BY PLS_INTEGER |
//! BINARY_INTEGER]`, variables of such a type or of `DBMS_SQL.VARCHAR2_TABLE`
//! / `NUMBER_TABLE` / `DATE_TABLE`, `t(i) := v`, and `FORALL i IN lo .. hi`
//! INSERT.
//!
//! A collection `T` is held by the block as variables: `T()` (its slot in
//! the session: session/plsql/collections.rs), `T.COUNT`, `T.FIRST` and
//! `T.LAST` (so `t.count` reads like a record field). In a FORALL's
//! INSERT, `t(i)` (i the FORALL's index) becomes the variable `T(I)`,
//! bound to each element in turn.

use super::{Parser, R};
use crate::ast::*;
use crate::lexer::Tok;

/// Oracle's own collection types (`DBMS_SQL`, indexed by BINARY_INTEGER).
const PACKAGE_TYPES: [&str; 3] = ["DBMS_SQL.VARCHAR2_TABLE", "DBMS_SQL.NUMBER_TABLE", "DBMS_SQL.DATE_TABLE"];

impl Parser<'_> {
    /// `TYPE name IS TABLE OF type [NOT NULL] [INDEX BY PLS_INTEGER |
    /// BINARY_INTEGER];` (records, VARRAYs, REF CURSORs and VARCHAR2
    /// indexes are refused).
    pub(super) fn type_declaration(&mut self) -> R<()> {
        self.bump(); // TYPE
        let name = self.pls_ident()?;
        if !self.eat_kw("IS") {
            return Err(self.pls103("is"));
        }
        if !(self.is_kw("TABLE") && self.nth_is_kw(1, "OF")) {
            let what = self.word().unwrap_or("").to_string();
            return Err(self.unsupported(format!("TYPE ... IS {what} declarations (only TABLE OF)")));
        }
        self.bump();
        self.bump();
        let start = self.tok().start;
        while !(self.is(&Tok::Semi) || self.is_kw("INDEX") || self.at_eof()) {
            if matches!(self.tok().tok, Tok::Error(_)) {
                return Err(self.pls103(";"));
            }
            self.bump();
        }
        let elem = self.slice(start, self.prev_end()).to_ascii_uppercase();
        if elem.is_empty() {
            return Err(self.pls103("<an identifier>"));
        }
        if elem.contains("%ROWTYPE") || elem.contains("RECORD") || self.pls_collections.iter().any(|(n, _)| *n == elem)
        {
            return Err(self.unsupported("collections of records or of collections"));
        }
        let mut indexed = false;
        if self.eat_kw("INDEX") {
            if !self.eat_kw("BY") {
                return Err(self.pls103("by"));
            }
            if !(self.eat_kw("PLS_INTEGER") || self.eat_kw("BINARY_INTEGER")) {
                return Err(self.unsupported("collections indexed by VARCHAR2"));
            }
            indexed = true;
        }
        self.semi()?;
        self.pls_collections.push((name.name, indexed));
        Ok(())
    }

    /// Whether `type_text` names a collection type: Some(indexed).
    pub(super) fn collection_type(&self, type_text: &str) -> Option<bool> {
        let t: String = type_text.split_whitespace().collect::<Vec<_>>().join("").to_ascii_uppercase();
        if PACKAGE_TYPES.contains(&t.as_str()) {
            return Some(true);
        }
        self.pls_collections.iter().find(|(n, _)| *n == t).map(|(_, i)| *i)
    }

    /// A collection variable: its slot, COUNT, FIRST and LAST. An
    /// associative array starts empty (COUNT 0); a nested table starts
    /// NULL (atomically null: COUNT is ORA-06531 until a BULK COLLECT
    /// fills it).
    pub(super) fn collection_var(
        &mut self,
        name: Ident,
        indexed: bool,
        decls: &mut Vec<(Ident, String)>,
        inits: &mut Vec<PlsqlStatement>,
    ) -> R<()> {
        if self.is(&Tok::Assign) || self.is_kw("DEFAULT") {
            return Err(self.unsupported("a collection's initial value (constructors)"));
        }
        self.semi()?;
        let kind = if indexed { "INDEX BY" } else { "NESTED TABLE" };
        // `T(*)`: the mark of a nested table (elements only up to COUNT).
        let parts: &[&str] =
            if indexed { &["()", ".COUNT", ".FIRST", ".LAST"] } else { &["()", "(*)", ".COUNT", ".FIRST", ".LAST"] };
        for part in parts {
            decls.push((Ident { name: format!("{}{part}", name.name), pos: name.pos }, kind.into()));
        }
        if indexed {
            let zero = Expr::Number(crate::number::Number::from_i64(0), name.pos);
            inits.push(PlsqlStatement::Assign {
                target: Ident { name: format!("{}.COUNT", name.name), pos: name.pos },
                value: zero,
            });
        }
        Ok(())
    }

    /// Whether `name` is a collection variable declared in this unit.
    fn is_collection_var(&self, name: &str) -> bool {
        self.pls_collection_vars.iter().any(|n| n == name)
    }

    /// `FORALL i IN lo .. hi INSERT ...;` (UPDATE, DELETE, MERGE and
    /// INDICES OF / VALUES OF are refused).
    pub(super) fn forall_statement(&mut self, out: &mut Vec<PlsqlStatement>) -> R<()> {
        let pos = self.bump().pos;
        let index = self.pls_ident()?;
        if !self.eat_kw("IN") {
            return Err(self.pls103("in"));
        }
        if self.is_kw("INDICES") || self.is_kw("VALUES") {
            return Err(self.unsupported("FORALL ... INDICES OF / VALUES OF"));
        }
        let from = self.expr()?;
        if !self.eat(&Tok::DotDot) {
            return Err(self.pls103(".."));
        }
        let to = self.expr()?;
        if !self.is_kw("INSERT") {
            let w = self.word().unwrap_or("").to_string();
            return Err(self.unsupported(format!("FORALL ... {w} (an array UPDATE, DELETE or MERGE is not modelled)")));
        }
        let t = self.tok().clone();
        self.tables = 0;
        let ins = self.insert()?;
        let text = self.slice(t.start, self.prev_end());
        self.semi()?;
        if matches!(ins.source, InsertSource::Query(_)) {
            return Err(LabError::unsupported("FORALL ... INSERT ... SELECT", t.pos));
        }
        let mut kind = StatementKind::Insert(ins);
        self.dml_elements(&mut kind, Some(&index))?;
        let stmt = Statement { pos: t.pos, text, kind, objects: Vec::new() };
        out.push(PlsqlStatement::Forall { index, from, to, stmt: Box::new(stmt), pos });
        Ok(())
    }

    /// The collection elements of static DML: `t(i)` becomes the variable
    /// `T(I)`. In a FORALL `i` must be its index; elsewhere a variable.
    pub(super) fn dml_elements(&self, kind: &mut StatementKind, index: Option<&Ident>) -> R<()> {
        if self.pls_collection_vars.is_empty() {
            return Ok(());
        }
        for e in crate::plsql_elements::dml_exprs_mut(kind) {
            self.element_refs(e, index)?;
        }
        Ok(())
    }

    fn element_refs(&self, e: &mut Expr, index: Option<&Ident>) -> R<()> {
        match e {
            Expr::Function { name, args } if self.is_collection_var(&name.name) => {
                let sub = match args.as_slice() {
                    [Expr::Column { qualifier: None, name: i }] if index.is_none_or(|x| x.name == i.name) => {
                        i.name.clone()
                    }
                    _ => {
                        let what = match index {
                            Some(_) => "a collection element other than t(i), i the FORALL's index, in its DML",
                            None => "a collection element t(x), x other than a variable, in SQL",
                        };
                        return Err(LabError::unsupported(what, name.pos));
                    }
                };
                *e = Expr::Column {
                    qualifier: None,
                    name: Ident { name: format!("{}({sub})", name.name), pos: name.pos },
                };
            }
            Expr::Function { args, .. } => {
                for a in args {
                    self.element_refs(a, index)?;
                }
            }
            Expr::Binary { left, right, .. } => {
                self.element_refs(left, index)?;
                self.element_refs(right, index)?;
            }
            Expr::Negate(x) | Expr::Not(x) => self.element_refs(x, index)?,
            Expr::Between { expr, low, high } => {
                self.element_refs(expr, index)?;
                self.element_refs(low, index)?;
                self.element_refs(high, index)?;
            }
            Expr::IsNull { expr, .. } => self.element_refs(expr, index)?,
            _ => {}
        }
        Ok(())
    }
}

use crate::error::LabError;
