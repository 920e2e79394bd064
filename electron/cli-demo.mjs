// `lio play` and `lio report`: a demo played in the terminal, and the UI's
// exports written for every query and workload step of a script.
//
// Both run the script one statement at a time (the engine keeps the trace
// of the most recent steps only, and a pause falls between statements), on
// one engine, so step numbers, lines and traces are those of a Run all.

import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatStep, nextFollowsDirectly } from './format.mjs';
import { REPO_ROOT } from './paths.mjs';
import { decodeScript } from './script-text.mjs';
import { SafeWriteError, lstatOrNull, writeFileSafely } from './safe-write.mjs';
import { positionedChunk } from '../renderer/src/model/script.mjs';
import { compareExpected, parseDemo } from '../renderer/src/model/demo.mjs';

/** A demo or report script is read whole: at most this many bytes. */
export const MAX_DEMO_BYTES = 16 * 1024 * 1024;
/** `lio report` writes files for at most this many steps. */
export const MAX_REPORT_STEPS = 500;
/** The bundle of the UI's report builders (scripts/build.mjs). */
export const REPORTS_BUNDLE = path.join(REPO_ROOT, 'renderer', 'dist-node', 'reports.mjs');

/** A problem with the arguments or the files: one line, exit 2. */
export class DemoUsageError extends Error {}

/** @param {string} file */
export function readWholeScript(file) {
  let st;
  try {
    st = fs.statSync(file);
  } catch {
    throw new DemoUsageError(`no such file: ${file}`);
  }
  if (st.isDirectory()) throw new DemoUsageError(`cannot read ${file}: is a directory`);
  if (st.size > MAX_DEMO_BYTES) throw new DemoUsageError(`${file} is ${st.size} bytes; play and report read at most ${MAX_DEMO_BYTES} (use run for larger scripts)`);
  return decodeScript(fs.readFileSync(file), file);
}

/** @param {string} s @param {number} width */
function wrap(s, width) {
  /** @type {string[]} */
  const lines = [];
  let cur = '';
  for (const w of s.split(/\s+/).filter(Boolean)) {
    if (cur && cur.length + 1 + w.length > width) {
      lines.push(cur);
      cur = w;
    } else cur = cur ? `${cur} ${w}` : w;
  }
  if (cur) lines.push(cur);
  return lines;
}

/** @param {number} v */
const fmt = (v) => v.toLocaleString('en-US', { maximumFractionDigits: 3 });

/**
 * The "simulated vs published" lines of a beat.
 * @param {import('../renderer/src/model/demo.mjs').DemoExpected[]} expected
 * @param {any} step
 * @param {(line: number) => any} [atLine]  the step of the statement at a line (a ratio's other side)
 * @returns {string[]}
 */
export function publishedLines(expected, step, atLine) {
  if (!expected.length) return [];
  const rows = expected.map((e) => compareExpected(e, step, atLine));
  const w = Math.max(...rows.map((r) => r.stat.length), 9);
  return [
    `  ${'statistic'.padEnd(w)}  ${'simulated'.padStart(12)}  ${'published'.padStart(12)}  ${'diff'.padEnd(7)}  source`,
    ...rows.map((r) => `  ${r.stat.padEnd(w)}  ${(r.simulated === null ? '-' : fmt(r.simulated)).padStart(12)}  ${`${r.op === '=' ? '' : `${r.op} `}${fmt(r.published)}`.padStart(12)}  ${(r.match ? '=' : r.delta).padEnd(7)}  ${r.source || '-'}`),
  ];
}

/**
 * @typedef {object} DemoIo
 * @property {(s: string) => void} out
 * @property {(s: string) => void} err
 * @property {{ exec(text: string): Promise<any>, ready: Promise<{ version: string }> }} engine
 * @property {(seconds: number | null) => Promise<void>} wait  null: until the presenter presses Enter
 */

/**
 * Play a demo: narration, then each statement's SQL*Plus output and the
 * published figures next to the simulated ones; pauses wait unless --no-wait.
 * @param {string} script
 * @param {{ echo: boolean, noWait: boolean, name: string }} opts
 * @param {DemoIo} io
 * @returns {Promise<number>} exit code (0, or 2 when a directive cannot be read)
 */
