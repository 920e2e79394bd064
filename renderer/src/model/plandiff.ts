// Two execution plans side by side (the Compare view's plan diff, issue 35):
// the lines aligned as a unified diff aligns text (longest common
// subsequence of the lines' operation, name and depth), so a line both plans
// have is one row with both sides' figures and their difference, and a line
// only one plan has is a row marked for that side; in a run of changed lines
// A's and B's take turns, so a replaced line reads as a pair.
import type { PlanLine } from '../engine/result.gen';

export interface PlanDiffRow {
  a: PlanLine | null;
  b: PlanLine | null;
  /** Both plans have the line (same operation and object at the same depth). */
  same: boolean;
}

const sig = (p: PlanLine) => `${p.depth}|${p.operation}|${p.name ?? ''}`;

/** Plans longer than this are compared line by line at the same position (the table is quadratic). */
const MAX_LINES = 2000;

export function planDiff(a: PlanLine[], b: PlanLine[]): PlanDiffRow[] {
  if (a.length > MAX_LINES || b.length > MAX_LINES) {
    return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => {
      const x = a[i] ?? null, y = b[i] ?? null;
      return { a: x, b: y, same: !!x && !!y && sig(x) === sig(y) };
    });
  }
  const n = a.length, m = b.length;
  // lcs[i][j]: the longest common run of a[i..] and b[j..].
  const lcs = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i][j] = sig(a[i]) === sig(b[j]) ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
    }
  }
  const rows: PlanDiffRow[] = [];
  let i = 0, j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && sig(a[i]) === sig(b[j])) { rows.push({ a: a[i++], b: b[j++], same: true }); }
    // A's line first where either way keeps the common run (a unified diff's '-' before its '+').
    else if (i < n && (j >= m || lcs[i + 1][j] >= lcs[i][j + 1])) { rows.push({ a: a[i++], b: null, same: false }); }
    else { rows.push({ a: null, b: b[j++], same: false }); }
  }
  return interleave(rows);
}

/** In each run of changed lines, A's and B's lines in turns (a line replaced reads as a pair, as a side-by-side diff shows it). */
function interleave(rows: PlanDiffRow[]): PlanDiffRow[] {
  const out: PlanDiffRow[] = [];
  for (let k = 0; k < rows.length;) {
    if (rows[k].same) { out.push(rows[k++]); continue; }
    const as: PlanDiffRow[] = [], bs: PlanDiffRow[] = [];
    while (k < rows.length && !rows[k].same) (rows[k].a ? as : bs).push(rows[k++]);
    for (let t = 0; t < Math.max(as.length, bs.length); t++) {
      if (as[t]) out.push(as[t]);
      if (bs[t]) out.push(bs[t]);
    }
  }
  return out;
}

/** Whether two plans differ in shape (a line only one of them has). */
export function plansDiffer(rows: PlanDiffRow[]): boolean {
  return rows.some((r) => !r.same);
}
