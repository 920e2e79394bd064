//! Issue 28, "right or refused": parameters and statements that were
//! accepted and then did nothing. Each is now what Oracle does, or refused.

mod common;
use common::*;

fn err(s: &lio_core::StepOut) -> (String, String) {
    let e = s.error.as_ref().unwrap_or_else(|| panic!("`{}` did not fail", s.statement));
    (e.code.clone(), e.message.clone())
}

// ------------------------------------------------------------ ALTER SYSTEM / SESSION

#[test]
fn unknown_parameter_names_are_refused_as_oracle_does() {
    let mut e = quiet_engine();
    let steps = e.exec("alter system set foo_bar = 1;\nalter session set foo_bar = 1;");
    assert_eq!(err(&steps[0]), ("ORA-02065".into(), "illegal option for ALTER SYSTEM".into()));
    assert_eq!(err(&steps[1]), ("ORA-02248".into(), "invalid option for ALTER SESSION".into()));
    assert_eq!((steps[0].error.as_ref().unwrap().line, steps[0].error.as_ref().unwrap().column), (1, 18));
}

#[test]
fn hidden_parameters_the_lab_does_not_model_are_refused_by_name() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "alter session set \"_optimizer_join_sel_sanity_check\" = false;\n\
         alter system set \"_row_cr\" = false;\n\
         alter session set \"_row_cr\" = true;\n\
         select value from v$parameter where name = '_optimizer_join_sel_sanity_check';",
    );
    let (code, msg) = err(&steps[0]);
    assert_eq!(code, "LAB-00001");
    assert!(msg.contains("hidden parameter _optimizer_join_sel_sanity_check is not modelled"), "{msg}");
    ok(&steps[1..]);
    assert!(steps[3].rows.is_empty());
}

#[test]
fn real_parameters_the_lab_does_not_model_are_refused_not_ignored() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "alter session set optimizer_index_cost_adj = 10;\n\
         alter system set sga_target = 2G;\n\
         alter session set events '10032 trace name context forever, level 10';\n\
         alter session set current_schema = scott;",
    );
    for s in &steps {
        let (code, msg) = err(s);
        assert_eq!(code, "LAB-00001", "{msg}");
    }
    assert!(err(&steps[0]).1.contains("optimizer_index_cost_adj"));
    assert!(err(&steps[2]).1.contains("EVENTS"));
}

#[test]
fn wrong_values_get_oracles_messages() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "alter system set statistics_level = lots;\n\
         alter session set statistics_level = lots;\n\
         alter session set db_file_multiblock_read_count = many;\n\
         alter system set pga_aggregate_target = 1M;\n\
         alter session set sort_area_size = 10;",
    );
    assert_eq!(
        err(&steps[0]),
        (
            "ORA-02097".into(),
            "parameter cannot be modified because specified value is invalid\n\
             ORA-00096: invalid value LOTS for parameter statistics_level, must be from among ALL, TYPICAL, BASIC"
                .into()
        )
    );
    assert_eq!(
        err(&steps[1]),
        (
            "ORA-00096".into(),
            "invalid value LOTS for parameter statistics_level, must be from among ALL, TYPICAL, BASIC".into()
        )
    );
    assert_eq!(err(&steps[2]), ("ORA-02017".into(), "integer value required".into()));
    assert_eq!(
        err(&steps[3]),
        (
            "ORA-02097".into(),
            "parameter cannot be modified because specified value is invalid\n\
             ORA-00093: pga_aggregate_target must be between 10M and 4096G-1"
                .into()
        )
    );
    let (code, msg) = err(&steps[4]);
    assert_eq!(code, "ORA-00068");
    assert!(msg.starts_with("invalid value 10 for parameter sort_area_size, must be between "), "{msg}");
}

