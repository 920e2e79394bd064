//! Every statement form of the scenario language, parsed to the expected AST.

use lio_sql::ast::*;
use lio_sql::{parse_script, LabError};

fn p(line: u32, column: u32) -> Pos {
    Pos { line, column }
}

/// Parse a one-unit script.
fn parse(src: &str) -> Result<Statement, LabError> {
    let mut units = parse_script(src);
    assert_eq!(units.len(), 1, "expected one unit in {src:?}: {units:#?}");
    units.remove(0).result
}

fn ok(src: &str) -> StatementKind {
    match parse(src) {
        Ok(s) => s.kind,
        Err(e) => panic!("{src:?} failed: {e}"),
    }
}

fn query(src: &str) -> Query {
    match ok(src) {
        StatementKind::Query(q) => q,
        k => panic!("not a query: {k:?}"),
    }
}

fn id(name: &str) -> String {
    name.to_string()
}

fn col_name(e: &Expr) -> (Option<String>, String) {
    match e {
        Expr::Column { qualifier, name } => (qualifier.as_ref().map(|q| q.name.clone()), name.name.clone()),
        other => panic!("not a column: {other:?}"),
    }
}

fn num(e: &Expr) -> f64 {
    match e {
        Expr::Number(n, _) => n.to_f64(),
        other => panic!("not a number: {other:?}"),
    }
}

// ------------------------------------------------------------ calibration setup

#[test]
fn calibration_t1() {
    let src = "create table t1 (key integer not null, value varchar2(30 char) not null, primary key (key)) storage (buffer_pool keep);";
    let s = parse(src).unwrap();
    assert_eq!(s.pos, p(1, 1));
    assert_eq!(s.text, &src[..src.len() - 1]);
    let StatementKind::CreateTable(t) = s.kind else { panic!() };
    assert_eq!(t.name, Ident { name: id("T1"), pos: p(1, 14) });
    assert_eq!(t.columns.len(), 2);
    assert_eq!(t.columns[0].name.name, "KEY");
    assert_eq!(t.columns[0].data_type, DataType::Number { precision: None, scale: Some(0) });
    assert!(t.columns[0].not_null);
    assert_eq!(t.columns[1].name, Ident { name: id("VALUE"), pos: p(1, 40) });
    assert_eq!(t.columns[1].data_type, DataType::Varchar2 { len: 30, char_semantics: true });
    assert!(t.columns[1].not_null);
    assert_eq!(t.constraints.len(), 1);
    let c = &t.constraints[0];
    assert_eq!((c.kind, c.name.clone(), c.deferrable, c.pos), (ConstraintKind::PrimaryKey, None, false, p(1, 74)));
    assert_eq!(c.columns[0].name, "KEY");
    assert_eq!(t.physical, Physical { buffer_pool: Some(BufferPool::Keep), ..Default::default() });
    assert!(!t.organization_index && t.cluster.is_none() && !t.memoptimize_read && t.as_select.is_none());
}

#[test]
fn calibration_t2_iot() {
    let StatementKind::CreateTable(t) = ok("create table t2 (id number(10), filler varchar2(100), constraint t2_pk primary key (id) not deferrable) organization index storage (buffer_pool keep);") else { panic!() };
    assert!(t.organization_index);
    assert_eq!(t.physical.buffer_pool, Some(BufferPool::Keep));
    assert_eq!(t.columns[0].data_type, DataType::Number { precision: Some(10), scale: None });
    assert_eq!(t.columns[1].data_type, DataType::Varchar2 { len: 100, char_semantics: false });
    assert_eq!(t.constraints[0].name.as_ref().map(|n| n.name.as_str()), Some("T2_PK"));
    assert!(!t.constraints[0].deferrable);
}

#[test]
fn calibration_c3_and_t3() {
    let StatementKind::CreateCluster(c) =
        ok("create cluster c3 (key integer) size 256 single table hashkeys 100000 storage (buffer_pool keep);")
    else {
        panic!()
    };
    assert_eq!(c.name.name, "C3");
    assert_eq!(c.columns.len(), 1);
    assert_eq!(c.columns[0].data_type, DataType::Number { precision: None, scale: Some(0) });
    assert_eq!(c.size, Some(256));
    assert!(c.single_table);
    assert_eq!(c.hashkeys, Some(100_000));
    assert_eq!(c.hash_is, None);
    assert_eq!(c.physical.buffer_pool, Some(BufferPool::Keep));

    let StatementKind::CreateTable(t) =
        ok("create table t3 (key integer not null, value varchar2(30 char) not null) cluster c3 (key);")
    else {
        panic!()
    };
    let (cl, cols) = t.cluster.unwrap();
    assert_eq!(cl, Ident { name: id("C3"), pos: p(1, 82) });
    assert_eq!(cols.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["KEY"]);
}

#[test]
fn calibration_t4_memoptimize() {
    let StatementKind::CreateTable(t) = ok(
        "create table t4 (key integer not null, value varchar2(30 char) not null, primary key (key)) segment creation immediate memoptimize for read;",
    ) else {
        panic!()
    };
    assert_eq!(t.segment_creation, Some(SegmentCreation::Immediate));
    assert!(t.memoptimize_read);
}

#[test]
fn calibration_alter_system() {
    let StatementKind::AlterSystem(sp) = ok("alter system set memoptimize_pool_size = 100M scope=spfile;") else {
        panic!()
    };
    assert_eq!(sp.name, Ident { name: id("memoptimize_pool_size"), pos: p(1, 18) });
    assert_eq!(sp.value, ParamValue::Bytes(100 * 1024 * 1024));
    assert_eq!(sp.scope, Some(Scope::Spfile));
}

