//! `ALTER SYSTEM | SESSION | INDEX | TABLE` and `DROP`.

use super::{Parser, R};
use crate::ast::*;
use crate::lexer::Tok;
use crate::ora;
use crate::LabError;

impl Parser<'_> {
    pub(super) fn alter(&mut self) -> R<StatementKind> {
        let start = self.pos();
        self.bump();
        let Some(w) = self.word().map(str::to_string) else {
            return Err(self.fail(ora::INVALID_ALTER_COMMAND));
        };
        match w.as_str() {
            "SYSTEM" => self.alter_system(),
            "DATABASE" => self.alter_database(),
            "USER" if self.nth_is_kw(2, "TEMPORARY") && self.nth_is_kw(3, "TABLESPACE") => self.alter_user(),
            "SESSION" => self.alter_session(),
            "INDEX" => self.alter_index(),
            "TABLE" => self.alter_table(),
            "SEQUENCE" => self.sequence_stmt(start, true),
            "CLUSTER" | "USER" | "VIEW" | "TABLESPACE" | "PROCEDURE" | "FUNCTION" | "PACKAGE" | "TRIGGER" | "TYPE"
            | "MATERIALIZED" | "SYNONYM" | "PROFILE" | "ROLE" | "PLUGGABLE" | "DISKGROUP" | "RESOURCE" | "OUTLINE"
            | "LIBRARY" | "JAVA" | "DIMENSION" | "AUDIT" | "LOCKDOWN" => Err(self.unsupported(format!("ALTER {w}"))),
            _ => Err(self.fail(ora::INVALID_ALTER_COMMAND)),
        }
    }

    /// `ALTER SYSTEM`, from its keyword: SET, RESET, FLUSH BUFFER_CACHE,
    /// CHECKPOINT, SWITCH LOGFILE; the other options are refused.
    fn alter_system(&mut self) -> R<StatementKind> {
        self.bump();
        if self.is_kw("SET") {
            return Ok(StatementKind::AlterSystem(self.set_parameter(true)?));
        }
        if self.is_kw("RESET") {
            return Ok(StatementKind::AlterSystemReset(self.reset_parameter()?));
        }
        if self.is_kw("FLUSH") && self.nth_is_kw(1, "BUFFER_CACHE") {
            self.bump();
            self.bump();
            return Ok(StatementKind::FlushBufferCache);
        }
        if self.is_kw("FLUSH") && self.nth_is_kw(1, "SHARED_POOL") {
            self.bump();
            self.bump();
            return Ok(StatementKind::FlushSharedPool);
        }
        if self.is_kw("CHECKPOINT") {
            self.bump();
            if self.is_kw("GLOBAL") || self.is_kw("LOCAL") {
                self.bump();
            }
            return Ok(StatementKind::Checkpoint);
        }
        if self.is_kw("SWITCH") && self.nth_is_kw(1, "LOGFILE") {
            self.bump();
            self.bump();
            return Ok(StatementKind::SwitchLogfile);
        }
        match self.word() {
            Some(o)
                if matches!(
                    o,
                    "FLUSH"
                        | "SWITCH"
                        | "KILL"
                        | "DISCONNECT"
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
            _ => Err(self.fail(ora::ILLEGAL_ALTER_SYSTEM_OPTION)),
        }
    }

    /// `ALTER DATABASE`, from its keyword: ADD/DROP LOGFILE, DEFAULT TEMPORARY
    /// TABLESPACE.
    fn alter_database(&mut self) -> R<StatementKind> {
        self.bump();
        if matches!(self.word(), Some("ADD" | "DROP")) && self.nth_is_kw(1, "LOGFILE") {
            return self.alter_database_logfile();
        }
        if self.is_kw("DEFAULT") && self.nth_is_kw(1, "TEMPORARY") && self.nth_is_kw(2, "TABLESPACE") {
            self.bump();
            self.bump();
            self.bump();
            let ts = self.ident(ora::MISSING_OR_INVALID_OPTION)?;
            return Ok(StatementKind::AlterDatabase(AlterDatabase::DefaultTemporaryTablespace(ts)));
        }
        match self.word() {
            Some(o) => Err(self.unsupported(format!("ALTER DATABASE {o}"))),
            None => Err(self.fail(ora::MISSING_OR_INVALID_OPTION)),
        }
    }

    /// `ALTER USER u TEMPORARY TABLESPACE t` (the only form the lab keeps).
    fn alter_user(&mut self) -> R<StatementKind> {
        self.bump();
        let user = self.ident(ora::MISSING_OR_INVALID_OPTION)?;
        self.bump();
        self.bump();
        let temporary_tablespace = self.ident(ora::MISSING_OR_INVALID_OPTION)?;
        Ok(StatementKind::AlterUser(AlterUser { user, temporary_tablespace }))
    }

    /// `ALTER SESSION SET ...`; the other options are refused.
    fn alter_session(&mut self) -> R<StatementKind> {
        self.bump();
        if self.is_kw("SET") {
            return Ok(StatementKind::AlterSession(self.set_parameter(false)?));
        }
        match self.word() {
            Some(o) if matches!(o, "ENABLE" | "DISABLE" | "FORCE" | "ADVISE" | "CLOSE" | "SYNC") => {
                Err(self.unsupported(format!("ALTER SESSION {o}")))
            }
            _ => Err(self.fail(ora::INVALID_ALTER_SESSION_OPTION)),
        }
    }

    /// `ALTER INDEX name [REBUILD] physical options`.
    fn alter_index(&mut self) -> R<StatementKind> {
        self.bump();
        let name = self.object_name(ora::MISSING_OR_INVALID_INDEX_NAME)?;
        let mut physical = Physical::default();
        if let Some(visible) = self.word().and_then(|w| match w {
            "VISIBLE" => Some(true),
            "INVISIBLE" => Some(false),
            _ => None,
        }) {
            self.bump();
            return Ok(StatementKind::AlterIndex(AlterIndex {
                name,
                physical,
                rebuild: false,
                visible: Some(visible),
                reverse: None,
                partition: None,
            }));
        }
        let rebuild = self.eat_kw("REBUILD");
        let mut any = rebuild;
        let mut reverse = None;
        let mut partition = None;
        loop {
            if rebuild && self.is_kw("INITRANS") {
                physical.initrans = Some(self.initrans()?);
                any = true;
                continue;
            }
            if self.physical_option(&mut physical)? {
                any = true;
                continue;
            }
            if rebuild && matches!(self.word(), Some("ONLINE" | "REVERSE" | "NOREVERSE")) {
                match self.word() {
                    Some("REVERSE") => reverse = Some(true),
                    Some("NOREVERSE") => reverse = Some(false),
                    _ => {}
                }
                self.bump();
                continue;
            }
            if rebuild && self.is_kw("COMPUTE") {
                // REBUILD ... COMPUTE STATISTICS: a rebuild gathers them anyway.
                self.bump();
                self.missing_keyword("STATISTICS")?;
                continue;
            }
            if rebuild && partition.is_none() && self.eat_kw("PARTITION") {
                partition = Some(self.column_ident()?);
                continue;
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
                _ => Err(self.fail(ora::INVALID_ALTER_INDEX_OPTION)),
            };
        }
        if physical.compress.is_some() && !rebuild {
            // Only a rebuild writes the leaf blocks again.
            return Err(LabError::new(ora::INVALID_ALTER_INDEX_OPTION, physical.compress_at.unwrap_or(name.pos)));
        }
        super::ddl_create::index_compression_refused(&physical)?;
        Ok(StatementKind::AlterIndex(AlterIndex { name, physical, rebuild, visible: None, reverse, partition }))
    }

    /// `ALTER TABLE name` MEMOPTIMIZE FOR READ, MOVE, ADD constraint, ADD,
    /// MODIFY or DROP columns, physical options.
    fn alter_table(&mut self) -> R<StatementKind> {
        self.bump();
        let name = self.object_name(ora::INVALID_TABLE_NAME)?;
        if self.is_kw("NO") && self.nth_is_kw(1, "MEMOPTIMIZE") {
            self.bump();
            self.bump();
            self.missing_keyword("FOR")?;
            self.expect_kw("READ", ora::INVALID_ALTER_TABLE_OPTION)?;
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
            self.expect_kw("READ", ora::INVALID_ALTER_TABLE_OPTION)?;
            return Ok(StatementKind::AlterTable(AlterTable { name, action: AlterTableAction::MemoptimizeRead(true) }));
        }
        if self.nth_is_kw(1, "PARTITION") || self.nth_is_kw(1, "SUBPARTITION") || self.nth_is_kw(1, "PARTITIONS") {
            return self.alter_partition(name);
        }
        if (self.is_kw("ENABLE") || self.is_kw("DISABLE")) && self.nth_is_kw(1, "ROW") && self.nth_is_kw(2, "MOVEMENT")
        {
            let on = self.is_kw("ENABLE");
            self.bump();
            self.bump();
            self.bump();
            return Ok(StatementKind::AlterTable(AlterTable { name, action: AlterTableAction::RowMovement(on) }));
        }
        if self.is_kw("SHRINK") && self.nth_is_kw(1, "SPACE") {
            self.bump();
            self.bump();
            let compact = self.eat_kw("COMPACT");
            let cascade = self.eat_kw("CASCADE");
            return Ok(StatementKind::AlterTable(AlterTable {
                name,
                action: AlterTableAction::ShrinkSpace(compact, cascade),
            }));
        }
        if self.eat_kw("MOVE") {
            let mut physical = Physical::default();
            while self.physical_option(&mut physical)? {}
            return Ok(StatementKind::AlterTable(AlterTable { name, action: AlterTableAction::Move(physical) }));
        }
        // `ADD [CONSTRAINT n] PRIMARY KEY | UNIQUE | FOREIGN KEY | CHECK ...`.
        if self.is_kw("ADD")
            && ["CONSTRAINT", "PRIMARY", "UNIQUE", "FOREIGN", "CHECK"].iter().any(|w| self.nth_is_kw(1, w))
        {
            self.bump();
            let k = self.table_constraint()?;
            return Ok(StatementKind::AlterTable(AlterTable { name, action: AlterTableAction::AddConstraint(k) }));
        }
        if let Some(action) = self.alter_constraint()? {
            return Ok(StatementKind::AlterTable(AlterTable { name, action }));
        }
        if let Some(action) = self.alter_table_columns()? {
            return Ok(StatementKind::AlterTable(AlterTable { name, action }));
        }
        let mut physical = Physical::default();
        let mut any = false;
        while self.physical_option(&mut physical)? {
            any = true;
        }
        if any {
            return Ok(StatementKind::AlterTable(AlterTable { name, action: AlterTableAction::Physical(physical) }));
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
            _ => Err(self.fail(ora::INVALID_ALTER_TABLE_OPTION)),
        }
    }

    /// `SET name = value [SCOPE = ...] [SID = '*']` after ALTER SYSTEM/SESSION.
    fn set_parameter(&mut self, system: bool) -> R<SetParameter> {
        self.bump();
        let t = self.tok().clone();
        let name = match &t.tok {
            Tok::Ident { name, .. } => Ident { name: name.to_lowercase(), pos: t.pos },
            _ => return Err(self.fail(ora::MISSING_OR_INVALID_OPTION)),
        };
        self.bump();
        // `ALTER SESSION SET EVENTS [=] '...'`: the session takes event 10046
        // (SQL trace) and refuses any other; ALTER SYSTEM's events are not modelled.
        if name.name == "events" && !system && matches!(self.tok().tok, Tok::Str(_) | Tok::Eq) {
            self.eat(&Tok::Eq);
            if let Tok::Str(text) = &self.tok().tok {
                let value = ParamValue::Text(text.clone());
                self.bump();
                return Ok(SetParameter { name, value, scope: None, deferred: false });
            }
            return Err(self.fail(ora::MISSING_OR_INVALID_OPTION));
        }
        if name.name == "events" && matches!(self.tok().tok, Tok::Str(_) | Tok::Eq) {
            return Err(LabError::unsupported("ALTER SYSTEM SET EVENTS".to_string(), name.pos));
        }
        if !self.eat(&Tok::Eq) {
            return Err(self.fail(ora::MISSING_OR_INVALID_OPTION));
        }
        let value = self.param_value()?;
        if self.is(&Tok::Comma) {
            return Err(self.unsupported("lists of parameter values"));
        }
        let mut scope = None;
        let mut deferred = false;
        loop {
            if system && self.is_kw("SCOPE") {
                scope = Some(self.scope_clause()?);
            } else if system && (self.is_kw("SID") || self.is_kw("COMMENT") || self.is_kw("CONTAINER")) {
                self.bump();
                if !self.eat(&Tok::Eq) {
                    return Err(self.fail(ora::MISSING_OR_INVALID_OPTION));
                }
                match self.tok().tok {
                    Tok::Str(_) | Tok::Ident { .. } => {
                        self.bump();
                    }
                    _ => return Err(self.fail(ora::MISSING_OR_INVALID_OPTION)),
                }
            } else if system && self.is_kw("DEFERRED") {
                self.bump();
                deferred = true;
            } else if matches!(self.tok().tok, Tok::Ident { .. }) && self.nth(1) == &Tok::Eq {
                return Err(self.unsupported("several parameters in one ALTER SESSION/SYSTEM SET"));
            } else {
                break;
            }
        }
        Ok(SetParameter { name, value, scope, deferred })
    }

    /// `SCOPE = MEMORY | SPFILE | BOTH` of ALTER SYSTEM SET and RESET (at SCOPE).
    fn scope_clause(&mut self) -> R<Scope> {
        self.bump();
        if !self.eat(&Tok::Eq) {
            return Err(self.fail(ora::MISSING_OR_INVALID_OPTION));
        }
        let scope = match self.word() {
            Some("MEMORY") => Scope::Memory,
            Some("SPFILE") => Scope::Spfile,
            Some("BOTH") => Scope::Both,
            _ => return Err(self.fail(ora::MISSING_OR_INVALID_OPTION)),
        };
        self.bump();
        Ok(scope)
    }

    /// `RESET name [SCOPE = MEMORY | SPFILE | BOTH] [SID = 'sid' | '*']`
    /// after ALTER SYSTEM, SCOPE and SID in either order (the 12.2+ syntax:
    /// https://docs.oracle.com/cd/E82638_01/sqlrf/img_text/alter_system_reset_clause.html).
    /// The name and the scope are checked by the engine.
    fn reset_parameter(&mut self) -> R<ResetParameter> {
        self.bump();
        let t = self.tok().clone();
        let name = match &t.tok {
            Tok::Ident { name, .. } => Ident { name: name.to_lowercase(), pos: t.pos },
            _ => return Err(self.fail(ora::MISSING_OR_INVALID_OPTION)),
        };
        self.bump();
        let mut scope = None;
        loop {
            if self.is_kw("SCOPE") {
                scope = Some(self.scope_clause()?);
            } else if self.is_kw("SID") {
                self.bump();
                if !self.eat(&Tok::Eq) {
                    return Err(self.fail(ora::MISSING_OR_INVALID_OPTION));
                }
                match self.tok().tok {
                    Tok::Str(_) => {
                        self.bump();
                    }
                    _ => return Err(self.fail(ora::MISSING_OR_INVALID_OPTION)),
                }
            } else {
                break;
            }
        }
        Ok(ResetParameter { name, scope })
    }

    pub(super) fn drop_stmt(&mut self) -> R<StatementKind> {
        self.bump();
        let Some(w) = self.word().map(str::to_string) else {
            return Err(self.fail(ora::INVALID_DROP_OPTION));
        };
        let (kind, name) = match w.as_str() {
            "TABLE" => {
                self.bump();
                (ObjectKind::Table, self.object_name(ora::INVALID_TABLE_NAME)?)
            }
            "INDEX" => {
                self.bump();
                (ObjectKind::Index, self.object_name(ora::MISSING_OR_INVALID_INDEX_NAME)?)
            }
            "CLUSTER" => {
                self.bump();
                (ObjectKind::Cluster, self.object_name(ora::MISSING_CLUSTER_NAME)?)
            }
            "PROCEDURE" => {
                self.bump();
                (ObjectKind::Procedure, self.object_name(ora::INVALID_TABLE_NAME)?)
            }
            "FUNCTION" => {
                self.bump();
                (ObjectKind::Function, self.object_name(ora::INVALID_TABLE_NAME)?)
            }
            "VIEW" => {
                self.bump();
                (ObjectKind::View, self.object_name(ora::INVALID_TABLE_NAME)?)
            }
            "SEQUENCE" => {
                self.bump();
                (ObjectKind::Sequence, self.object_name(ora::INVALID_TABLE_NAME)?)
            }
            "SYNONYM" | "PUBLIC" | "USER" | "TABLESPACE" | "MATERIALIZED" | "PACKAGE" | "TRIGGER" | "TYPE" | "ROLE"
            | "DIRECTORY" | "DATABASE" | "PROFILE" | "LIBRARY" | "CONTEXT" | "OUTLINE" | "PLUGGABLE" | "JAVA"
            | "DIMENSION" | "OPERATOR" | "INDEXTYPE" | "EDITION" => return Err(self.unsupported(format!("DROP {w}"))),
            _ => return Err(self.fail(ora::INVALID_DROP_OPTION)),
        };
        let mut including_tables = false;
        loop {
            if kind == ObjectKind::Cluster && self.eat_kw("INCLUDING") {
                self.missing_keyword("TABLES")?;
                including_tables = true;
            } else if matches!(kind, ObjectKind::Table | ObjectKind::Cluster) && self.eat_kw("CASCADE") {
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

    /// After `ALTER DATABASE`: `ADD LOGFILE [THREAD n] [GROUP n] ('file'
    /// [, ...]) SIZE n [BLOCKSIZE n] [REUSE]` (one member) or `DROP LOGFILE
    /// GROUP n`.
    fn alter_database_logfile(&mut self) -> R<StatementKind> {
        let add = self.eat_kw("ADD");
        if !add {
            self.bump();
        }
        self.bump();
        let group_no = |p: &mut Self| -> R<(u32, Pos)> {
            let pos = p.pos();
            let n = p.size_bytes(ora::LOG_GROUP_NUMBER_INVALID)?;
            let g = u32::try_from(n)
                .ok()
                .filter(|g| *g >= 1)
                .ok_or_else(|| LabError::with(ora::LOG_GROUP_NUMBER_INVALID, n, pos))?;
            Ok((g, pos))
        };
        if !add {
            self.missing_keyword("GROUP")?;
            let (group, pos) = group_no(self)?;
            return Ok(StatementKind::AlterDatabase(AlterDatabase::DropLogfile { group, pos }));
        }
        if self.eat_kw("THREAD") {
            let pos = self.pos();
            if self.size_bytes(ora::MISSING_OR_INVALID_OPTION)? != 1 {
                return Err(LabError::unsupported("redo threads other than 1 (RAC)", pos));
            }
        }
        let group = if self.eat_kw("GROUP") { Some(group_no(self)?) } else { None };
        let paren = self.is(&Tok::LParen);
        if paren {
            self.bump();
        }
        let file_pos = self.pos();
        let Tok::Str(file) = self.tok().tok.clone() else {
            return Err(self.fail(ora::MISSING_OR_INVALID_OPTION));
        };
        self.bump();
        if paren {
            if self.is(&Tok::Comma) {
                return Err(self.unsupported("more than one member per log group"));
            }
            self.rparen()?;
        }
        self.missing_keyword("SIZE")?;
        let size = self.size_bytes(ora::INVALID_SIZE_VALUE)?;
        let mut block_size = None;
        loop {
            if self.eat_kw("BLOCKSIZE") {
                let pos = self.pos();
                block_size = Some((self.size_bytes(ora::INVALID_LOG_BLOCK_SIZE)?, pos));
            } else if !self.eat_kw("REUSE") {
                break;
            }
        }
        Ok(StatementKind::AlterDatabase(AlterDatabase::AddLogfile { group, file, file_pos, size, block_size }))
    }
}
