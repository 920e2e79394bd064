// Vite config for the LIO Lab renderer.
//
// Build:  npx vite build --config renderer/vite.config.ts   (after `npm run build:wasm`)
// Output: renderer/dist/ (relative base, so it loads from app:// in Electron and
//         from the browser-mode host alike).
//
// The engine is reached through the alias `@lio/engine`, which points at the
// lead's loader engine-wasm/js/engine.mjs (it imports the wasm-bindgen glue in
// engine-wasm/pkg/). The wasm binary is emitted as an asset of the build
// (`@lio/engine-wasm-url`), so the glue and the binary always match; the
// worker falls back to /engine/lio_wasm_bg.wasm, which both hosts serve.
//
// LIO_MOCK_ENGINE=1 swaps in the contract-shaped mock from renderer/test/ for
// UI development without a wasm build. It is never the default.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { existsSync } from 'node:fs';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..');
const realEngine = path.join(repo, 'engine-wasm/js/engine.mjs');
const mockEngine = path.join(here, 'test/mock-engine.ts');
const realWasmUrl = `${path.join(repo, 'engine-wasm/pkg/lio_wasm_bg.wasm')}?url`;
const mockWasmUrl = path.join(here, 'test/mock-wasm-url.ts');
const useMock = process.env.LIO_MOCK_ENGINE === '1';
if (!useMock && !existsSync(realEngine)) {
  // Fail loudly rather than ship a renderer without its engine.
  console.warn(`[lio] ${realEngine} is missing: build the engine first (npm run build:wasm)`);
}

export default defineConfig({
  root: here,
  base: './',
  plugins: [react()],
  resolve: {
    alias: {
      '@lio/engine': useMock ? mockEngine : realEngine,
      // The wasm binary the bundled glue was built with, emitted next to the worker.
      '@lio/engine-wasm-url': useMock ? mockWasmUrl : realWasmUrl,
    },
  },
  define: { __LIO_MOCK_ENGINE__: JSON.stringify(useMock) },
  worker: { format: 'es' },
  build: {
    outDir: path.join(here, 'dist'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
    sourcemap: true,
  },
  server: { fs: { allow: [repo] } },
});
