//! CHECK constraints (session/check.rs, session/constraint_ddl.rs), ON
//! DELETE CASCADE / SET NULL (session/cascade.rs) and constraint names
//! checked against each other (ORA-02264, ORA-00955).

mod common;
use common::*;
use lio_core::StepOut;
use lio_sql::ora;

fn code(s: &StepOut) -> Option<&str> {
    s.error.as_ref().map(|e| e.code.as_str())
}

fn is(s: &StepOut, e: ora::Entry) {
    assert_eq!(code(s), Some(e.code().as_str()), "{}: {:?}", s.statement, s.error);
}

fn message(s: &StepOut) -> &str {
    s.error.as_ref().map(|e| e.message.as_str()).unwrap_or("")
}

/// Inline and out-of-line CHECKs: a FALSE row is ORA-02290 naming the
/// constraint (the statement rolled back, an INSERT ... SELECT whole), a
/// NULL (unknown) passes; UPDATE checks the new values.
#[test]
fn insert_and_update_are_checked() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number constraint t_id_pos check (id > 0), \
         v varchar2(10) check (v in ('a', 'b')), n number, constraint t_n_lt_id check (n < id));\n\
         insert into t values (1, 'a', 0);\ninsert into t values (2, null, null);",
    ));
    let s = e.exec(
        "insert into t values (0, 'a', null);\n\
         insert into t values (3, 'c', null);\n\
         insert into t values (3, 'b', 5);\n\
         insert into t select level, 'a', level - 2 from dual connect by level <= 5;\n\
         insert into t select level + 10, 'b', 3 - level from dual connect by level <= 5;\n\
         update t set n = id + 1 where id = 1;\n\
         update t set id = -id;\n\
         update t set v = 'b' where id = 2;",
    );
    is(&s[0], ora::CHECK_CONSTRAINT_VIOLATED);
    assert_eq!(message(&s[0]), "check constraint (LAB.T_ID_POS) violated");
    is(&s[1], ora::CHECK_CONSTRAINT_VIOLATED);
    assert!(message(&s[1]).contains("(LAB.SYS_C"), "{}", message(&s[1]));
    is(&s[2], ora::CHECK_CONSTRAINT_VIOLATED);
    assert_eq!(message(&s[2]), "check constraint (LAB.T_N_LT_ID) violated");
    assert!(s[3].error.is_none(), "n = level - 2 < level");
    assert!(s[4].error.is_none());
    is(&s[5], ora::CHECK_CONSTRAINT_VIOLATED);
    is(&s[6], ora::CHECK_CONSTRAINT_VIOLATED);
    assert!(s[7].error.is_none());
    assert_eq!(text_rows(&mut e, "select count(*), sum(id), count(n) from t;")[0], ["12", "83", "11"]);
}

/// USER_CONSTRAINTS: SEARCH_CONDITION as written, STATUS and VALIDATED by
/// ENABLE / DISABLE / NOVALIDATE; ALTER TABLE ADD CHECK validates the rows
/// (ORA-02293) unless NOVALIDATE; ENABLE validates again; DROP.
#[test]
fn states_and_the_dictionary() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table t (id number, v number);\n\
         insert into t values (1, -1);\ninsert into t values (2, 5);\ncommit;",
    ));
    let s = e.exec(
        "alter table t add constraint v_pos check (v >= 0);\n\
         alter table t add constraint v_pos check (v >= 0) enable novalidate;\n\
         insert into t values (3, -3);\n\
         alter table t enable constraint v_pos;\n\
         alter table t disable constraint v_pos;\n\
         insert into t values (3, -3);\n\
         alter table t add (constraint id_small check (id<10) disable);\n\
         alter table t modify constraint id_small enable novalidate;",
    );
    is(&s[0], ora::CANNOT_VALIDATE_CHECK);
    assert_eq!(message(&s[0]), "cannot validate (LAB.V_POS) - check constraint violated");
    assert!(s[1].error.is_none());
    is(&s[2], ora::CHECK_CONSTRAINT_VIOLATED);
    is(&s[3], ora::CANNOT_VALIDATE_CHECK);
    assert!(s[4].error.is_none() && s[5].error.is_none() && s[6].error.is_none() && s[7].error.is_none());
    let rows = text_rows(
        &mut e,
        "select constraint_name, constraint_type, search_condition, status, validated \
         from user_constraints where table_name = 'T' order by constraint_name;",
    );
    let flat: Vec<String> = rows.iter().map(|r| r.join("|")).collect();
    assert_eq!(flat, ["ID_SMALL|C|id<10|ENABLED|NOT VALIDATED", "V_POS|C|v >= 0|DISABLED|NOT VALIDATED"]);
    let rows =
        text_rows(&mut e, "select column_name, position from user_cons_columns where constraint_name = 'V_POS';");
    assert_eq!(rows, [["V", "null"]]);
    let s = e.exec(
        "delete from t where v < 0;\n\
         alter table t modify constraint v_pos enable;\n\
         alter table t drop constraint v_pos;\n\
         alter table t drop constraint v_pos;\n\
         alter table t disable constraint nosuch;",
    );
    assert!(s[0].error.is_none() && s[1].error.is_none() && s[2].error.is_none());
    is(&s[3], ora::NONEXISTENT_CONSTRAINT);
    is(&s[4], ora::NO_SUCH_CONSTRAINT);
    assert_eq!(text_rows(&mut e, "select count(*) from user_constraints where table_name = 'T';")[0][0], "1");
}

