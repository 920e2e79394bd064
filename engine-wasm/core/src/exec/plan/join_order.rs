//! The join order of a query block, by cost, as Oracle's CBO settles it
//! (`optimizer::join`): unless `ORDERED` fixes the FROM clause's, each
//! left-deep order from the initial one (the tables by increasing
//! single-table cardinality after a `LEADING` hint's) is joined as the
//! block would be (access paths and join methods costed per step), its
//! operators then dropped; an order whose partial cost passes the best
//! one's is abandoned with every order sharing that prefix, an order the
//! block cannot be joined in (an outer-joined or semi-joined table before
//! the tables its conditions read) is passed over, and so is one with a
//! Cartesian product above `_optimizer_search_limit` tables. The cheapest
//! is built.
//! A block with an inline view or another relation built before its join
//! keeps the hints' and FROM clause's order (the lab does not cost a view
//! inside a join order yet).

use super::outer_join::Preds;
use super::relations::Rel;
use super::*;
use crate::cbo_trace::{CboJoinOrderOut, CboTableOut};
use crate::optimizer::join::{self, Permutations};
use std::collections::HashSet;

/// One order joined and dropped: its cost, rows, the step its partial
/// cost passed the limit at, and event 10053's record of it.
struct Dry {
    cost: f64,
    rows: f64,
    aborted: Option<usize>,
    cartesian: bool,
    record: Option<crate::cbo_trace::CboBlockOut>,
}

impl Builder<'_> {
    /// The order to join `rels` in: `hinted` (the hints' and FROM
    /// clause's) when it is fixed, else the cheapest left-deep order.
    pub(super) fn choose_order(
        &mut self,
        q: &Query,
        rels: &[Rel],
        hinted: Vec<usize>,
        p: &Preds,
        (referenced, aggregate_query): (&Option<HashSet<String>>, bool),
    ) -> Vec<usize> {
        let n = rels.len();
        let aliases: Vec<&str> = rels.iter().map(Rel::alias).collect();
        let fixed = join::leading_len(&q.hints, &aliases);
        if n < 2 || join::ordered(&q.hints) || fixed + 1 >= n || rels.iter().any(|r| matches!(r, Rel::Fixed { .. })) {
            return hinted;
        }
        let flags = (referenced, aggregate_query);
        // Each table alone: its cardinality (an outer-joined table cannot
        // lead: last), and event 10053's single-table access of it.
        let mut cards = vec![f64::INFINITY; n];
        let mut singles: Vec<CboTableOut> = Vec::new();
        for (i, card) in cards.iter_mut().enumerate() {
            if let Ok(d) = self.dry_join(q, rels, &[i], p, flags, None) {
                *card = d.rows;
                singles.extend(d.record.and_then(|b| b.tables.into_iter().next()));
            }
        }
        let mut perms = Permutations::new(join::initial_order(&hinted, fixed, &cards), fixed);
        let (mut best, mut orders, mut best_order) = (None::<(f64, Vec<usize>)>, Vec::new(), 0);
        let mut skip = None;
        while let Some(order) = perms.next(skip.take()) {
            let limit = best.as_ref().map(|b| b.0);
            let Ok(d) = self.dry_join(q, rels, &order, p, flags, limit) else { continue };
            skip = d.aborted;
            // Above `_optimizer_search_limit` tables, no Cartesian product.
            let allowed = n <= join::SEARCH_LIMIT || !d.cartesian;
            if allowed && d.aborted.is_none() && limit.is_none_or(|l| d.cost < l) {
                best = Some((d.cost, order));
                best_order = orders.len() + 1;
            }
            if let Some(b) = d.record {
                let aborted = d.aborted.is_some();
                orders.push(CboJoinOrderOut { tables: b.tables, joins: b.joins, cost: d.cost, card: d.rows, aborted });
            }
        }
        if let Some(r) = self.cbo.as_mut() {
            r.orders(singles, orders, best_order, perms.tried);
        }
        best.map_or(hinted, |b| b.1)
    }

    /// Join `rels` in `order` and drop what was built (draft lines, row
    /// source numbers, event 10053's record: kept apart in `Dry::record`);
    /// `limit`: the best order's cost, passed at which the join stops.
    fn dry_join(
        &mut self,
        q: &Query,
        rels: &[Rel],
        order: &[usize],
        p: &Preds,
        (referenced, aggregate_query): (&Option<HashSet<String>>, bool),
        limit: Option<f64>,
    ) -> Result<Dry, LabError> {
        let (drafts, frames, sources) = (self.drafts.len(), self.frames.len(), self.n_sources);
        let tracing = self.cbo.is_some();
        let recorder = std::mem::replace(&mut self.cbo, tracing.then(|| Box::new(cbo::Recorder::for_block(q))));
        let enclosing = std::mem::replace(&mut self.join_limit, limit);
        let mut p = p.clone();
        let joined = self.join(q, rels.to_vec(), order, &mut p, referenced, aggregate_query);
        self.join_limit = enclosing;
        self.drafts.truncate(drafts);
        self.frames.truncate(frames);
        self.n_sources = sources;
        let record = std::mem::replace(&mut self.cbo, recorder).and_then(|r| r.blocks.into_iter().next());
        let j = joined?;
        let (rows, cost) = j.tree.as_ref().map_or((1.0, 0.0), |t| (t.1, t.2));
        Ok(Dry { cost, rows, aborted: j.aborted, cartesian: j.cartesian, record })
    }
}
