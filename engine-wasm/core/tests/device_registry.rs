//! The device registry (`io/registry.rs`): every registered type builds,
//! refuses an out-of-range parameter with the existing error (LAB-00062
//! through `LAB DEVICE`), waits under Oracle's read events, and is the
//! only place a device type is compared by name, in Rust or TS. The
//! renderer's table (`renderer/src/engine/deviceTypes.gen.ts`) is
//! generated from it; `LIO_UPDATE_CONTRACT=1 cargo test -p lio-core
//! --test device_registry` rewrites it.

mod common;
use common::*;
use lio_core::io::registry::{self, read_wait_event, DeviceError, ReadKind, TYPES};
use lio_core::io::IoNote;
use std::path::{Path, PathBuf};

/// A value outside `(lo, hi)`: above it where that is finite, else below.
fn outside((lo, hi): (f64, f64)) -> f64 {
    if hi < 1e300 {
        hi * 2.0 + 1.0
    } else {
        lo - 1.0
    }
}

#[test]
fn every_registered_type_builds_from_its_preset_and_names_itself() {
    for t in TYPES {
        let d = (t.build)("X", &[]).unwrap_or_else(|e| panic!("{} does not build: {e:?}", t.name));
        assert_eq!(d.kind(), t.name, "a {} device names another type", t.name);
        assert!(std::ptr::eq(d.device_type(), registry::of(t.name).unwrap()));
        for p in t.params {
            assert!((t.range)(p).is_some(), "{}.{p} has no range", t.name);
            assert!(d.param(p).is_some(), "{}.{p} is not readable", t.name);
        }
        assert_eq!(registry::TYPES.iter().filter(|u| u.name == t.name).count(), 1, "{} twice", t.name);
    }
    assert!(registry::of("floppy").is_none());
    assert!(registry::definable("fixed").is_none(), "the fixed latency is the instance's own");
    assert_eq!(registry::definable_names(), "hdd, sata_ssd, pcie_flash, exadata_cell");
    assert_eq!(registry::build("X", "floppy", &[]).err(), Some(DeviceError::UnknownType));
}

#[test]
fn every_parameter_out_of_its_range_is_refused() {
    for t in TYPES {
        for p in t.params {
            let range = (t.range)(p).unwrap();
            let v = outside(range);
            match registry::build("X", t.name, &[(p.to_string(), v)]) {
                Err(DeviceError::Param(0, why)) => assert!(why.starts_with(&format!("{p} must be")), "{why}"),
                other => panic!("{}.{p} = {v}: {:?}", t.name, other.map(|d| d.name().to_string())),
            }
        }
    }
}

/// Through `LAB DEVICE`: LAB-00062 at the parameter, for every type that
/// `LAB DEVICE` defines and its first and last parameter.
#[test]
fn lab_device_refuses_an_out_of_range_parameter_with_lab_00062() {
    for t in TYPES.iter().filter(|t| t.definable) {
        for p in [t.params[0], t.params[t.params.len() - 1]] {
            let v = outside((t.range)(p).unwrap());
            let sql = format!("LAB DEVICE x TYPE {} {p} = {v};", t.name);
            let mut e = quiet_engine();
            let steps = e.exec(&sql);
            let col = sql.find(p).unwrap() as u32 + 1;
            assert_eq!(error_of(&steps[0]), ("LAB-00062", 1, col), "{sql}");
        }
        let mut e = quiet_engine();
        ok(&e.exec(&format!("LAB DEVICE x TYPE {};", t.name)));
    }
    let mut e = quiet_engine();
    assert_eq!(error_of(&e.exec("LAB DEVICE x TYPE fixed;")[0]), ("LAB-00060", 1, 19));
}

/// Oracle's names: `db file sequential read` / `db file scattered read`
/// from a datafile; on Exadata `cell single block physical read` / `cell
/// multiblock physical read` (https://jrdba.com/wait-events/cell-single-block-physical-read,
/// https://askmaclean.com/archives/cell-multiblock-physical-read.html);
/// `cell smart table scan`; `db flash cache single block physical read`
/// from the Database Smart Flash Cache.
#[test]
fn the_read_wait_events_are_oracles() {
    let none = IoNote::default();
    let fc = IoNote { db_flash_cache_hit: true, ..IoNote::default() };
    for t in TYPES {
        let (single, multi) = if t.name == "exadata_cell" {
            ("cell single block physical read", "cell multiblock physical read")
        } else {
            ("db file sequential read", "db file scattered read")
        };
        assert_eq!(read_wait_event(t, ReadKind::Single, none).name(), single, "{}", t.name);
        assert_eq!(read_wait_event(t, ReadKind::Multi, none).name(), multi, "{}", t.name);
        assert_eq!(read_wait_event(t, ReadKind::SmartScan, none).name(), "cell smart table scan");
        assert_eq!(read_wait_event(t, ReadKind::Single, fc).name(), "db flash cache single block physical read");
    }
}

#[test]
fn the_renderers_device_types_are_generated_from_the_registry() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../renderer/src/engine/deviceTypes.gen.ts");
    let want = registry::typescript();
    if std::env::var_os("LIO_UPDATE_CONTRACT").is_some() {
        std::fs::write(&path, &want).expect("write deviceTypes.gen.ts");
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{} is stale: run LIO_UPDATE_CONTRACT=1 cargo test -p lio-core --test device_registry",
        path.display()
    );
}

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            sources(&p, out);
        } else if matches!(p.extension().and_then(|x| x.to_str()), Some("rs" | "ts" | "tsx" | "mjs")) {
            out.push(p);
        }
    }
}

/// No device type is compared by name outside the registry (and its
/// generated TS): `== "hdd"`, `kind === 'exadata_cell'`, a match arm...
#[test]
fn no_device_type_is_compared_by_name_outside_the_registry() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    for dir in ["engine-wasm/core/src", "engine-wasm/wasm/src", "renderer/src", "electron"] {
        sources(&root.join(dir), &mut files);
    }
    let mut found = Vec::new();
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy();
        if name == "registry.rs"
            || name == "deviceTypes.gen.ts"
            || f.components().any(|c| c.as_os_str() == "node_modules")
        {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap_or_default();
        for t in TYPES {
            for q in ['"', '\''] {
                let lit = format!("{q}{}{q}", t.name);
                for pat in [
                    format!("== {lit}"),
                    format!("!= {lit}"),
                    format!("=== {lit}"),
                    format!("!== {lit}"),
                    format!("{lit} =>"),
                    format!("{lit} |"),
                    format!("| {lit}"),
                    format!("case {lit}"),
                ] {
                    if text.contains(&pat) {
                        found.push(format!("{}: {pat}", f.display()));
                    }
                }
            }
        }
    }
    assert!(found.is_empty(), "device types compared by name outside io/registry.rs:\n{}", found.join("\n"));
}
