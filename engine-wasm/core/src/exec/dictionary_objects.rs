//! The database's own objects, as DBA_OBJECTS and ALL_OBJECTS list them
//! (the LAB user has the DBA role, so ALL_OBJECTS sees them all): SYS's
//! catalog, PUBLIC's synonyms, the Java classes, the option schemas.
//!
//! They are generated, deterministically (one fixed seed), when a
//! statement reads the view, one row at a time as the row source asks for
//! it: an instance that never reads the view pays nothing, and one that
//! does holds a plan of 12 bytes a row (owner, type, name), not the
//! rows. The lab user's own objects follow them, numbered after them.
//!
//! The shape is fitted to what `create table t as select * from
//! dba_objects` gave Hemant K Chitale on 12.1 (91,465 rows; NUM_DISTINCT
//! OWNER 32, OBJECT_NAME 53,360, SUBOBJECT_NAME 284, DATA_OBJECT_ID 7,914,
//! OBJECT_TYPE 46, CREATED 1,034, LAST_DDL_TIME 1,132, TIMESTAMP 1,161,
//! NAMESPACE 24, STATUS 1, TEMPORARY, GENERATED and SECONDARY 2,
//! EDITION_NAME 0), scaled to each release's row count
//! (`VersionProfile::dictionary_objects`):
//! - OBJECT_ID dense and increasing from 2, in creation order; owners in
//!   long runs (SYS first, the sample schemas last); a PUBLIC synonym
//!   right after most of the objects it names (catalog scripts create a
//!   view, then its synonym), so PUBLIC is 41% of the rows.
//! - OBJECT_NAME: a synonym, a package body, a type body and a partition
//!   share the name of what they belong to; the rest are unique.
//! - DATA_OBJECT_ID = OBJECT_ID for segments (tables, indexes, LOBs,
//!   partitions, clusters), NULL for the rest and for partitioned or
//!   index-organized parents.
//! - CREATED: the seed database's day, 1,034 distinct seconds climbing
//!   with OBJECT_ID; 5% of the objects were changed later (LAST_DDL_TIME,
//!   TIMESTAMP from two small sets of later times).
//!
//! What the lab cannot know (each name, the exact mix of a given
//! database) is made up from plausible parts; docs/MODEL.md says so.

use crate::date::Date;
use crate::value::Value;
use names::{mix, object_name, subobject_name};

mod names;

/// An object type: its name, its count in the 12.1 shape (91,465 rows),
/// its NAMESPACE, and what it is.
struct Kind {
    name: &'static str,
    count: u32,
    namespace: u8,
    /// A segment: DATA_OBJECT_ID is its OBJECT_ID.
    segment: bool,
    /// A partition or subpartition (SUBOBJECT_NAME; the parent's name).
    partition: bool,
    /// An editionable type (EDITIONABLE 'N' for Oracle's, 'Y' for the
    /// user's; NULL for other types).
    editionable: bool,
    /// Has a DEFAULT_COLLATION (12.2+).
    collation: bool,
    /// SYS's objects of this type mostly have a PUBLIC synonym.
    public_synonym: bool,
    /// Creation phase within a schema (tables before their indexes, specs
    /// before bodies).
    phase: u8,
}

const fn k(name: &'static str, count: u32, namespace: u8, flags: &str, phase: u8) -> Kind {
    let b = flags.as_bytes();
    Kind {
        name,
        count,
        namespace,
        segment: b[0] == b'S',
        partition: b[1] == b'P',
        editionable: b[2] == b'E',
        collation: b[3] == b'C',
        public_synonym: b[4] == b'Y',
        phase,
    }
}

/// Index of JAVA CLASS (its count is what the others leave).
const JAVA_CLASS: usize = 1;
/// Index of SYNONYM (private ones; PUBLIC's are added apart).
const SYNONYM: usize = 0;