#[test]
fn calibration_insert_select_xmltable() {
    let StatementKind::Insert(i) = ok(
        "insert into t1 select rownum, dbms_random.string('x', round(dbms_random.value(5, 30), 0)) from xmltable('1 to 100000');",
    ) else {
        panic!()
    };
    assert_eq!(i.table.name, "T1");
    assert_eq!(i.columns, None);
    let InsertSource::Query(q) = i.source else { panic!() };
    assert_eq!(q.pos, p(1, 16));
    let SelectItem::Expr { expr: Expr::Rownum(rp), alias: None, .. } = &q.select[0] else { panic!() };
    assert_eq!(*rp, p(1, 23));
    let SelectItem::Expr { expr: Expr::Function { name, args }, .. } = &q.select[1] else { panic!() };
    assert_eq!(name.name, "DBMS_RANDOM.STRING");
    assert_eq!(args[0], Expr::String(id("x"), p(1, 50)));
    let Expr::Function { name: round, args: rargs } = &args[1] else { panic!() };
    assert_eq!(round.name, "ROUND");
    let Expr::Function { name: v, args: vargs } = &rargs[0] else { panic!() };
    assert_eq!(v.name, "DBMS_RANDOM.VALUE");
    assert_eq!(vargs.iter().map(num).collect::<Vec<_>>(), [5.0, 30.0]);
    let FromItem::XmlTableRange { from, to, alias, pos } = &q.from[0] else { panic!() };
    assert_eq!((num(from), num(to), alias, *pos), (1.0, 100000.0, &None, p(1, 96)));
}

#[test]
fn calibration_plsql_loop() {
    let src = "declare v varchar2(30); begin for i in 1..100000 loop execute immediate 'select value from t4 where key = :1' into v using i; end loop; end;\n/\n";
    let units = parse_script(src);
    assert_eq!(units.len(), 1, "the / after a block only terminates it");
    let s = units[0].result.clone().unwrap();
    let StatementKind::Plsql(b) = s.kind else { panic!() };
    assert_eq!(b.declarations, vec![(Ident { name: id("V"), pos: p(1, 9) }, id("varchar2(30)"))]);
    let [PlsqlStatement::ForLoop { var, from, to, body, .. }] = b.body.as_slice() else { panic!("{:?}", b.body) };
    assert_eq!(var.name, "I");
    assert_eq!((num(from), num(to)), (1.0, 100000.0));
    let [PlsqlStatement::ExecuteImmediate { sql, into, using, pos }] = body.as_slice() else { panic!() };
    assert_eq!(*sql, Expr::String(id("select value from t4 where key = :1"), p(1, 73)));
    assert_eq!(into.iter().map(|i| i.name.as_str()).collect::<Vec<_>>(), ["V"]);
    assert_eq!(col_name(&using[0]), (None, id("I")));
    assert_eq!(*pos, p(1, 55));
}

#[test]
fn calibration_exec_populate() {
    let StatementKind::SqlPlus(SqlPlus::Exec(b)) =
        ok("exec dbms_memoptimize.populate(schema_name => user, table_name => 'T4')")
    else {
        panic!()
    };
    let [PlsqlStatement::Call { name, args }] = b.body.as_slice() else { panic!() };
    assert_eq!(*name, Ident { name: id("DBMS_MEMOPTIMIZE.POPULATE"), pos: p(1, 6) });
    assert_eq!(args.len(), 2);
    assert_eq!(args[0].0.as_deref(), Some("SCHEMA_NAME"));
    assert_eq!(col_name(&args[0].1), (None, id("USER")));
    assert_eq!(args[1].0.as_deref(), Some("TABLE_NAME"));
    assert!(matches!(&args[1].1, Expr::String(s, _) if s == "T4"));
}

#[test]
fn calibration_hinted_join() {
    let q = query("select max(b_filler), max(a_filler) from (select /*+ leading(a) use_nl(a b) opt_param('_nlj_batching_enabled', 0) no_nlj_prefetch(b) */ a.filler as a_filler, b.filler as b_filler from t2 a, t1 b where a.id = b.id);");
    assert!(q.hints.is_empty());
    assert!(matches!(
        &q.select[0],
        SelectItem::Expr { expr: Expr::Aggregate { func: AggregateFunc::Max, arg: Some(_), .. }, alias: None, .. }
    ));
    let FromItem::Subquery { query: sub, alias: None, .. } = &q.from[0] else { panic!() };
    let names = |v: &[Ident]| v.iter().map(|i| i.name.clone()).collect::<Vec<_>>();
    match sub.hints.as_slice() {
        [Hint::Leading(l), Hint::UseNl(u), Hint::OptParam { name, value }, Hint::NoNljPrefetch(n)] => {
            assert_eq!(names(l), ["A"]);
            assert_eq!(l[0].pos, p(1, 62));
            assert_eq!(names(u), ["A", "B"]);
            assert_eq!(name, "_nlj_batching_enabled");
            assert_eq!(*value, ParamValue::Number(0.0));
            assert_eq!(names(n), ["B"]);
        }
        h => panic!("hints {h:?}"),
    }
    let SelectItem::Expr { expr, alias, .. } = &sub.select[0] else { panic!() };
    assert_eq!(col_name(expr), (Some(id("A")), id("FILLER")));
    assert_eq!(alias.as_ref().unwrap().name, "A_FILLER");
    assert_eq!(sub.from.len(), 2);
    assert!(matches!(&sub.from[0], FromItem::Table { name, alias: Some(a), .. } if name.name == "T2" && a.name == "A"));
    assert!(matches!(&sub.from[1], FromItem::Table { name, alias: Some(a), .. } if name.name == "T1" && a.name == "B"));
    assert!(matches!(&sub.where_clause, Some(Expr::Binary { op: BinaryOp::Eq, .. })));
}

