//! The device boundary after issue 30's reshape of `io/`: what only a cell
//! does is reached through `ExadataCell::of`, not the `BlockDevice` trait;
//! every device keeps the registry entry its builder gave it (no lookup by
//! type name per request).

use lio_core::io::exadata::{CellFlashCache, ExadataCell};
use lio_core::io::registry::{self, TYPES};
use lio_core::io::{IoLayer, Tablespace};

#[test]
fn only_a_cell_is_reached_as_a_cell() {
    for t in TYPES {
        let mut d = (t.build)("X", &[]).unwrap();
        assert_eq!(ExadataCell::of(d.as_ref()).is_some(), t.name == "exadata_cell", "{}", t.name);
        assert_eq!(ExadataCell::of_mut(d.as_mut()).is_some(), t.cell_settings, "{}", t.name);
        // The entry the device keeps is the registry's own, not a copy.
        assert!(std::ptr::eq(d.device_type(), *t));
        assert_eq!(d.param_names(), t.params);
    }
}

#[test]
fn the_io_layer_asks_the_cell_serving_a_segment_for_its_smart_scan() {
    let mut io = IoLayer::new(100.0);
    io.devices.push(registry::build("CELL", "exadata_cell", &[("smart_scan_mb".into(), 2.0)]).unwrap());
    io.devices.push(registry::build("DISK", "hdd", &[]).unwrap());
    for (name, device) in [("C", "CELL"), ("D", "DISK")] {
        io.tablespaces.push(Tablespace { name: name.into(), device: device.into(), temporary: false, bytes: 1 << 30 });
    }
    io.place(1, "C");
    io.place(2, "D");
    let shape = io.smart_scan(1).expect("a segment on a cell can be smart scanned");
    assert_eq!(shape.request_bytes, 2 << 20);
    assert!(io.smart_scan(2).is_none(), "an HDD does not offload");
    assert!(io.smart_scan(3).is_none(), "DATA (the fixed latency) does not offload");
    assert_eq!(io.type_of(1).name, "exadata_cell");
    assert_eq!(io.type_of(2).name, "hdd");
    assert_eq!(io.type_of(3).name, "fixed");
    // A policy for a segment on an HDD is kept by the layer and ignored by the disk.
    io.set_cell_flash_cache(2, CellFlashCache::Keep);
    io.set_cell_flash_cache(1, CellFlashCache::Keep);
}
