//! Foreign keys (session/foreign_key.rs): CREATE TABLE and ALTER TABLE,
//! the checks on INSERT and DELETE with Oracle's errors, the parent probe's
//! gets worked by hand.

mod common;
use common::*;
use lio_core::StepOut;
use lio_sql::ora;

fn code(s: &StepOut) -> Option<&str> {
    s.error.as_ref().map(|e| e.code.as_str())
}

/// Inline and out-of-line foreign keys; a child without its parent is
/// ORA-02291 (the statement rolled back), NULL keys reference nothing, a
/// parent with children is ORA-02292, without them it goes.
#[test]
fn insert_and_delete_checks() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table p (id number primary key, v varchar2(10));\n\
         create table c (id number, pid number references p, constraint c_p2 foreign key (id) references p(id));\n\
         insert into p values (1, 'a');\ninsert into p values (2, 'b');\ninsert into p values (3, 'c');\n\
         insert into c values (1, 1);\ninsert into c values (2, null);",
    ));
    let s = e.exec(
        "insert into c values (3, 9);\n\
         insert into c values (9, 1);\n\
         insert into c select 3, level from dual connect by level <= 4;\n\
         delete from p where id = 1;\n\
         delete from p where id = 3;",
    );
    assert_eq!(code(&s[0]), Some(ora::PARENT_KEY_NOT_FOUND.code().as_str()));
    assert!(s[0].error.as_ref().unwrap().message.contains("LAB.SYS_C"), "{:?}", s[0].error);
    assert_eq!(code(&s[1]), Some(ora::PARENT_KEY_NOT_FOUND.code().as_str()));
    assert!(s[1].error.as_ref().unwrap().message.contains("LAB.C_P2"));
    assert_eq!(code(&s[2]), Some(ora::PARENT_KEY_NOT_FOUND.code().as_str()));
    assert_eq!(code(&s[3]), Some(ora::CHILD_RECORD_FOUND.code().as_str()));
    assert!(s[4].error.is_none());
    // The failed statements left nothing.
    assert_eq!(text_rows(&mut e, "select count(*) from c;")[0][0], "2");
    let s = e.exec("drop table p;");
    assert_eq!(code(&s[0]), Some(ora::REFERENCED_KEY_IN_USE.code().as_str()));
}

/// ORA-02270 (no key on those columns), ORA-02256, ORA-02298 when ALTER
/// TABLE finds orphans; UPDATE of the keys is refused (ON DELETE CASCADE
/// is served: tests/check_constraints.rs).
#[test]
fn definition_errors() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table p (id number primary key, x number, y number);\n\
         create table c (a number, b number);\ninsert into c values (5, 5);",
    ));
    let s = e.exec(
        "create table c2 (a number references p(x));\n\
         create table c3 (a number, b number, foreign key (a, b) references p(id));\n\
         alter table c add constraint c_fk foreign key (a) references p;\n\
         create table c4 (a number references p on delete cascade);\n\
         create table c5 (a number references nosuch);",
    );
    assert_eq!(code(&s[0]), Some(ora::NO_MATCHING_UNIQUE_KEY.code().as_str()));
    assert_eq!(code(&s[1]), Some(ora::REFERENCING_COLUMNS_MISMATCH.code().as_str()));
    assert_eq!(code(&s[2]), Some(ora::PARENT_KEYS_NOT_FOUND.code().as_str()));
    assert!(s[3].error.is_none(), "ON DELETE CASCADE: session/cascade.rs");
    assert_eq!(code(&s[4]), Some(ora::TABLE_OR_VIEW_DOES_NOT_EXIST.code().as_str()));
    // The refused CREATE TABLEs left no table behind.
    assert_eq!(code(&e.exec("select * from c2;")[0]), Some(ora::TABLE_OR_VIEW_DOES_NOT_EXIST.code().as_str()));
    ok(&e.exec("insert into p values (5, 1, 1);\nalter table c add constraint c_fk foreign key (a) references p;"));
    let s = e.exec("update c set a = 1;\nupdate p set id = 7;\nupdate p set x = 7;");
    assert_eq!(code(&s[0]), Some(ora::LAB_UNSUPPORTED.code().as_str()));
    assert_eq!(code(&s[1]), Some(ora::LAB_UNSUPPORTED.code().as_str()));
    assert!(s[2].error.is_none());
}

/// A foreign key references a key: the primary key or a UNIQUE
/// constraint. A column list that only a plain CREATE UNIQUE INDEX covers
/// is ORA-02270 in Oracle (the index enforces no constraint), in CREATE
/// TABLE and in ALTER TABLE; once ALTER TABLE ADD UNIQUE makes it a key
/// (on that same index), it may be referenced.
#[test]
fn a_plain_unique_index_is_not_a_key() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table p (id number primary key, x number, y number, z number unique);
         create unique index p_x on p (x);
create table c (a number);",
    ));
    let s = e.exec(
        "create table c2 (a number references p(x));
         alter table c add constraint c_fk foreign key (a) references p (x);
         create table c3 (a number references p(z));",
    );
    assert_eq!(code(&s[0]), Some(ora::NO_MATCHING_UNIQUE_KEY.code().as_str()));
    assert_eq!(code(&s[1]), Some(ora::NO_MATCHING_UNIQUE_KEY.code().as_str()));
    assert!(s[2].error.is_none(), "{:?}", s[2].error);
    ok(&e.exec(
        "alter table p add constraint p_xu unique (x);
create table c4 (a number references p(x));",
    ));
}

/// The recursive probe, by hand: the parent's primary key index has one
/// block (root = leaf, BLEVEL 0), so each child row's check is one
/// consistent get on top of the same insert into a table without the key.
/// A self-referencing table (oracle-base's TAB1) takes its rows in order.
#[test]
fn probe_gets_and_self_reference() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table p (id number primary key);\ninsert into p values (1);\ncommit;\n\
         create table c (pid number references p);\ncreate table n (pid number);\n\
         insert into c values (1);\ninsert into n values (1);\ncommit;",
    ));
    let with = e.exec("insert into c values (1);");
    let without = e.exec("insert into n values (1);");
    assert_eq!(stat(&with[0], "consistent gets"), stat(&without[0], "consistent gets") + 1);
    ok(&e.exec(
        "create table tab1 (id number, parent_id number, constraint tab1_pk primary key (id),\n\
           constraint tab1_tab1_fk foreign key (parent_id) references tab1(id));\n\
         insert into tab1 values (1, null);\ninsert into tab1 values (2, 1);\ninsert into tab1 values (3, 3);",
    ));
    let s =
        e.exec("insert into tab1 values (4, 7);\ndelete from tab1 where id = 1;\ndelete from tab1 where id in (1, 2);");
    assert_eq!(code(&s[0]), Some(ora::PARENT_KEY_NOT_FOUND.code().as_str()));
    assert_eq!(code(&s[1]), Some(ora::CHILD_RECORD_FOUND.code().as_str()));
    assert!(s[2].error.is_none(), "a parent goes with its children");
}
