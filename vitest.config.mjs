import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'tests/unit/**/*.test.{mjs,ts}',
      'renderer/test/**/*.test.{ts,tsx,mjs}',
      'electron/test/**/*.test.{mjs,cjs}',
      'tests/fuzz/**/*.test.mjs',
      'tests/difftest/**/*.test.mjs',
    ],
    environment: 'node',
    testTimeout: 60_000,
    pool: 'forks',
  },
});
