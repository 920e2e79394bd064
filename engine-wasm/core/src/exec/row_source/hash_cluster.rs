//! TABLE ACCESS HASH: the rows of one cluster key, found by hashing the
//! key to its home block and walking the bucket's overflow chain. Per
//! line: the chain's gets, `cluster key scans`, `cluster key scan block
//! gets`.

use super::*;

#[inline(always)]
pub(super) fn open(kind: &mut OpKind) {
    let OpKind::Hash { started, .. } = kind else { unreachable!() };
    *started = false;
}

#[inline(always)]
pub(super) fn next(
    kind: &mut OpKind,
    rt: &mut Rt<'_>,
    env: &mut Env,
    line: u16,
    st: usize,
) -> Result<bool, Box<LabError>> {
    let OpKind::Hash { table, src, key, key_col, bucket_rows, next, started, filter } = kind else { unreachable!() };
    let t = &rt.cat.tables[*table];
    let TableStorage::Cluster { cluster, .. } = &t.storage else { return Ok(false) };
    let cl = &rt.cat.clusters[*cluster];
    if !*started {
        *started = true;
        *next = 0;
        let k = rt.eval(key, env)?;
        let bucket = cl.hash.bucket_of(&k);
        let home = cl.hash.home_block(bucket);
        rt.k.stats.access.cluster_key_scans += 1;
        rt.k.stats.access.buffer_is_not_pinned += 1;
        rt.get(line, st, cl.seg, home, GetKind::Pin, false);
        rt.k.stats.access.cluster_key_scan_block_gets += 1;
        // Walk the overflow chain built by the inserts.
        for &b in &cl.hash.chains[(home - 1) as usize] {
            rt.get(line, st, cl.seg, b, GetKind::Pin, false);
            rt.k.stats.access.cluster_key_scan_block_gets += 1;
        }
        bucket_rows.clear();
        let packed = match &k {
            Value::Num(x) => x.f64_key().is_some_and(|x| cl.hash.packed_rows(bucket, x, bucket_rows)),
            _ => false,
        };
        if !packed {
            for &r in &cl.hash.bucket_rows[bucket as usize] {
                if t.rows.row(r as usize).value(*key_col).sql_eq(&k) {
                    bucket_rows.push(r);
                }
            }
        }
    }
    loop {
        let Some(&r) = bucket_rows.get(*next) else { return Ok(false) };
        *next += 1;
        env.rows[*src] = r;
        if rt.test_all(filter, env)? {
            return Ok(true);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_util::*;

    /// One cluster key scan: the key's rows from its home block.
    #[test]
    fn the_rows_of_one_key() {
        let s = run("create cluster c (key integer) size 256 single table hashkeys 100;\n\
             create table h (key integer not null, value varchar2(30)) cluster c (key);\n\
             insert into h select level, 'v' || level from dual connect by level <= 50;\n\
             commit;\n\
             select value from h where key = 7;");
        let l = line(&s, "TABLE ACCESS HASH");
        assert_eq!((l.starts, l.a_rows), (1, 1));
        assert_eq!(stat(&s, "cluster key scans"), 1);
        assert_eq!(rows(&s), ["v7"]);
    }
}
