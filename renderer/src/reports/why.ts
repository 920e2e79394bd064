// "Why this plan" (event 10053's record, `Step.optimizer`) -> SVG: per
// query block, each table's statistics and every access path the optimizer
// costed, as bars of their cost with the winner marked and the formula each
// cost came from; then the join steps and the final cost. The UI draws the
// same rows (views/WhyPlan.tsx) from `whyRows`.
import type { OptimizerBlock, OptimizerJoin, OptimizerPath, OptimizerTable, OptimizerTrace } from '../engine/result.gen';
import { esc, MONO, n, REPORT_COLORS, svgDocument, text, truncate, wrapWords } from './svg';

/** A path's cost as the trace compares it (three decimals). */
export function costText(c: number): string {
  return c.toFixed(3);
}

/** A join step in a sentence: the method taken, its rows and cost, and the
 * other method's cost when both were costed (event 10053's NL Join and
 * HA Join). */
export function joinLine(j: OptimizerJoin): string {
  const rows = `${Math.round(j.outer_card)} outer rows × ${Math.round(j.inner_card)} rows × sel ${j.sel.toPrecision(4)} = ${Math.round(j.card)} rows`;
  if (j.method === 'Hash') {
    const nl = j.nl_cost === null || j.nl_cost === undefined ? '' : `; a nested loop would cost ${costText(j.nl_cost)}`;
    return `Hash join into ${j.inner}: ${rows}; cost ${costText(j.outer_cost)} (build) + ${costText(j.inner_cost)} (probe, ${Math.round(j.probe_card)} rows) + hashing = ${costText(j.cost)}${nl}`;
  }
  if (j.method === 'SortMerge') {
    const nl = j.nl_cost === null || j.nl_cost === undefined ? '' : `; a nested loop would cost ${costText(j.nl_cost)}`;
    return `Merge join cartesian into ${j.inner} (no join predicate): ${rows}; its rows buffered once (BUFFER SORT), cost ${costText(j.cost)}${nl}`;
  }
  const hash = j.hash_cost === null || j.hash_cost === undefined ? '' : `; a hash join would cost ${costText(j.hash_cost)}`;
  return `NL join into ${j.inner}: ${rows}; cost ${costText(j.outer_cost)} + ${Math.round(j.outer_card)} × inner = ${costText(j.cost)}${hash}`;
}

/** A join order considered, as the view lists it: its place, tables, cost
 * and verdict (the chosen one, abandoned when a partial cost passed the
 * best's, or dearer by how much). */
export interface OrderRow { n: number; tables: string; cost: number; chosen: boolean; verdict: string }

export function orderRows(b: OptimizerBlock): OrderRow[] {
  const best = b.orders[b.best_order - 1];
  return b.orders.map((o, i) => {
    const chosen = i === b.best_order - 1;
    const verdict = chosen ? 'chosen: the cheapest'
      : o.aborted ? 'abandoned: a partial cost passed the best so far'
        : `not taken: ${costText(o.cost - (best ? best.cost : 0))} more`;
    return { n: i + 1, tables: o.tables.map((t) => `${t.name}[${t.alias}]`).join(' → '), cost: o.cost, chosen, verdict };
  });
}

/** One candidate as both views show it: its label, cost, and how it fares against the winner. */
export interface WhyRow {
  label: string; path: OptimizerPath; chosen: boolean; cost: number;
  /** "chosen", "+28.0 more than the chosen", "hinted: taken whatever it costs". */
  verdict: string;
}

export function pathLabel(p: OptimizerPath): string {
  return p.index ? `${p.access} ${p.index}` : p.access;
}

/** The table's candidates, cheapest first, the chosen one marked. Under a nested loop the costs compared are the NL costs. */
export function whyRows(t: OptimizerTable): WhyRow[] {
  const best = t.paths[t.best];
  const costOf = (p: OptimizerPath) => p.nl_cost ?? p.cost;
  const rows = t.paths.map((p, i) => {
    const chosen = i === t.best;
    const d = costOf(p) - (best ? costOf(best) : 0);
    const verdict = chosen
      ? (p.forced ? 'chosen (hinted or a bound unique key: taken without comparing costs)' : 'chosen: the cheapest')
      : p.refused ? 'hint refused'
        : best?.forced ? 'not taken: the chosen path is forced'
          : d === 0 ? 'not taken: equal cost, lost the tie' : `not taken: ${costText(d)} more`;
    return { label: pathLabel(p), path: p, chosen, cost: costOf(p), verdict };
  });
  return rows.sort((a, b) => a.cost - b.cost);
}

/** The table's statistics in a line: what every cost above came from. */
export function tableStatsLine(t: OptimizerTable): string {
  if (t.view) return `${t.name}: a view or generator, ${Math.round(t.card_original)} rows, cost ${costText(t.view_cost)}`;
  return `NUM_ROWS ${t.num_rows} · BLOCKS ${t.blocks} · AVG_ROW_LEN ${t.avg_row_len}${t.gathered ? '' : ' (not analyzed: computed from the rows)'}`;
}

export function indexStatsLines(t: OptimizerTable): string[] {
  return t.indexes.map((ix) => `${ix.name} (${ix.column_names.join(', ')}): BLEVEL ${ix.blevel} · LEAF_BLOCKS ${ix.leaf_blocks} · DISTINCT_KEYS ${ix.distinct_keys} · CLUSTERING_FACTOR ${ix.clustering_factor}`);
}

