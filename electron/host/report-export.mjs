// Reports exported as SVG files (and profiles as JSON): into the exports folder under a safe,
// unique name (browser mode), or to the path the user picked (Electron).

import fs from 'node:fs';
import path from 'node:path';
import { SafeWriteError, writeFileSafely } from '../safe-write.mjs';
import { HostError, checkExportsRoom, checkReport, safeFileName, writeFailure } from './checks.mjs';

/**
 * @param {{ exportsDir: string, now?: () => Date }} opts
 */
export function createReports({ exportsDir, now }) {
  return {
    /**
     * Write an SVG report. Without `targetPath` the file goes into the
     * exports directory under a safe, unique name; Electron passes the path
     * the user picked in the save dialog.
     * @param {unknown} req  {kind, svg | json, suggestedName}
     * @param {{ targetPath?: string }} [opts]
     * @returns {{ path: string }}
     */
    export(req, { targetPath } = {}) {
      const { kind, text, ext, suggestedName } = checkReport(req);
      // Whole or not at all: a temporary file renamed into place, removed when the write fails.
      const save = (/** @type {string} */ file, /** @type {boolean} */ overwrite) => {
        try {
          writeFileSafely(file, text, { overwrite });
        } catch (e) {
          if (e instanceof SafeWriteError && e.code === 'ENOSPC') {
            throw new HostError(507, `report not exported: the disk holding ${path.dirname(file)} is full (nothing half-written was left); free some space, then Retry`);
          }
          if (e instanceof SafeWriteError && e.code === 'ELOOP') throw new HostError(409, `report not exported: ${e.message}`);
          if (e instanceof SafeWriteError && e.code === 'EEXIST' && !overwrite) throw e;
          throw writeFailure(e, 'report not exported', file);
        }
      };
      if (targetPath) {
        save(targetPath, true);
        return { path: targetPath };
      }
      try {
        fs.mkdirSync(exportsDir, { recursive: true });
      } catch (e) {
        throw writeFailure(e, 'report not exported', exportsDir);
      }
      checkExportsRoom(exportsDir, Buffer.byteLength(text));
      const stamp = (now ? now() : new Date()).toISOString().replace(/[:.]/g, '-');
      const file = safeFileName(suggestedName ?? `lio-${kind}-${stamp}`, ext, `lio-${kind}`);
      const stem = file.slice(0, -ext.length);
      for (let i = 1; i < 1000; i++) {
        const candidate = path.join(exportsDir, i === 1 ? file : `${stem}-${i}${ext}`);
        try {
          // Never overwrite, never follow an existing symlink.
          save(candidate, false);
          return { path: candidate };
        } catch (e) {
          // The name is taken (by a file or a link): the next one.
          if (!((e instanceof SafeWriteError && e.code === 'EEXIST') || (e instanceof HostError && e.status === 409))) throw e;
        }
      }
      throw new HostError(409, 'too many exports with this name');
    },
    /** The exports directory, for a save dialog's default path. */
    defaultPath(/** @type {unknown} */ suggestedName, /** @type {string} */ kind = 'report', /** @type {'.svg' | '.json'} */ ext = '.svg') {
      return path.join(exportsDir, safeFileName(suggestedName, ext, `lio-${kind}`));
    },
  };
}
