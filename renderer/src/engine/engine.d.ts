// Types of the lead's loader (engine-wasm/js/engine.mjs), resolved through the `@lio/engine` alias.
declare module '@lio/engine' {
  export function loadEngine(source?: string | URL, config?: object): Promise<unknown>;
}
declare module '@lio/engine-wasm-url' {
  const url: string;
  export default url;
}