/// The 46 object types of the 12.1 shape. Flags: Segment, Partition,
/// Editionable, Collation, public sYnonym ('-' for no).
const KINDS: [Kind; 46] = [
    k("SYNONYM", 300, 1, "--E--", 2),
    k("JAVA CLASS", 0, 1, "----Y", 6),
    k("VIEW", 6_700, 1, "--ECY", 2),
    k("INDEX", 3_950, 4, "S----", 1),
    k("TABLE", 2_450, 1, "S--C-", 0),
    k("TYPE", 2_800, 1, "--ECY", 2),
    k("PACKAGE", 1_330, 1, "--ECY", 3),
    k("PACKAGE BODY", 1_270, 2, "--EC-", 4),
    k("LOB", 1_020, 8, "S----", 1),
    k("JAVA RESOURCE", 1_050, 14, "----Y", 6),
    k("JAVA DATA", 330, 32, "-----", 6),
    k("TRIGGER", 600, 3, "--EC-", 4),
    k("FUNCTION", 360, 1, "--ECY", 3),
    k("PROCEDURE", 210, 1, "--ECY", 3),
    k("SEQUENCE", 300, 1, "----Y", 0),
    k("TYPE BODY", 230, 2, "--EC-", 4),
    k("TABLE PARTITION", 290, 19, "SP---", 1),
    k("INDEX PARTITION", 250, 20, "SP---", 1),
    k("LIBRARY", 200, 1, "--E--", 3),
    k("OPERATOR", 60, 1, "----Y", 3),
    k("XML SCHEMA", 50, 24, "-----", 5),
    k("QUEUE", 45, 10, "-----", 5),
    k("RULE SET", 20, 23, "-----", 5),
    k("LOB PARTITION", 30, 40, "SP---", 1),
    k("TABLE SUBPARTITION", 32, 41, "SP---", 1),
    k("CONSUMER GROUP", 20, 47, "-----", 5),
    k("EVALUATION CONTEXT", 15, 36, "-----", 5),
    k("JOB", 20, 38, "-----", 5),
    k("PROGRAM", 20, 38, "-----", 5),
    k("JOB CLASS", 12, 38, "-----", 5),
    k("WINDOW", 10, 38, "-----", 5),
    k("SCHEDULE", 4, 38, "-----", 5),
    k("SCHEDULER GROUP", 4, 38, "-----", 5),
    k("DESTINATION", 2, 38, "-----", 5),
    k("RESOURCE PLAN", 12, 47, "-----", 5),
    k("INDEXTYPE", 10, 1, "-----", 3),
    k("DIRECTORY", 10, 9, "-----", 5),
    k("CONTEXT", 20, 21, "-----", 5),
    k("CLUSTER", 10, 5, "S----", 0),
    k("JAVA SOURCE", 2, 13, "-----", 6),
    k("MATERIALIZED VIEW", 4, 19, "---C-", 2),
    k("DIMENSION", 5, 44, "-----", 2),
    k("EDITION", 1, 64, "-----", 5),
    k("UNIFIED AUDIT POLICY", 10, 93, "-----", 5),
    k("RULE", 5, 23, "-----", 5),
    k("UNDEFINED", 5, 1, "-----", 5),
];

/// Shape of the 12.1 figures the counts are fitted to.
const SHAPE_ROWS: f64 = 91_465.0;
/// OBJECT_NAME's distinct values there: the rows without a name of
/// their own (synonyms, bodies, partitions) are the rest.
const SHAPE_NAMES: f64 = 53_360.0;
/// CREATED's distinct values there (seconds of the creation scripts).
const SHAPE_CREATED: f64 = 1_034.0;
/// Later times of the objects changed after creation: LAST_DDL_TIME's and
/// TIMESTAMP's distinct values beyond CREATED's (1,132 - 1,034 and
/// 1,161 - 1,034).
const LATER_DDL: u64 = 98;
const LATER_SPEC: u64 = 127;
/// SUBOBJECT_NAME's distinct values (partition names are reused).
const SUBOBJECT_NAMES: u32 = 284;

/// An owner: its name, its share of the objects that are not Java nor
/// PUBLIC synonyms, its share of the Java objects, whether its objects
/// have PUBLIC synonyms and whether Oracle maintains it.
struct Owner {
    name: &'static str,
    general: f64,
    java: f64,
    public: bool,
    oracle: bool,
}

