//! The FROM clause: each item becomes a relation (a table the optimizer
//! chooses an access path for, or operators already built: DUAL, a row
//! generator, a V$ or dictionary view, XMLTABLE, an inline view) and a
//! scope entry naming its columns.

use super::*;
use crate::exec::dictionary::DictView;
use crate::exec::fixed::FixedView;

/// One relation of a query block.
#[derive(Clone)]
pub(super) enum Rel {
    Table { table: TableId, src: usize, alias: String },
    Fixed { op: Box<Op>, e_rows: f64, cost: f64, alias: String, row_bytes: f64 },
}

impl Rel {
    pub(super) fn alias(&self) -> &str {
        match self {
            Rel::Table { alias, .. } | Rel::Fixed { alias, .. } => alias,
        }
    }
}

impl Builder<'_> {
    /// The relations of `q`'s FROM clause, and the scope naming their columns.
    pub(super) fn relations(&mut self, q: &Query) -> Result<(Vec<Rel>, Vec<ScopeEntry>), LabError> {
        let mut rels: Vec<Rel> = Vec::new();
        let mut scope: Vec<ScopeEntry> = Vec::new();
        for item in &q.from {
            match item {
                FromItem::Table { name, alias, sample } => {
                    let alias_s = alias.as_ref().map(|a| a.name.clone()).unwrap_or_else(|| name.name.clone());
                    self.named_relation(q, name, alias_s, &mut rels, &mut scope)?;
                    if let Some(s) = sample {
                        self.sampled(name, s, rels.last())?;
                    }
                }
                FromItem::XmlTableRange { from, to, alias, .. } => {
                    self.xmltable_relation(from, to, alias.as_ref(), &mut rels, &mut scope)?;
                }
                FromItem::Subquery { query, alias, view } => {
                    let alias_s = alias.as_ref().map(|a| a.name.clone()).unwrap_or_default();
                    let viewed =
                        self.inline_view(query, alias_s, view.as_ref().map(|v| v.name.as_str()), &mut rels, &mut scope);
                    // A stored view whose query no longer compiles (a table
                    // or column gone): ORA-04063 at the reference.
                    if let (Err(e), Some(v)) = (&viewed, view) {
                        if e.code != ora::LAB_UNSUPPORTED.code() {
                            let name = format!("view \"{}.{}\"", self.ctx.cat.schema, v.name);
                            return Err(LabError::with(ora::OBJECT_HAS_ERRORS, name, v.pos));
                        }
                    }
                    viewed?;
                }
                FromItem::RecursiveWith { def, alias } => {
                    let alias_s = alias.as_ref().map_or_else(|| def.name.name.clone(), |a| a.name.clone());
                    self.recursive_with_relation(def, alias_s, &mut rels, &mut scope)?;
                }
                FromItem::RecursiveRef { name, alias } => {
                    let alias_s = alias.as_ref().unwrap_or(name).name.clone();
                    self.recursive_ref_relation(name, alias_s, &mut rels, &mut scope)?;
                }
            }
        }
        Ok((rels, scope))
    }

    /// A table read with a SAMPLE clause: a heap table of the catalog,
    /// not partitioned (the lab's limits; Oracle also samples simple
    /// views, IOTs and partitions).
    fn sampled(
        &mut self,
        name: &lio_sql::ast::Ident,
        s: &lio_sql::ast::Sample,
        rel: Option<&Rel>,
    ) -> Result<(), LabError> {
        let cat = self.ctx.cat;
        match rel {
            Some(Rel::Table { table, src, .. })
                if cat.tables[*table].part.is_none()
                    && matches!(cat.tables[*table].storage, crate::catalog::TableStorage::Heap { .. })
                    && cat.table(&name.name).is_some() =>
            {
                self.ext.samples.push((*src, s.clone()));
                Ok(())
            }
            _ => Err(LabError::with(
                ora::LAB_UNSUPPORTED,
                "SAMPLE of a view, DUAL, a partitioned, index-organized or clustered table",
                s.pos,
            )),
        }
    }

    /// A named table or view: DUAL (read, or a row generator), a V$ or
    /// dictionary view, or a table of the catalog.
    fn named_relation(
        &mut self,
        q: &Query,
        name: &lio_sql::ast::Ident,
        alias_s: String,
        rels: &mut Vec<Rel>,
        scope: &mut Vec<ScopeEntry>,
    ) -> Result<(), LabError> {
        let cat = self.ctx.cat;
        let dual_table =
            (name.name == "DUAL" && cat.table("DUAL").is_none() && dual::block_reads_dual(q, &alias_s, cat))
                .then_some(cat.dual);
        if let Some(dual) = dual_table {
            // A column of DUAL is read: TABLE ACCESS FULL of SYS.DUAL
            // (the session created it before planning).
            let t = dual
                .map(|t| &cat.tables[t])
                .ok_or_else(|| LabError::with(ora::LAB_UNSUPPORTED, "DUAL's column here", name.pos))?;
            let src = self.new_source();
            scope.push(self.table_scope(t, src, &alias_s));
            self.src_alias.push((src, alias_s.clone()));
            rels.push(Rel::Table { table: t.id, src, alias: alias_s });
        } else if name.name == "DUAL" && cat.table("DUAL").is_none() {
            self.dual_relation(q, alias_s, rels, scope)?;
        } else if let Some(v) = super::super::fixed::FixedView::lookup(&name.name).or_else(|| {
            super::super::dictionary::DictView::lookup(&name.name).map(super::super::fixed::FixedView::Dict)
        }) {
            if let super::super::fixed::FixedView::Dict(d) = v {
                use crate::exec::dictionary::DictView::{DbaTabIdentityCols, TabIdentityCols};
                if matches!(d, TabIdentityCols | DbaTabIdentityCols) && !self.ctx.profile.sequence_defaults {
                    return Err(LabError::new(ora::TABLE_OR_VIEW_DOES_NOT_EXIST, name.pos));
                }
                // A view's columns are not listed: with views in the
                // schema, the listing would be short.
                if matches!(
                    d,
                    crate::exec::dictionary::DictView::TabColumns | crate::exec::dictionary::DictView::DbaTabColumns
                ) && !cat.views.is_empty()
                {
                    return Err(LabError::with(
                        ora::LAB_UNSUPPORTED,
                        format_args!("{} while the schema has views (their columns are not listed)", d.name()),
                        name.pos,
                    ));
                }
                // A partitioned table's partitions are not listed.
                if matches!(d, DictView::TabStatistics | DictView::DbaTabStatistics)
                    && cat.tables.iter().any(|t| !t.dropped && t.part.is_some())
                {
                    return Err(LabError::with(
                        ora::LAB_UNSUPPORTED,
                        format_args!("{} while the schema has partitioned tables (their partitions' rows)", d.name()),
                        name.pos,
                    ));
                }
                if d.user_form().is_some() && cat.table(&name.name).is_none() {
                    super::dict_owner::check(q, &alias_s, &name.name, cat, self.ctx.user, name.pos)?;
                }
            }
            self.fixed_view_relation(v, alias_s, rels, scope);
        } else {
            if super::super::fixed::FixedView::looks_fixed(&name.name) && cat.table(&name.name).is_none() {
                return Err(LabError::with(
                    ora::LAB_UNSUPPORTED,
                    format!("the dynamic performance view {}", name.name),
                    name.pos,
                ));
            }
            let analyze = super::super::dictionary::DictView::validate_structure_view(&name.name);
            if let Some(what) = analyze.filter(|_| cat.table(&name.name).is_none()) {
                return Err(LabError::with(ora::LAB_UNSUPPORTED, what, name.pos));
            }
            if super::super::dictionary::DictView::looks_dictionary(&name.name) && cat.table(&name.name).is_none() {
                return Err(LabError::with(
                    ora::LAB_UNSUPPORTED,
                    format!(
                        "the data dictionary view {} (served: USER_TABLES, USER_INDEXES, USER_IND_COLUMNS, \
                         USER_TAB_COLUMNS, USER_TAB_COL_STATISTICS, USER_TAB_HISTOGRAMS, USER_SEGMENTS, USER_OBJECTS, \
                         USER_ERRORS, USER_CONSTRAINTS, USER_CONS_COLUMNS, USER_VIEWS, USER_TAB_COMMENTS, USER_COL_COMMENTS, ALL_OBJECTS, DBA_OBJECTS, and the DBA_/ALL_ \
                         forms of TABLES, INDEXES, TAB_COLUMNS, TAB_COL_STATISTICS, TAB_HISTOGRAMS, SEGMENTS, \
                         CONSTRAINTS and CONS_COLUMNS)",
                        name.name
                    ),
                    name.pos,
                ));
            }
            let t = cat.table(&name.name).ok_or_else(|| LabError::new(ora::TABLE_OR_VIEW_DOES_NOT_EXIST, name.pos))?;
            let src = self.new_source();
            if !self.tables.contains(&t.id) {
                self.tables.push(t.id);
            }
            scope.push(self.table_scope(t, src, &alias_s));
            self.src_alias.push((src, alias_s.clone()));
            rels.push(Rel::Table { table: t.id, src, alias: alias_s });
        }
        Ok(())
    }

    /// DUAL not read: FAST DUAL (under a CONNECT BY row generator too).
    fn dual_relation(
        &mut self,
        q: &Query,
        alias_s: String,
        rels: &mut Vec<Rel>,
        scope: &mut Vec<ScopeEntry>,
    ) -> Result<(), LabError> {
        let src = self.new_source();
        scope.push(ScopeEntry { alias: alias_s.clone(), columns: vec![("DUMMY".into(), CExpr::Gen { src, col: 0 })] });
        let _ = q;
        let op = self.op("FAST DUAL", None, 1.0, 2.0, None, "qerfdFetch", OpKind::Dual { src, done: false });
        rels.push(Rel::Fixed { op: Box::new(op), e_rows: 1.0, cost: 2.0, alias: alias_s, row_bytes: 0.0 });
        Ok(())
    }

    /// A V$ view or a data dictionary view: FIXED TABLE FULL, or VIEW.
    fn fixed_view_relation(
        &mut self,
        v: super::super::fixed::FixedView,
        alias_s: String,
        rels: &mut Vec<Rel>,
        scope: &mut Vec<ScopeEntry>,
    ) {
        let src = self.new_source();
        // USER_SEQUENCES: the release's columns (18c has no SHARDED_FLAG).
        let p = self.ctx.profile;
        let v = match v {
            FixedView::Dict(DictView::Sequences) if p.sequence_columns == 12 => FixedView::Dict(DictView::Sequences18),
            FixedView::Dict(DictView::DbaSequences) if p.sequence_columns == 12 => {
                FixedView::Dict(DictView::DbaSequences18)
            }
            // USER_TAB_STATISTICS: 11.2's columns before 12c.
            FixedView::Dict(d @ (DictView::TabStatistics | DictView::DbaTabStatistics))
                if !p.session_private_temp_stats =>
            {
                FixedView::Dict(d.release_11())
            }
            _ => v,
        };
        let mut cols = match v {
            super::super::fixed::FixedView::Dict(d) => d.columns_in(self.ctx.profile.objects_columns),
            _ => v.columns(),
        };
        // A last column the release does not have yet (ENDPOINT_REPEAT_COUNT
        // 12c's, SEGMENT_CREATED 11.2's).
        if let super::super::fixed::FixedView::Dict(d) = v {
            let p = &self.ctx.profile;
            if d.lacks_last_column(p.hybrid_histograms, p.deferred_segment_creation) {
                cols = &cols[..cols.len() - 1];
            }
            match d {
                DictView::Sequences => cols = &cols[..cols.len().min(p.sequence_columns as usize)],
                DictView::DbaSequences => cols = &cols[..cols.len().min(p.sequence_columns as usize + 1)],
                // TAB_COLUMNS' DEFAULT_ON_NULL and IDENTITY_COLUMN are 12.1's.
                DictView::TabColumns | DictView::DbaTabColumns if !p.sequence_defaults => {
                    cols = &cols[..cols.len() - 2]
                }
                _ => {}
            }
        }
        scope.push(ScopeEntry {
            alias: alias_s.clone(),
            columns: cols.iter().enumerate().map(|(col, c)| (c.to_string(), CExpr::Gen { src, col })).collect(),
        });
        // A dictionary view's NUMBER columns are numbers (compared as
        // numbers, and SQL*Plus gives them NUMWIDTH even when NULL).
        if let super::super::fixed::FixedView::Dict(d) = v {
            use super::super::convert::Kind;
            let kinds = d.typed_columns().iter().take(cols.len());
            let kinds =
                kinds
                    .map(|c| {
                        if matches!(c.1, super::super::dictionary::ColType::Num) {
                            Kind::Number
                        } else {
                            Kind::Unknown
                        }
                    })
                    .collect();
            self.set_source_kinds(src, kinds);
        }
        let slot = self.fixed.len();
        self.fixed.push(v);
        self.fixed_src.push(src);
        let kind = OpKind::FixedTable { src, slot, next: 0, filter: Vec::new() };
        let e_rows = v.e_rows();
        let line = if matches!(v, super::super::fixed::FixedView::Dict(_)) { "VIEW" } else { "FIXED TABLE FULL" };
        let op = self.op(line, Some(v.x_table()), e_rows, 0.0, None, "qerfxFetch", kind);
        rels.push(Rel::Fixed {
            op: Box::new(op),
            e_rows,
            cost: 0.0,
            alias: alias_s,
            row_bytes: 20.0 * cols.len() as f64,
        });
    }

    /// XMLTABLE over a range of numbers: a row generator.
    fn xmltable_relation(
        &mut self,
        from: &Expr,
        to: &Expr,
        alias: Option<&lio_sql::ast::Ident>,
        rels: &mut Vec<Rel>,
        scope: &mut Vec<ScopeEntry>,
    ) -> Result<(), LabError> {
        let src = self.new_source();
        let alias_s = alias.as_ref().map(|a| a.name.clone()).unwrap_or_else(|| "XMLTABLE".into());
        scope.push(ScopeEntry {
            alias: alias_s.clone(),
            columns: vec![("COLUMN_VALUE".into(), CExpr::Gen { src, col: 0 })],
        });
        let a = self.compile_expr(from, &[], None)?;
        let b = self.compile_expr(to, &[], None)?;
        let op = self.op(
            "XMLTABLE EVALUATION",
            None,
            8168.0,
            29.0,
            None,
            "qerxtFetch",
            OpKind::RowGen { src, gen: RowGenKind::Range(a, b), next: 0, end: -1, child: None, by_rownum: false },
        );
        rels.push(Rel::Fixed { op: Box::new(op), e_rows: 8168.0, cost: 29.0, alias: alias_s, row_bytes: 2.0 });
        Ok(())
    }

    /// An inline view: merged into the block when it can be, else VIEW.
    fn inline_view(
        &mut self,
        query: &Query,
        alias_s: String,
        view: Option<&str>,
        rels: &mut Vec<Rel>,
        scope: &mut Vec<ScopeEntry>,
    ) -> Result<(), LabError> {
        let sub = self.block(query)?;
        let mergeable = !query.select.iter().any(|s| matches!(s, SelectItem::Expr { expr, .. } if has_aggregate(expr)))
            && query.order_by.is_empty()
            && query.group_by.is_empty()
            && !query.distinct
            && query.union_all.is_empty()
            && query.connect_by.is_none()
            // Oracle never merges a view with analytic functions.
            && !query.select.iter().any(|s| matches!(s, SelectItem::Expr { expr, .. } if super::window::has_analytic(expr)))
            // A view that numbers its rows (ROWNUM in its select list) is never merged:
            // its ROWNUM is its own block's, not the outer block's.
            && !query.select.iter().any(|s| matches!(s, SelectItem::Expr { expr, .. } if super::rownum::any_expr(expr, &|e| matches!(e, Expr::Rownum(_)))));
        if mergeable {
            // View merging: the view's columns are its expressions.
            scope.push(ScopeEntry {
                alias: alias_s.clone(),
                columns: sub.columns.iter().cloned().zip(sub.project.iter().cloned()).collect(),
            });
            rels.push(Rel::Fixed {
                op: Box::new(sub.op),
                e_rows: sub.e_rows,
                cost: sub.cost,
                alias: alias_s,
                row_bytes: sub.row_bytes,
            });
        } else {
            let out = self.new_source();
            self.source_kinds(out, &sub.project);
            scope.push(ScopeEntry {
                alias: alias_s.clone(),
                columns: sub
                    .columns
                    .iter()
                    .cloned()
                    .enumerate()
                    .map(|(i, c)| (c, CExpr::Gen { src: out, col: i }))
                    .collect(),
            });
            let op = self.op(
                "VIEW",
                view,
                sub.e_rows,
                sub.cost,
                Some(sub.e_rows * sub.row_bytes),
                "qervwFetch",
                OpKind::View {
                    numbers: sub.project.iter().any(projects_rownum),
                    child: Box::new(sub.op),
                    exprs: sub.project,
                    out_src: out,
                    count: 0,
                    more: Box::new(crate::exec::view_more::ViewMore { names: sub.columns.clone(), filter: Vec::new() }),
                },
            );
            rels.push(Rel::Fixed {
                op: Box::new(op),
                e_rows: sub.e_rows,
                cost: sub.cost,
                alias: alias_s,
                row_bytes: sub.row_bytes,
            });
        }
        Ok(())
    }
}

/// Whether a compiled expression reads ROWNUM.
fn projects_rownum(e: &CExpr) -> bool {
    matches!(e, CExpr::Rownum) || e.children().into_iter().any(projects_rownum)
}
