/// <reference types="node" />
// The renderer runs a script statement by statement (for progress and cancel),
// padding each chunk so positions stay script positions. This must give the
// engine the same statements, at the same lines and columns, as one exec of
// the whole script. Uses the real wasm (skipped when it is not built).
// A cheap fixture covers every statement form; LIO_SLOW=1 adds the samples.
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { placeSteps, positionedChunk, scriptChunks, splitScript } from '../src/model/script.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const built = existsSync(path.join(repo, 'engine-wasm/pkg/lio_wasm_bg.wasm')) && existsSync(path.join(repo, 'engine-wasm/js/engine.mjs'));
const scripts = [path.join(here, 'fixtures/splitter.sql')];
if (process.env.LIO_SLOW === '1' && existsSync(path.join(repo, 'samples'))) {
  for (const f of readdirSync(path.join(repo, 'samples'))) if (f.endsWith('.sql')) scripts.push(path.join(repo, 'samples', f));
}

type Steps = { line: number; column: number; statement: string; kind: string; error: { code: string; line: number; column: number } | null }[];
interface EngineLike { exec(s: string): { steps: Steps } }

async function engine(): Promise<EngineLike> {
  const mod = await import(/* @vite-ignore */ path.join(repo, 'engine-wasm/js/engine.mjs'));
  return mod.loadEngine();
}

const shape = (st: Steps) => st.map((s) => `${s.line}:${s.column} ${s.kind} ${s.statement.replace(/\s+/g, ' ').trim()}`);
const errors = (st: Steps) => st.map((s) => s.error && `${s.error.code}@${s.error.line}:${s.error.column}`);

describe.skipIf(!built)('statement-by-statement runs match whole-script runs', () => {
  it.each(scripts.map((p) => [path.basename(p), p]))('%s', async (_name, file) => {
    const script = readFileSync(file, 'utf8');
    const whole = (await engine()).exec(script).steps;
    const e = await engine();
    const chunked = splitScript(script).flatMap((s) => e.exec(positionedChunk(s)).steps);
    expect(shape(chunked)).toEqual(shape(whole));
    expect(errors(chunked)).toEqual(errors(whole));
    // What the UI and the CLI run: runs of statements, tiling the script, lines placed afterwards.
    for (const maxStatements of [1, 3, 50]) {
      const g = await engine();
      const tiled = scriptChunks(script, splitScript(script), { start: 0, end: script.length, maxStatements })
        .flatMap((c) => placeSteps(g.exec(c.text).steps, c.line));
      expect(shape(tiled)).toEqual(shape(whole));
      expect(errors(tiled)).toEqual(errors(whole));
    }
    expect(whole.every((s) => !s.error || !/^LAB-00001$/.test(s.error.code))).toBe(true);
  });
});
