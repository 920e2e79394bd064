//! Object numbers: an object's OBJECT_ID and creation time.

/// An object's place among the lab user's objects, in creation order
/// (its OBJECT_ID is the dictionary's next number plus it), and when it
/// was created (USER_OBJECTS.CREATED).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ObjStamp {
    /// 1 for the first object the user created; 0 for SYS's (DUAL).
    pub n: u32,
    /// OBJECT_ID (and a segment's DATA_OBJECT_ID, in its ROWIDs).
    pub id: u32,
    pub created: crate::date::Date,
}

/// DUAL's object number (SYS's objects are not numbered by the lab).
pub const SYS_OBJECT_ID: u32 = 143;

impl Default for ObjStamp {
    fn default() -> Self {
        ObjStamp { n: 0, id: SYS_OBJECT_ID, created: crate::date::CLOCK_ZERO }
    }
}