#[test]
fn calibration_lab_run() {
    let s = parse("LAB RUN 'select value from t4 where key = :1' BIND 1 TO 100000 VIA jdbc_thin RUNS 5;").unwrap();
    let StatementKind::Lab(LabCommand::Run(r)) = s.kind else { panic!() };
    assert_eq!(
        r,
        LabRun {
            sql: id("select value from t4 where key = :1"),
            sql_pos: p(1, 10),
            bind: Some((1, 100000)),
            via: Some(Driver::JdbcThin),
            fetchsize: None,
            runs: Some(5),
            batch: None,
            literals: false,
            autocommit: false,
            sessions: None,
        }
    );
    let s = parse("LAB RUN 'select 1 from dual' SESSIONS 4;").unwrap();
    let StatementKind::Lab(LabCommand::Run(r)) = s.kind else { panic!() };
    assert_eq!(r.sessions, Some(4));
    let e = parse("LAB RUN 'select 1 from dual' SESSIONS 65;").unwrap_err();
    assert!(e.code.starts_with("LAB-") && e.message.contains("SESSIONS needs a number of sessions from 1 to 64"));
    assert_eq!(e.pos, p(1, 39));
}

#[test]
fn dml_forms() {
    let s = parse("update t a set a.v = v + 1, w = 'x' where id = :1;").unwrap();
    let StatementKind::Update(u) = s.kind else { panic!() };
    assert_eq!((u.table.name.as_str(), u.alias.map(|a| a.name)), ("T", Some("A".to_string())));
    assert_eq!(u.sets.iter().map(|(c, _)| c.name.as_str()).collect::<Vec<_>>(), ["V", "W"]);
    assert!(u.where_clause.is_some());
    let s = parse("delete t where id > 3;").unwrap();
    let StatementKind::Delete(d) = s.kind else { panic!() };
    assert_eq!(d.table.name, "T");
    assert!(d.where_clause.is_some());
    assert!(matches!(parse("delete from t;").unwrap().kind, StatementKind::Delete(Delete { where_clause: None, .. })));
    assert!(
        matches!(parse("rollback work to savepoint s1;").unwrap().kind, StatementKind::RollbackTo(i) if i.name == "S1")
    );
    assert!(matches!(parse("savepoint s1;").unwrap().kind, StatementKind::Savepoint(_)));
    let s = parse("LAB RUN 'update t set v = 1 where id = :1' BIND 1 TO 10 AUTOCOMMIT;").unwrap();
    let StatementKind::Lab(LabCommand::Run(r)) = s.kind else { panic!() };
    assert!(r.autocommit);
}

// ------------------------------------------------------------ more DDL

#[test]
fn create_table_column_options_and_types() {
    let StatementKind::CreateTable(t) = ok("CREATE TABLE scott.\"MixedCase\" (
        id NUMBER(10,2) DEFAULT 0 NOT NULL PRIMARY KEY,
        code CHAR(3) UNIQUE,
        name NVARCHAR2(20),
        v2 VARCHAR(10 BYTE) NULL,
        d DATE,
        s SMALLINT, i INT,
        gen NUMBER GENERATED BY DEFAULT ON NULL AS IDENTITY,
        gen2 INTEGER GENERATED ALWAYS AS IDENTITY (START WITH 1),
        CONSTRAINT u1 UNIQUE (code, d) DEFERRABLE INITIALLY IMMEDIATE
    ) PCTFREE 10 PCTUSED 40 INITRANS 2 TABLESPACE users NOLOGGING COMPRESS FOR OLTP
      STORAGE (INITIAL 64K NEXT 1M MAXEXTENTS UNLIMITED BUFFER_POOL RECYCLE);")
    else {
        panic!()
    };
    assert_eq!(t.name.name, "MixedCase");
    let c = &t.columns;
    assert_eq!(c.len(), 9);
    assert_eq!(c[0].data_type, DataType::Number { precision: Some(10), scale: Some(2) });
    assert!(c[0].not_null && c[0].primary_key);
    assert!(matches!(c[0].default, Some(Expr::Number(n, _)) if n.is_zero()));
    assert_eq!(c[1].data_type, DataType::Char { len: 3 });
    assert!(c[1].unique);
    assert_eq!(c[2].data_type, DataType::Varchar2 { len: 20, char_semantics: true });
    assert_eq!(c[3].data_type, DataType::Varchar2 { len: 10, char_semantics: false });
    assert!(!c[3].not_null);
    assert_eq!(c[4].data_type, DataType::Date);
    assert!(c[7].identity.as_ref().is_some_and(|i| !i.always && i.on_null));
    assert!(c[8].identity.as_ref().is_some_and(|i| i.always && i.opts.start.is_some()));
    let u = &t.constraints[0];
    assert_eq!(u.kind, ConstraintKind::Unique);
    assert!(u.deferrable);
    assert_eq!(u.columns.len(), 2);
    assert_eq!(
        t.physical,
        Physical {
            pctfree: Some(10),
            buffer_pool: Some(BufferPool::Recycle),
            compress: Some(true),
            compress_at: Some(p(11, 67)),
            compress_advanced: true,
            compress_prefix: None,
            tablespace: Some(Ident { name: id("USERS"), pos: p(11, 51) }),
            cell_flash_cache: None,
            logging: Some(false),
            initrans: Some((2, p(11, 38))),
        }
    );
}

