//! The next object's number (Catalog::stamp).

use super::{Catalog, ObjStamp};

impl Catalog {
    /// The next object's stamp: its number, its OBJECT_ID (`base`, the
    /// first after the database's own objects, plus its number) and the
    /// simulated clock now.
    pub fn stamp(&mut self, base: u32) -> ObjStamp {
        self.objects_created += 1;
        let n = self.objects_created;
        ObjStamp { n, id: base + n - 1, created: crate::date::sysdate() }
    }
}