#[test]
fn scope_rules_follow_issys_modifiable() {
    let mut e = quiet_engine();
    let steps = e.exec(
        // Not modifiable by ALTER SESSION; static (spfile only); deferred
        // (ALTER SYSTEM needs DEFERRED); immediate (DEFERRED is wrong).
        "alter session set db_cache_size = 64M;\n\
         alter session set \"_db_writer_max_writes\" = 10;\n\
         alter system set log_buffer = 16M;\n\
         alter system set log_buffer = 16M scope = spfile;\n\
         alter system set sort_area_size = 1048576;\n\
         alter system set sort_area_size = 1048576 deferred;\n\
         alter system set db_file_multiblock_read_count = 16 deferred;\n\
         select value from v$parameter where name = 'sort_area_size';",
    );
    assert_eq!(err(&steps[0]).0, "ORA-02096");
    assert_eq!(err(&steps[1]).0, "ORA-02096");
    assert_eq!(err(&steps[2]).0, "ORA-02095");
    assert!(steps[3].error.is_none(), "{:?}", steps[3].error);
    assert_eq!(err(&steps[4]).0, "ORA-02096");
    assert!(steps[5].error.is_none(), "{:?}", steps[5].error);
    assert_eq!(err(&steps[6]).0, "ORA-02096");
    // DEFERRED changes later sessions, not this one.
    assert_eq!(steps[7].rows, vec![vec!["65536".to_string()]]);
}

#[test]
fn informational_parameters_are_kept_and_listed() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "alter session set nls_date_format = 'yyyy-mm-dd hh24:mi:ss';\n\
         alter session set tracefile_identifier = 'run1';\n\
         select name, value from v$parameter where name in ('nls_date_format', 'tracefile_identifier') order by name;",
    );
    ok(&steps);
    assert_eq!(
        steps[2].rows,
        vec![
            vec!["nls_date_format".to_string(), "yyyy-mm-dd hh24:mi:ss".to_string()],
            vec!["tracefile_identifier".to_string(), "run1".to_string()],
        ]
    );
}

// ------------------------------------------------------------ optimizer_mode

#[test]
fn optimizer_modes_the_lab_does_not_cost_are_refused() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "alter session set optimizer_mode = first_rows;\n\
         alter session set optimizer_mode = first_rows_10;\n\
         alter session set optimizer_mode = rule;\n\
         alter session set optimizer_mode = best;\n\
         alter session set optimizer_mode = all_rows;\n\
         select value from v$parameter where name = 'optimizer_mode';",
    );
    for s in &steps[..3] {
        let (code, msg) = err(s);
        assert_eq!(code, "LAB-00001");
        assert!(msg.contains("OPTIMIZER_MODE = ") && msg.contains("ALL_ROWS"), "{msg}");
    }
    assert!(err(&steps[0]).1.contains("OPTIMIZER_MODE = FIRST_ROWS "), "{:?}", err(&steps[0]));
    // http://international-dba.blogspot.co.uk/2012/05/ora-00096.html (11.2)
    assert_eq!(
        err(&steps[3]),
        (
            "ORA-00096".into(),
            "invalid value BEST for parameter optimizer_mode, must be from among first_rows_1000, \
             first_rows_100, first_rows_10, first_rows_1, first_rows, all_rows, choose, rule"
                .into()
        )
    );
    ok(&steps[4..]);
    assert_eq!(steps[5].rows, vec![vec!["ALL_ROWS".to_string()]]);
}

#[test]
fn parameters_modelled_at_one_value_refuse_the_others() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "alter session set cursor_sharing = force;\n\
         alter session set cursor_sharing = exact;\n\
         alter session set timed_statistics = false;\n\
         alter session set recyclebin = on;\n\
         alter session set recyclebin = off;\n\
         alter session set statistics_level = basic;",
    );
    assert_eq!(err(&steps[0]).0, "LAB-00001");
    assert!(steps[1].error.is_none());
    assert_eq!(err(&steps[2]).0, "LAB-00001");
    assert_eq!(err(&steps[3]).0, "LAB-00001");
    assert!(steps[4].error.is_none());
    assert_eq!(err(&steps[5]).0, "LAB-00001");
}