#[test]
fn create_table_as_select() {
    let StatementKind::CreateTable(t) =
        ok("create table t5 nologging as select rownum id, rpad('x', 100) filler from dual connect by level <= 1000;")
    else {
        panic!()
    };
    assert!(t.columns.is_empty());
    let q = t.as_select.unwrap();
    assert!(
        matches!(&q.connect_by, Some(Expr::Binary { op: BinaryOp::Le, left, .. }) if matches!(**left, Expr::Level(_)))
    );
    let SelectItem::Expr { alias, .. } = &q.select[1] else { panic!() };
    assert_eq!(alias.as_ref().unwrap().name, "FILLER");

    // Column names only: they become the select-list aliases.
    let StatementKind::CreateTable(t) = ok("create table t6 (a, b) pctfree 0 as select 1, 2 from dual;") else {
        panic!()
    };
    assert_eq!(t.physical.pctfree, Some(0));
    let q = t.as_select.unwrap();
    let aliases: Vec<_> = q
        .select
        .iter()
        .map(|s| match s {
            SelectItem::Expr { alias, .. } => alias.as_ref().unwrap().name.clone(),
            _ => panic!(),
        })
        .collect();
    assert_eq!(aliases, ["A", "B"]);

    let StatementKind::CreateTable(t) = ok("create table t7 as (select * from t1);") else { panic!() };
    assert!(matches!(t.as_select.unwrap().select[0], SelectItem::Star(_)));
}

#[test]
fn table_options_in_any_order() {
    let StatementKind::CreateTable(t) = ok("create table t (a number) memoptimize for read storage (buffer_pool default) segment creation deferred nocompress organization heap;") else { panic!() };
    assert!(t.memoptimize_read && !t.organization_index);
    assert_eq!(t.segment_creation, Some(SegmentCreation::Deferred));
    assert_eq!(t.physical.compress, Some(false));
    assert_eq!(t.physical.buffer_pool, Some(BufferPool::Default));
}

#[test]
fn create_cluster_options() {
    let StatementKind::CreateCluster(c) = ok("create cluster hc (k number(10), j varchar2(10)) hashkeys 1000 hash is k size 8k pctfree 5 tablespace users storage (buffer_pool keep);") else { panic!() };
    assert_eq!(c.columns.len(), 2);
    assert_eq!(c.size, Some(8192));
    assert_eq!(c.hashkeys, Some(1000));
    assert_eq!(c.hash_is.as_ref().map(col_name), Some((None, id("K"))));
    assert_eq!(c.physical.pctfree, Some(5));
    assert!(!c.single_table);

    let StatementKind::CreateCluster(c) = ok("create cluster ic (k integer) size 1M index;") else { panic!() };
    assert_eq!((c.size, c.hashkeys), (Some(1 << 20), None));
}

#[test]
fn create_index_forms() {
    let StatementKind::CreateIndex(i) = ok("create unique index t1_i on t1 (key, value asc) pctfree 0 storage (buffer_pool keep) tablespace users nologging;") else { panic!() };
    assert!(i.unique);
    assert_eq!(i.name.name, "T1_I");
    assert_eq!(i.table.name, "T1");
    assert_eq!(i.columns.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["KEY", "VALUE"]);
    let users = Some(Ident { name: id("USERS"), pos: p(1, 97) });
    assert_eq!(
        i.physical,
        Physical {
            pctfree: Some(0),
            buffer_pool: Some(BufferPool::Keep),
            tablespace: users,
            logging: Some(false),
            ..Default::default()
        }
    );

    let StatementKind::CreateIndex(i) = ok("create index ic_i on cluster ic;") else { panic!() };
    assert_eq!((i.table.name.as_str(), i.columns.len()), ("IC", 0));
}

#[test]
fn alter_index_table_and_drop() {
    let StatementKind::AlterIndex(a) = ok("alter index t1_i storage (buffer_pool keep);") else { panic!() };
    assert!(!a.rebuild);
    assert_eq!(a.physical.buffer_pool, Some(BufferPool::Keep));
    let StatementKind::AlterIndex(a) = ok("alter index t1_i rebuild pctfree 10 online;") else { panic!() };
    assert!(a.rebuild);
    assert_eq!(a.physical.pctfree, Some(10));

    let StatementKind::AlterTable(a) = ok("alter table t4 no memoptimize for read;") else { panic!() };
    assert_eq!(a.action, AlterTableAction::MemoptimizeRead(false));
    let StatementKind::AlterTable(a) = ok("alter table t4 memoptimize for read;") else { panic!() };
    assert_eq!(a.action, AlterTableAction::MemoptimizeRead(true));
    let StatementKind::AlterTable(a) = ok("alter table t1 storage (buffer_pool recycle);") else { panic!() };
    assert_eq!(
        a.action,
        AlterTableAction::Physical(Physical { buffer_pool: Some(BufferPool::Recycle), ..Default::default() })
    );
    let StatementKind::AlterTable(a) = ok("alter table t1 storage (cell_flash_cache keep flash_cache none);") else {
        panic!()
    };
    assert_eq!(
        a.action,
        AlterTableAction::Physical(Physical { cell_flash_cache: Some(CellFlashCache::Keep), ..Default::default() })
    );
    let StatementKind::AlterTable(a) = ok("alter table t1 storage (cell_flash_cache none);") else { panic!() };
    assert_eq!(
        a.action,
        AlterTableAction::Physical(Physical { cell_flash_cache: Some(CellFlashCache::None), ..Default::default() })
    );
    let StatementKind::AlterTable(a) = ok("alter table t1 pctfree 20;") else { panic!() };
    assert_eq!(a.action, AlterTableAction::Physical(Physical { pctfree: Some(20), ..Default::default() }));
    let StatementKind::AlterTable(a) = ok("alter table t1 compress;") else { panic!() };
    assert_eq!(
        a.action,
        AlterTableAction::Physical(Physical {
            compress: Some(true),
            compress_at: Some(p(1, 16)),
            ..Default::default()
        })
    );

    let StatementKind::Drop(d) = ok("drop table t1 cascade constraints purge;") else { panic!() };
    assert_eq!((d.kind, d.name.name.as_str(), d.including_tables), (ObjectKind::Table, "T1", false));
    let StatementKind::Drop(d) = ok("drop index t1_i;") else { panic!() };
    assert_eq!(d.kind, ObjectKind::Index);
    let StatementKind::Drop(d) = ok("drop cluster c3 including tables cascade constraints;") else { panic!() };
    assert_eq!((d.kind, d.including_tables), (ObjectKind::Cluster, true));
}

