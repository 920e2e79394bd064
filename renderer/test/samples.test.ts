/// <reference types="node" />
// The shipped samples split into the statements SQL*Plus would run.
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { splitScript } from '../src/model/script.mjs';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../samples');
const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.sql')) : [];

describe.skipIf(files.length === 0)('samples', () => {
  it.each(files)('%s splits into complete statements', (f) => {
    const script = readFileSync(path.join(dir, f), 'utf8');
    const st = splitScript(script);
    expect(st.length).toBeGreaterThan(0);
    for (const s of st) {
      expect(s.text.trim()).not.toBe('/');
      if (s.kind === 'sql') expect(s.text.endsWith(';') || s.text.endsWith('/')).toBe(true);
      if (s.kind === 'plsql') expect(s.text.trimEnd().endsWith('/')).toBe(true);
      // positions point at the statement
      const lines = script.split('\n');
      expect(lines[s.line - 1].slice(s.column - 1).startsWith(s.text.split('\n')[0])).toBe(true);
    }
  });
});