// ------------------------------------------------------------ named constraints

/// The index names of table `T`, as the plan shows them.
fn plan_index(e: &mut lio_core::Engine, sql: &str) -> String {
    let steps = e.exec(&format!("set autotrace traceonly explain\n{sql}\nset autotrace off"));
    ok(&steps);
    steps[1].plan.iter().filter_map(|l| l.name.clone()).filter(|n| n != "T").collect::<Vec<_>>().join(",")
}

#[test]
fn a_named_inline_primary_key_names_its_index() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number constraint demopk primary key, v varchar2(10) constraint t_v_uk unique);\n\
         insert into t values (1, 'a');\n\
         commit;\n\
         alter index demopk rebuild;\n\
         alter index t_v_uk rebuild;",
    ));
    assert_eq!(plan_index(&mut e, "select v from t where id = 1;"), "DEMOPK");
    assert_eq!(plan_index(&mut e, "select id from t where v = 'a';"), "T_V_UK");
    // A name on NOT NULL names that check, not the key after it.
    ok(&e.exec("create table t2 (id number constraint t2_nn not null primary key);"));
    let steps = e.exec("alter index t2_nn rebuild;");
    assert_eq!(err(&steps[0]).0, "ORA-01418");
}

#[test]
fn an_out_of_line_named_key_names_its_index_and_takes_using_index() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number, v varchar2(10), constraint demopk primary key (id) using index pctfree 30);\n\
         alter index demopk rebuild;",
    ));
    assert_eq!(plan_index(&mut e, "select v from t where id = 1;"), "DEMOPK");
    // Two constraints of one name; another table's constraint's name (a
    // constraint name is checked before its index's: ORA-02264); an
    // index's name that is no constraint's.
    let steps = e.exec(
        "create table u (a number constraint k1 primary key, b number constraint k1 unique);\n\
         create table w (a number constraint demopk primary key);\n\
         create index t_v on t (v);\n\
         create table x (a number constraint t_v primary key);",
    );
    assert_eq!(err(&steps[0]).0, "ORA-02264");
    assert_eq!(err(&steps[1]).0, "ORA-02264");
    assert_eq!(err(&steps[3]).0, "ORA-00955");
}

#[test]
fn alter_table_add_constraint_builds_the_named_index() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number, v varchar2(10));\n\
         insert into t select level, 'x' || level from dual connect by level <= 100;\n\
         commit;\n\
         alter table t add constraint t_pk primary key (id);\n\
         alter index t_pk rebuild;\n\
         alter table t add unique (v);",
    ));
    assert_eq!(plan_index(&mut e, "select v from t where id = 1;"), "T_PK");
    let steps = e.exec(
        "alter table t add constraint t_pk2 primary key (v);\n\
         create table d (id number);\n\
         insert into d values (1);\n\
         insert into d values (1);\n\
         insert into d values (null);\n\
         alter table d add constraint d_uk unique (id);\n\
         alter table d add constraint d_pk primary key (id);",
    );
    assert_eq!(err(&steps[0]).0, "ORA-02260");
    assert_eq!(err(&steps[5]), ("ORA-02299".into(), "cannot validate (LAB.D_UK) - duplicate keys found".into()));
    assert_eq!(err(&steps[6]).0, "ORA-01449");
    // The failed constraint left no index behind.
    assert_eq!(err(&e.exec("alter index d_uk rebuild;")[0]).0, "ORA-01418");
}

// ------------------------------------------------------------ DBMS_STATS

