// The run history's store as the host services use it: every read and write
// goes through here, and a damaged file (SQLite found a corrupt page) is
// found once and then refused for writing, with the sentence saying what to
// do; `startNew` moves a damaged file aside for an empty one.

import fs from 'node:fs';
import { openStore } from './store.mjs';
import { HostError, writeFailure } from './checks.mjs';

/**
 * @param {{ dataDir: string, now?: () => Date, readOnly: boolean }} opts
 */
export function createStoreGuard({ dataDir, now, readOnly }) {
  let store = openStore({ dataDir, now, readOnly });
  /**
   * Why the history file is damaged (SQLite found a corrupt page), once a
   * read, a write or the check before the first write found it: from then on
   * nothing is written into it.
   * @type {string | null}
   */
  let damaged = null;
  /** Whether quick_check ran before this session's first write. */
  let checked = readOnly;
  /** @param {unknown} e */
  const isCorrupt = (e) => /^SQLITE_(CORRUPT|NOTADB)/.test(String(/** @type {any} */ (e)?.code ?? ''));
  /** @param {string} what */
  const damagedError = (what) =>
    new HostError(
      503,
      `${what}: the run history ${store.path} is damaged (${damaged}); nothing more is written into it. ` +
        'Start a new history (the damaged file is moved aside, kept next to it), restore a backup of it, ' +
        'or open it read-only (--read-only, or LIO_DB_READONLY=1) to read what is left',
    );
  /**
   * A corrupt page found by a read or a write marks the history damaged and
   * becomes the HostError naming it and the fix; other errors pass.
   * @param {unknown} e @param {string} what
   */
  const throwIfCorrupt = (e, what) => {
    if (!isCorrupt(e)) return;
    damaged = /** @type {Error} */ (e).message;
    throw damagedError(what);
  };
  /**
   * Run a read against the store; a damaged file becomes a HostError naming it and the fix.
   * @template T @param {string} what @param {() => T} fn @returns {T}
   */
  const read = (what, fn) => {
    try {
      return fn();
    } catch (e) {
      throwIfCorrupt(e, what);
      const code = String(/** @type {any} */ (e)?.code ?? '');
      if (code.startsWith('SQLITE_')) throw new HostError(503, `${what}: reading ${store.path} failed (${/** @type {Error} */ (e).message}, ${code}); Retry, or move the file aside`);
      throw e;
    }
  };
  /**
   * Run a write against the store; failures become HostErrors that say what to do.
   * @template T @param {string} what @param {() => T} fn @returns {T}
   */
  const write = (what, fn) => {
    if (store.readOnly) {
      throw new HostError(409, `${what}: the run history ${store.path} was opened read-only (--read-only or LIO_DB_READONLY=1); restart without it to save`);
    }
    if (!damaged && !checked) {
      // Once per session, before the first write: never add to a damaged file.
      try {
        const r = store.quickCheck();
        checked = true;
        if (r !== 'ok') damaged = r;
      } catch (e) {
        if (isCorrupt(e)) damaged = /** @type {Error} */ (e).message;
        else throw writeFailure(e, what, store.path);
      }
    }
    if (damaged) throw damagedError(what);
    try {
      return fn();
    } catch (e) {
      throwIfCorrupt(e, what);
      throw writeFailure(e, what, store.path);
    }
  };

  return {
    get store() {
      return store;
    },
    read,
    write,
    /**
     * Start a new, empty history once the current one was found damaged: the
     * file (and its -wal) is moved aside next to it, never deleted.
     * @returns {{ moved_to: string, path: string }}
     */
    startNew() {
      if (store.readOnly) throw new HostError(409, `the run history ${store.path} was opened read-only; restart without --read-only to start a new one`);
      if (!damaged) throw new HostError(409, `the run history ${store.path} is not damaged; it is kept`);
      const file = store.path;
      const stamp = (now ? now() : new Date()).toISOString().replace(/[:.]/g, '-');
      const aside = `${file}.damaged-${stamp}`;
      store.close();
      try {
        fs.renameSync(file, aside);
        for (const ext of ['-wal', '-shm']) {
          if (fs.existsSync(file + ext)) fs.renameSync(file + ext, aside + ext);
        }
      } catch (e) {
        store = openStore({ dataDir, now, readOnly });
        throw new HostError(503, `could not move ${file} aside (${/** @type {Error} */ (e).message}); move it yourself and restart LIO Lab`);
      }
      store = openStore({ dataDir, now, readOnly });
      damaged = null;
      checked = true;
      return { moved_to: aside, path: store.path };
    },
  };
}
