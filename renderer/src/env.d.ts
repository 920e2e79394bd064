// Build-time constants and asset imports (Vite).
declare const __LIO_MOCK_ENGINE__: boolean;
declare module '*.css';

/** Test-only hooks, present when the page is opened with `?lio-test` (tests/e2e). */
interface LioTestHooks { killEngine(): void; failView(view: string): void; clearViewFailures(): void }
interface Window { __lioTest?: LioTestHooks }
