#!/usr/bin/env node
// lio: run a LIO Lab scenario script from the command line.
//
//   npm run --silent lio -- run <script.sql> [--json | --folded [--server]] [--no-echo] [--timeout SECONDS]
//
// The script is read as a stream and run in chunks of whole statements
// (script-stream.mjs); each chunk's steps are printed as soon as it has run,
// so a 500,000-statement or 50 MB script prints as it goes in constant
// memory. The engine runs in a worker thread (engine-worker.mjs), which
// --timeout terminates.
//
// Exit codes: 0 ran (a failing SQL statement is a result, not a failure),
// 1 the engine could not be loaded or failed, 2 usage or file errors,
// 3 stopped by --timeout. Formatting lives in format.mjs.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSort, tkprof, traceFiles } from './tkprof.mjs';
import { formatStep, nextFollowsDirectly } from './format.mjs';
import { inProcessRunner, startEngineWorker } from './engine-node.mjs';
import { openScript, scriptChunksFrom } from './script-stream.mjs';
import { ScriptTextError } from './script-text.mjs';
import { placeSteps } from '../renderer/src/model/script.mjs';
import { foldedLines } from '../renderer/src/reports/folded.mjs';
import { DemoUsageError, checkOutDir, loadReports, playDemo, readWholeScript, writeReports } from './cli-demo.mjs';

export const USAGE = `Usage: lio run [options] [--] <script.sql>
       lio play [--no-wait] [--no-echo] <demo.sql>
       lio tkprof <file.trc> [sort=option,...]
       lio report --out DIR [--format svg|html] [--slide] [--force] [--timeout SECONDS] <script.sql>
       lio --help

Runs a LIO Lab scenario (SQL, PL/SQL, SQL*Plus and LAB commands) on the
simulated engine and prints what SQL*Plus would print, statement by
statement as they run.

Commands:
  run <script.sql>   run the script ('-' reads standard input)
  play <demo.sql>    play a demo (docs/DEMOS.md): narration, each statement's
                     output, published figures next to the simulated ones;
                     a pause waits for Enter (or its seconds)
  report <script>    write, for each query and workload step, the report,
                     structure, flame-graph and statistics SVGs the UI
                     exports (and the device view of a step that used a
                     LAB DEVICE), and print their paths

Options:
  --json             print one JSON document {"lio_lab": version, "steps": [...]}
  --folded           print every step's folded cost stacks ("step n line l: sql;frame;frame
                     weight"), weights in whole nanoseconds, for flame-graph tools
  --server           with --folded: the server process's stacks only, their oracle root
                     taken off, as perf on the database host samples them
  --no-echo          do not echo statements (SQL> ...) in text mode
  --timeout SECONDS  run, report: stop the script after SECONDS (LAB-00035, exit 3;
                     default: no limit)
  --trace-dir DIR    run: write each traced session's SQL trace (event 10046,
                     SQL_TRACE) to DIR as <instance>_ora_<spid>.trc
  sort=option,...    tkprof: order statements by tkprof's sort options
                     (prsela, exeela, fchela, fchqry, execpu, ...)
  --no-wait          play: do not stop at pauses (for CI)
  --out DIR          report: the folder to write into (created if missing)
  --format svg|html  report: SVG files (default), or one HTML page a step
  --slide            report: also a 16:9 (1920x1080) slide of each picture
  --force            report: replace files of the same names in DIR (never
                     through a symbolic link); without it report writes no
                     file over an existing one
  --                 end of options (a script named like an option follows)
  -h, --help         show this help

The script must be UTF-8 text (a byte order mark is dropped); a statement
may be up to 16 MB, the file any size.

Exit status: 0 when the script ran (SQL errors are part of the output),
1 when the engine failed (a trap: one line, after the steps that ran),
2 for usage or file errors (report: an --out that is a symbolic link, a
file that exists without --force, a full disk), 3 when --timeout stopped it.
`;

/** A usage or file problem: one line on stderr, exit code 2. */
export class UsageError extends Error {}

/** Exit codes. */
export const EXIT = Object.freeze({ ok: 0, engine: 1, usage: 2, timeout: 3 });

