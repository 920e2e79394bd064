//! Rough edges a presenter hit (issue 17): SET ARRAYSIZE's range message,
//! the hash cluster's primary-key estimate, and LAB HELP.

mod common;
use common::*;

#[test]
fn arraysize_out_of_range_names_the_value() {
    let mut e = quiet_engine();
    let steps = e.exec("set arraysize 6000\nset arraysize 0\nset arraysize 5000");
    let msg = |i: usize| steps[i].error.as_ref().map(|x| x.message.clone()).unwrap_or_default();
    assert_eq!(msg(0), "SP2-0267: arraysize option 6000 out of range (1 through 5000)");
    assert_eq!(msg(1), "SP2-0267: arraysize option 0 out of range (1 through 5000)");
    assert!(steps[2].error.is_none());
}

fn hash_lookup_e_rows(ddl_key: &str) -> u64 {
    let mut e = quiet_engine();
    ok(&e.exec(&format!(
        "create cluster c (k number) size 100 single table hashkeys 100;\n\
         create table t (k number {ddl_key}, v varchar2(20)) cluster c (k);\n\
         insert into t select level, 'x' from dual connect by level <= 1000;\n\
         commit;\n\
         exec dbms_stats.gather_table_stats(user, 'T')"
    )));
    let steps = e.exec("set autotrace traceonly explain\nselect v from t where k = 42;");
    ok(&steps);
    let line = steps[1].plan.iter().find(|l| l.operation == "TABLE ACCESS HASH").expect("a hash access");
    line.e_rows
}

#[test]
fn hash_cluster_primary_key_equality_expects_one_row() {
    // 1,000 rows over HASHKEYS 100 (rounded up to the prime 101): a key
    // that is the primary key still matches one row.
    assert_eq!(hash_lookup_e_rows("primary key"), 1);
    // Without a unique key the rows spread over the hash values.
    assert_eq!(hash_lookup_e_rows(""), 10);
}

#[test]
fn lab_help_lists_the_lab_commands() {
    let mut e = quiet_engine();
    let steps = e.exec("LAB HELP;\nlab help run;\nLAB HELP nonsense;");
    let all = steps[0].output.join("\n");
    assert!(steps[0].error.is_none());
    for cmd in ["LAB VERSION", "LAB RUN", "LAB SET", "LAB SESSION", "LAB PROFILE", "LAB RESET", "LAB HELP"] {
        assert!(all.contains(cmd), "{cmd} missing from:\n{all}");
    }
    assert!(steps[1].output[0].starts_with("LAB RUN '<sql>'"), "{:?}", steps[1].output);
    assert_eq!(steps[1].output.len(), 2);
    let err = steps[2].error.as_ref().expect("unknown topic refused");
    assert!(err.code.starts_with("LAB-"), "{err:?}");
    assert_eq!((err.line, err.column), (3, 10), "{err:?}");
}
