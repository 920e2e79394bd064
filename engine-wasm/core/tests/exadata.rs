//! Issue 16, Exadata: storage cells (`LAB DEVICE c TYPE exadata_cell`),
//! the Smart Flash Cache (`CELL_FLASH_CACHE`, write-back), smart scans,
//! flash grid disks and smart flash logging, as scripts. The device-level
//! hand-checked tests are in `src/io/exadata.rs`.

mod common;
use common::*;
use lio_core::StepOut;

fn wait(s: &StepOut, name: &str) -> (u64, f64) {
    s.waits.get(name).map(|w| (w.count, w.time_us)).unwrap_or((0, 0.0))
}

fn selects(steps: &[StepOut]) -> Vec<&StepOut> {
    steps.iter().filter(|s| s.statement.trim_start().starts_with("select")).collect()
}

/// A cell and a tablespace on it; a 64 MB buffer cache so a table of a
/// few thousand blocks is a long table (2% of the cache: 164 blocks).
const CELL_SETUP: &str = "LAB DEVICE cell1 TYPE exadata_cell;\n\
     create tablespace cell_ts datafile '+CELL1' size 10g;\n\
     alter system set db_cache_size = 64M scope=spfile;\n\
     shutdown immediate\n\
     startup\n";

#[test]
fn explore_keep_smart_scan() {
    let mut e = quiet_engine();
    let steps = e.exec(&format!(
        "{CELL_SETUP}\
         create table big (id number, pad varchar2(2000)) tablespace cell_ts;\n\
         insert into big select rownum, rpad('x', 2000, 'x') from dual connect by level <= 40000;\n\
         commit;\n\
         select count(*) from big;\n\
         select count(*) from big;\n\
         alter table big storage (cell_flash_cache keep);\n\
         select count(*) from big;\n\
         select count(*) from big;\n\
         select count(*) from big;\n\
         LAB DEVICES;"
    ));
    ok(&steps);
    for s in selects(&steps) {
        eprintln!("{:.0} us {:?} {:?}", s.elapsed_us, s.waits, s.stats);
    }
    eprintln!("{}", steps.last().unwrap().output.join("\n"));
}

#[test]
fn explore_pk_lookups() {
    for (dev, ts_setup) in [
        ("hdd", "LAB DEVICE c TYPE exadata_cell;\ncreate tablespace t_ts datafile '+C' size 10g;\n"),
        ("fc", "LAB DEVICE c TYPE exadata_cell;\ncreate tablespace t_ts datafile '+C' size 10g;\n"),
        (
            "grid",
            "LAB DEVICE c TYPE exadata_cell flash_grid_disk = 1;\ncreate tablespace t_ts datafile '+C' size 10g;\n",
        ),
    ] {
        let storage = if dev == "hdd" { "storage (cell_flash_cache none)" } else { "" };
        let mut e = quiet_engine();
        let steps = e.exec(&format!(
            "{ts_setup}\
             create table k (id number, pad varchar2(1000)) tablespace t_ts {storage};\n\
             create unique index k_id on k (id) tablespace t_ts;\n\
             insert into k select rownum, rpad('x', 1000, 'x') from dual connect by level <= 100000;\n\
             commit;\n\
             alter system flush buffer_cache;\n\
             LAB RUN 'select pad from k where id = mod(:1 * 7919, 100000) + 1' BIND 1 TO 20000 VIA plsql;\n\
             alter system flush buffer_cache;\n\
             LAB RUN 'select pad from k where id = mod(:1 * 7919, 100000) + 1' BIND 1 TO 20000 VIA plsql;\n\
             LAB DEVICES;"
        ));
        ok(&steps);
        for s in steps.iter().filter(|s| s.statement.starts_with("LAB RUN")) {
            eprintln!("{dev}: {:.0} us {:?} pr={}", s.elapsed_us, s.waits, stat(s, "physical reads"));
        }
        eprintln!("{}", steps.last().unwrap().output.join("\n"));
    }
}