const fn o(name: &'static str, general: f64, java: f64, public: bool, oracle: bool) -> Owner {
    Owner { name, general, java, public, oracle }
}

/// PUBLIC's place in [`OWNERS`] (its rows are the synonyms).
const PUBLIC: u8 = 1;

/// 31 owners (with the lab user, the 32 of the 12.1 figures), in creation
/// order. APEX's schema is named for 12.1's release of it.
const OWNERS: [Owner; 31] = [
    o("SYS", 55.0, 85.0, true, true),
    o("PUBLIC", 0.0, 0.0, false, true),
    o("SYSTEM", 2.7, 0.0, false, true),
    o("OUTLN", 0.04, 0.0, false, true),
    o("AUDSYS", 0.06, 0.0, false, true),
    o("DBSNMP", 0.23, 0.0, false, true),
    o("APPQOSSYS", 0.02, 0.0, false, true),
    o("GSMADMIN_INTERNAL", 0.5, 0.0, false, true),
    o("XDB", 4.5, 0.0, true, true),
    o("WMSYS", 1.6, 0.0, true, true),
    o("OJVMSYS", 0.05, 2.0, false, true),
    o("CTXSYS", 1.7, 0.0, true, true),
    o("ORDSYS", 3.0, 9.0, true, true),
    o("ORDDATA", 1.1, 0.0, false, true),
    o("ORDPLUGINS", 0.04, 0.0, false, true),
    o("SI_INFORMTN_SCHEMA", 0.03, 0.0, false, true),
    o("MDSYS", 6.0, 4.0, true, true),
    o("OLAPSYS", 3.0, 0.0, true, true),
    o("ORACLE_OCM", 0.03, 0.0, false, true),
    o("LBACSYS", 1.0, 0.0, true, true),
    o("DVSYS", 1.2, 0.0, true, true),
    o("DVF", 0.08, 0.0, false, true),
    o("FLOWS_FILES", 0.05, 0.0, false, true),
    o("APEX_040200", 14.0, 0.0, true, true),
    o("SPATIAL_CSW_ADMIN_USR", 0.01, 0.0, false, true),
    o("SPATIAL_WFS_ADMIN_USR", 0.01, 0.0, false, true),
    o("SCOTT", 0.025, 0.0, false, false),
    o("HR", 0.15, 0.0, false, false),
    o("OE", 0.6, 0.0, false, false),
    o("PM", 0.1, 0.0, false, false),
    o("SH", 1.2, 0.0, false, false),
];

/// The release's layout of the generated rows.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ObjectsShape {
    /// Rows of the database's own objects.
    pub rows: u32,
    /// The seed database's day (CREATED).
    pub created: (i32, u32, u32),
    /// The release (major, minor): a type that came later has no rows.
    pub release: (u32, u32),
}

/// The release an object type came in, for those newer than 10.2
/// (Oracle Database Reference, ALL_OBJECTS.OBJECT_TYPE per release): a
/// 10.2 or 11g database has none of them, and 10.2's OBJECT_TYPE is
/// VARCHAR2(19), too narrow for `UNIFIED AUDIT POLICY`.
/// A profile's release, (major, minor), from its name (`10.2.0.5`, `19.0.0`).
pub fn release_of(name: &str) -> (u32, u32) {
    let mut p = name.split('.').map(|x| x.parse::<u32>().unwrap_or(0));
    (p.next().unwrap_or(0), p.next().unwrap_or(0))
}

fn type_since(name: &str) -> (u32, u32) {
    match name {
        "UNIFIED AUDIT POLICY" => (12, 1),
        "EDITION" | "DESTINATION" | "SCHEDULER GROUP" => (11, 2),
        _ => (10, 2),
    }
}

/// One planned row: owner, type, and what its name is made from (a
/// synonym, body or partition takes the name of what it belongs to: that
/// object's seed, type and owner); a partition's name among
/// [`SUBOBJECT_NAMES`].
#[derive(Debug, Clone, Copy)]
struct Planned {
    owner: u8,
    kind: u8,
    name_kind: u8,
    name_owner: u8,
    seed: u32,
    sub: u16,
}

