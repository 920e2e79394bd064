//! SQL*Plus bind variables: `VARIABLE`, `PRINT`, and their values in the
//! statements SQL*Plus sends (`:n` in SQL as a real bind, so the cursor's
//! text keeps `:n` and is shared whatever the value; `:n` in a PL/SQL block
//! as one of the block's variables, copied back when the block ends).
//! SQL*Plus User's Guide, VARIABLE and PRINT
//! (https://docs.oracle.com/en/database/oracle/oracle-database/19/sqpug/VARIABLE.html).

use super::super::state::HostBind;
use super::super::{plsql_vars::DECLARED_TYPE, Run};
use crate::result::PrintOut;
use crate::value::Value;
use lio_sql::ast::{BindType, Pos, SqlPlus, Statement, StatementKind};
use lio_sql::{ora, LabError};

impl Run<'_> {
    /// `VARIABLE name type` declares (a new declaration of a name replaces
    /// it, NULL again); `VARIABLE name` and `VARIABLE` list, as SQL*Plus
    /// does:
    ///
    /// ```text
    /// variable   N
    /// datatype   NUMBER
    /// ```
    pub(super) fn variable_command(
        &mut self,
        name: &Option<(String, Pos)>,
        ty: Option<BindType>,
    ) -> Result<Vec<String>, LabError> {
        let binds = &mut self.s.sqlplus.binds;
        match (name, ty) {
            (Some((n, _)), Some(ty)) => {
                let b = HostBind { name: n.clone(), ty, value: Value::Null };
                match binds.iter_mut().find(|b| b.name == *n) {
                    Some(old) => *old = b,
                    None => binds.push(b),
                }
                Ok(Vec::new())
            }
            (Some((n, at)), None) => match binds.iter().find(|b| b.name == *n) {
                Some(b) => Ok(listing(b)),
                None => Err(not_declared(n, *at)),
            },
            (None, _) => {
                let mut out = Vec::new();
                for b in binds.iter() {
                    if !out.is_empty() {
                        out.push(String::new());
                    }
                    out.extend(listing(b));
                }
                Ok(out)
            }
        }
    }

    /// `PRINT [name ...]`: each variable as a one-column query shows it
    /// (every variable, in the order declared, when none is named).
    pub(super) fn print_command(&self, names: &[(String, Pos)]) -> Result<Vec<PrintOut>, LabError> {
        let binds = &self.s.sqlplus.binds;
        let shown = |b: &HostBind| PrintOut {
            name: b.name.clone(),
            width: match b.ty {
                BindType::Number => 0,
                BindType::Char(n) | BindType::Varchar2(n) => n,
            },
            value: b.value.to_json(),
        };
        if names.is_empty() {
            return Ok(binds.iter().map(shown).collect());
        }
        let mut out = Vec::new();
        for (n, at) in names {
            match binds.iter().find(|b| b.name == *n) {
                Some(b) => out.push(shown(b)),
                None => return Err(not_declared(n, *at)),
            }
        }
        Ok(out)
    }

    /// SQL*Plus sends a statement only when every bind variable in it was
    /// declared with VARIABLE: SP2-0552 at the first that was not, before
    /// anything reaches the database. (CREATE PROCEDURE / TRIGGER text is
    /// not scanned: `:new` in a trigger is no bind.)
    pub(in crate::session) fn undeclared_bind(&self, stmt: &Statement) -> Result<(), LabError> {
        let scanned = matches!(
            stmt.kind,
            StatementKind::Query(_)
                | StatementKind::SelectForUpdate(_)
                | StatementKind::Insert(_)
                | StatementKind::Update(_)
                | StatementKind::Delete(_)
                | StatementKind::Plsql(_)
                | StatementKind::SqlPlus(SqlPlus::Exec(_))
        );
        if !scanned {
            return Ok(());
        }
        let declared = &self.s.sqlplus.binds;
        match lio_sql::binds(&stmt.text, stmt.pos).into_iter().find(|(n, _)| !declared.iter().any(|b| b.name == *n)) {
            Some((name, pos)) => {
                Err(LabError::with(ora::LAB_SQLPLUS_RUN, ora::SP2_BIND_NOT_DECLARED.line(&[&name]), pos))
            }
            None => Ok(()),
        }
    }

    /// The values of a cursor's binds (`:N`, as the builder names them)
    /// from the declared variables (NULL for another name).
    pub(in crate::session) fn host_values(&self, bind_names: &[String]) -> Vec<Value> {
        bind_names
            .iter()
            .map(|n| {
                let n = n.strip_prefix(':').unwrap_or(n);
                self.s.sqlplus.binds.iter().find(|b| b.name == n).map_or(Value::Null, |b| b.value.clone())
            })
            .collect()
    }

    /// The declared variables' datatype classes, as a statement that names
    /// them is compiled with.
    /// The SQL*Plus variables' names, classes and (bind peeking: 9i and
    /// later, `_optim_peek_user_binds` not FALSE) values at this parse.
    pub(in crate::session) fn host_kinds(&self) -> Vec<(String, crate::exec::convert::Kind, Option<Value>)> {
        let p = &self.s.params;
        let peek = p.other.get("_optim_peek_user_binds").is_none_or(|v| v != "FALSE")
            && crate::optimizer::features::ofe_of(p.other.get("optimizer_features_enable"), self.inst.profile.name)[0]
                >= 9;
        self.s
            .sqlplus
            .binds
            .iter()
            .map(|b| (b.name.clone(), declared_kind(b.ty), peek.then(|| b.value.clone())))
            .collect()
    }

    /// What the statement being parsed knows of its binds' classes: the
    /// SQL*Plus variables', and the client's (taken: they serve this parse).
    pub(in crate::session) fn parse_kinds(&mut self) -> ParseKinds {
        ParseKinds {
            host: self.host_kinds(),
            positional: std::mem::take(&mut self.s.parse_bind_kinds),
            vars: std::mem::take(&mut self.s.parse_var_kinds),
        }
    }

    /// Whether a cursor's binds were compiled with the classes the
    /// variables they name have now (else the parse builds another child:
    /// Oracle's bind mismatch).
    pub(in crate::session) fn host_kinds_match(&self, c: &crate::exec::Compiled) -> bool {
        use crate::exec::convert::Kind;
        c.bind_names.iter().zip(&c.bind_kinds).enumerate().all(|(i, (name, &was))| {
            // A PL/SQL variable (static SQL): its declared type does not change.
            let Some(bare) = name.strip_prefix(':') else { return true };
            let declared = self.s.sqlplus.binds.iter().find(|b| b.name.eq_ignore_ascii_case(bare));
            let now = match declared {
                Some(b) => declared_kind(b.ty),
                None => self.s.parse_bind_kinds.get(i).copied().unwrap_or(Kind::Unknown),
            };
            now == was
        })
    }

    /// A parse by a client that has its bind values already (LAB RUN,
    /// EXECUTE IMMEDIATE ... USING): the binds' classes are theirs, so a
    /// cursor built for other classes is not shared (a bind mismatch) and
    /// a NUMBER bind against a character column converts the column.
    pub(in crate::session) fn open_cursor_with_binds(
        &mut self,
        q: &lio_sql::ast::Query,
        text: &str,
        binds: &[Value],
        cs: &super::super::types::CallStacks,
    ) -> Result<(Box<crate::exec::Compiled>, bool), lio_sql::LabError> {
        use crate::exec::convert::Kind;
        self.s.parse_bind_kinds = binds
            .iter()
            .map(|v| match v {
                Value::Num(_) => Kind::Number,
                Value::Str(_) => Kind::Varchar,
                Value::Null | Value::Date(_) => Kind::Unknown,
            })
            .collect();
        let r = self.open_cursor(q, text, &[], cs);
        self.s.parse_bind_kinds.clear();
        r
    }

    /// The declared variables as a PL/SQL block sees them: `:N` entries of
    /// its scope, each after its declared type (so assignments check it:
    /// ORA-06502 for a string too long for a VARCHAR2(n)).
    pub(in crate::session) fn host_scope(&self) -> Vec<(String, Value)> {
        let mut vars = Vec::with_capacity(self.s.sqlplus.binds.len() * 2);
        for b in &self.s.sqlplus.binds {
            vars.push((DECLARED_TYPE.to_string(), Value::str(&b.ty.text())));
            vars.push((format!(":{}", b.name), b.value.clone()));
        }
        vars
    }

    /// A block that ended well: its `:N` variables' values are the bind
    /// variables' new values.
    pub(in crate::session) fn store_host_scope(&mut self, vars: &[(String, Value)]) {
        for (n, v) in vars {
            if let Some(name) = n.strip_prefix(':') {
                if let Some(b) = self.s.sqlplus.binds.iter_mut().find(|b| b.name == name) {
                    b.value = v.clone();
                }
            }
        }
    }
}

