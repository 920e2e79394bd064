// Build-time constants and asset imports (Vite).
declare const __LIO_MOCK_ENGINE__: boolean;
declare module '*.css';
