//! Small pieces shared by every statement family: identifiers, object
//! names, numbers, sizes and parameter values.

use super::keywords::is_reserved;
use super::{Parser, R};
use crate::ast::*;
use crate::error::LabError;
use crate::lexer::Tok;
use crate::ora::{self, Entry};

impl Parser<'_> {
    /// An identifier (unquoted reserved words excluded).
    pub(super) fn ident_opt(&mut self) -> Option<Ident> {
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

    /// An identifier, else the error of `entry` (its `%s`, if any, is the
    /// symbol found instead).
    pub(super) fn ident(&mut self, entry: Entry) -> R<Ident> {
        match self.ident_opt() {
            Some(id) => Ok(id),
            None if self.at_eof() => Err(self.fail(ora::UNEXPECTED_END_OF_SQL_COMMAND)),
            None => Err(self.fail_with(entry, &self.symbol())),
        }
    }

    /// A column name: errors are ORA-00904.
    pub(super) fn column_ident(&mut self) -> R<Ident> {
        if let Some(id) = self.ident_opt() {
            return Ok(id);
        }
        if self.at_eof() {
            return Err(self.fail(ora::UNEXPECTED_END_OF_SQL_COMMAND));
        }
        if let Tok::Error(e) = &self.tok().tok {
            return Err(e.clone());
        }
        Err(LabError::invalid_identifier(&self.symbol(), self.pos()))
    }

    pub(super) fn column_list(&mut self) -> R<Vec<Ident>> {
        self.lparen()?;
        let mut cols = vec![self.column_ident()?];
        while self.eat(&Tok::Comma) {
            cols.push(self.column_ident()?);
        }
        self.rparen()?;
        Ok(cols)
    }

    /// `[schema.]name`: the name, the pair kept in `objects` (the
    /// session checks the schema).
    pub(super) fn object_name(&mut self, entry: Entry) -> R<Ident> {
        let mut id = self.ident(entry)?;
        let mut schema = None;
        while self.is(&Tok::Dot) && matches!(self.nth(1), Tok::Ident { .. }) {
            self.bump();
            schema.get_or_insert_with(|| id.clone());
            id = self.ident(entry)?;
        }
        if self.is(&Tok::At) {
            return Err(self.unsupported("database links"));
        }
        self.objects.push(crate::ast::ObjectRef { schema, name: id.clone() });
        Ok(id)
    }

    pub(super) fn uint(&mut self, entry: Entry) -> R<u32> {
        if let Tok::Number(n) = self.tok().tok {
            let n = n.to_f64();
            if n.fract() == 0.0 && (0.0..=u32::MAX as f64).contains(&n) {
                self.bump();
                return Ok(n as u32);
            }
        }
        Err(self.fail(entry))
    }

    pub(super) fn int(&mut self, entry: Entry) -> R<i64> {
        let neg = self.is(&Tok::Minus) && matches!(self.nth(1), Tok::Number(_));
        if neg {
            self.bump();
        }
        if let Tok::Number(n) = self.tok().tok {
            let n = n.to_f64();
            if n.fract() == 0.0 && n.abs() < 9.0e15 {
                self.bump();
                return Ok(if neg { -(n as i64) } else { n as i64 });
            }
        }
        Err(self.fail(entry))
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
    pub(super) fn size_bytes(&mut self, entry: Entry) -> R<u64> {
        if let Tok::Number(n) = self.tok().tok {
            let n = n.to_f64();
            if n.fract() == 0.0 && (0.0..9.0e15).contains(&n) {
                self.bump();
                let mult = self.size_suffix().unwrap_or(1);
                return (n as u64).checked_mul(mult).ok_or_else(|| self.fail(entry));
            }
        }
        Err(self.fail(entry))
    }

    /// A parameter value: number, size, quoted string or bare word.
    pub(super) fn param_value(&mut self) -> R<ParamValue> {
        let neg = self.is(&Tok::Minus) && matches!(self.nth(1), Tok::Number(_));
        if neg {
            self.bump();
        }
        match self.tok().tok.clone() {
            Tok::Number(n) => {
                let n = n.to_f64();
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
            _ => Err(self.fail(ora::MISSING_OR_INVALID_OPTION)),
        }
    }
}