fn listing(b: &HostBind) -> Vec<String> {
    vec![format!("variable   {}", b.name), format!("datatype   {}", b.ty.text())]
}

fn not_declared(name: &str, at: Pos) -> LabError {
    LabError::sp2(ora::SP2_BIND_NOT_DECLARED, &[&name], at)
}

/// The binds' classes a parse compiles with (`Run::parse_kinds`).
pub(in crate::session) struct ParseKinds {
    pub(in crate::session) host: Vec<(String, crate::exec::convert::Kind, Option<Value>)>,
    positional: Vec<crate::exec::convert::Kind>,
    vars: Vec<(String, crate::exec::convert::Kind)>,
}

impl ParseKinds {
    pub(in crate::session) fn set<'a>(&'a self, ctx: &mut crate::exec::PlanCtx<'a>) {
        ctx.host_binds = &self.host;
        ctx.positional_binds = &self.positional;
        ctx.var_binds = &self.vars;
    }
}

/// A SQL*Plus variable's class in comparisons (a CHAR one is left to its
/// values).
fn declared_kind(ty: BindType) -> crate::exec::convert::Kind {
    use crate::exec::convert::Kind;
    match ty {
        BindType::Number => Kind::Number,
        BindType::Varchar2(_) => Kind::Varchar,
        BindType::Char(_) => Kind::Unknown,
    }
}
