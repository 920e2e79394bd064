//! The names objects and constraints take: tables, indexes and clusters
//! share one namespace, constraints have their own (ORA-00955, ORA-02264).

impl super::Catalog {
    /// Is a name used by any live table, index or cluster (one namespace).
    /// The sequence named `name` (upper case), if any.
    pub fn sequence(&self, name: &str) -> Option<&super::sequence::Sequence> {
        self.sequences.iter().find(|s| s.name == name)
    }

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