#[test]
fn gather_stats_of_a_missing_schema_table_or_index_fails_as_oracle() {
    // An unhandled error ends the block with `ORA-06512: at line 1` (the
    // frames inside SYS.DBMS_STATS, whose line numbers are the release's,
    // are not modelled), e.g.
    // https://karandba.blogspot.com/2026/05/can-we-gather-dictionary-statistics-in.html
    let mut e = quiet_engine();
    ok(&e.exec("create table t (id number);\ncreate index t_i on t(id);"));
    let steps = e.exec(
        "exec dbms_stats.gather_table_stats(ownname => 'NOBODY', tabname => 'T')\n\
         exec dbms_stats.gather_table_stats(user, 'NOSUCH')\n\
         exec dbms_stats.gather_index_stats(user, 'NOSUCH_I')\n\
         exec dbms_stats.gather_index_stats('NOBODY', 'T_I')\n\
         exec dbms_stats.gather_schema_stats('NOBODY')\n\
         exec dbms_stats.gather_table_stats(ownname => null, tabname => 't')\n\
         exec dbms_stats.gather_index_stats(user, 't_i')\n\
         exec dbms_stats.gather_schema_stats(user)",
    );
    assert_eq!(
        err(&steps[0]),
        (
            "ORA-20000".into(),
            "Unable to analyze TABLE \"NOBODY\".\"T\", insufficient privileges or does not exist\nORA-06512: at line 1"
                .into()
        )
    );
    assert_eq!(
        err(&steps[1]).1,
        "Unable to analyze TABLE \"LAB\".\"NOSUCH\", insufficient privileges or does not exist\nORA-06512: at line 1"
    );
    assert_eq!(
        err(&steps[2]).1,
        "index \"LAB\".\"NOSUCH_I\"  does not exist or insufficient privileges\nORA-06512: at line 1"
    );
    assert_eq!(
        err(&steps[3]).1,
        "index \"NOBODY\".\"T_I\"  does not exist or insufficient privileges\nORA-06512: at line 1"
    );
    assert_eq!(
        err(&steps[4]),
        ("ORA-20000".into(), "Insufficient privileges to analyze an object in Schema\nORA-06512: at line 1".into())
    );
    ok(&steps[5..]);
}

#[test]
fn gather_stats_arguments_are_checked_by_name() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (id number);"));
    let steps = e.exec(
        "exec dbms_stats.gather_table_stats(user, 'T', nonsense => 1)\n\
         exec dbms_stats.gather_table_stats(user, 'T', method_opt => 'for all columns size 254')\n\
         exec dbms_stats.gather_table_stats(user, 'T', estimate_percent => 10)\n\
         exec dbms_stats.gather_table_stats(user, 'T', method_opt => 'FOR ALL COLUMNS SIZE 1', estimate_percent => 100, cascade => true)\n\
         exec dbms_stats.export_table_stats(user, 'T', stattab => 'ST')",
    );
    let (code, msg) = err(&steps[0]);
    assert_eq!(code, "ORA-06550");
    assert!(msg.contains("PLS-00306"), "{msg}");
    // Histograms are built (tests/histograms.rs); a 10% sample is not taken.
    assert!(steps[1].error.is_none(), "{:?}", steps[1].error);
    assert_eq!(err(&steps[2]).0, "LAB-00001");
    assert!(steps[3].error.is_none(), "{:?}", steps[3].error);
    let (code, msg) = err(&steps[4]);
    assert_eq!(code, "LAB-00001");
    assert!(msg.contains("DBMS_STATS.EXPORT_TABLE_STATS"), "{msg}");
}

// ------------------------------------------------------------ hints

fn plan_ops(e: &mut lio_core::Engine, sql: &str) -> Vec<String> {
    let steps = e.exec(&format!("set autotrace traceonly explain\n{sql}\nset autotrace off"));
    ok(&steps);
    steps[1]
        .plan
        .iter()
        .map(|l| format!("{} {}", l.operation, l.name.clone().unwrap_or_default()).trim().to_string())
        .collect()
}

