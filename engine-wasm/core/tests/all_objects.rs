//! ALL_OBJECTS and DBA_OBJECTS (issue 33): the database's own objects,
//! generated to the shape of a published 12.1 CTAS of DBA_OBJECTS
//! (Hemant K Chitale, tests/articles/chitale-12c-ctas-dba-objects.sql),
//! then the lab user's, numbered after them.

mod common;
use common::*;

use common::text_rows as rows;

fn within(lab: f64, published: f64, tolerance: f64) -> bool {
    (lab - published).abs() <= published * tolerance
}

/// The published CTAS: its row count exactly, each column's distinct
/// values as Hemant K Chitale's gather found them (OWNER 31: his own
/// schema's objects were the 32nd).
#[test]
fn ctas_of_dba_objects_has_the_published_shape() {
    let script = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/articles/chitale-12c-ctas-dba-objects.sql"
    ))
    .unwrap();
    let mut e = quiet_engine();
    let steps = e.exec(&script);
    ok(&steps);
    let count = &steps[steps.len() - 2].rows[0][0];
    assert_eq!(count.to_string(), "91465");
    let ndv: std::collections::HashMap<String, f64> = steps
        .last()
        .unwrap()
        .rows
        .iter()
        .map(|r| (r[0].as_str().unwrap().to_string(), r[1].to_string().parse::<f64>().unwrap()))
        .collect();
    for (col, published, tolerance) in [
        ("OWNER", 32.0, 0.04),
        ("OBJECT_NAME", 53_360.0, 0.02),
        ("SUBOBJECT_NAME", 284.0, 0.0),
        ("DATA_OBJECT_ID", 7_914.0, 0.02),
        ("OBJECT_TYPE", 46.0, 0.0),
        ("CREATED", 1_034.0, 0.0),
        ("LAST_DDL_TIME", 1_132.0, 0.0),
        ("TIMESTAMP", 1_161.0, 0.0),
        ("STATUS", 1.0, 0.0),
        ("TEMPORARY", 2.0, 0.0),
        ("GENERATED", 2.0, 0.0),
        ("SECONDARY", 2.0, 0.0),
        ("NAMESPACE", 24.0, 0.0),
        ("EDITION_NAME", 0.0, 0.0),
    ] {
        assert!(within(ndv[col], published, tolerance), "{col}: lab {} published {published}", ndv[col]);
    }
}

/// Columns per release: 13 up to 11.1, 15 in 11.2 (NAMESPACE,
/// EDITION_NAME), 26 from 12.2 (USER_OBJECTS: all but OWNER). The row counts are
/// the release's (`VersionProfile::dictionary_objects`).
#[test]
fn columns_and_rows_are_the_releases() {
    for (version, columns, count) in [("10.2.0.5", 13, "50000"), ("11.2.0.2", 15, "72000"), ("19", 26, "91465")] {
        let mut e = quiet_engine();
        ok(&e.exec(&format!("LAB VERSION {version};")));
        let steps = e.exec("select * from all_objects where rownum <= 2;");
        ok(&steps);
        assert_eq!(steps.last().unwrap().columns.len(), columns, "{version}");
        assert_eq!(rows(&mut e, "select count(*) from dba_objects;"), vec![vec![count.to_string()]], "{version}");
    }
}

/// OBJECT_ID dense and increasing from 2; SYS first; PUBLIC's synonyms
/// carry the names of the objects they follow; DATA_OBJECT_ID only for
/// segments; CREATED a DATE (a CTAS makes a DATE column).
#[test]
fn generated_rows_are_dense_and_plausible() {
    let mut e = quiet_engine();
    let r = rows(&mut e, "select count(*), min(object_id), max(object_id) from all_objects;");
    assert_eq!(r, vec![vec!["91465", "2", "91466"]]);
    let r = rows(&mut e, "select count(*) from (select owner from all_objects group by owner);");
    assert_eq!(r, vec![vec!["31"]]);
    let r = rows(&mut e, "select owner from all_objects where object_id = 2;");
    assert_eq!(r, vec![vec!["SYS"]]);
    // Every PUBLIC synonym's name is also another owner's object's name.
    let r = rows(&mut e, "select count(*) from all_objects where owner = 'PUBLIC' and object_type <> 'SYNONYM';");
    assert_eq!(r, vec![vec!["0"]]);
    let r = rows(
        &mut e,
        "select count(*) from all_objects where data_object_id is not null \
         and object_type not in ('TABLE','INDEX','LOB','CLUSTER','TABLE PARTITION','INDEX PARTITION',\
         'LOB PARTITION','TABLE SUBPARTITION');",
    );
    assert_eq!(r, vec![vec!["0"]]);
    ok(&e.exec("create table t as select object_id, created from all_objects where rownum <= 5;"));
    let r = rows(&mut e, "select data_type from user_tab_columns where table_name = 'T' order by column_id;");
    assert_eq!(r, vec![vec!["NUMBER"], vec!["DATE"]]);
    // The view's declared types, not the values' widths (18c: identifiers
    // VARCHAR2(128), OBJECT_TYPE VARCHAR2(23); EDITION_NAME, all NULL,
    // still VARCHAR2(128)).
    ok(&e.exec("create table t2 as select owner, edition_name, object_type from all_objects where rownum <= 5;"));
    let r =
        rows(&mut e, "select data_type, data_length from user_tab_columns where table_name = 'T2' order by column_id;");
    assert_eq!(r, vec![vec!["VARCHAR2", "128"], vec!["VARCHAR2", "128"], vec!["VARCHAR2", "23"]]);
}

/// The lab user's objects follow the dictionary's, in creation order,
/// in ALL_OBJECTS (owner LAB) and USER_OBJECTS.
#[test]
fn the_lab_users_objects_are_numbered_after_the_dictionarys() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t1 (n number primary key);\ncreate table t2 (n number);"));
    let r = rows(&mut e, "select object_name, object_type, object_id from user_objects order by object_id;");
    assert_eq!(
        r,
        vec![
            vec!["T1".to_string(), "TABLE".into(), "91467".into()],
            vec![r[1][0].clone(), "INDEX".into(), "91468".into()],
            vec!["T2".to_string(), "TABLE".into(), "91469".into()],
        ]
    );
    let r = rows(&mut e, "select count(*) from all_objects where owner = 'LAB';");
    assert_eq!(r, vec![vec!["3"]]);
}