/**
 * @typedef {{ command: 'help' }
 *   | { command: 'run', file: string, json: boolean, folded: boolean, server?: boolean, echo: boolean, timeout: number | null, traceDir?: string }
 *   | { command: 'tkprof', file: string, sort: string[] }
 *   | { command: 'play', file: string, echo: boolean, noWait: boolean }
 *   | { command: 'report', file: string, out: string, format: 'svg' | 'html', slide: boolean, force?: boolean, timeout?: number }} CliArgs
 */

/**
 * @param {string[]} argv  arguments after `node cli.mjs`
 * @returns {CliArgs}
 */
export function parseArgs(argv) {
  const end = argv.indexOf('--');
  const options = end < 0 ? argv : argv.slice(0, end);
  if (options.includes('--help') || options.includes('-h') || argv[0] === 'help') return { command: 'help' };
  if (argv.length === 0) throw new UsageError('missing command; try `lio --help`');
  const [command] = argv;
  if (command.startsWith('-')) throw new UsageError(`unknown option ${command}`);
  if (command === 'tkprof') return tkprofArgs(argv.slice(1));
  if (command !== 'run' && command !== 'play' && command !== 'report') throw new UsageError(`unknown command ${command}`);
  /** @type {string[]} */
  const positional = [];
  const opts = {
    json: false, folded: false, server: false, echo: true, timeout: /** @type {number | null} */ (null),
    noWait: false, out: /** @type {string | null} */ (null), traceDir: /** @type {string | null} */ (null), format: /** @type {'svg' | 'html'} */ ('svg'), slide: false, force: false,
  };
  /** @param {string} flag @param {...string} cmds */
  const only = (flag, ...cmds) => {
    if (!cmds.includes(command)) throw new UsageError(`${flag} is not an option of ${command}`);
  };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new UsageError(`${flag} needs a value`);
      return v;
    };
    if (flag === '--json') { only(flag, 'run'); opts.json = true; }
    else if (flag === '--folded') { only(flag, 'run'); opts.folded = true; }
    else if (flag === '--server') { only(flag, 'run'); opts.server = true; }
    else if (flag === '--no-echo') { only(flag, 'run', 'play'); opts.echo = false; }
    else if (flag === '--no-wait') { only(flag, 'play'); opts.noWait = true; }
    else if (flag === '--slide') { only(flag, 'report'); opts.slide = true; }
    else if (flag === '--force') { only(flag, 'report'); opts.force = true; }
    else if (flag === '--out') { only(flag, 'report'); opts.out = value(); }
    else if (flag === '--trace-dir') { only(flag, 'run'); opts.traceDir = value(); }
    else if (flag === '--format') {
      only(flag, 'report');
      const v = value();
      if (v !== 'svg' && v !== 'html') throw new UsageError(`invalid --format ${v} (svg or html)`);
      opts.format = v;
    } else if (flag === '--timeout') {
      only(flag, 'run', 'report');
      const v = inline ?? argv[++i];
      if (v === undefined) throw new UsageError('--timeout needs a number of seconds');
      const n = Number(v);
      if (!/^[0-9]+(\.[0-9]+)?$/.test(v) || !(n > 0) || n > 30 * 24 * 3600) throw new UsageError(`invalid --timeout ${v} (seconds, more than 0)`);
      opts.timeout = n;
    } else if (a.startsWith('-') && a !== '-') throw new UsageError(`unknown option ${a}`);
    else positional.push(a);
  }
  if (positional.length === 0) throw new UsageError(`${command} needs a script file`);
  if (positional.length > 1) throw new UsageError(`unexpected argument ${positional[1]}`);
  const file = positional[0];
  if (command === 'play' || command === 'report') {
    if (file === '-') throw new UsageError(`${command} reads a file, not standard input`);
    if (command === 'report' && !opts.out) throw new UsageError('report needs --out DIR');
    return command === 'play'
      ? { command, file, echo: opts.echo, noWait: opts.noWait }
      : {
          command, file, out: /** @type {string} */ (opts.out), format: opts.format, slide: opts.slide,
          // absent unless given (callers compare the parsed arguments)
          ...(opts.force ? { force: true } : {}), ...(opts.timeout !== null ? { timeout: opts.timeout } : {}),
        };
  }
  if (opts.json && opts.folded) throw new UsageError('--json and --folded cannot be combined');
  if (opts.server && !opts.folded) throw new UsageError('--server is an option of --folded');
  return {
    command: 'run', file, json: opts.json, folded: opts.folded, echo: opts.echo, timeout: opts.timeout,
    ...(opts.server ? { server: true } : {}), // absent unless given
    ...(opts.traceDir !== null ? { traceDir: opts.traceDir } : {}),
  };
}

