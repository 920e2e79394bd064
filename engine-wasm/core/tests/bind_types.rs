//! A bind's datatype is known when its statement is parsed, whoever binds
//! it: a NUMBER compared with a VARCHAR2 column converts the column
//! (`TO_NUMBER("V")=:1`), so '02' and '2' both equal 2 and no index on V
//! answers the predicate. The lab probed the index with the number and
//! found '2' only (a wrong answer) when the bind came from LAB RUN's
//! client, EXECUTE IMMEDIATE ... USING or a PL/SQL variable in static SQL.
//! Oracle's rule: SQL Language Reference, "Implicit Data Conversion"
//! ("When comparing a character value with a numeric value, Oracle
//! converts the character data to a numeric value"). SQL*Plus variables:
//! surface_binds.rs.

mod common;
use common::*;

const SETUP: &str = "create table t (id number, v varchar2(10));\n\
     insert into t values (1, '1');\ninsert into t values (2, '02');\ninsert into t values (3, '2');\n\
     create index t_v on t(v);\ncommit;\nset serveroutput on";

fn output(steps: &[lio_core::StepOut]) -> Vec<String> {
    steps.iter().flat_map(|s| s.output.iter().cloned()).collect()
}

#[test]
fn execute_immediate_using_a_number_converts_the_column() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec(
        "declare n number; s varchar2(10) := '2';\nbegin\n\
         execute immediate 'select /*+ index(t t_v) */ count(*) from t where v = :1' into n using 2;\n\
         dbms_output.put_line('number ' || n);\n\
         execute immediate 'select /*+ index(t t_v) */ count(*) from t where v = :1' into n using s;\n\
         dbms_output.put_line('varchar2 ' || n);\nend;\n/",
    );
    ok(&s);
    assert_eq!(output(&s), ["number 2", "varchar2 1"]);
}

#[test]
fn static_sql_with_a_number_variable_converts_the_column() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec(
        "declare n number; i number := 2;\nbegin\n\
         select /*+ index(t t_v) */ count(*) into n from t where v = i;\n\
         dbms_output.put_line('static ' || n);\nend;\n/",
    );
    ok(&s);
    assert_eq!(output(&s), ["static 2"]);
}

#[test]
fn lab_run_binds_numbers() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let s = e.exec("LAB RUN 'select /*+ index(t t_v) */ count(*) from t where v = :1' BIND 2 TO 2;");
    ok(&s);
    let ops: Vec<&str> = s[0].plan.iter().map(|l| l.operation.as_str()).collect();
    assert_eq!(ops, ["SELECT STATEMENT", "SORT AGGREGATE", "TABLE ACCESS FULL"]);
}