/// What a condition may not hold, and a column constraint's one column.
#[test]
fn definition_errors() {
    let mut e = quiet_engine();
    ok(&e.exec("create table p (id number);"));
    let s = e.exec(
        "create table t1 (a number, b number check (b > a));\n\
         create table t2 (a number check (a in (select id from p)));\n\
         create table t3 (a date check (a > sysdate));\n\
         create table t4 (a number, check (max(a) > 0));\n\
         create table t5 (a number, check (nosuch > 0));\n\
         create table t6 (a number check (a > 0) disable validate);",
    );
    is(&s[0], ora::COLUMN_CHECK_OTHER_COLUMNS);
    is(&s[1], ora::SUBQUERY_NOT_ALLOWED_HERE);
    is(&s[2], ora::CHECK_SYSTEM_VARIABLE);
    is(&s[3], ora::GROUP_FUNCTION_NOT_ALLOWED);
    is(&s[4], ora::INVALID_IDENTIFIER);
    is(&s[5], ora::LAB_UNSUPPORTED);
    // The refused CREATE TABLEs left no table behind.
    is(&e.exec("select * from t1;")[0], ora::TABLE_OR_VIEW_DOES_NOT_EXIST);
}

/// Constraint names are one namespace of the schema (ORA-02264); a key's
/// name is its index's too, so it may not be an object's (ORA-00955),
/// while a CHECK or foreign key may share a table's name.
#[test]
fn constraint_names_clash() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table p (id number constraint p_pk primary key, v number constraint v_nn not null);\n\
         create table c (pid number constraint c_fk references p);",
    ));
    let s = e.exec(
        "create table t1 (a number constraint p_pk check (a > 0));\n\
         create table t2 (a number constraint v_nn not null);\n\
         create table t3 (a number, constraint c_fk check (a > 0));\n\
         create table t4 (a number constraint c primary key);\n\
         create table t5 (a number constraint t5 primary key);\n\
         create table t6 (a number constraint x check (a > 0), b number constraint x check (b > 0));\n\
         alter table c add constraint p_pk check (pid > 0);\n\
         alter table c add constraint v_nn unique (pid);\n\
         alter table c add constraint p foreign key (pid) references p;\n\
         create index c_i on c (pid);\n\
         alter table c add constraint c_i unique (pid);\n\
         create table t7 (a number constraint c check (a > 0));",
    );
    for i in [0, 1, 2, 5, 6, 7] {
        is(&s[i], ora::CONSTRAINT_NAME_ALREADY_USED);
    }
    is(&s[3], ora::NAME_ALREADY_USED);
    is(&s[4], ora::NAME_ALREADY_USED);
    assert!(s[8].error.is_none(), "a foreign key named after a table");
    assert!(s[9].error.is_none());
    is(&s[10], ora::NAME_ALREADY_USED);
    assert!(s[11].error.is_none(), "a CHECK named after a table");
}