#[test]
fn alter_session_and_system_values() {
    let StatementKind::AlterSession(s) = ok("alter session set \"_nlj_batching_enabled\" = 0;") else { panic!() };
    assert_eq!(s.name.name, "_nlj_batching_enabled");
    assert_eq!(s.value, ParamValue::Number(0.0));
    assert_eq!(s.scope, None);
    let StatementKind::AlterSystem(s) = ok("ALTER SYSTEM SET \"_fastpin_enable\" = 0 scope = both sid = '*';") else {
        panic!()
    };
    assert_eq!(s.name.name, "_fastpin_enable");
    assert_eq!(s.scope, Some(Scope::Both));
    let StatementKind::AlterSession(s) = ok("alter session set statistics_level = all;") else { panic!() };
    assert_eq!(s.value, ParamValue::Text(id("ALL")));
    let StatementKind::AlterSession(s) = ok("alter session set nls_date_format = 'yyyy-mm-dd';") else { panic!() };
    assert_eq!(s.value, ParamValue::Text(id("yyyy-mm-dd")));
    let StatementKind::AlterSystem(s) = ok("alter system set db_cache_size = 64m scope = memory;") else { panic!() };
    assert_eq!((s.value, s.scope), (ParamValue::Bytes(64 << 20), Some(Scope::Memory)));
    let StatementKind::AlterSystem(s) = ok("alter system set sga_target = 2G;") else { panic!() };
    assert_eq!(s.value, ParamValue::Bytes(2 << 30));
}

// ------------------------------------------------------------ DML, queries

#[test]
fn insert_values_commit_rollback() {
    let StatementKind::Insert(i) = ok("insert /*+ noappend */ into t1 (key, value) values (1, 'it''s');") else {
        panic!()
    };
    assert_eq!(i.hints, vec![Hint::Other(id("noappend"))]);
    assert_eq!(i.columns.as_ref().map(|c| c.len()), Some(2));
    let InsertSource::Values(v) = &i.source else { panic!() };
    assert_eq!(v[1], Expr::String(id("it's"), p(1, 56)));
    assert_eq!(ok("commit;"), StatementKind::Commit);
    assert_eq!(ok("COMMIT WORK;"), StatementKind::Commit);
    assert_eq!(ok("rollback;"), StatementKind::Rollback);
}

#[test]
fn select_clauses() {
    let q = query("select /*+ gather_plan_statistics full(t) index(t t1_i) */ distinct t.*, key k, value as \"Val\", count(*) from owner.t1 t where key between 1 and :hi and value is not null or not (key > 5) group by key, value order by 2 desc nulls last, key;");
    assert!(q.distinct);
    assert_eq!(q.hints.len(), 3);
    assert_eq!(q.hints[0], Hint::GatherPlanStatistics);
    assert!(matches!(&q.hints[1], Hint::Full(a) if a.name == "T"));
    assert!(matches!(&q.hints[2], Hint::Index { alias, index: Some(i) } if alias.name == "T" && i.name == "T1_I"));
    assert!(matches!(&q.select[0], SelectItem::QualifiedStar(a) if a.name == "T"));
    assert!(matches!(&q.select[1], SelectItem::Expr { alias: Some(a), .. } if a.name == "K"));
    assert!(matches!(&q.select[2], SelectItem::Expr { alias: Some(a), .. } if a.name == "Val"));
    assert!(matches!(
        &q.select[3],
        SelectItem::Expr { expr: Expr::Aggregate { func: AggregateFunc::Count, arg: None, .. }, alias: None, .. }
    ));
    assert!(matches!(&q.from[0], FromItem::Table { name, alias: Some(a), .. } if name.name == "T1" && a.name == "T"));
    let Some(Expr::Binary { op: BinaryOp::Or, left, right }) = &q.where_clause else { panic!("{:?}", q.where_clause) };
    let Expr::Binary { op: BinaryOp::And, left: between, right: isnull } = &**left else { panic!() };
    let Expr::Between { low, high, .. } = &**between else { panic!() };
    assert_eq!(num(low), 1.0);
    assert!(matches!(&**high, Expr::Bind(b, _) if b == "HI"));
    assert!(matches!(&**isnull, Expr::IsNull { negated: true, .. }));
    assert!(matches!(&**right, Expr::Not(_)));
    assert_eq!(q.group_by.len(), 2);
    assert_eq!(q.order_by.len(), 2);
    assert!(q.order_by[0].descending && !q.order_by[1].descending);
}

#[test]
fn expression_precedence() {
    let q = query("select 1 + 2 * 3 || 'x' from dual where -a - -2 >= 1e3 and b <> 2 and c != 3 and d ^= 4;");
    let SelectItem::Expr { expr, .. } = &q.select[0] else { panic!() };
    // (1 + (2 * 3)) || 'x'
    let Expr::Binary { op: BinaryOp::Concat, left, .. } = expr else { panic!("{expr:?}") };
    let Expr::Binary { op: BinaryOp::Add, right, .. } = &**left else { panic!() };
    assert!(matches!(&**right, Expr::Binary { op: BinaryOp::Mul, .. }));
    let mut w = q.where_clause.unwrap();
    let mut ops = Vec::new();
    while let Expr::Binary { op: BinaryOp::And, left, right } = w {
        let Expr::Binary { op, .. } = *right else { panic!() };
        ops.push(op);
        w = *left;
    }
    let Expr::Binary { op: BinaryOp::Ge, left, right } = w else { panic!() };
    assert_eq!(num(&right), 1000.0);
    let Expr::Binary { op: BinaryOp::Sub, left: neg, right: two } = *left else { panic!() };
    assert!(matches!(*neg, Expr::Negate(_)));
    assert_eq!(num(&two), -2.0);
    assert_eq!(ops, [BinaryOp::Ne, BinaryOp::Ne, BinaryOp::Ne]);
}

