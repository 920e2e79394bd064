//! LAB SWEEP: each point equals a single run of the scenario at that
//! setting (issue 17's "done when": HASHKEYS for the hash cluster).

mod common;
use common::*;
use lio_core::{Engine, EngineConfig, StepOut};

const SETUP: &str = "\
create cluster c3 (key integer) size 256 single table hashkeys 100;
create table t3 (key integer not null, value varchar2(30 char) not null, constraint t3_pk primary key (key)) cluster c3 (key);
exec dbms_random.seed(0)
insert into t3 select rownum, dbms_random.string('x', round(dbms_random.value(5, 30), 0)) from xmltable('1 to 5000');
commit;
exec dbms_stats.gather_table_stats(user, 'T3')
";
const WORKLOAD: &str = "'select value from t3 where key = :1' BIND 1 TO 500 VIA jdbc_thin RUNS 3";

fn single_run(hashkeys: u32) -> StepOut {
    let mut e = Engine::new(EngineConfig::default());
    ok(&e.exec(&SETUP.replace("hashkeys 100", &format!("hashkeys {hashkeys}"))));
    let steps = e.exec(&format!("LAB RUN {WORKLOAD};"));
    ok(&steps);
    steps.into_iter().next().unwrap()
}

#[test]
fn hashkeys_sweep_points_equal_single_runs() {
    let mut e = quiet_engine();
    ok(&e.exec(SETUP));
    let steps = e.exec(&format!("LAB SWEEP HASHKEYS FROM 10 TO 10000 FACTOR 10 RUN {WORKLOAD};"));
    ok(&steps);
    let sw = steps[0].sweep.as_ref().expect("a sweep");
    assert_eq!(sw.parameter, "HASHKEYS");
    assert_eq!(sw.scale, "log");
    assert_eq!(sw.varies, "ddl option");
    assert_eq!(sw.points.iter().map(|p| p.value).collect::<Vec<_>>(), vec![10.0, 100.0, 1000.0, 10000.0]);
    let mut per_lookup = Vec::new();
    for p in &sw.points {
        let single = single_run(p.value as u32);
        assert_eq!(p.stats, single.stats, "HASHKEYS {}: statistics", p.value);
        assert_eq!(p.elapsed_us, single.elapsed_us, "HASHKEYS {}: elapsed", p.value);
        assert_eq!(p.trimmed_mean_us, single.trimmed_mean_us, "HASHKEYS {}: trimmed mean", p.value);
        assert_eq!(p.executions, 1500);
        per_lookup.push(p.stats["consistent gets"] as f64 / p.executions as f64);
    }
    // The mechanism, not a number: fewer hash keys than rows chain overflow
    // blocks, so a lookup visits more blocks; with enough keys, one.
    assert!(per_lookup[0] > per_lookup[3], "{per_lookup:?}");
    // About one get a lookup (the first execution's hard parse adds its recursive gets).
    assert!(per_lookup[3] < 1.05, "{per_lookup:?}");
    // The table's text: one line per point under a header.
    let out = &steps[0].output;
    assert!(out[0].starts_with("LAB SWEEP HASHKEYS: 4 points"), "{out:?}");
    assert!(out[2].contains("consistent gets/exec"), "{out:?}");
    assert_eq!(out.len(), 4 + 4);
    // The script's own instance is untouched: the workload there still sees HASHKEYS 100.
    let after = e.exec(&format!("LAB RUN {WORKLOAD};"));
    ok(&after);
    assert_eq!(after[0].stats, single_run(100).stats);
}

#[test]
fn fetchsize_and_lab_parameter_sweeps() {
    let mut e = quiet_engine();
    ok(&e.exec(
        "create table c (id number primary key, v varchar2(40));\n\
         insert into c select level, rpad('x', 40) from dual connect by level <= 2000;\ncommit;",
    ));
    let steps = e.exec(
        "LAB SWEEP FETCHSIZE FROM 10 TO 1000 FACTOR 10 RUN 'select * from c' VIA jdbc_thin;\n\
         LAB SWEEP network_rtt_us FROM 0 TO 2000 STEP 1000 RUN 'select * from c' VIA jdbc_thin FETCHSIZE 100;",
    );
    ok(&steps);
    let rt = |s: &StepOut| {
        s.sweep
            .as_ref()
            .unwrap()
            .points
            .iter()
            .map(|p| p.stats["SQL*Net roundtrips to/from client"])
            .collect::<Vec<_>>()
    };
    let trips = rt(&steps[0]);
    assert!(trips[0] > trips[1] && trips[1] > trips[2], "{trips:?}");
    let el: Vec<f64> = steps[1].sweep.as_ref().unwrap().points.iter().map(|p| p.elapsed_us).collect();
    assert!(el[0] < el[1] && el[1] < el[2], "a longer link takes longer: {el:?}");
    // SQL*Plus's arraysize: the point at 6000 is SQL*Plus's own refusal, the others fetch.
    let a = e.exec("LAB SWEEP ARRAYSIZE FROM 15 TO 6015 STEP 3000 RUN 'select * from c' VIA sqlplus;");
    ok(&a);
    let pts = &a[0].sweep.as_ref().unwrap().points;
    assert_eq!(pts.iter().map(|p| p.value).collect::<Vec<_>>(), vec![15.0, 3015.0, 6015.0]);
    let trips: Vec<u64> = pts[..2].iter().map(|p| p.stats["SQL*Net roundtrips to/from client"]).collect();
    assert!(trips[0] > trips[1], "{trips:?}");
    let e2 = pts[2].error.as_ref().expect("SET ARRAYSIZE 6015 is refused at that point");
    assert_eq!(e2.message, "SP2-0267: arraysize option 6015 out of range (1 through 5000)");
    assert!(pts[2].stats.is_empty());
    assert!(a[0].output.last().unwrap().contains("SP2-0267"), "{:?}", a[0].output);
}

#[test]
fn sweeps_are_refused_with_a_position() {
    let mut e = quiet_engine();
    ok(&e.exec("create table t (id number primary key);"));
    let steps = e.exec(
        "LAB SWEEP HASHKEYS FROM 1 TO 100000 STEP 1 RUN 'select * from t';\n\
         LAB SWEEP HASHKEYS FROM 1 TO 10 RUN 'select * from t';\n\
         LAB SWEEP FETCHSIZE FROM 1 TO 10 STEP 1 RUN 'select * from t' FETCHSIZE 5;\n\
         LAB SWEEP FETCHSIZE FROM 10 TO 1 RUN 'select * from t';\n\
         LAB SWEEP FETCHSIZE FROM 1 TO 10 FACTOR 1 RUN 'select * from t';",
    );
    let err = |i: usize| steps[i].error.clone().unwrap_or_else(|| panic!("step {i} refused: {:?}", steps[i].output));
    assert!(err(0).message.contains("at most 50 points"), "{:?}", err(0));
    assert!(err(1).message.contains("no statement of the scenario so far sets HASHKEYS"), "{:?}", err(1));
    assert_eq!((err(1).line, err(1).column), (2, 11));
    assert!(err(2).message.contains("drop it from RUN"), "{:?}", err(2));
    assert!(err(3).message.contains("a <= b"), "{:?}", err(3));
    assert!(err(4).message.contains("FACTOR must be more than 1"), "{:?}", err(4));
    for i in 0..5 {
        assert_eq!(err(i).code, "LAB-00004");
    }
}
