//! Names for the generated dictionary objects: plausible for their type
//! and owner (prefixes such as DBA_, V_$, WRH$_, DBMS_; Java's short
//! names), unique by their seed, with lengths as Oracle's run.

/// The `n`th partition name.
pub(super) fn subobject_name(n: u32) -> String {
    match n % 3 {
        0 => format!("SYS_P{}", 100 + n * 7),
        1 => format!("P{}", n),
        _ => format!("{}_{}", WORDS[n as usize % WORDS.len()], 2000 + n / 3),
    }
}

const WORDS: [&str; 48] = [
    "SQL", "STAT", "PLAN", "OBJ", "TAB", "COL", "IND", "USER", "HIST", "SESSION", "EVENT", "QUEUE", "JOB", "LOG",
    "SEG", "FILE", "TS", "AUDIT", "POLICY", "RULE", "SNAP", "METRIC", "SRC", "TYPE", "ATTR", "PART", "LOB", "PRIV",
    "ROLE", "GRANT", "REPL", "SCHED", "WAIT", "LATCH", "BUFFER", "CACHE", "REDO", "UNDO", "XML", "MAP", "GEOM", "TEXT",
    "CUBE", "DIM", "MVIEW", "LINK", "PROFILE", "ADVISOR",
];

const CAMEL: [&str; 24] = [
    "Oracle", "Xml", "Node", "Element", "Impl", "Handler", "Factory", "Reader", "Writer", "Stream", "Value", "Type",
    "Map", "List", "Entry", "Parser", "Context", "Manager", "Buffer", "Schema", "Resource", "Loader", "Util",
    "Closure",
];

/// Words from `h`, joined by `_`, up to `len` bytes.
fn words(h: u64, count: u64, out: &mut String, len: usize) {
    for j in 0..count {
        let w = WORDS[(mix(h ^ j) % WORDS.len() as u64) as usize];
        if out.len() + w.len() + 1 > len {
            break;
        }
        if !out.is_empty() && !out.ends_with('_') && !out.ends_with('$') {
            out.push('_');
        }
        out.push_str(w);
    }
}

/// An object's name from its seed: plausible for its type and owner
/// (names the lab cannot know; lengths as Oracle's run).
pub(super) fn object_name(seed: u32, kind: &str, owner: &str) -> String {
    let h = mix(seed as u64 ^ 0x4E41_4D45);
    let mut s = String::with_capacity(30);
    let name = kind;
    match name {
        "JAVA CLASS" | "JAVA RESOURCE" | "JAVA DATA" | "JAVA SOURCE" if !h.is_multiple_of(3) => {
            s.push_str(&format!("/{:08x}_", (h >> 8) as u32));
            for j in 0..4 {
                let w = CAMEL[(mix(h ^ j) % CAMEL.len() as u64) as usize];
                if s.len() + w.len() > 30 {
                    break;
                }
                s.push_str(w);
            }
        }
        "JAVA CLASS" | "JAVA RESOURCE" | "JAVA DATA" | "JAVA SOURCE" => {
            s.push_str("oracle/");
            for j in 0..2 {
                let w = CAMEL[(mix(h ^ j) % CAMEL.len() as u64) as usize];
                s.push_str(&w.to_ascii_lowercase());
                s.push('/');
            }
            s.push_str(CAMEL[(mix(h ^ 7) % CAMEL.len() as u64) as usize]);
            s.push_str(&format!("{}", seed));
            s.truncate(30);
        }
        "INDEX" if h % 5 < 2 => s.push_str(&format!("SYS_C00{}", 1000 + seed % 99_000)),
        "INDEX" if h % 5 == 2 => s.push_str(&format!("SYS_IL{:010}C00{:03}$$", seed, 1 + h % 40)),
        "LOB" => s.push_str(&format!("SYS_LOB{:010}C00{:03}$$", seed, 1 + h % 40)),
        "TYPE" | "TYPE BODY" if h.is_multiple_of(4) => {
            s.push_str(&format!("SYS_PLSQL_{}_{}_1", 1000 + seed % 90_000, h % 900))
        }
        _ => {
            let prefix: &[&str] = match name {
                "VIEW" => &["ALL_", "DBA_", "USER_", "V_$", "GV_$", "CDB_", "KU$_", "_ALL_", "EXU8", "LOADER_"],
                "TABLE" | "INDEX" | "SEQUENCE" | "CLUSTER" => &[
                    "WRH$_",
                    "WRI$_",
                    "AQ$_",
                    "SCHEDULER$_",
                    "LOGMNR_",
                    "STREAMS$_",
                    "OPATCH_",
                    "WRR$_",
                    "HS$_",
                    "MVIEW$_",
                ],
                "PACKAGE" | "PACKAGE BODY" | "FUNCTION" | "PROCEDURE" => {
                    &["DBMS_", "UTL_", "PRVT_", "KUPU$", "WWV_", "SDO_"]
                }
                "TYPE" | "TYPE BODY" => &["KU$_", "SDO_", "XMLTYPE_", "ORD", "AQ$_", "WRI$_"],
                _ => &["", "SYS_", "ORA$", "MGMT_"],
            };
            s.push_str(prefix[(h % prefix.len() as u64) as usize]);
            if owner != "SYS" && h % 4 == 1 && !owner.starts_with("SPATIAL") {
                s.push_str(owner.split('_').next().unwrap_or(""));
                s.push('_');
            }
            words(h, 2 + h % 3, &mut s, 26);
            // Names in the catalog are unique: the seed makes them so.
            s.push_str(&format!("{}", seed % 10_000));
            if name == "INDEX" {
                s.push_str(if h.is_multiple_of(2) { "_IDX" } else { "_PK" });
            }
            s.truncate(30);
        }
    }
    s
}

/// splitmix64 of `x`: the row's deterministic randomness.
pub(super) fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