/// The database's own objects of one release, planned; rows are made on
/// demand ([`Self::fill`]).
#[derive(Debug, Clone)]
pub struct ObjectsGen {
    plan: Vec<Planned>,
    created: Date,
}

/// Split `total` in proportion to `weights` (largest remainder), at least
/// one to each positive weight while there are enough.
fn apportion(total: u32, weights: &[f64]) -> Vec<u32> {
    let sum: f64 = weights.iter().sum();
    if sum <= 0.0 {
        return vec![0; weights.len()];
    }
    let exact: Vec<f64> = weights.iter().map(|w| total as f64 * w / sum).collect();
    let mut out: Vec<u32> =
        exact.iter().zip(weights).map(|(e, &w)| if w > 0.0 { (e.floor() as u32).max(1) } else { 0 }).collect();
    let mut given: i64 = out.iter().map(|&n| n as i64).sum();
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by(|&a, &b| (exact[b] - exact[b].floor()).total_cmp(&(exact[a] - exact[a].floor())));
    let mut i = 0;
    while given < total as i64 && !order.is_empty() {
        let j = order[i % order.len()];
        if weights[j] > 0.0 {
            out[j] += 1;
            given += 1;
        }
        i += 1;
    }
    // Too many (the minimum of one each): take back from the largest.
    while given > total as i64 {
        let Some(j) = (0..out.len()).max_by_key(|&j| out[j]) else { break };
        if out[j] == 0 {
            break;
        }
        out[j] -= 1;
        given -= 1;
    }
    out
}

