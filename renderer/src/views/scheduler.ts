// One requestAnimationFrame scheduler for every redraw (speedscope-style):
// views ask for a frame; all requests in one frame run together. Animators
// (playback) return true while they want the next frame too.

type Job = (now: number, dt: number) => void;
type Animator = (now: number, dt: number) => boolean;

const jobs = new Map<string, Job>();
const animators = new Map<string, Animator>();
let scheduled = false;
let last = 0;
const frameListeners = new Set<(ms: number) => void>();

function frame(now: number) {
  scheduled = false;
  const dt = last ? now - last : 16.7;
  last = now;
  const t0 = performance.now();
  for (const [k, a] of animators) { if (!a(now, dt)) animators.delete(k); }
  const run = [...jobs.values()];
  jobs.clear();
  for (const j of run) j(now, dt);
  const spent = performance.now() - t0;
  for (const l of frameListeners) l(spent);
  if (animators.size || jobs.size) schedule(); else last = 0;
}

function schedule() {
  if (!scheduled) { scheduled = true; requestAnimationFrame(frame); }
}

/** Redraw `key` on the next frame (requests merge). */
export function requestRedraw(key: string, job: Job) { jobs.set(key, job); schedule(); }

/** Run `a` every frame until it returns false or is stopped. */
export function startAnimator(key: string, a: Animator) { animators.set(key, a); schedule(); }
export function stopAnimator(key: string) { animators.delete(key); }

/** Frame work time in ms, for the perf script (window.__lioFrameTimes). */
export function onFrame(l: (ms: number) => void) { frameListeners.add(l); return () => frameListeners.delete(l); }

declare global { interface Window { __lioFrameStats?: { work: number[]; frames: number[] } } }
if (typeof window !== 'undefined') {
  const stats = { work: [] as number[], frames: [] as number[] };
  window.__lioFrameStats = stats;
  onFrame((ms) => { if (stats.work.length < 20000) stats.work.push(ms); });
}
