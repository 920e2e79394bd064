// Writing a file so that nothing half-written is left and nothing is
// written through a symbolic link: the text goes to a temporary file in the
// same folder, which is then linked (never replacing) or renamed (replacing)
// into place. A failed write removes the temporary file; a full disk is
// reported as such (code ENOSPC).

import fs from 'node:fs';
import path from 'node:path';

/** A write refused or failed; `code`: EEXIST, ELOOP (a symbolic link), ENOSPC, or what fs threw. */
export class SafeWriteError extends Error {
  /** @param {string} message @param {string} code @param {string} file */
  constructor(message, code, file) {
    super(message);
    this.name = 'SafeWriteError';
    this.code = code;
    this.file = file;
  }
}

/** @param {unknown} e */
const codeOf = (e) => String(/** @type {NodeJS.ErrnoException} */ (e)?.code ?? '');

/**
 * Write `text` to `file` whole or not at all.
 * @param {string} file
 * @param {string | Uint8Array} text
 * @param {{ overwrite?: boolean }} [opts]  overwrite: replace an existing regular file
 *   (a symbolic link is refused either way)
 */
export function writeFileSafely(file, text, { overwrite = false } = {}) {
  const existing = lstatOrNull(file);
  if (existing?.isSymbolicLink()) throw new SafeWriteError(`${file} is a symbolic link; not written through it`, 'ELOOP', file);
  if (existing && !overwrite) throw new SafeWriteError(`${file} exists; not overwritten`, 'EEXIST', file);
  if (existing && !existing.isFile()) throw new SafeWriteError(`${file} exists and is not a file`, 'EEXIST', file);
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${Math.random().toString(36).slice(2, 10)}.tmp`);
  try {
    const fd = fs.openSync(tmp, 'wx', 0o644);
    try {
      const buf = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
      for (let off = 0; off < buf.length; ) off += fs.writeSync(fd, buf, off, buf.length - off);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    if (overwrite) fs.renameSync(tmp, file);
    else {
      try {
        fs.linkSync(tmp, file); // fails if the name exists, whatever it is: no race with a check
      } catch (e) {
        if (codeOf(e) === 'EEXIST') throw new SafeWriteError(`${file} exists; not overwritten`, 'EEXIST', file);
        // A file system without hard links (FAT): the check above, then a rename.
        if (lstatOrNull(file)) throw new SafeWriteError(`${file} exists; not overwritten`, 'EEXIST', file);
        fs.renameSync(tmp, file);
      }
    }
  } catch (e) {
    if (e instanceof SafeWriteError) throw e;
    const code = codeOf(e);
    if (code === 'ENOSPC' || code === 'EDQUOT') throw new SafeWriteError(`cannot write ${file}: the disk is full (${code})`, 'ENOSPC', file);
    throw e;
  } finally {
    try {
      fs.unlinkSync(tmp);
    } catch {
      /* renamed into place, or never created */
    }
  }
}

/** @param {string} p */
export function lstatOrNull(p) {
  try {
    return fs.lstatSync(p);
  } catch {
    return null;
  }
}