fn hinted_table(e: &mut lio_core::Engine) {
    ok(&e.exec(
        "create table t (id number not null, n number, v varchar2(100));\n\
         insert into t select level, mod(level, 10), rpad('x', 100, 'x') from dual connect by level <= 2000;\n\
         commit;\n\
         create index t_id on t(id);\n\
         create index t_n on t(n);\n\
         exec dbms_stats.gather_table_stats(user, 'T')",
    ));
}

#[test]
fn the_index_hint_on_count_star_is_an_index_full_scan() {
    let mut e = quiet_engine();
    hinted_table(&mut e);
    // Oracle: SORT AGGREGATE over INDEX FULL SCAN of the index whose
    // column is NOT NULL (every row has an entry).
    assert_eq!(
        plan_ops(&mut e, "select /*+ index(t) */ count(*) from t;"),
        ["SELECT STATEMENT", "SORT AGGREGATE", "INDEX FULL SCAN T_ID"]
    );
    assert_eq!(plan_ops(&mut e, "select /*+ index(t t_id) */ count(*) from t;")[2], "INDEX FULL SCAN T_ID");
    // Not covering: the table by rowid, in key order.
    assert_eq!(
        plan_ops(&mut e, "select /*+ index(t t_id) */ max(v) from t;")[2..],
        ["TABLE ACCESS BY INDEX ROWID BATCHED T", "INDEX FULL SCAN T_ID"]
    );
    // An index on a nullable column does not hold every row: Oracle
    // ignores the hint (and takes its own plan, here the fast full scan
    // of the smaller index that does).
    let ops = plan_ops(&mut e, "select /*+ index(t t_n) */ count(*) from t;");
    assert!(!ops.iter().any(|o| o.ends_with("T_N")), "{ops:?}");
    // The rows are all there.
    let steps = e.exec("select /*+ index(t) */ count(*) from t;\nselect /*+ index(t t_id) */ count(v) from t;");
    ok(&steps);
    assert_eq!(steps[0].rows[0][0], 2000);
    assert_eq!(steps[1].rows[0][0], 2000);
}

#[test]
fn hints_the_lab_does_not_obey_are_refused_by_name() {
    let mut e = quiet_engine();
    hinted_table(&mut e);
    let steps = e.exec(
        "select /*+ and_equal(t t_id) */ count(*) from t;\n\
         select /*+ first_rows(10) */ id from t where n = 1;\n\
         select /*+ index_join(a) */ count(*) from t a, t b where a.id = b.id;\n\
         insert /*+ parallel(t 4) */ into t select * from t;\n\
         select /*+ opt_param('optimizer_index_cost_adj', 10) */ count(*) from t;\n\
         select /*+ all_rows qb_name(main) no_such_hint monitor */ count(*) from t;",
    );
    for (i, name) in ["AND_EQUAL", "FIRST_ROWS", "INDEX_JOIN", "PARALLEL", "OPT_PARAM('optimizer_index_cost_adj')"]
        .iter()
        .enumerate()
    {
        let (code, msg) = err(&steps[i]);
        assert_eq!(code, "LAB-00001");
        assert!(msg.contains(name), "{msg}");
    }
    assert_eq!((error_of(&steps[0]).1, error_of(&steps[0]).2), (1, 12));
    ok(&steps[5..]);
}

// ------------------------------------------------------------ LAB SET

#[test]
fn lab_set_refuses_unknown_names_and_fractional_limits() {
    let mut e = quiet_engine();
    let steps = e.exec("LAB SET no_such_thing = 1;\nLAB SET max_memory_mb = 512.5;\nLAB SET max_memory_mb = 'lots';");
    assert_eq!(err(&steps[0]).0, "LAB-00012");
    let (code, msg) = err(&steps[1]);
    assert_eq!(code, "LAB-00011");
    assert!(msg.contains("whole number"), "{msg}");
    assert_eq!(err(&steps[2]).0, "LAB-00011");
}
