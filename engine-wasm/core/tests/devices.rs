//! `LAB DEVICE` and `LAB DEVICES`: devices are defined, checked and listed
//! on the instance; nothing is placed on them yet, so no figure moves.

mod common;
use common::*;

#[test]
fn devices_are_created_and_listed() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "LAB DEVICE redo TYPE sata_ssd channels = 4 overprovision_pct = 10;\nLAB DEVICE fast TYPE pcie_flash;\nLAB DEVICE slow TYPE hdd rpm = 7200 avg_seek_us = 8500 track_to_track_us = 1000 full_stroke_us = 16000;\nLAB DEVICES;",
    );
    ok(&steps);
    for s in &steps[..3] {
        assert_eq!(s.feedback.as_deref(), Some("Device created."));
    }
    let out = steps[3].output.join("\n");
    // The default instance's HDD first, then the new ones in order.
    let names: Vec<&str> = steps[3].output.iter().filter(|l| !l.starts_with(' ')).map(String::as_str).collect();
    assert_eq!(names, vec!["DATA (hdd)", "REDO (sata_ssd)", "FAST (pcie_flash)", "SLOW (hdd)"]);
    assert!(out.contains("channels=4 "), "{out}");
    assert!(out.contains("rpm=7200 "), "{out}");
    assert!(out.contains("free_pages=1048576 "), "{out}");
}

#[test]
fn bad_device_definitions_are_lab_errors_at_their_position() {
    let mut e = quiet_engine();
    let steps = e.exec(
        "LAB DEVICE x TYPE floppy;\nLAB DEVICE x TYPE hdd seek = 3;\nLAB DEVICE x TYPE hdd rpm = 0;\nLAB DEVICE x TYPE sata_ssd blocks = 2 overprovision_pct = 10;\nLAB DEVICE data TYPE hdd;\nLAB DEVICE x TYPE sata_ssd channels = 2.5;\nLAB DEVICE x TYPE hdd avg_seek_us = 9000;\nLAB DEVICE x TYPE;",
    );
    assert_eq!(error_of(&steps[0]), ("LAB-00060", 1, 19));
    assert_eq!(error_of(&steps[1]), ("LAB-00061", 2, 23));
    assert_eq!(error_of(&steps[2]), ("LAB-00062", 3, 23));
    assert_eq!(error_of(&steps[3]), ("LAB-00062", 4, 12));
    assert_eq!(error_of(&steps[4]), ("LAB-00063", 5, 12));
    assert_eq!(error_of(&steps[5]), ("LAB-00062", 6, 28));
    assert_eq!(error_of(&steps[6]).0, "LAB-00062");
    assert_eq!(error_of(&steps[7]).0, "LAB-00004");
    let msg = &steps[1].error.as_ref().unwrap().message;
    assert!(msg.contains("known: rpm, avg_seek_us"), "{msg}");
    // Nothing was registered.
    let list = e.exec("LAB DEVICES;");
    assert_eq!(list[0].output.iter().filter(|l| !l.starts_with(' ')).count(), 1);
}

#[test]
fn devices_do_not_change_any_figure() {
    let script = "create table t (id number primary key, v varchar2(20));\ninsert into t select level, 'x' from dual connect by level <= 100;\ncommit;\nselect * from t where id = 42;";
    let mut plain = quiet_engine();
    let a = plain.exec(script);
    let mut with = quiet_engine();
    ok(&with.exec("LAB DEVICE f TYPE pcie_flash;"));
    let b = with.exec(script);
    ok(&a);
    ok(&b);
    for (x, y) in a.iter().zip(&b) {
        assert_eq!((&x.stats, x.elapsed_us, &x.rows), (&y.stats, y.elapsed_us, &y.rows), "{}", x.statement);
    }
}
