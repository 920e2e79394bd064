// @ts-check
// Demo scripts: a scenario with narration and pacing (docs/DEMOS.md).
//
// A demo is a plain scenario: every directive is a SQL*Plus comment line
// starting with `--@`, so SQL*Plus, the CLI's `run` and the UI's Run all
// ignore them. A directive belongs to the statement that follows it (the
// "beat" of that statement); directives after the last statement form a
// closing beat. Used by `lio play` (electron/cli.mjs), by presenter mode and
// by Run all (which step to select).
//
//   --@ title <text>                        the demo's title (once)
//   --@ say <text>                          narration; consecutive lines form one caption
//   --@ pause [seconds]                     stop before the statement (a key, or the time)
//   --@ view <autotrace|structure|flame|compare|histogram> [segment=NAME] [speed=N] [a=LINE] [b=LINE]
//   --@ highlight <statistic name>          the figure to point at
//   --@ expected <statistic name> = <number> [source <text>]   a published figure
//   --@ expected times faster than line <N> > <number> [source <text>]   a published ratio
//   --@ focus                               this statement carries the point of the sample

import { splitScript } from './script.mjs';

/** Views a beat can ask for. */
export const DEMO_VIEWS = /** @type {const} */ (['autotrace', 'structure', 'flame', 'compare', 'histogram']);

/** Directives a script may hold at most (a bound on the work a pasted script can cause). */
export const MAX_DIRECTIVES = 10_000;

/** Longest pause a directive may ask for, seconds. */
export const MAX_PAUSE_S = 600;

/**
 * @typedef {object} DemoExpected
 * @property {string} stat     Oracle's statistic name (`consistent gets`)
 * @property {number} value    the published figure
 * @property {'=' | '>' | '>=' | '<' | '<='} op  how the published figure reads: equal to it, or more (less) than it
 * @property {string} source   where it was published
 * @property {number} line     the directive's line
 */

/**
 * @typedef {object} DemoView
 * @property {typeof DEMO_VIEWS[number]} name
 * @property {string} [segment]
 * @property {number} [speed]  events per second
 * @property {number} [a]      compare: the line of side A's statement
 * @property {number} [b]      compare: the line of side B's statement
 */

/**
 * @typedef {object} DemoBeat
 * @property {number} statement   index in `statements` (statements.length for the closing beat)
 * @property {number} line        line of the statement (of the last directive for the closing beat)
 * @property {string[]} say       captions, in order
 * @property {number | null} pause  null: no pause; 0: wait for a key; n: wait n seconds
 * @property {DemoView | null} view
 * @property {string[]} highlight
 * @property {DemoExpected[]} expected
 * @property {boolean} focus
 */

/**
 * @typedef {object} DemoError
 * @property {string} code     LAB-nnnnn
 * @property {string} message
 * @property {number} line
 * @property {number} column
 */

/**
 * @typedef {object} Demo
 * @property {string} title
 * @property {import('./script.mjs').ScriptStatement[]} statements
 * @property {DemoBeat[]} beats    only the beats that carry a directive, in script order
 * @property {DemoError[]} errors  directives that could not be read (the rest still plays)
 */

/** @param {number} statement @param {number} line @returns {DemoBeat} */
function emptyBeat(statement, line) {
  return { statement, line, say: [], pause: null, view: null, highlight: [], expected: [], focus: false };
}

const DIRECTIVE = /^[ \t]*--@[ \t]*([A-Za-z]+)\b[ \t]*(.*?)[ \t]*$/;

/**
 * Read a demo script.
 * @param {string} script
 * @returns {Demo}
 */
