//! Constraint clauses: `CHECK (condition)`, a constraint's state
//! (`[NOT] DEFERRABLE`, `USING INDEX`, `ENABLE | DISABLE`, `VALIDATE |
//! NOVALIDATE`), and ALTER TABLE's `ENABLE | DISABLE CONSTRAINT`, `MODIFY
//! CONSTRAINT` and `DROP CONSTRAINT`.

use super::{Parser, R};
use crate::ast::*;
use crate::lexer::Tok;
use crate::ora;

impl Parser<'_> {
    /// At `CHECK`: `CHECK (condition)`, the condition and its text as
    /// written (what USER_CONSTRAINTS' SEARCH_CONDITION shows).
    pub(super) fn check_condition(&mut self) -> R<Box<CheckCondition>> {
        self.bump();
        self.lparen()?;
        let start = self.tok().start;
        let expr = self.expr()?;
        let end = self.toks[self.i.saturating_sub(1)].end.max(start);
        let written = self.slice(start, end);
        self.rparen()?;
        Ok(Box::new(CheckCondition { expr, written }))
    }

    /// `[NOT] DEFERRABLE [INITIALLY ...]`, `USING INDEX ...`, `ENABLE |
    /// DISABLE`, `VALIDATE | NOVALIDATE`, `RELY | NORELY`. DISABLE is the
    /// lab's for a CHECK constraint only, NOVALIDATE for a CHECK or a
    /// foreign key (`kind`); a key disabled or not validated is refused.
    pub(super) fn constraint_state(&mut self, kind: ConstraintKind) -> R<(bool, Physical, ConstraintState)> {
        let check = kind == ConstraintKind::Check;
        let novalidate = check || kind == ConstraintKind::ForeignKey;
        let mut deferrable = false;
        let mut using = Physical::default();
        let mut state = ConstraintState::default();
        loop {
            if self.is_kw("NOT") && self.nth_is_kw(1, "DEFERRABLE") {
                self.bump();
                self.bump();
                deferrable = false;
            } else if self.eat_kw("DEFERRABLE") {
                deferrable = true;
            } else if self.eat_kw("INITIALLY") {
                // A deferred constraint is checked at COMMIT (ORA-02091
                // there), which the lab does not model: refused rather
                // than checked per statement.
                if self.is_kw("DEFERRED") {
                    return Err(self.unsupported("INITIALLY DEFERRED constraints (checked at COMMIT)"));
                }
                if !self.eat_kw("IMMEDIATE") {
                    return Err(self.fail(ora::MISSING_KEYWORD));
                }
            } else if self.is_kw("USING") && self.nth_is_kw(1, "INDEX") {
                self.bump();
                self.bump();
                if self.is(&Tok::LParen) {
                    return Err(self.unsupported("USING INDEX (CREATE INDEX ...)"));
                }
                while self.physical_option(&mut using)? {}
            } else if matches!(self.word(), Some("RELY" | "NORELY")) {
                self.bump();
            } else if (!check && self.is_kw("DISABLE")) || (!novalidate && self.is_kw("NOVALIDATE")) {
                return Err(self.unsupported("disabled constraints"));
            } else if let Some(on) = self.enable_word() {
                state.enable = Some(on);
            } else if let Some(v) = self.validate_word() {
                state.validate = Some(v);
            } else {
                return Ok((deferrable, using, state));
            }
        }
    }

    fn enable_word(&mut self) -> Option<bool> {
        let on = match self.word() {
            Some("ENABLE") => true,
            Some("DISABLE") => false,
            _ => return None,
        };
        self.bump();
        Some(on)
    }

    fn validate_word(&mut self) -> Option<bool> {
        let v = match self.word() {
            Some("VALIDATE") => true,
            Some("NOVALIDATE") => false,
            _ => return None,
        };
        self.bump();
        Some(v)
    }

    /// After `ALTER TABLE name`: `ENABLE | DISABLE [VALIDATE | NOVALIDATE]
    /// CONSTRAINT c`, `MODIFY CONSTRAINT c [ENABLE | DISABLE] [VALIDATE |
    /// NOVALIDATE]`, `DROP CONSTRAINT c`; None for other words.
    pub(super) fn alter_constraint(&mut self) -> R<Option<AlterTableAction>> {
        if self.is_kw("DROP") && self.nth_is_kw(1, "CONSTRAINT") {
            self.bump();
            self.bump();
            let name = self.column_ident()?;
            if matches!(self.word(), Some("CASCADE" | "KEEP" | "DROP" | "ONLINE")) {
                return Err(self.unsupported(format!("DROP CONSTRAINT ... {}", self.symbol())));
            }
            return Ok(Some(AlterTableAction::DropConstraint(name)));
        }
        if self.is_kw("MODIFY") && self.nth_is_kw(1, "CONSTRAINT") {
            self.bump();
            self.bump();
            let name = self.column_ident()?;
            let mut state = ConstraintState::default();
            loop {
                if let Some(on) = self.enable_word() {
                    state.enable = Some(on);
                } else if let Some(v) = self.validate_word() {
                    state.validate = Some(v);
                } else if matches!(self.word(), Some("RELY" | "NORELY")) {
                    self.bump();
                } else {
                    break;
                }
            }
            if state == ConstraintState::default() {
                return Err(self.fail(ora::INVALID_ALTER_TABLE_OPTION));
            }
            return Ok(Some(AlterTableAction::ConstraintState(name, state)));
        }
        if !matches!(self.word(), Some("ENABLE" | "DISABLE")) {
            return Ok(None);
        }
        let at = self.i;
        let enable = self.enable_word();
        let validate = self.validate_word();
        if !self.eat_kw("CONSTRAINT") {
            // `ENABLE PRIMARY KEY`, `DISABLE ALL TRIGGERS`...: the caller's.
            self.i = at;
            return Ok(None);
        }
        let name = self.column_ident()?;
        if matches!(self.word(), Some("CASCADE" | "KEEP" | "DROP" | "EXCEPTIONS")) {
            return Err(self.unsupported(format!("ENABLE | DISABLE CONSTRAINT ... {}", self.symbol())));
        }
        Ok(Some(AlterTableAction::ConstraintState(name, ConstraintState { enable, validate })))
    }
}