#[test]
fn from_items_joins_and_subqueries() {
    let q = query("select x.column_value, (select max(id) from t2) m, sysdate, user, dbms_random.value from xmltable('5 to 10') x inner join t1 b on b.key = x.column_value join t2 on t2.id = b.key where b.key > 0;");
    assert_eq!(q.from.len(), 3);
    assert!(matches!(&q.from[0], FromItem::XmlTableRange { alias: Some(a), .. } if a.name == "X"));
    let SelectItem::Expr { expr, .. } = &q.select[0] else { panic!() };
    assert_eq!(col_name(expr), (Some(id("X")), id("COLUMN_VALUE")));
    assert!(matches!(&q.select[1], SelectItem::Expr { expr: Expr::Subquery(_), alias: Some(_), .. }));
    assert!(
        matches!(&q.select[2], SelectItem::Expr { expr: Expr::Function { name, args }, .. } if name.name == "SYSDATE" && args.is_empty())
    );
    assert!(matches!(&q.select[3], SelectItem::Expr { expr: Expr::Column { name, .. }, .. } if name.name == "USER"));
    assert!(
        matches!(&q.select[4], SelectItem::Expr { expr: Expr::Function { name, args }, .. } if name.name == "DBMS_RANDOM.VALUE" && args.is_empty())
    );
    // ON conditions AND-ed in front of WHERE.
    let Some(Expr::Binary { op: BinaryOp::And, left, right }) = &q.where_clause else { panic!() };
    assert!(matches!(&**right, Expr::Binary { op: BinaryOp::Gt, .. }));
    assert!(matches!(&**left, Expr::Binary { op: BinaryOp::And, .. }));
}

#[test]
fn connect_by_and_start_with() {
    let q = query("select level from dual start with 1 = 1 connect by nocycle level <= 10;");
    assert!(q.connect_by.is_some());
    let q = query("select rownum r from dual connect by level <= 100 start with 1 = 1 order by r;");
    assert!(q.connect_by.is_some() && q.order_by.len() == 1);
}

#[test]
fn hints_malformed_or_unknown_are_kept_as_other() {
    let q = query("select /*+ leading( no_such_hint(x) opt_param(1) full */ 1 from dual;");
    assert!(q.hints.iter().all(|h| matches!(h, Hint::Other(_))), "{:?}", q.hints);
    let q = query("select /*+ no_nlj_batching(b) nlj_batching(a) nlj_prefetch(c) memoptimize_read */ 1 from dual;");
    assert!(matches!(&q.hints[0], Hint::NoNljBatching(v) if v[0].name == "B"));
    assert!(matches!(&q.hints[1], Hint::NljBatching(v) if v[0].name == "A"));
    assert!(matches!(&q.hints[2], Hint::NljPrefetch(v) if v[0].name == "C"));
    assert_eq!(q.hints[3], Hint::Other(id("memoptimize_read")));
    let q =
        query("select /*+ opt_param('optimizer_features_enable' '11.2.0.4') opt_param('_x', 'true') */ 1 from dual;");
    assert!(matches!(&q.hints[0], Hint::Other(_)));
    assert_eq!(q.hints[1], Hint::OptParam { name: id("_x"), value: ParamValue::Text(id("true")) });
    // A hint comment anywhere else is an ordinary comment.
    let q = query("select /*+ index(t (key)) index(@sel$1 t2 t2_pk) */ 1 from t, t2;");
    assert!(matches!(&q.hints[0], Hint::Index { alias, index: None } if alias.name == "T"));
    assert!(matches!(&q.hints[1], Hint::Index { alias, index: Some(i) } if alias.name == "T2" && i.name == "T2_PK"));
    let q = query("select 1 /*+ full(t) */ from dual;");
    assert!(q.hints.is_empty());
}

// ------------------------------------------------------------ PL/SQL

#[test]
fn plsql_statements() {
    let src = "DECLARE
  n number := 5;
  s varchar2(100);
BEGIN
  dbms_random.seed(0);
  dbms_output.put_line('x');
  dbms_stats.gather_table_stats(user, 'T1', cascade => true);
  dbms_session.reset_package;
  insert into t1 values (1, 'a');
  commit;
  select max(key), count(*) into n, s from t1;
  s := 'v' || n;
  null;
  begin null; end;
  for i in 1 .. n loop
    for j in reverse_not_a_keyword .. 2 loop null; end loop;
  end loop outer_lbl;
  execute immediate 'alter session set \"_x\" = 1';
  rollback;
END blk;
/";
    let s = parse(src).unwrap();
    let StatementKind::Plsql(b) = s.kind else { panic!() };
    assert_eq!(b.declarations.len(), 2);
    assert_eq!(b.declarations[0].1, "number");
    let kinds: Vec<&str> = b
        .body
        .iter()
        .map(|s| match s {
            PlsqlStatement::Call { .. } => "call",
            PlsqlStatement::Sql(_) => "sql",
            PlsqlStatement::SelectInto { .. } => "select",
            PlsqlStatement::ExecuteImmediate { .. } => "exec",
            PlsqlStatement::ForLoop { .. } => "for",
            PlsqlStatement::Assign { .. } => "assign",
            PlsqlStatement::Null => "null",
            _ => "control",
        })
        .collect();
    // The initializer of `n` comes first as an assignment; the nested block is flattened.
    assert_eq!(
        kinds,
        [
            "assign", "call", "call", "call", "call", "sql", "sql", "select", "assign", "null", "null", "for", "exec",
            "sql"
        ]
    );
    let PlsqlStatement::Call { name, args } = &b.body[3] else { panic!() };
    assert_eq!(name.name, "DBMS_STATS.GATHER_TABLE_STATS");
    assert_eq!(args[2].0.as_deref(), Some("CASCADE"));
    let PlsqlStatement::Call { name, args } = &b.body[4] else { panic!() };
    assert_eq!((name.name.as_str(), args.len()), ("DBMS_SESSION.RESET_PACKAGE", 0));
    let PlsqlStatement::Sql(ins) = &b.body[5] else { panic!() };
    assert_eq!(ins.text, "insert into t1 values (1, 'a')");
    assert_eq!(ins.pos, p(9, 3));
    assert!(matches!(ins.kind, StatementKind::Insert(_)));
    let PlsqlStatement::Sql(c) = &b.body[6] else { panic!() };
    assert_eq!((c.kind.clone(), c.text.as_str(), c.pos), (StatementKind::Commit, "commit", p(10, 3)));
    let PlsqlStatement::SelectInto { query, into, .. } = &b.body[7] else { panic!() };
    assert_eq!(query.select.len(), 2);
    assert_eq!(into.iter().map(|i| i.name.as_str()).collect::<Vec<_>>(), ["N", "S"]);
    let PlsqlStatement::ForLoop { body, .. } = &b.body[11] else { panic!() };
    assert!(matches!(body.as_slice(), [PlsqlStatement::ForLoop { .. }]));
}

