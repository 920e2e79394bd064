//! Helpers of the partitioned-table tests (`composite_partition.rs`,
//! `composite_index.rs`, `composite_maintenance.rs`, `composite_split_merge.rs`).

use super::{ok, text_rows};
use lio_core::{Engine, StepOut};

/// `sql` run twice, the second run's step (the first's hard parse reads
/// the dictionary: its gets are not the scan's).
pub fn again(e: &mut Engine, sql: &str) -> StepOut {
    ok(&e.exec(sql));
    let mut s = e.exec(sql);
    ok(&s);
    s.pop().expect("a step")
}

/// Each plan line as `OPERATION PSTART-PSTOP`.
pub fn part_lines(s: &StepOut) -> Vec<String> {
    s.plan
        .iter()
        .map(|l| format!("{} {}-{}", l.operation, l.pstart.as_deref().unwrap_or(""), l.pstop.as_deref().unwrap_or("")))
        .collect()
}

/// C: RANGE-LIST, 2 x 2 by template. N 1..9, D 'A' for even N, 'B' for
/// odd: P1 (N < 5) holds P1_A {2, 4} and P1_B {1, 3}; P2 (N < 10) holds
/// P2_A {6, 8} and P2_B {5, 7, 9}. C_L a LOCAL index on N (4 index
/// subpartitions named as the table's), C_G a plain (global) one on V.
pub const C: &str = "create table c (n number not null, d varchar2(1), v varchar2(10))\n\
    partition by range (n) subpartition by list (d)\n\
    subpartition template (subpartition a values ('A'), subpartition b values ('B'))\n\
    (partition p1 values less than (5), partition p2 values less than (10));\n\
    insert into c select rownum, decode(mod(rownum, 2), 0, 'A', 'B'), 'v' || rownum from dual connect by level <= 9;\n\
    commit;\n\
    create index c_l on c (n) local;\n\
    create index c_g on c (v);\n";

/// USER_INDEXES.STATUS of `index`.
pub fn index_status(e: &mut Engine, index: &str) -> String {
    text_rows(e, &format!("select status from user_indexes where index_name = '{index}';"))[0][0].clone()
}
