// Seeded PRNG for the fuzzer: every case is a pure function of
// (seed, family, case number), so any failure is reproducible alone.

/** A 32-bit hash of a string (MurmurHash3-style mixing). */
export function hash32(str) {
  let h = 0x9e3779b9 ^ str.length;
  for (let i = 0; i < str.length; i++) {
    h = Math.imul(h ^ str.charCodeAt(i), 0x5bd1e995);
    h ^= h >>> 15;
  }
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** sfc32, seeded from a string key. */
export class Rng {
  constructor(key) {
    this.a = hash32(`a:${key}`);
    this.b = hash32(`b:${key}`);
    this.c = hash32(`c:${key}`);
    this.d = 1;
    for (let i = 0; i < 12; i++) this.u32();
  }
  u32() {
    let { a, b, c, d } = this;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    Object.assign(this, { a, b, c, d });
    return t >>> 0;
  }
  /** [0, 1) */
  float() {
    return this.u32() / 4294967296;
  }
  /** integer in [0, n) */
  int(n) {
    return n <= 0 ? 0 : Math.floor(this.float() * n);
  }
  /** integer in [lo, hi] */
  range(lo, hi) {
    return lo + this.int(hi - lo + 1);
  }
  chance(p) {
    return this.float() < p;
  }
  pick(arr) {
    return arr[this.int(arr.length)];
  }
  /** Pick by weight: [[weight, value], ...]. */
  weighted(pairs) {
    const total = pairs.reduce((s, [w]) => s + w, 0);
    let r = this.float() * total;
    for (const [w, v] of pairs) {
      if ((r -= w) < 0) return v;
    }
    return pairs[pairs.length - 1][1];
  }
  /** Small sizes most of the time, occasionally larger (log-uniform). */
  size(max) {
    return Math.floor(Math.exp(this.float() * Math.log(max + 1)));
  }
}
