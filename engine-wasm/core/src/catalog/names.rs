//! The names objects and constraints take: tables, indexes and clusters
//! share one namespace, constraints have their own (ORA-00955, ORA-02264).

impl super::Catalog {
    /// Is a name used by any live table, index or cluster (one namespace).
    pub fn name_in_use(&self, name: &str) -> bool {
        self.table_id(name).is_some() || self.index_id(name).is_some() || self.cluster_id(name).is_some()
    }

    /// The live table with a constraint called `name` (constraints have a
    /// namespace of their own in the schema: ORA-02264).
    pub fn constraint_table(&self, name: &str) -> Option<usize> {
        let live = self.tables.iter().filter(|t| !t.dropped && !t.sys);
        live.filter(|t| {
            t.columns.iter().any(|c| c.nn.as_ref().is_some_and(|n| n.name == name))
                || t.pk_con.as_ref().is_some_and(|n| n.name == name)
                || t.uniques.iter().any(|u| u.name == name)
                || t.fks.iter().any(|f| f.name == name)
                || t.checks.iter().any(|k| k.name.name == name)
        })
        .map(|t| t.id)
        .next()
    }
}

/// A constraint's number in the one sequence every constraint of the
/// schema takes (Oracle's CON$; a named constraint takes one too) and its
/// name: the one given, or Oracle's generated `SYS_C` and the number.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConName {
    pub con: u32,
    pub name: String,
}

/// The lab's first constraint is SYS_C0010001 (the number of a fresh
/// database's first user constraint is the database's; the lab's start
/// is its choice).
pub const FIRST_CONSTRAINT: u32 = 10_000;

impl ConName {
    /// The generated name of constraint number `con`.
    pub fn generated_name(con: u32) -> String {
        format!("SYS_C{:07}", FIRST_CONSTRAINT + con)
    }

    /// The next constraint of the sequence `count` counts: its number, and
    /// `name` or the generated one.
    pub fn next(count: &mut u32, name: Option<&str>) -> ConName {
        *count += 1;
        let con = *count;
        ConName { con, name: name.map_or_else(|| Self::generated_name(con), str::to_string) }
    }

    /// USER_CONSTRAINTS.GENERATED: the name is the sequence's.
    pub fn generated(&self) -> bool {
        self.name == Self::generated_name(self.con)
    }
}
