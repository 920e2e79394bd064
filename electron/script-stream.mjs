// A script file as a stream of chunks for the engine (the CLI's input side).
//
//   bytes (fs/stdin stream, 64 KB reads)
//     -> createScriptDecoder   UTF-8, BOM dropped, binary refused (script-text.mjs)
//     -> text buffer           only what has not been run yet
//     -> splitScript           every statement but the last is complete
//     -> chunkStatements       runs of whole statements, positions in script lines
//
// The same splitter and chunker as the UI's (renderer/src/model/script.mjs),
// so the CLI never holds the whole file nor the whole result: a 50 MB script
// runs in constant memory and prints as it goes. A single statement longer
// than MAX_STATEMENT_CHARS (an unterminated quote or comment, usually) is
// refused with one line.

import fs from 'node:fs';
import { chunkStatements, positionAfter, splitScript } from '../renderer/src/model/script.mjs';
import { ScriptTextError, createScriptDecoder } from './script-text.mjs';

/** The longest statement the CLI reads (characters). */
export const MAX_STATEMENT_CHARS = 16 * 1024 * 1024;
/** Text gathered before looking for complete statements (characters). */
const CUT_EVERY_CHARS = 256 * 1024;

/** @typedef {import('../renderer/src/model/script.mjs').ScriptChunk} ScriptChunk */

const utf8 = new TextEncoder();
const unutf8 = new TextDecoder();
/** A string that shares no memory with the one it came from. @param {string} s */
const copyString = (s) => (s.length ? unutf8.decode(utf8.encode(s)) : '');

/**
 * Chunks of a script arriving as byte chunks.
 * @param {AsyncIterable<Uint8Array>} source
 * @param {string} name  the file, for messages
 * @param {{ maxStatementChars?: number }} [opts]
 * @returns {AsyncGenerator<ScriptChunk>}
 */
export async function* scriptChunksFrom(source, name, { maxStatementChars = MAX_STATEMENT_CHARS } = {}) {
  const decoder = createScriptDecoder(name);
  let buf = '';
  let origin = { line: 1, column: 1 };
  /** @param {boolean} final @returns {Generator<ScriptChunk>} */
  function* cut(final) {
    const stmts = splitScript(buf);
    const complete = final ? stmts : stmts.slice(0, -1);
    if (complete.length) {
      const chunks = chunkStatements(buf, complete, { start: 0, origin, ...(final ? { end: buf.length } : {}) });
      const end = chunks[chunks.length - 1].end;
      const next = positionAfter(buf, end, origin);
      // A copy, not a slice: V8 slices keep their whole parent string alive, and each
      // buffer would hold the one before it (the whole file, in the end).
      buf = copyString(buf.slice(end));
      origin = next;
      yield* chunks;
    }
    if (!final && buf.length > maxStatementChars) {
      throw new ScriptTextError(
        `${name}: the statement at line ${origin.line} is longer than ${Math.round(maxStatementChars / 1024 / 1024)} MB (an unterminated quote or comment?)`,
      );
    }
  }
  let cutAt = CUT_EVERY_CHARS;
  for await (const bytes of source) {
    buf += decoder.push(bytes);
    if (buf.length < cutAt) continue;
    yield* cut(false);
    // A statement still open after a cut is not scanned again until its text has doubled.
    cutAt = Math.max(CUT_EVERY_CHARS, 2 * buf.length);
  }
  buf += decoder.end();
  yield* cut(true);
}

/**
 * The byte stream of a script path ('-' = standard input), with file errors
 * as one-line ScriptTextErrors.
 * @param {string} file
 * @param {{ stdin?: NodeJS.ReadableStream }} [opts]
 * @returns {AsyncIterable<Uint8Array>}
 */
export function openScript(file, { stdin = process.stdin } = {}) {
  if (file === '-') return /** @type {AsyncIterable<Uint8Array>} */ (stdin);
  let st;
  try {
    st = fs.statSync(file);
  } catch (e) {
    const err = /** @type {NodeJS.ErrnoException} */ (e);
    if (err.code === 'ENOENT') throw new ScriptTextError(`no such file: ${file}`);
    throw new ScriptTextError(`cannot read ${file}: ${err.code ?? err.message}`);
  }
  if (st.isDirectory()) throw new ScriptTextError(`cannot read ${file}: is a directory`);
  return {
    async *[Symbol.asyncIterator]() {
      const stream = fs.createReadStream(file, { highWaterMark: 64 * 1024 });
      try {
        for await (const c of stream) yield /** @type {Uint8Array} */ (c);
      } catch (e) {
        const err = /** @type {NodeJS.ErrnoException} */ (e);
        throw new ScriptTextError(`cannot read ${file}: ${err.code ?? err.message}`);
      } finally {
        stream.destroy();
      }
    },
  };
}