impl ObjectsGen {
    pub fn new(shape: ObjectsShape) -> ObjectsGen {
        let n = shape.rows;
        let scale = n as f64 / SHAPE_ROWS;
        let mut counts: Vec<u32> = KINDS
            .iter()
            .map(|k| {
                if k.count == 0 || type_since(k.name) > shape.release {
                    0
                } else {
                    ((k.count as f64 * scale).round() as u32).max(1)
                }
            })
            .collect();
        // Rows that take another's name: bodies and partitions.
        let borrowed: u32 =
            KINDS.iter().zip(&counts).filter(|(k, _)| k.partition || k.name.ends_with(" BODY")).map(|(_, &c)| c).sum();
        let names = (SHAPE_NAMES * scale).round() as u32;
        let own = (names + borrowed).min(n);
        let public = n - own;
        let others: u32 = counts.iter().sum();
        counts[JAVA_CLASS] = own.saturating_sub(others);
        let java_kind = |i: usize| KINDS[i].name.starts_with("JAVA");
        let java_total: u32 = (0..KINDS.len()).filter(|&i| java_kind(i)).map(|i| counts[i]).sum();
        let general_total: u32 = own - java_total;
        let java_quota = apportion(java_total, &OWNERS.iter().map(|o| o.java).collect::<Vec<_>>());
        let general_quota = apportion(general_total, &OWNERS.iter().map(|o| o.general).collect::<Vec<_>>());
        // The two pools of types, shuffled with the fixed seed.
        let mut seq = 0u64;
        let mut pool = |java: bool| {
            let mut v: Vec<u8> = Vec::new();
            for (i, &c) in counts.iter().enumerate() {
                if java_kind(i) == java {
                    v.extend(std::iter::repeat_n(i as u8, c as usize));
                }
            }
            for i in (1..v.len()).rev() {
                seq += 1;
                let j = (mix(seq ^ 0x000B_1EC7) % (i as u64 + 1)) as usize;
                v.swap(i, j);
            }
            v
        };
        let (java_pool, general_pool) = (pool(true), pool(false));
        let (mut jp, mut gp) = (java_pool.into_iter(), general_pool.into_iter());
        // Each owner's objects, in creation phases.
        let mut own_rows: Vec<Planned> = Vec::with_capacity(own as usize);
        for (oi, _) in OWNERS.iter().enumerate() {
            let start = own_rows.len();
            let take = jp.by_ref().take(java_quota[oi] as usize).chain(gp.by_ref().take(general_quota[oi] as usize));
            own_rows.extend(take.map(|kind| Planned {
                owner: oi as u8,
                kind,
                name_kind: kind,
                name_owner: oi as u8,
                seed: 0,
                sub: 0,
            }));
            let rows = &mut own_rows[start..];
            rows.sort_by_key(|p| KINDS[p.kind as usize].phase);
        }
        // Seeds: each object its own, except what takes its parent's name.
        let mut last_table = None;
        let mut last_index = None;
        let mut specs: Vec<(u8, u8, u32)> = Vec::new();
        let mut partitions = 0u32;
        for (i, p) in own_rows.iter_mut().enumerate() {
            p.seed = i as u32;
            let kind = &KINDS[p.kind as usize];
            match kind.name {
                "TABLE" => last_table = Some((p.owner, p.kind, p.seed)),
                "INDEX" => last_index = Some((p.owner, p.kind, p.seed)),
                "PACKAGE" | "TYPE" => specs.push((p.owner, p.kind, p.seed)),
                _ => {}
            }
            if kind.partition {
                p.sub = (partitions % SUBOBJECT_NAMES) as u16;
                partitions += 1;
            }
            let parent = if kind.partition {
                if kind.name == "INDEX PARTITION" {
                    last_index
                } else {
                    last_table
                }
            } else {
                None
            };
            if let Some((_, k, seed)) = parent.filter(|(owner, ..)| *owner == p.owner) {
                (p.seed, p.name_kind) = (seed, k);
            }
            if kind.name.ends_with(" BODY") {
                let spec = if kind.name == "PACKAGE BODY" { "PACKAGE" } else { "TYPE" };
                // The first spec of this owner and type not yet given a body.
                if let Some(at) = specs.iter().position(|&(o, k, _)| o == p.owner && KINDS[k as usize].name == spec) {
                    let (_, k, seed) = specs.remove(at);
                    (p.seed, p.name_kind) = (seed, k);
                }
            }
        }
        // PUBLIC synonyms after the objects they name: exactly `public` of
        // the eligible objects, evenly spread.
        let eligible = |p: &Planned| OWNERS[p.owner as usize].public && KINDS[p.kind as usize].public_synonym;
        let e = own_rows.iter().filter(|p| eligible(p)).count().max(1) as u64;
        let mut plan = Vec::with_capacity(n as usize);
        let (mut k, mut made) = (0u64, 0u64);
        for p in own_rows {
            plan.push(p);
            if eligible(&p) {
                let due = ((k + 1) * public as u64 / e).min(public as u64);
                k += 1;
                while made < due {
                    plan.push(Planned { owner: PUBLIC, kind: SYNONYM as u8, ..p });
                    made += 1;
                }
            }
        }
        let (y, m, d) = shape.created;
        let created = Date::ymd(y, m, d).unwrap_or(crate::date::CLOCK_ZERO);
        ObjectsGen { plan, created }
    }

    /// Rows generated.
    pub fn len(&self) -> usize {
        self.plan.len()
    }

    pub fn is_empty(&self) -> bool {
        self.plan.is_empty()
    }

    /// Bytes the plan holds (counted while a statement reads the view).
    pub fn held_bytes(&self) -> u64 {
        (self.plan.capacity() * std::mem::size_of::<Planned>()) as u64
    }

    /// OBJECT_ID of the first object after the database's own: the lab
    /// user's first.
    pub fn next_object_id(&self) -> u32 {
        self.plan.len() as u32 + 2
    }

