// Folded stacks for flame-graph tools (flamegraph.pl, speedscope, inferno):
// one line per stack, `frame;frame;frame weight`, the weight a whole number.
// The engine's weights are microseconds with fractions; here they become
// whole nanoseconds, and each stack starts with a frame naming its step, so
// a script's steps stay apart when their lines are concatenated.

/** @param {string} text */
const frameSafe = (text) => text.replace(/\s+/g, ' ').replace(/;/g, ',').trim();

/**
 * The label frame of a step: `step 3 line 7: select v from t where id = 1`.
 * @param {{ index: number, line: number, statement: string }} step
 */
export function stepFrame(step) {
  const sql = frameSafe(step.statement).replace(/,$/, '');
  return `step ${step.index} line ${step.line}: ${sql.length > 80 ? `${sql.slice(0, 79)}…` : sql}`;
}

/**
 * A step's folded stacks with its label frame and integer weights (ns).
 * Stacks that round to 0 ns are dropped. `server`: the server process's
 * stacks only, their `oracle;` root taken off, as perf on the database host
 * samples them (the client's and the network's stacks left out; the flame
 * view's "server process only").
 * @param {{ index: number, line: number, statement: string, folded?: string[] }} step
 * @param {{ server?: boolean }} [opts]
 * @returns {string[]}
 */
export function foldedLines(step, opts = {}) {
  const label = stepFrame(step);
  /** @type {string[]} */
  const out = [];
  const stacks = step.folded ?? [];
  for (const line of opts.server ? serverStacks(stacks) : stacks) {
    const sp = line.lastIndexOf(' ');
    if (sp <= 0) continue;
    const us = Number(line.slice(sp + 1));
    const ns = Math.round(us * 1000);
    if (!Number.isFinite(ns) || ns <= 0) continue;
    out.push(`${label};${line.slice(0, sp)} ${ns}`);
  }
  return out;
}

/** The server process's root frame (the renderer's `SERVER_ROOT`). */
const SERVER_PREFIX = 'oracle;';

/**
 * The server process's folded stacks, the root frame taken off.
 * @param {string[]} folded
 * @returns {string[]}
 */
export function serverStacks(folded) {
  return folded.filter((l) => l.startsWith(SERVER_PREFIX)).map((l) => l.slice(SERVER_PREFIX.length));
}
