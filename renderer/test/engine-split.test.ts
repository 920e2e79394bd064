// The renderer runs a script statement by statement (for progress and cancel),
// padding each chunk so positions stay script positions. This must give the
// engine the same statements, at the same lines and columns, as one exec of
// the whole script. Uses the real wasm (skipped when it is not built).
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { positionedChunk, splitScript } from '../src/model/script';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const built = existsSync(path.join(repo, 'engine-wasm/pkg/lio_wasm_bg.wasm')) && existsSync(path.join(repo, 'engine-wasm/js/engine.mjs'));
const samples = existsSync(path.join(repo, 'samples')) ? readdirSync(path.join(repo, 'samples')).filter((f) => f.endsWith('.sql')) : [];

interface EngineLike { exec(s: string): { steps: { line: number; column: number; statement: string; error: { code: string; line: number; column: number } | null }[] } }

async function engine(): Promise<EngineLike> {
  const mod = await import(/* @vite-ignore */ path.join(repo, 'engine-wasm/js/engine.mjs'));
  return mod.loadEngine();
}

describe.skipIf(!built || samples.length === 0)('statement-by-statement runs match whole-script runs', () => {
  it.each(samples)('%s', async (f) => {
    const script = readFileSync(path.join(repo, 'samples', f), 'utf8');
    const whole = (await engine()).exec(script).steps;
    const e = await engine();
    const chunked = splitScript(script).flatMap((s) => e.exec(positionedChunk(s)).steps);
    const shape = (st: typeof whole) => st.map((s) => `${s.line}:${s.column} ${s.statement.replace(/\s+/g, ' ').trim()}`);
    expect(shape(chunked)).toEqual(shape(whole));
    expect(chunked.map((s) => s.error && `${s.error.code}@${s.error.line}:${s.error.column}`))
      .toEqual(whole.map((s) => s.error && `${s.error.code}@${s.error.line}:${s.error.column}`));
  });
});