/**
 * `lio tkprof FILE.trc [sort=...]`.
 * @param {string[]} rest
 * @returns {CliArgs}
 */
function tkprofArgs(rest) {
  const files = rest.filter((a) => !/^sort=/i.test(a));
  const sorts = rest.filter((a) => /^sort=/i.test(a));
  if (files.length === 0) throw new UsageError('tkprof needs a trace file');
  if (files.length > 1) throw new UsageError(`unexpected argument ${files[1]}`);
  if (files[0].startsWith('-')) throw new UsageError(`unknown option ${files[0]}`);
  try {
    return { command: 'tkprof', file: files[0], sort: sorts.flatMap((a) => parseSort(a.slice(5))) };
  } catch (e) {
    throw new UsageError(/** @type {Error} */ (e).message);
  }
}

/**
 * `lio tkprof`: the report of a trace file on standard output.
 * @param {{ file: string, sort: string[] }} args @param {(s: string) => void} out
 */
function tkprofCommand(args, out) {
  let text;
  try {
    text = fs.readFileSync(args.file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${args.file}: ${/** @type {Error} */ (e).message}`);
  }
  out(tkprof(text, { traceName: args.file.replace(/^.*[\\/]/, ''), sort: args.sort }));
  return EXIT.ok;
}

/**
 * `--trace-dir`: each traced session's lines into its trace file.
 * @param {string} dir @param {{ sql_trace?: string[] }[]} steps
 */
function writeTraceFiles(dir, steps) {
  const files = traceFiles(steps);
  if (files.size === 0) return;
  fs.mkdirSync(dir, { recursive: true });
  for (const [name, lines] of files) fs.writeFileSync(path.join(dir, name), lines.join('\n') + '\n');
}

/**
 * Printing as steps arrive, in the three output modes. `--json` writes one
 * document in pieces: `{"lio_lab":…,"steps":[` step `,` step … `]}`.
 * @param {{ json: boolean, folded: boolean, server?: boolean, echo: boolean }} args
 * @param {(s: string) => void} out
 */
function createPrinter(args, out) {
  let opened = false;
  let first = true;
  let quiet = false;
  let version = '';
  const open = () => {
    if (opened || !args.json) return;
    opened = true;
    out(`{"lio_lab":${JSON.stringify(version)},"steps":[`);
  };
  return {
    /** @param {string} v */
    version(v) {
      if (!version) version = v;
    },
    /** @param {import('./api.mjs').Step[]} steps */
    steps(steps) {
      open();
      for (const s of steps) {
        if (args.json) {
          out((first ? '' : ',') + JSON.stringify(s));
          first = false;
        } else if (args.folded) {
          const lines = foldedLines(s, { server: args.server });
          if (lines.length) out(lines.join('\n') + '\n');
        } else {
          const block = formatStep(s, { echo: args.echo });
          if (!block.length) continue;
          // After a step that printed only its echo (SET, REM) no blank line, as in SQL*Plus.
          out((first || quiet ? '' : '\n') + block.join('\n') + '\n');
          first = false;
          quiet = nextFollowsDirectly(s);
        }
      }
    },
    /** @param {string | null} stopped  why the run stopped early, if it did */
    end(stopped) {
      open();
      if (args.json) out(`]${stopped ? `,"stopped":${JSON.stringify(stopped)}` : ''}}\n`);
    },
  };
}

/**
 * @typedef {object} CliIo
 * @property {(s: string) => void} out
 * @property {(s: string) => void} err
 * @property {typeof import('./engine-node.mjs').loadNodeEngine} [loadEngine]  run in this thread with this engine (tests)
 * @property {() => import('./engine-node.mjs').EngineRunner} [startEngine]  default: a worker thread
 * @property {NodeJS.ReadableStream} [stdin]
 */

/**
 * The one line for an engine that failed mid-script (a wasm trap), as `run`,
 * `play` and `report` print it after `lio: `.
 * @param {string} msg  the error, one line
 * @param {number} steps  how many steps had finished (and were printed) before it
 * @param {string} [done]  where they are
 */
export function engineFailedLine(msg, steps, done = 'the steps before it are printed above') {
  if (steps === 0) return `the engine failed: ${msg}, at the script's first statement; nothing ran before it`;
  return `the engine failed: ${msg}; ${done}`;
}

/** The script ran past --timeout. */
class TimedOut extends Error {}

/**
 * @param {string[]} argv
 * @param {CliIo} io
 * @returns {Promise<number>} exit code
 */
export async function main(argv, { out, err, loadEngine, startEngine, stdin }) {
  let args;
  let source;
  try {
    args = parseArgs(argv);
    if (args.command === 'help') {
      out(USAGE);
      return EXIT.ok;
    }
    if (args.command === 'tkprof') return tkprofCommand(args, out);
    if (args.command === 'play' || args.command === 'report') return await demoCommand(args, { out, err, loadEngine, startEngine, stdin });
    source = openScript(args.file, stdin ? { stdin } : {});
  } catch (e) {
    if (e instanceof UsageError || e instanceof ScriptTextError || e instanceof DemoUsageError) {
      err(`lio: ${e.message}\n`);
      return EXIT.usage;
    }
    throw e;
  }
  const engine = loadEngine ? inProcessRunner(loadEngine) : (startEngine ?? startEngineWorker)();
  const print = createPrinter(args, out);
  // --timeout: terminating the worker rejects whatever it runs (no Promise.race per chunk:
  // each would stay attached to a never-settled deadline, with its result).
  const seconds = args.timeout;
  let timedOut = false;
  const timer = seconds === null ? undefined : setTimeout(() => {
    timedOut = true;
    engine.terminate();
  }, seconds * 1000);
  const inTime = () => {
    if (timedOut) throw new TimedOut();
  };
  let started = false;
  let printed = 0;
  // --trace-dir: the steps' SQL trace lines, written when the run ends.
  /** @type {{ sql_trace?: string[] }[]} */
  const traced = [];
  const keep = (/** @type {any[]} */ steps) => {
    if (args.traceDir !== undefined) for (const s of steps) if (s.sql_trace) traced.push({ sql_trace: s.sql_trace });
  };
  try {
    print.version((await engine.ready).version);
    started = true;
    for await (const chunk of scriptChunksFrom(source, args.file === '-' ? 'standard input' : args.file)) {
      inTime();
      // Each step is printed (or written to the JSON document) as its statement ends.
      const result = await engine.exec(chunk.text, (step) => {
        printed++;
        keep([step]);
        print.steps(placeSteps([step], chunk.line));
      });
      inTime();
      print.version(result.lio_lab);
      printed += result.steps?.length ?? 0;
      keep(result.steps ?? []);
      print.steps(placeSteps(result.steps ?? [], chunk.line));
    }
    print.end(null);
    return EXIT.ok;
  } catch (e) {
    if (e instanceof TimedOut || timedOut) {
      const msg = `LAB-00035: script stopped after ${seconds} s (--timeout)`;
      // --json stays one document even when the engine had not started yet.
      print.end(msg);
      err(`lio: ${msg}\n`);
      return EXIT.timeout;
    }
    if (e instanceof ScriptTextError) {
      if (started) print.end(e.message);
      err(`lio: ${e.message}\n`);
      return EXIT.usage;
    }
    const msg = String(/** @type {Error} */ (e)?.message ?? e).split('\n')[0];
    if (started) print.end(`the engine failed: ${msg}`);
    err(!started ? `lio: ${msg}\n` : `lio: ${engineFailedLine(msg, printed)}\n`);
    return EXIT.engine;
  } finally {
    clearTimeout(timer);
    engine.terminate();
    if (args.traceDir !== undefined) writeTraceFiles(args.traceDir, traced);
  }
}

/**
 * `play` and `report`: the script is read whole (a demo is small).
 * @param {Extract<CliArgs, { command: 'play' | 'report' }>} args
 * @param {CliIo} io
 * @returns {Promise<number>}
 */
async function demoCommand(args, { out, err, loadEngine, startEngine, stdin }) {
  const script = readWholeScript(args.file);
  const name = args.file.replace(/^.*[\\/]/, '').replace(/\.sql$/i, '');
  const reports = args.command === 'report' ? await loadReports() : null;
  if (args.command === 'report') checkOutDir(args.out);
  const engine = loadEngine ? inProcessRunner(loadEngine) : (startEngine ?? startEngineWorker)();
  // Steps that finished, for the one line a trap prints.
  let steps = 0;
  const counted = {
    ready: engine.ready,
    /** @param {string} text */
    exec: async (text) => {
      const r = await engine.exec(text);
      steps += r.steps?.length ?? 0;
      return r;
    },
    catalog: () => engine.catalog(),
    trace: (/** @type {number} */ i) => engine.trace(i),
  };
  const seconds = args.command === 'report' ? args.timeout ?? null : null;
  let timedOut = false;
  const timer = seconds === null ? undefined : setTimeout(() => {
    timedOut = true;
    engine.terminate();
  }, seconds * 1000);
  try {
    let started = false;
    try {
      await engine.ready;
      started = true;
      if (args.command === 'report') {
        await writeReports(script, { out: args.out, format: args.format, slide: args.slide, name, force: Boolean(args.force) }, { engine: counted, reports, out, err });
        return EXIT.ok;
      }
      return await playWithInput(script, args, name, { out, err, engine: counted, stdin });
    } catch (e) {
      if (e instanceof DemoUsageError) throw e;
      if (timedOut) {
        err(`lio: LAB-00035: script stopped after ${seconds} s (--timeout)\n`);
        return EXIT.timeout;
      }
      const msg = String(/** @type {Error} */ (e)?.message ?? e).split('\n')[0];
      if (!started) {
        err(`lio: ${msg}\n`);
        return EXIT.engine;
      }
      const done = args.command === 'report' ? 'the files of the steps before it are listed above' : 'the steps before it are printed above';
      err(`lio: ${engineFailedLine(msg, steps, done)}\n`);
      return EXIT.engine;
    }
  } finally {
    clearTimeout(timer);
    engine.terminate();
  }
}

/**
 * `lio play`: Enter (or a pause's seconds) between beats.
 * @param {string} script @param {Extract<CliArgs, { command: 'play' }>} args @param {string} name
 * @param {{ out: (s: string) => void, err: (s: string) => void, engine: any, stdin?: NodeJS.ReadableStream }} io
 */
async function playWithInput(script, args, name, { out, err, engine, stdin }) {
  const input = stdin ?? process.stdin;
  /** @type {string[]} */
  const lines = [];
  /** @type {(() => void) | null} */
  let waiting = null;
  let ended = false;
  let listening = false;
  const onData = (/** @type {Buffer | string} */ d) => {
    lines.push(...String(d).split('\n').slice(0, -1));
    if (waiting && lines.length) { lines.shift(); const w = waiting; waiting = null; w(); }
  };
  const onEnd = () => { ended = true; if (waiting) { const w = waiting; waiting = null; w(); } };
  /** @param {number | null} seconds */
  const wait = (seconds) => new Promise((resolve) => {
    if (seconds !== null) { setTimeout(resolve, seconds * 1000); return; }
    if (lines.length) { lines.shift(); resolve(undefined); return; }
    if (ended) { resolve(undefined); return; }
    if (!listening) { listening = true; input.on('data', onData); input.on('end', onEnd); }
    waiting = () => resolve(undefined);
  });
  try {
    return await playDemo(script, { echo: args.echo, noWait: args.noWait, name }, { out, err, engine, wait });
  } finally {
    input.off?.('data', onData);
    input.off?.('end', onEnd);
    /** @type {any} */ (input).pause?.();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === fs.realpathSync(process.argv[1])) {
  process.stdout.on('error', (e) => {
    if (/** @type {NodeJS.ErrnoException} */ (e).code === 'EPIPE') process.exit(0);
    throw e;
  });
  main(process.argv.slice(2), {
    out: (s) => process.stdout.write(s),
    err: (s) => process.stderr.write(s),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      process.stderr.write(`lio: ${e?.stack ?? e}\n`);
      process.exitCode = 1;
    },
  );
}
