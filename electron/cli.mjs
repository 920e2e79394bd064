#!/usr/bin/env node
// lio: run a LIO Lab scenario script from the command line.
//
//   npm run --silent lio -- run <script.sql> [--json | --folded] [--no-echo]
//
// Exit codes: 0 ran (a failing SQL statement is a result, not a failure),
// 1 the engine could not be loaded or failed, 2 usage or file errors.
// Formatting lives in format.mjs; this file parses arguments and does I/O.

import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatScriptResult, formatFolded, formatJson } from './format.mjs';
import { loadNodeEngine } from './engine-node.mjs';

export const USAGE = `Usage: lio run <script.sql> [options]
       lio --help

Runs a LIO Lab scenario (SQL, PL/SQL, SQL*Plus and LAB commands) on the
simulated engine and prints what SQL*Plus would print.

Commands:
  run <script.sql>   run the script ('-' reads standard input)

Options:
  --json             print one JSON document {"lio_lab": version, "steps": [...]}
  --folded           print every step's folded cost stacks ("frame;frame weight")
  --no-echo          do not echo statements (SQL> ...) in text mode
  -h, --help         show this help

Exit status: 0 when the script ran (SQL errors are part of the output),
1 when the engine failed, 2 for usage or file errors.
`;

/** A usage or file problem: one line on stderr, exit code 2. */
export class UsageError extends Error {}

/**
 * @typedef {{ command: 'help' } | { command: 'run', file: string, json: boolean, folded: boolean, echo: boolean }} CliArgs
 */

/**
 * @param {string[]} argv  arguments after `node cli.mjs`
 * @returns {CliArgs}
 */
export function parseArgs(argv) {
  if (argv.includes('--help') || argv.includes('-h') || argv[0] === 'help') return { command: 'help' };
  if (argv.length === 0) throw new UsageError('missing command; try `lio --help`');
  const [command, ...rest] = argv;
  if (command.startsWith('-')) throw new UsageError(`unknown option ${command}`);
  if (command !== 'run') throw new UsageError(`unknown command ${command}`);
  /** @type {string[]} */
  const positional = [];
  const opts = { json: false, folded: false, echo: true };
  for (const a of rest) {
    if (a === '--json') opts.json = true;
    else if (a === '--folded') opts.folded = true;
    else if (a === '--no-echo') opts.echo = false;
    else if (a.startsWith('-') && a !== '-') throw new UsageError(`unknown option ${a}`);
    else positional.push(a);
  }
  if (positional.length === 0) throw new UsageError('run needs a script file');
  if (positional.length > 1) throw new UsageError(`unexpected argument ${positional[1]}`);
  if (opts.json && opts.folded) throw new UsageError('--json and --folded cannot be combined');
  return { command: 'run', file: positional[0], ...opts };
}

/**
 * @param {string} file  a path, or '-' for standard input
 * @returns {string}
 */
export function readScript(file) {
  try {
    return fs.readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (e) {
    const err = /** @type {NodeJS.ErrnoException} */ (e);
    if (err.code === 'ENOENT') throw new UsageError(`no such file: ${file}`);
    if (err.code === 'EISDIR') throw new UsageError(`cannot read ${file}: is a directory`);
    throw new UsageError(`cannot read ${file}: ${err.code ?? err.message}`);
  }
}

/**
 * @typedef {object} CliIo
 * @property {(s: string) => void} out
 * @property {(s: string) => void} err
 * @property {typeof loadNodeEngine} [loadEngine]
 */

/**
 * @param {string[]} argv
 * @param {CliIo} io
 * @returns {Promise<number>} exit code
 */
export async function main(argv, { out, err, loadEngine = loadNodeEngine }) {
  let args;
  let script;
  try {
    args = parseArgs(argv);
    if (args.command === 'help') {
      out(USAGE);
      return 0;
    }
    script = readScript(args.file);
  } catch (e) {
    if (e instanceof UsageError) {
      err(`lio: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
  let result;
  try {
    const engine = await loadEngine();
    result = engine.exec(script);
  } catch (e) {
    err(`lio: ${/** @type {Error} */ (e).message}\n`);
    return 1;
  }
  if (args.json) out(formatJson(result));
  else if (args.folded) out(formatFolded(result));
  else out(formatScriptResult(result, { echo: args.echo }));
  return 0;
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
