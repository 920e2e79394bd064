//! SQL*Plus SHOW PARAMETER and SHOW SPPARAMETER: the lists and their
//! layout, as SQL*Plus prints them (issue 28).
//!
//! Sources:
//! - SHOW PARAMETER's NAME a36 / TYPE / VALUE a30 layout and its query
//!   (`... FROM V$PARAMETER WHERE UPPER(NAME) LIKE UPPER(:NMBIND_SHOW_OBJ)
//!   ORDER BY NAME_COL_PLUS_SHOW_PARAM`): https://www.devba.com/index.php/archives/3590.html
//! - SHOW SPPARAMETER's SID / NAME / TYPE / VALUE layout (SID 8, NAME 29,
//!   TYPE 11, VALUE 28 wide; `*` for the SID; VALUE blank for a parameter
//!   the SPFILE does not set), as printed by SQL*Plus 12.1.0.2 in Expert
//!   Oracle Exadata (2nd ed., ch. 7, "show spparameter cpu_count"), and
//!   the same layout in a RAC note (`show spparameter service_names`).
//! - V$SPPARAMETER's columns: https://docs.oracle.com/cd/B28359_01/server.111/b28320/dynviews_3041.htm

mod common;
use common::*;

#[test]
fn show_spparameter_prints_sid_name_type_value_with_blank_value_when_unset() {
    let mut e = quiet_engine();
    let steps = e.exec("show spparameter db_block_size\nshow spparameters nosuchparameter");
    ok(&steps);
    assert_eq!(
        steps[0].output,
        vec![
            "SID      NAME                          TYPE        VALUE",
            "-------- ----------------------------- ----------- ----------------------------",
            "*        db_block_size                 integer",
        ]
    );
    assert!(steps[1].output.is_empty());
}

#[test]
fn show_spparameter_shows_the_spfile_value_not_the_value_in_effect() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "alter system set db_file_multiblock_read_count = 64 scope = spfile;\n\
         show spparameter multiblock\n\
         show parameter multiblock",
    );
    ok(&steps);
    assert_eq!(steps[1].output[2], "*        db_file_multiblock_read_count integer     64");
    // SHOW PARAMETER still shows the value in effect (SCOPE = SPFILE waits
    // for the next STARTUP).
    assert!(!steps[2].output[2].ends_with(" 64"), "{:?}", steps[2].output);
}

#[test]
fn show_spparameter_matches_like_any_case_and_sorts_by_name() {
    let mut e = quiet_engine();
    let steps = e.exec("show spparameter CACHE_SIZE");
    ok(&steps);
    let names: Vec<&str> = steps[0].output[2..].iter().map(|l| l[9..].split(' ').next().unwrap()).collect();
    assert!(names.contains(&"db_cache_size") && names.contains(&"db_keep_cache_size"), "{names:?}");
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    assert!(steps[0].output[2..].iter().all(|l| l.starts_with("*        ")));
}

#[test]
fn show_parameter_without_a_name_lists_every_parameter() {
    let mut e = quiet_engine();
    let steps = e.exec("show parameters\nshow parameter");
    ok(&steps);
    assert!(steps[0].output.len() > 10);
    assert_eq!(steps[0].output, steps[1].output);
    assert!(steps[0].output.iter().any(|l| l.starts_with("db_block_size ")));
}

/// Every public parameter the lab models is listed, set or not: the
/// optimizer's features at the release's own value (was: no row, so
/// `select value from v$parameter where name = 'optimizer_features_enable'`
/// said "no rows selected" and SHOW PARAMETER printed nothing), with
/// V$PARAMETER's TYPE codes (1 boolean, 2 string, 3 integer, 6 big integer)
/// and NULL for an unset string.
#[test]
fn unset_modelled_parameters_are_listed_at_their_release_default() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "show parameter optimizer_features\n\
         show parameter hash_area_size\n\
         alter session set optimizer_features_enable = '11.2.0.4';\n\
         show parameter optimizer_features\n\
         select type, value, isdefault from v$parameter where name = 'optimizer_features_enable';\n\
         select type, value from v$parameter where name = 'nls_date_format';\n\
         select name, type from v$parameter where name in ('db_block_size', 'pga_aggregate_target', 'sql_trace') order by name;",
    );
    ok(&steps);
    assert_eq!(steps[0].output[2], "optimizer_features_enable            string      18.1.0");
    assert_eq!(steps[1].output[2], "hash_area_size                       integer     131072");
    assert_eq!(steps[3].output[2], "optimizer_features_enable            string      11.2.0.4");
    assert_eq!(row_strings(&steps[4]), vec!["2|11.2.0.4|FALSE"]);
    assert_eq!(row_strings(&steps[5]), vec!["2|"]);
    assert_eq!(row_strings(&steps[6]), vec!["db_block_size|3", "pga_aggregate_target|6", "sql_trace|1"]);
}

/// Parameters a release does not have are not listed: 10.2 has no
/// deferred segment creation and no flash cache; its OFE is 10.2.0.5.
#[test]
fn a_release_lists_its_own_parameters() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "LAB VERSION 10.2;\n\
         show parameter optimizer_features\n\
         show parameter deferred\n\
         show parameter flash_cache",
    );
    ok(&steps);
    assert_eq!(steps[1].output[2], "optimizer_features_enable            string      10.2.0.5");
    assert!(steps[2].output.is_empty() && steps[3].output.is_empty());
}
