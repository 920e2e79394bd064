// The statistics a DBA does in R on two sets of samples (issue 35, "the
// statistics the seed does in R"; seed 004 compares log file sync times by a
// t-test): Welch's two-sample t-test with its p-value and confidence interval
// (R's t.test, var.equal = FALSE), percentiles (R's quantile, type 7),
// Pearson's correlation and the least-squares line (R's cor and lm), and the
// samples as CSV that R's read.csv and pandas' read_csv read as they are.

export interface Welch {
  meanA: number; meanB: number;
  /** t statistic of mean(A) - mean(B). */
  t: number;
  /** Welch-Satterthwaite degrees of freedom. */
  df: number;
  /** Two-sided p-value. */
  p: number;
  /** The confidence interval of mean(A) - mean(B) at `level`. */
  ci: [number, number];
  level: number;
}

const mean = (x: number[]) => x.reduce((a, v) => a + v, 0) / x.length;
const variance = (x: number[], m = mean(x)) => x.reduce((a, v) => a + (v - m) ** 2, 0) / (x.length - 1);

/** ln Γ(x), Lanczos (g = 7, 9 terms): 15 digits for x > 0. */
function lnGamma(x: number): number {
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
    12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  x -= 1;
  let a = c[0];
  const t = x + 7.5;
  for (let i = 1; i < 9; i++) a += c[i] / (x + i);
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(a);
}

/** The continued fraction of the incomplete beta function (Lentz's method). */
function betaFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  let c = 1, d = 1 - ((a + b) * x) / (a + 1);
  d = 1 / (Math.abs(d) < tiny ? tiny : d);
  let h = d;
  for (let m = 1; m <= 300; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2));
    d = 1 + aa * d; d = 1 / (Math.abs(d) < tiny ? tiny : d);
    c = 1 + aa / c; if (Math.abs(c) < tiny) c = tiny;
    h *= d * c;
    aa = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1));
    d = 1 + aa * d; d = 1 / (Math.abs(d) < tiny ? tiny : d);
    c = 1 + aa / c; if (Math.abs(c) < tiny) c = tiny;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1) < 1e-15) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b). */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log(1 - x));
  return x < (a + 1) / (a + b + 2) ? (front * betaFraction(a, b, x)) / a : 1 - (front * betaFraction(b, a, 1 - x)) / b;
}

/** P(T <= t) for Student's t with `df` degrees of freedom. */
export function studentCdf(t: number, df: number): number {
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** The t with P(T <= t) = q (bisection on the CDF: 60 halvings, far below the digits printed). */
export function studentQuantile(q: number, df: number): number {
  let lo = -1e3, hi = 1e3;
  for (let i = 0; i < 200 && hi - lo > 1e-12; i++) {
    const mid = (lo + hi) / 2;
    if (studentCdf(mid, df) < q) lo = mid; else hi = mid;
  }
  return (lo + hi) / 2;
}

/** Welch's two-sample t-test of mean(a) - mean(b), two-sided, as R's t.test(a, b). Each side needs 2 samples or more. */
export function welchTest(a: number[], b: number[], level = 0.95): Welch | null {
  if (a.length < 2 || b.length < 2) return null;
  const ma = mean(a), mb = mean(b);
  const va = variance(a, ma) / a.length, vb = variance(b, mb) / b.length;
  const se = Math.sqrt(va + vb);
  if (!(se > 0)) return null;
  const t = (ma - mb) / se;
  const df = (va + vb) ** 2 / (va ** 2 / (a.length - 1) + vb ** 2 / (b.length - 1));
  const p = 2 * studentCdf(-Math.abs(t), df);
  const q = studentQuantile(1 - (1 - level) / 2, df);
  return { meanA: ma, meanB: mb, t, df, p, ci: [ma - mb - q * se, ma - mb + q * se], level };
}

/** The `p` quantile (0..1) as R's quantile(x, p) (type 7: linear between order statistics). */
export function percentile(x: number[], p: number): number {
  if (!x.length) return NaN;
  const s = [...x].sort((u, v) => u - v);
  const h = (s.length - 1) * p, lo = Math.floor(h);
  return lo + 1 < s.length ? s[lo] + (h - lo) * (s[lo + 1] - s[lo]) : s[lo];
}

/** Pearson's r, and the least-squares line y = intercept + slope x (R's cor(x, y) and coef(lm(y ~ x))). */
export function correlation(x: number[], y: number[]): { r: number; intercept: number; slope: number } | null {
  const n = Math.min(x.length, y.length);
  if (n < 2) return null;
  const mx = mean(x.slice(0, n)), my = mean(y.slice(0, n));
  let sxy = 0, sxx = 0, syy = 0;
  for (let i = 0; i < n; i++) { sxy += (x[i] - mx) * (y[i] - my); sxx += (x[i] - mx) ** 2; syy += (y[i] - my) ** 2; }
  if (!(sxx > 0) || !(syy > 0)) return null;
  const slope = sxy / sxx;
  return { r: sxy / Math.sqrt(sxx * syy), intercept: my - slope * mx, slope };
}

/** Samples as CSV, one row a sample: a header line, columns `side,sample,<names>`, numbers as JavaScript prints them (R and pandas read them as numbers). */
export function samplesCsv(columns: string[], sides: { side: string; rows: number[][] }[]): string {
  const q = (s: string) => (/[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const lines = [['side', 'sample', ...columns].map(q).join(',')];
  for (const s of sides) s.rows.forEach((r, i) => lines.push([q(s.side), String(i + 1), ...r.map((v) => (Number.isFinite(v) ? String(v) : 'NA'))].join(',')));
  return `${lines.join('\n')}\n`;
}