export async function playDemo(script, opts, io) {
  const demo = parseDemo(script);
  if (demo.errors.length) {
    for (const e of demo.errors) io.err(`lio: ${opts.name}:${e.line}:${e.column}: ${e.code}: ${e.message}\n`);
    return 2;
  }
  const beats = new Map(demo.beats.map((b) => [b.statement, b]));
  const rule = '='.repeat(78);
  io.out(`${rule}\n${demo.title || opts.name}\n${rule}\n`);
  let quiet = true;
  /** @type {Map<number, any>} the last step of each statement run, by its line */
  const byLine = new Map();
  for (let i = 0; i <= demo.statements.length; i++) {
    const beat = beats.get(i);
    if (beat?.say.length) {
      io.out('\n' + beat.say.map((s) => wrap(s, 74).map((l) => `  | ${l}`).join('\n')).join('\n  |\n') + '\n');
      quiet = false;
    }
    if (beat?.view) io.out(`  [view: ${beat.view.name}${beat.view.segment ? ` ${beat.view.segment}` : ''}${beat.view.speed ? ` at ${beat.view.speed} ev/s` : ''}]\n`);
    if (beat && beat.pause !== null) {
      io.out(opts.noWait ? `  [pause${beat.pause ? ` ${beat.pause} s` : ''}]\n` : beat.pause ? '' : '  [Enter: next]\n');
      if (!opts.noWait) await io.wait(beat.pause || null);
    }
    if (i === demo.statements.length) break;
    const st = demo.statements[i];
    const result = await io.engine.exec(positionedChunk(st));
    for (const s of result.steps ?? []) {
      const block = formatStep(s, { echo: opts.echo });
      if (block.length) {
        io.out((quiet ? '' : '\n') + block.join('\n') + '\n');
        quiet = nextFollowsDirectly(s);
      }
    }
    const last = (result.steps ?? [])[result.steps.length - 1];
    if (last) byLine.set(st.line, last);
    const pub = publishedLines(beat?.expected ?? [], last, (line) => byLine.get(line));
    if (pub.length) {
      io.out('\n  Simulated vs published\n' + pub.join('\n') + '\n');
      quiet = false;
    }
    if (beat?.highlight.length && last) {
      const runs = last.runs?.length ?? 0;
      io.out(beat.highlight.map((h) => `  >> ${h}: ${fmt(last.stats?.[h] ?? 0)}${runs > 1 ? ` (${runs} runs)` : ''}`).join('\n') + '\n');
      quiet = false;
    }
  }
  io.out(`\n${rule}\nend of ${demo.title || opts.name}\n`);
  return 0;
}

/**
 * `lio report --out DIR`: a folder (created when missing), never a symbolic
 * link to one (the files would land where the link points).
 * @param {string} dir
 */
export function checkOutDir(dir) {
  const st = lstatOrNull(dir);
  if (st?.isSymbolicLink()) throw new DemoUsageError(`--out ${dir} is a symbolic link; give the folder it points to, or another folder`);
  if (st && !st.isDirectory()) throw new DemoUsageError(`--out ${dir} is not a folder`);
}

/**
 * The steps `lio report` writes files for: queries, and LAB RUN workloads
 * (runs, sweeps, sessions).
 * @param {any} s
 */
export function reportable(s) {
  return !s.error && (s.kind === 'query' || (s.kind === 'lab' && ((s.runs?.length ?? 0) > 0 || Boolean(s.sweep) || (s.sessions?.length ?? 0) > 0)));
}

/** @param {any} step @returns {string[]} the export kinds of a step (a sweep has its curve, no structures) */
const kindsOf = (step) => [
  ...(step.sweep ? ['report', 'sweep'] : ['report', 'structure', 'flame', 'stats']),
  ...(step.wait_histograms?.length ? ['waits'] : []),
  ...(step.devices?.length ? ['devices'] : []),
  ...(step.optimizer ? ['why'] : []),
];

/** @returns {Promise<any>} the bundled report builders */
export async function loadReports(bundle = REPORTS_BUNDLE) {
  if (!fs.existsSync(bundle)) throw new DemoUsageError('the report builders are not built (renderer/dist-node/reports.mjs); run `npm run build`');
  return import(pathToFileURL(bundle).href);
}