/// ON DELETE CASCADE (two levels and a self reference) and SET NULL;
/// DELETE_RULE; a SET NULL into a NOT NULL column is ORA-01407 and the
/// whole DELETE goes back; a NO ACTION grandchild still stops it.
#[test]
fn cascade_and_set_null() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table p (id number primary key);\n\
         create table c (id number primary key, pid number references p on delete cascade);\n\
         create table g (cid number constraint g_c references c on delete cascade);\n\
         create table s (pid number constraint s_p references p on delete set null, x number);\n\
         insert into p select level from dual connect by level <= 3;\n\
         insert into c select level, mod(level, 3) + 1 from dual connect by level <= 9;\n\
         insert into g select id from c;\ninsert into g select id from c;\n\
         insert into s select mod(level, 3) + 1, level from dual connect by level <= 6;\ncommit;",
    ));
    let s = e.exec("delete from p where id = 1;");
    assert_eq!(s[0].rows_processed, 1);
    let rows = text_rows(
        &mut e,
        "select (select count(*) from c), (select count(*) from g), (select count(*) from s where pid is null) from dual;",
    );
    assert_eq!(rows[0], ["6", "12", "2"]);
    ok(&e.exec("rollback;"));
    assert_eq!(text_rows(&mut e, "select count(*) from g;")[0][0], "18");
    let rows = text_rows(
        &mut e,
        "select constraint_name, delete_rule from user_constraints where constraint_type = 'R' and table_name in ('G', 'S') order by 1;",
    );
    assert_eq!(rows, [["G_C", "CASCADE"], ["S_P", "SET NULL"]]);
    // SET NULL into a NOT NULL column, and a NO ACTION grandchild.
    ok(&e.exec(
        "create table q (id number primary key);\ninsert into q values (1);\ninsert into q values (2);\n\
         create table r (qid number not null references q on delete set null);\ninsert into r values (1);\n\
         create table h (cid number references c);\ninsert into h values (2);\ncommit;",
    ));
    let s = e.exec("delete from q;\ndelete from p where id = 3;");
    is(&s[0], ora::CANNOT_UPDATE_TO_NULL);
    is(&s[1], ora::CHILD_RECORD_FOUND);
    let rows = text_rows(
        &mut e,
        "select (select count(*) from q), (select count(*) from c), (select count(*) from g) from dual;",
    );
    assert_eq!(rows[0], ["2", "9", "18"]);
    // A self reference: a manager's delete takes the whole tree under it.
    ok(&e.exec(
        "create table emp (empno number primary key, mgr number references emp on delete cascade);\n\
         insert into emp values (1, null);\ninsert into emp values (2, 1);\ninsert into emp values (3, 2);\n\
         insert into emp values (4, 3);\ninsert into emp values (5, null);\ndelete from emp where empno = 2;",
    ));
    assert_eq!(text_rows(&mut e, "select count(*) from emp;")[0][0], "2");
}

/// The recursive DELETE's reads, by hand. Unindexed, each deleted parent
/// row's children are found by a full scan of the child: every block below
/// the high water mark but the segment header a consistent get. Indexed,
/// by a range scan of an index leading on the key (root to leaf: BLEVEL +
/// 1 gets). Published (a Stack Overflow answer's trace of `delete from parent` with
/// CHILD_PK (parent_id, child_id) leading on the key,
/// https://newbe.dev/oracle-cascade-delete): `delete from "CHILD" where
/// "PARENT_ID" = :1` ran once per parent row with cr=2 (a two-level
/// index) and r=10. Each case is compared with the same DELETE of parent
/// rows no foreign key references (two parent rows here).
#[test]
fn cascade_reads_indexed_and_not() {
    let setup = |child: &str, index: &str| {
        let mut e = quiet_engine();
        ok(&e.exec(&format!(
            "create table p (id number primary key);
             create table c (pid number {child}, n number, pad varchar2(100));
{index}             insert into p select level from dual connect by level <= 10;
             insert into c select mod(level, 10) + 1, level, rpad('x', 100) from dual connect by level <= 3000;
commit;"
        )));
        e
    };
    let gets = |e: &mut lio_core::Engine| {
        let s = e.exec("delete from p where id in (1, 2);");
        assert!(s[0].error.is_none(), "{:?}", s[0].error);
        stat(&s[0], "consistent gets")
    };
    let mut none = setup("", "");
    let mut unindexed = setup("references p on delete cascade", "");
    let cascade = "references p on delete cascade";
    let mut indexed = setup(
        cascade,
        "create index c_pid on c (pid, n);
",
    );
    let blocks: u64 = text_rows(&mut unindexed, "select count(distinct dbms_rowid.rowid_block_number(rowid)) from c;")
        [0][0]
        .parse()
        .unwrap();
    let levels: u64 = text_rows(&mut indexed, "select blevel + 1 from user_indexes where index_name = 'C_PID';")[0][0]
        .parse()
        .unwrap();
    let base = gets(&mut none);
    assert!(blocks > 20 && levels == 2, "{blocks} {levels}");
    assert_eq!(gets(&mut unindexed), base + 2 * blocks);
    assert_eq!(gets(&mut indexed), base + 2 * levels);
    assert_eq!(text_rows(&mut indexed, "select count(*) from c;")[0][0], "2400");
}