#[test]
fn exec_forms() {
    let StatementKind::SqlPlus(SqlPlus::Exec(b)) = ok("execute dbms_stats.gather_table_stats('LAB', 'T1');") else {
        panic!()
    };
    assert!(matches!(&b.body[..], [PlsqlStatement::Call { args, .. }] if args.len() == 2));
    let StatementKind::SqlPlus(SqlPlus::Exec(b)) = ok("exec dbms_session.reset_package") else { panic!() };
    assert!(matches!(&b.body[..], [PlsqlStatement::Call { args, .. }] if args.is_empty()));
    let StatementKind::SqlPlus(SqlPlus::Exec(b)) = ok("exec dbms_random.seed(1); dbms_random.seed(2)") else {
        panic!()
    };
    assert_eq!(b.body.len(), 2);
}

// ------------------------------------------------------------ SQL*Plus

#[test]
fn sqlplus_commands() {
    let cases: Vec<(&str, SqlPlus)> = vec![
        ("set autotrace on", SqlPlus::SetAutotrace(AutotraceMode::On { explain: true, statistics: true })),
        ("SET AUTOT OFF", SqlPlus::SetAutotrace(AutotraceMode::Off)),
        (
            "set autotrace traceonly",
            SqlPlus::SetAutotrace(AutotraceMode::TraceOnly { explain: true, statistics: true }),
        ),
        (
            "set autot trace only stat",
            SqlPlus::SetAutotrace(AutotraceMode::TraceOnly { explain: false, statistics: true }),
        ),
        (
            "set autotrace trace exp",
            SqlPlus::SetAutotrace(AutotraceMode::TraceOnly { explain: true, statistics: false }),
        ),
        ("set autotrace on explain", SqlPlus::SetAutotrace(AutotraceMode::On { explain: true, statistics: false })),
        ("set autotrace on statistics", SqlPlus::SetAutotrace(AutotraceMode::On { explain: false, statistics: true })),
        ("set linesize 200", SqlPlus::SetLinesize(200)),
        ("set lines 120", SqlPlus::SetLinesize(120)),
        ("set pagesize 0", SqlPlus::SetPagesize(0)),
        ("set pages 50;", SqlPlus::SetPagesize(50)),
        ("set arraysize 500", SqlPlus::SetArraysize(500)),
        ("set array 15", SqlPlus::SetArraysize(15)),
        ("set serveroutput on size unlimited", SqlPlus::SetServeroutput(true)),
        ("set serverout off", SqlPlus::SetServeroutput(false)),
        ("set timing on", SqlPlus::SetTiming(true)),
        ("set feedback off", SqlPlus::SetOther(id("set feedback off"))),
        ("shutdown immediate", SqlPlus::Shutdown(false)),
        ("shutdown", SqlPlus::Shutdown(false)),
        ("startup force", SqlPlus::Startup),
        ("prompt Hello, world; done", SqlPlus::Prompt(id("Hello, world; done"))),
        ("rem a remark", SqlPlus::Ignored(id("rem a remark"))),
        ("spool out.log", SqlPlus::Ignored(id("spool out.log"))),
        ("column name format a20", SqlPlus::Ignored(id("column name format a20"))),
        ("col name format a20", SqlPlus::Ignored(id("col name format a20"))),
        ("show arraysize", SqlPlus::Show(id("ARRAYSIZE"))),
        ("clear screen", SqlPlus::Ignored(id("clear screen"))),
        ("define x = 1", SqlPlus::Ignored(id("define x = 1"))),
        ("undefine x", SqlPlus::Ignored(id("undefine x"))),
        ("pause", SqlPlus::Ignored(id("pause"))),
        ("whenever sqlerror continue", SqlPlus::Ignored(id("whenever sqlerror continue"))),
    ];
    for (src, want) in cases {
        match parse(src) {
            Ok(Statement { kind: StatementKind::SqlPlus(got), .. }) => assert_eq!(got, want, "{src}"),
            other => panic!("{src}: {other:?}"),
        }
    }
}