export function parseDemo(script) {
  const statements = splitScript(script);
  /** @type {Map<number, DemoBeat>} */
  const beats = new Map();
  /** @type {DemoError[]} */
  const errors = [];
  let title = '';
  let offset = 0;
  let lineNo = 0;
  let count = 0;
  let k = 0; // first statement starting after the current line
  let lastSay = -2; // line of the last `say`, to join consecutive ones
  const lines = script.split('\n');
  for (const raw of lines) {
    lineNo++;
    const at = offset;
    offset += raw.length + 1;
    const m = DIRECTIVE.exec(raw);
    if (!m) continue;
    if (++count > MAX_DIRECTIVES) {
      errors.push({ code: 'LAB-00060', message: `more than ${MAX_DIRECTIVES} demo directives; the rest are ignored`, line: lineNo, column: 1 });
      break;
    }
    while (k < statements.length && statements[k].from <= at) k++;
    // A directive inside a statement (a PL/SQL block's comment) belongs to the next one.
    const beat = beats.get(k) ?? emptyBeat(k, k < statements.length ? statements[k].line : lineNo);
    beats.set(k, beat);
    const word = m[1].toLowerCase();
    const arg = m[2];
    const column = raw.indexOf(m[1]) + 1;
    const bad = (/** @type {string} */ message) => errors.push({ code: 'LAB-00061', message, line: lineNo, column });
    switch (word) {
      case 'title':
        title = arg;
        break;
      case 'say':
        if (lastSay === lineNo - 1 && beat.say.length) beat.say[beat.say.length - 1] += ` ${arg}`;
        else beat.say.push(arg);
        lastSay = lineNo;
        break;
      case 'pause': {
        if (!arg) { beat.pause = 0; break; }
        const s = Number(arg.replace(/s$/i, ''));
        if (!/^\d+(\.\d+)?s?$/i.test(arg) || !(s >= 0 && s <= MAX_PAUSE_S)) bad(`pause takes a number of seconds from 0 to ${MAX_PAUSE_S}, not '${arg}'`);
        else beat.pause = s;
        break;
      }
      case 'view': {
        const [name, ...opts] = arg.split(/\s+/).filter(Boolean);
        const v = DEMO_VIEWS.find((x) => x === name?.toLowerCase());
        if (!v) { bad(`view needs one of ${DEMO_VIEWS.join(', ')}`); break; }
        /** @type {DemoView} */
        const view = { name: v };
        for (const o of opts) {
          const [key, val = ''] = o.split('=');
          const num = Number(val);
          if (key.toLowerCase() === 'segment' && /^[A-Za-z][A-Za-z0-9_$#]*$/.test(val)) view.segment = val.toUpperCase();
          else if (key.toLowerCase() === 'speed' && Number.isFinite(num) && num > 0 && num <= 1e6) view.speed = num;
          else if ((key.toLowerCase() === 'a' || key.toLowerCase() === 'b') && Number.isInteger(num) && num > 0) view[/** @type {'a' | 'b'} */ (key.toLowerCase())] = num;
          else bad(`view option '${o}' is not segment=NAME, speed=N, a=LINE or b=LINE`);
        }
        beat.view = view;
        break;
      }
      case 'highlight':
        if (arg) beat.highlight.push(arg);
        else bad('highlight needs a statistic name');
        break;
      case 'expected': {
        const e = /^([^<>=]+?)\s*(>=|<=|=|>|<)\s*(-?[\d,]*\.?\d+)\s*(?:source\s+(.+))?$/i.exec(arg);
        if (!e) { bad("expected reads: --@ expected <statistic> = <number> [source <where published>] (or > < >= <= for a bound)"); break; }
        const op = /** @type {DemoExpected['op']} */ (e[2]);
        beat.expected.push({ stat: e[1].trim(), value: Number(e[3].replace(/,/g, '')), op, source: (e[4] ?? '').trim(), line: lineNo });
        break;
      }
      case 'focus':
        beat.focus = true;
        break;
      default:
        bad(`unknown demo directive '${m[1]}'; expected title, say, pause, view, highlight, expected or focus`);
    }
  }
  const ordered = [...beats.values()].sort((a, b) => a.statement - b.statement);
  return { title, statements, beats: ordered, errors };
}

/**
 * The line of the statement a demo marks with `--@ focus` (the last one), or null.
 * @param {string} script
 * @returns {number | null}
 */
export function focusLine(script) {
  if (!script.includes('--@')) return null;
  const d = parseDemo(script);
  const f = d.beats.filter((b) => b.focus && b.statement < d.statements.length);
  return f.length ? f[f.length - 1].line : null;
}

/**
 * Figures a demo may quote that are not statistics: simulated times in
 * seconds (`elapsed (s)`, and a LAB RUN's `trimmed mean (s)`).
 * @type {Record<string, (s: { elapsed_us: number, trimmed_mean_us?: number }) => number | undefined>}
 */
const TIME_FIGURES = {
  'elapsed (s)': (s) => s.elapsed_us / 1e6,
  'trimmed mean (s)': (s) => (s.trimmed_mean_us === undefined ? undefined : s.trimmed_mean_us / 1e6),
};

/** A step's time for a ratio: a LAB RUN's trimmed mean, else its elapsed time (us). */
const stepTime = (/** @type {{ elapsed_us: number, trimmed_mean_us?: number }} */ s) => s.trimmed_mean_us ?? s.elapsed_us;

/**
 * `times faster than line N [(label)]`: how many times the statement at
 * line N took this statement's time (a published "N times worse than
 * this"); the label in brackets names that statement for the audience.
 * Null when that statement has not run or took no time.
 * @param {string} stat
 * @param {{ elapsed_us: number, trimmed_mean_us?: number }} step
 * @param {((line: number) => { elapsed_us: number, trimmed_mean_us?: number } | null | undefined) | undefined} atLine
 * @returns {number | null | undefined} undefined: not a ratio figure
 */
function ratioFigure(stat, step, atLine) {
  const m = /^times faster than line (\d+)(?:\s*\([^()]*\))?$/i.exec(stat.trim());
  if (!m) return undefined;
  const other = atLine?.(Number(m[1]));
  const mine = stepTime(step);
  if (!other || !(mine > 0)) return null;
  return Math.round((stepTime(other) / mine) * 100) / 100;
}

/** Whether `simulated` reads as the published figure `e` says. */
function holds(/** @type {number} */ simulated, /** @type {DemoExpected} */ e) {
  switch (e.op ?? '=') {
    case '>': return simulated > e.value;
    case '>=': return simulated >= e.value;
    case '<': return simulated < e.value;
    case '<=': return simulated <= e.value;
    default: return simulated === e.value;
  }
}

/**
 * A published figure next to the simulated one: equal (or, for a published
 * bound such as "more than 6 times", within it), or the simulated one's
 * relative difference (`+1.8%`). `atLine` finds the step of another
 * statement, for a ratio (`times faster than line N`).
 * @param {DemoExpected} e
 * @param {{ stats: Record<string, number>, elapsed_us: number, trimmed_mean_us?: number } | null | undefined} step
 * @param {(line: number) => { elapsed_us: number, trimmed_mean_us?: number } | null | undefined} [atLine]
 * @returns {{ stat: string, published: number, op: string, simulated: number | null, source: string, match: boolean, delta: string }}
 */
export function compareExpected(e, step, atLine) {
  const time = /** @type {((s: { elapsed_us: number, trimmed_mean_us?: number }) => number | undefined) | undefined} */ (TIME_FIGURES[e.stat.toLowerCase()]);
  const ratio = step ? ratioFigure(e.stat, step, atLine) : undefined;
  const raw = !step ? null : ratio !== undefined ? ratio : time ? time(step) ?? null : step.stats[e.stat] ?? 0;
  const simulated = raw === null ? null : time ? Math.round(raw * 1000) / 1000 : raw;
  const op = e.op ?? '=';
  const match = simulated !== null && holds(simulated, e);
  let delta = '';
  if (simulated !== null && !match) {
    const pct = e.value === 0 ? 0 : ((simulated - e.value) / Math.abs(e.value)) * 100;
    delta = op !== '=' ? `not ${op} ${e.value}` : e.value === 0 ? 'published 0' : `${simulated >= e.value ? '+' : ''}${pct.toFixed(Math.abs(pct) < 0.1 ? 3 : 1)}%`;
  }
  return { stat: e.stat, published: e.value, op, simulated, source: e.source, match, delta };
}