    /// Row `i`'s first `columns` values (OWNER and USER_OBJECTS' columns)
    /// into `out`.
    pub fn fill(&self, i: usize, columns: usize, out: &mut Vec<Value>) {
        out.clear();
        let Some(p) = self.plan.get(i) else { return };
        let kind = &KINDS[p.kind as usize];
        let owner = &OWNERS[p.owner as usize];
        let object_id = i as u32 + 2;
        let h = mix(i as u64 ^ 0x5EED_0B1E);
        let name = object_name(p.seed, KINDS[p.name_kind as usize].name, OWNERS[p.name_owner as usize].name);
        let created = self.created_at(i);
        let later = h.is_multiple_of(20);
        let last_ddl = if later { self.later(mix(h) % LATER_DDL, 7) } else { created };
        let spec = if later { self.later(mix(h ^ 1) % LATER_SPEC, 5) } else { created };
        let null_segment = (kind.name == "TABLE" && h % 33 == 1) || (kind.name == "INDEX" && h % 50 == 1);
        let data_object_id = if kind.segment && !null_segment { Value::int(object_id as i64) } else { Value::Null };
        let subobject = if kind.partition { Value::str(&subobject_name(p.sub as u32)) } else { Value::Null };
        let generated = name.starts_with("SYS_");
        let temporary = kind.name == "TABLE" && h % 50 == 7;
        let secondary = kind.name == "TABLE" && owner.name == "CTXSYS" && h % 10 == 3;
        // Oracle's own objects are NONEDITIONABLE.
        let editionable = if kind.editionable { Value::str("N") } else { Value::Null };
        let sharing = if !owner.oracle {
            "NONE"
        } else if h % 300 == 11 {
            "DATA LINK"
        } else {
            "METADATA LINK"
        };
        let all = [
            Value::str(owner.name),
            Value::str(&name),
            subobject,
            Value::int(object_id as i64),
            data_object_id,
            Value::str(kind.name),
            Value::Date(created),
            Value::Date(last_ddl),
            Value::str(&timestamp(spec)),
            Value::str("VALID"),
            Value::str(if temporary { "Y" } else { "N" }),
            Value::str(if generated { "Y" } else { "N" }),
            Value::str(if secondary { "Y" } else { "N" }),
            Value::int(kind.namespace as i64),
            Value::Null,
            Value::str(sharing),
            editionable,
            Value::str(if owner.oracle { "Y" } else { "N" }),
            Value::str("N"),
            if kind.collation { Value::str("USING_NLS_COMP") } else { Value::Null },
            Value::str("N"),
            Value::str("N"),
            Value::Null,
            Value::Null,
            Value::Null,
            Value::Null,
        ];
        out.extend(all.into_iter().take(columns));
    }

    /// CREATED of row `i`: the creation scripts' seconds, climbing with
    /// OBJECT_ID (1,034 distinct in the 12.1 shape, a few seconds apart).
    fn created_at(&self, i: usize) -> Date {
        let groups = (SHAPE_CREATED * self.plan.len() as f64 / SHAPE_ROWS).round().max(1.0) as u64;
        let g = i as u64 * groups / self.plan.len().max(1) as u64;
        // Group g starts sum(gap) seconds in; gaps of 1 to 9 seconds
        // (cumulated as g * 5 plus a bounded wobble, so it stays increasing).
        let secs = 6 * 3600 + g * 5 + mix(g) % 4;
        self.at(secs)
    }

    /// One of the later times (a day after creation, `step` seconds apart).
    fn later(&self, n: u64, step: u64) -> Date {
        self.at(86_400 + 9 * 3600 + n * step)
    }

    fn at(&self, secs: u64) -> Date {
        Date::from_seconds(self.created.seconds() + secs as i64).unwrap_or(self.created)
    }
}

/// TIMESTAMP's text: `YYYY-MM-DD:HH24:MI:SS`.
pub fn timestamp(d: Date) -> String {
    let c = d.civil();
    format!("{:04}-{:02}-{:02}:{:02}:{:02}:{:02}", c.year, c.month, c.day, c.hour, c.minute, c.second)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twelve_one_shape_has_its_counts() {
        let g = ObjectsGen::new(ObjectsShape { rows: 91_465, created: (2013, 6, 28), release: (12, 1) });
        assert_eq!(g.len(), 91_465);
        let mut row = Vec::new();
        g.fill(0, 27, &mut row);
        assert_eq!(row.len(), 26);
        assert_eq!(row[0], Value::str("SYS"));
        assert_eq!(row[3], Value::int(2));
        let publics = g.plan.iter().filter(|p| p.owner == PUBLIC).count();
        assert!((35_000..39_000).contains(&publics), "{publics}");
    }

    #[test]
    fn apportion_gives_each_positive_weight_one() {
        let v = apportion(10, &[100.0, 0.001, 0.0]);
        assert_eq!(v, vec![9, 1, 0]);
    }
}