#[test]
fn connect() {
    let user = |name: &str, column: u32| Some(Ident { name: id(name), pos: p(1, column) });
    let cases: Vec<(&str, Connect)> = vec![
        ("connect lab/lab", Connect { user: user("LAB", 9), connect_identifier: None, sysdba: false }),
        (
            "conn scott/tiger@orcl",
            Connect { user: user("SCOTT", 6), connect_identifier: Some(id("orcl")), sysdba: false },
        ),
        ("CONNE  Lab", Connect { user: user("LAB", 8), connect_identifier: None, sysdba: false }),
        (
            "connect lab@//db:1521/pdb1",
            Connect { user: user("LAB", 9), connect_identifier: Some(id("//db:1521/pdb1")), sysdba: false },
        ),
        (
            "connect lab/\"p@ss/w\"@orcl",
            Connect { user: user("LAB", 9), connect_identifier: Some(id("orcl")), sysdba: false },
        ),
        ("connect \"MixedCase\"/x", Connect { user: user("MixedCase", 9), connect_identifier: None, sysdba: false }),
        ("connect u_1$#/pw edition=e1;", Connect { user: user("U_1$#", 9), connect_identifier: None, sysdba: false }),
        // AS SYSDBA is SYS, whoever logs on.
        ("conn / as sysdba", Connect { user: user("SYS", 6), connect_identifier: None, sysdba: true }),
        (
            "connect sys/x@orcl as sysdba;",
            Connect { user: user("SYS", 9), connect_identifier: Some(id("orcl")), sysdba: true },
        ),
        ("connect", Connect { user: None, connect_identifier: None, sysdba: false }),
        (
            "connect -\n  lab",
            Connect { user: Some(Ident { name: id("LAB"), pos: p(2, 3) }), connect_identifier: None, sysdba: false },
        ),
    ];
    for (src, want) in cases {
        match parse(src) {
            Ok(Statement { kind: StatementKind::SqlPlus(SqlPlus::Connect(got)), .. }) => assert_eq!(got, want, "{src}"),
            other => panic!("{src}: {other:?}"),
        }
    }
}

#[test]
fn run_buffer() {
    let units = parse_script("select 1 from dual;\n/\n");
    assert_eq!(units.len(), 2);
    let s = units[1].result.clone().unwrap();
    assert_eq!((s.kind, s.pos), (StatementKind::SqlPlus(SqlPlus::RunBuffer), p(2, 1)));
}

// ------------------------------------------------------------ LAB

#[test]
fn lab_commands() {
    assert_eq!(ok("LAB VERSION 11.2.0.1;"), StatementKind::Lab(LabCommand::Version(id("11.2.0.1"))));
    assert_eq!(ok("lab version 18c;"), StatementKind::Lab(LabCommand::Version(id("18c"))));
    assert_eq!(ok("LAB VERSION 12.2.0.1 -- note\n;"), StatementKind::Lab(LabCommand::Version(id("12.2.0.1"))));
    assert_eq!(ok("lab profile;"), StatementKind::Lab(LabCommand::Profile));
    assert_eq!(ok("LAB RESET;"), StatementKind::Lab(LabCommand::Reset));
    assert_eq!(ok("LAB SESSION 2;"), StatementKind::Lab(LabCommand::Session(2)));
    assert_eq!(ok("lab session 1;"), StatementKind::Lab(LabCommand::Session(1)));
    assert_eq!(ok("lab session\n  1000\n/"), StatementKind::Lab(LabCommand::Session(MAX_SESSIONS)));
    let StatementKind::Lab(LabCommand::Set { name, value }) = ok("LAB SET network_latency_us = 250;") else { panic!() };
    assert_eq!((name.name.as_str(), value), ("network_latency_us", ParamValue::Number(250.0)));
    let StatementKind::Lab(LabCommand::Device { name, kind, params }) =
        ok("lab device redo type SATA_SSD channels = 4 erase_us = 2500.5;")
    else {
        panic!()
    };
    assert_eq!((name.name.as_str(), kind.name.as_str(), kind.pos), ("REDO", "sata_ssd", p(1, 22)));
    let params: Vec<_> = params.iter().map(|(n, v)| (n.name.as_str(), *v, n.pos)).collect();
    assert_eq!(params, vec![("channels", 4.0, p(1, 31)), ("erase_us", 2500.5, p(1, 44))]);
    assert_eq!(ok("LAB DEVICES;"), StatementKind::Lab(LabCommand::Devices));
    for bad in [
        "lab device;",
        "lab device d hdd;",
        "lab device d type;",
        "lab device d type hdd rpm;",
        "lab device d type hdd rpm = x;",
    ] {
        assert!(parse(bad).is_err(), "{bad}");
    }

    let StatementKind::Lab(LabCommand::Run(r)) =
        ok("lab run 'insert into t1 values (:1, ''x'')' literals batch 100 fetchsize 50 via PLSQL bind -5 to 5;")
    else {
        panic!()
    };
    assert_eq!(r.sql, "insert into t1 values (:1, 'x')");
    assert_eq!(r.sql_pos, p(1, 10));
    assert!(r.literals);
    assert_eq!(
        (r.batch, r.fetchsize, r.via, r.bind, r.runs),
        (Some(100), Some(50), Some(Driver::Plsql), Some((-5, 5)), None)
    );
    for (d, want) in [
        ("jdbc_oci_net", Driver::JdbcOciNet),
        ("jdbc_oci_bequeath", Driver::JdbcOciBequeath),
        ("sqlplus", Driver::SqlPlus),
    ] {
        let StatementKind::Lab(LabCommand::Run(r)) = ok(&format!("lab run 'select 1 from dual' via {d};")) else {
            panic!()
        };
        assert_eq!(r.via, Some(want));
    }
}

#[test]
fn statement_positions_in_multi_line_script() {
    let units = parse_script("\n\n   select *\n     from t1\n    where key = :1;\n");
    let s = units[0].result.clone().unwrap();
    assert_eq!(s.pos, p(3, 4));
    let StatementKind::Query(q) = s.kind else { panic!() };
    let Some(Expr::Binary { left, right, .. }) = q.where_clause else { panic!() };
    assert_eq!(col_name(&left), (None, id("KEY")));
    assert_eq!(*right, Expr::Bind(id("1"), p(5, 17)));
}