export function columnStatsLines(t: OptimizerTable): string[] {
  // With a histogram the dictionary's DENSITY is Oracle's OldDensity; the optimizer costs a value the histogram does not hold with NewDensity.
  const density = (c: OptimizerTable['columns'][number]) => (c.histogram && c.old_density !== undefined && c.old_density !== null
    ? `DENSITY ${c.old_density.toFixed(6)} · ${c.histogram} histogram, NewDensity ${c.density.toFixed(6)}`
    : `DENSITY ${c.density.toFixed(6)}`);
  return t.columns.map((c) => `${c.name}: NDV ${c.ndv} · NULLS ${c.nulls} · ${density(c)}${c.min !== null && c.max !== null && c.min !== undefined && c.max !== undefined ? ` · LOW ${c.min} · HIGH ${c.max}` : ''}`);
}

/** The whole record as an SVG picture. */
export function whySvg(tr: OptimizerTrace, title: string): string {
  const C = REPORT_COLORS;
  const W = 980, pad = 16, labelW = 300, barX = pad + labelW + 8, barW = 220;
  const parts: string[] = [];
  let y = 28;
  parts.push(text(pad, y, title, `font-size="15" font-weight="600" fill="${C.text}"`));
  y += 18;
  parts.push(text(pad, y, `Event 10053 · ${tr.system.kind} system statistics: SREADTIM ${tr.system.sreadtim} ms, MREADTIM ${tr.system.mreadtim} ms, MBRC ${tr.system.mbrc}, CPUSPEED ${tr.system.cpuspeed}`, `font-size="11.5" fill="${C.muted}"`));
  for (const b of tr.blocks) {
    y += 26;
    parts.push(text(pad, y, `Query block ${b.name} · final cost ${Math.round(b.cost)} · ${Math.round(b.card)} rows · join order: ${b.tables.map((t) => `${t.name}[${t.alias}]`).join(' → ')} (${b.join_order_source})`, `font-size="13" font-weight="600" fill="${C.text}"`));
    for (const t of b.tables) {
      y += 22;
      parts.push(text(pad, y, `${t.name} ${t.alias !== t.name ? t.alias : ''}${t.inner ? ' — inner table of a nested loop (costs are NL costs)' : ''}`, `font-size="12.5" font-weight="600" fill="${C.text}"`));
      for (const line of [tableStatsLine(t), ...indexStatsLines(t), ...columnStatsLines(t)]) {
        y += 15;
        parts.push(text(pad + 10, y, truncate(line, W - 2 * pad - 10, 11, true), `font-family="${esc(MONO)}" font-size="11" fill="${C.muted}"`));
      }
      const rows = whyRows(t);
      const max = Math.max(1e-9, ...rows.map((r) => r.cost));
      for (const r of rows) {
        y += 22;
        const w = Math.max(2, (r.cost / max) * barW);
        const fill = r.chosen ? C.accent : C.stroke;
        parts.push(`<g class="why-path" data-chosen="${r.chosen}" data-cost="${n(r.cost)}"><title>${esc(`${r.label}: ${r.path.formula}`)}</title>` +
          text(pad + 10, y, truncate(`${r.chosen ? '✔ ' : '   '}${r.label}`, labelW - 10, 12), `font-size="12" fill="${C.text}"${r.chosen ? ' font-weight="600"' : ''}`) +
          `<rect x="${n(barX)}" y="${n(y - 11)}" width="${n(w)}" height="13" fill="${fill}"/>` +
          text(barX + w + 6, y, truncate(`${costText(r.cost)}  (I/O ${r.path.io}, CPU ${Math.round(r.path.cpu)})  ${r.verdict}`, W - pad - (barX + w + 6), 11.5), `font-size="11.5" fill="${r.chosen ? C.text : C.muted}"`) + '</g>');
        // The formula on up to three lines (monospace: a little wider than wrapWords' sans estimate).
        for (const line of wrapWords(r.path.formula, (W - 2 * pad - 22) * 0.9, 10.5, 3)) {
          y += 14;
          parts.push(text(pad + 22, y, line, `font-family="${esc(MONO)}" font-size="10.5" fill="${C.muted}"`));
        }
      }
    }
    for (const j of b.joins) {
      y += 20;
      parts.push(text(pad, y, joinLine(j), `font-size="11.5" fill="${C.text}"`));
    }
    if (b.orders.length > 0) {
      y += 22;
      parts.push(text(pad, y, `Join orders considered (${b.permutations} join permutations tried)`, `font-size="12" font-weight="600" fill="${C.text}"`));
      for (const r of orderRows(b)) {
        y += 16;
        parts.push(`<g class="why-order" data-chosen="${r.chosen}" data-cost="${n(r.cost)}">` +
          text(pad + 10, y, truncate(`${r.chosen ? '✔' : ' '} ${r.n}. ${r.tables}`, labelW + 120, 11.5), `font-size="11.5" fill="${C.text}"${r.chosen ? ' font-weight="600"' : ''}`) +
          text(pad + labelW + 140, y, truncate(`${costText(r.cost)}  ${r.verdict}`, W - pad - (pad + labelW + 140), 11.5), `font-size="11.5" fill="${r.chosen ? C.text : C.muted}"`) + '</g>');
      }
    }
  }
  y += 10;
  for (const line of wrapWords('Left-deep join orders are costed from the tables by increasing cardinality (after LEADING; ORDERED keeps the FROM clause\'s), an order abandoned once its partial cost passes the best; a block with an inline view keeps its FROM order.', W - 2 * pad, 11, 2)) {
    y += 14;
    parts.push(text(pad, y, line, `font-size="11" fill="${C.muted}"`));
  }
  return svgDocument(W, y + 16, title, parts.join('\n') + '\n', 'LIO Lab: why this plan (the optimizer\'s candidates and their costs, event 10053)');
}