/** @param {string} s */
const escHtml = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Write, for each query and workload step, the report, structure, flame
 * graph and statistics SVGs the UI exports (same builders, same names);
 * `slide` adds a 16:9 variant of each; `html` writes one page a step with
 * the four pictures inline instead. A SESSIONS workload also gets its
 * Chrome trace-event file, and the script its speedscope profile.
 * @param {string} script
 * Files are written whole or not at all (a temporary file renamed into
 * place), never through a symbolic link, and never over an existing file
 * unless `force`.
 * @param {{ out: string, format: 'svg' | 'html', slide: boolean, name: string, force?: boolean }} opts
 * @param {{ engine: { exec(t: string): any, catalog(): any, trace(i: number): any }, reports: any, out: (s: string) => void, err: (s: string) => void }} io
 *   the engine's methods may return promises (an engine in a worker thread)
 * @returns {Promise<string[]>} the files written
 */
export async function writeReports(script, opts, io) {
  const demo = parseDemo(script);
  checkOutDir(opts.out);
  try {
    fs.mkdirSync(opts.out, { recursive: true });
  } catch (e) {
    throw new DemoUsageError(`cannot create --out ${opts.out}: ${/** @type {Error} */ (e).message}`);
  }
  /** @type {string[]} */
  const written = [];
  const write = (/** @type {string} */ name, /** @type {string} */ text) => {
    const p = path.join(opts.out, name);
    try {
      writeFileSafely(p, text, { overwrite: Boolean(opts.force) });
    } catch (e) {
      if (!(e instanceof SafeWriteError)) throw new DemoUsageError(`cannot write ${p}: ${/** @type {Error} */ (e).message}`);
      if (e.code === 'EEXIST') throw new DemoUsageError(`${p} exists; lio report does not overwrite files (--force replaces them, or choose another --out)`);
      if (e.code === 'ENOSPC') throw new DemoUsageError(`${p} not written: the disk is full; nothing half-written was left. Free some space, then run again`);
      throw new DemoUsageError(`${e.message}; lio report does not write through symbolic links`);
    }
    written.push(p);
    io.out(`${p}\n`);
  };
  let count = 0;
  /** @type {any[]} */
  const profiled = [];
  for (const st of demo.statements) {
    const result = await io.engine.exec(positionedChunk(st));
    for (const step of result.steps ?? []) {
      if (step.folded?.length) profiled.push(step);
      if (!reportable(step)) continue;
      if (++count > MAX_REPORT_STEPS) {
        io.err(`lio: only the first ${MAX_REPORT_STEPS} query and workload steps are reported; the script ran on without more files\n`);
        continue;
      }
      const catalog = await io.engine.catalog();
      const trace = step.trace_events > 0 ? await io.engine.trace(step.index) : null;
      const inputs = { step, catalog, trace };
      /** @type {[string, string][]} */
      const files = [];
      for (const kind of kindsOf(step)) {
        const { svg, name } = io.reports.buildReport(kind, { ...inputs });
        files.push([name, svg]);
      }
      if (opts.format === 'html') {
        const title = `LIO Lab · step #${step.index} · ${step.statement.replace(/\s+/g, ' ').trim()}`;
        const body = files.map(([n, svg]) => `<figure><figcaption>${escHtml(n)}</figcaption>\n${svg.replace(/^<\?xml[^>]*>\s*/, '')}</figure>`).join('\n');
        write(`lio-${io.reports.slug(step.statement)}-${step.index}.html`, `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>${escHtml(title)}</title>` +
          `<style>body{font-family:system-ui,sans-serif;margin:24px}figure{margin:0 0 32px}figcaption{color:#555;margin-bottom:6px}</style></head>\n<body><h1>${escHtml(title)}</h1>\n${body}\n</body></html>\n`);
      } else {
        for (const [name, svg] of files) write(name, svg);
      }
      if (step.sessions?.length) {
        const { json, name } = io.reports.buildProfile('chrome-trace', { runLabel: opts.name, steps: [step], step, trace });
        write(name, json);
      }
      if (opts.slide) {
        // Each kind laid out for 16:9 (the report and the statistics as wide as the slide; the others scaled as they are).
        for (const kind of kindsOf(step)) {
          const { title, footer } = io.reports.slideText(kind, step, opts.name);
          const { svg, name } = io.reports.buildSlide(kind, { ...inputs }, title, footer);
          write(name, svg);
        }
      }
    }
  }
  if (count === 0) io.err(`lio: ${opts.name} has no query or workload step to report\n`);
  else if (profiled.length) {
    const { json, name } = io.reports.buildProfile('speedscope', { runLabel: opts.name, steps: profiled, step: profiled[0] });
    write(name, json);
  }
  return written;
}
