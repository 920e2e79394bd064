#!/usr/bin/env node
// lio: run a LIO Lab scenario script from the command line.
//
//   npm run --silent lio -- run <script.sql> [--json | --folded] [--no-echo] [--timeout SECONDS]
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
import { fileURLToPath } from 'node:url';
import { formatStep, printsNothing } from './format.mjs';
import { inProcessRunner, loadNodeEngine, startEngineWorker } from './engine-node.mjs';
import { openScript, scriptChunksFrom } from './script-stream.mjs';
import { ScriptTextError } from './script-text.mjs';
import { placeSteps } from '../renderer/src/model/script.mjs';
import { foldedLines } from '../renderer/src/reports/folded.mjs';

export const USAGE = `Usage: lio run [options] [--] <script.sql>
       lio --help

Runs a LIO Lab scenario (SQL, PL/SQL, SQL*Plus and LAB commands) on the
simulated engine and prints what SQL*Plus would print, statement by
statement as they run.

Commands:
  run <script.sql>   run the script ('-' reads standard input)

Options:
  --json             print one JSON document {"lio_lab": version, "steps": [...]}
  --folded           print every step's folded cost stacks ("step n line l: sql;frame;frame
                     weight"), weights in whole nanoseconds, for flame-graph tools
  --no-echo          do not echo statements (SQL> ...) in text mode
  --timeout SECONDS  stop the script after SECONDS (LAB-00035; default: no limit)
  --                 end of options (a script named like an option follows)
  -h, --help         show this help

The script must be UTF-8 text (a byte order mark is dropped); a statement
may be up to 16 MB, the file any size.

Exit status: 0 when the script ran (SQL errors are part of the output),
1 when the engine failed, 2 for usage or file errors, 3 when --timeout
stopped it.
`;

/** A usage or file problem: one line on stderr, exit code 2. */
export class UsageError extends Error {}

/** Exit codes. */
export const EXIT = Object.freeze({ ok: 0, engine: 1, usage: 2, timeout: 3 });

/**
 * @typedef {{ command: 'help' } | { command: 'run', file: string, json: boolean, folded: boolean, echo: boolean, timeout: number | null }} CliArgs
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
  if (command !== 'run') throw new UsageError(`unknown command ${command}`);
  /** @type {string[]} */
  const positional = [];
  const opts = { json: false, folded: false, echo: true, timeout: /** @type {number | null} */ (null) };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      positional.push(...argv.slice(i + 1));
      break;
    }
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    if (flag === '--json') opts.json = true;
    else if (flag === '--folded') opts.folded = true;
    else if (flag === '--no-echo') opts.echo = false;
    else if (flag === '--timeout') {
      const v = inline ?? argv[++i];
      if (v === undefined) throw new UsageError('--timeout needs a number of seconds');
      const n = Number(v);
      if (!/^[0-9]+(\.[0-9]+)?$/.test(v) || !(n > 0) || n > 30 * 24 * 3600) throw new UsageError(`invalid --timeout ${v} (seconds, more than 0)`);
      opts.timeout = n;
    } else if (a.startsWith('-') && a !== '-') throw new UsageError(`unknown option ${a}`);
    else positional.push(a);
  }
  if (positional.length === 0) throw new UsageError('run needs a script file');
  if (positional.length > 1) throw new UsageError(`unexpected argument ${positional[1]}`);
  if (opts.json && opts.folded) throw new UsageError('--json and --folded cannot be combined');
  return { command: 'run', file: positional[0], ...opts };
}

/**
 * Printing as steps arrive, in the three output modes. `--json` writes one
 * document in pieces: `{"lio_lab":…,"steps":[` step `,` step … `]}`.
 * @param {{ json: boolean, folded: boolean, echo: boolean }} args
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
          const lines = foldedLines(s);
          if (lines.length) out(lines.join('\n') + '\n');
        } else {
          const block = formatStep(s, { echo: args.echo });
          if (!block.length) continue;
          // After a step that printed only its echo (SET, REM) no blank line, as in SQL*Plus.
          out((first || quiet ? '' : '\n') + block.join('\n') + '\n');
          first = false;
          quiet = printsNothing(s);
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
 * @property {typeof loadNodeEngine} [loadEngine]  run in this thread with this engine (tests)
 * @property {() => import('./engine-node.mjs').EngineRunner} [startEngine]  default: a worker thread
 * @property {NodeJS.ReadableStream} [stdin]
 */

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
    source = openScript(args.file, stdin ? { stdin } : {});
  } catch (e) {
    if (e instanceof UsageError || e instanceof ScriptTextError) {
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
  try {
    print.version((await engine.ready).version);
    started = true;
    for await (const chunk of scriptChunksFrom(source, args.file === '-' ? 'standard input' : args.file)) {
      inTime();
      const result = await engine.exec(chunk.text);
      inTime();
      print.version(result.lio_lab);
      print.steps(placeSteps(result.steps ?? [], chunk.line));
    }
    print.end(null);
    return EXIT.ok;
  } catch (e) {
    if (e instanceof TimedOut || timedOut) {
      const msg = `LAB-00035: script stopped after ${seconds} s (--timeout)`;
      if (started) print.end(msg);
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
    err(started ? `lio: the engine failed: ${msg}; the steps before it are printed above\n` : `lio: ${msg}\n`);
    return EXIT.engine;
  } finally {
    clearTimeout(timer);
    engine.terminate();
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
