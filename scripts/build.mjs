// Builds the one wasm artifact (engine-wasm/pkg/) and the renderer bundle
// (renderer/dist/). `--wasm-only` skips the renderer.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { run, log, ROOT, ENGINE_DIR, PKG_DIR } from './lib.mjs';

const wasmOnly = process.argv.includes('--wasm-only');

log('building the engine (wasm32, release)');
run('cargo', ['build', '--release', '--target', 'wasm32-unknown-unknown', '-p', 'lio-wasm'], { cwd: ENGINE_DIR });
const wasm = path.join(ENGINE_DIR, 'target', 'wasm32-unknown-unknown', 'release', 'lio_wasm.wasm');
run('wasm-bindgen', ['--target', 'web', '--out-dir', PKG_DIR, '--no-typescript', wasm]);

if (!wasmOnly) {
  const config = path.join(ROOT, 'renderer', 'vite.config.ts');
  if (existsSync(config)) {
    log('building the renderer (vite)');
    run(process.execPath, [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', config, '--logLevel', 'warn']);
    // The report builders for Node (`lio report`): the UI's own code, bundled.
    log('bundling the report builders for the CLI (renderer/dist-node/reports.mjs)');
    const { build } = await import('rolldown');
    await build({
      input: path.join(ROOT, 'renderer', 'src', 'reports', 'node.ts'), platform: 'node', logLevel: 'warn',
      output: { file: path.join(ROOT, 'renderer', 'dist-node', 'reports.mjs'), format: 'esm' },
    });
  } else {
    log('renderer/vite.config.ts not found; skipping the renderer build');
  }
}
log('build done');
