// Types of the lead's loader (engine-wasm/js/engine.mjs), resolved through the `@lio/engine` alias.
declare module '@lio/engine' {
  export function loadEngine(source?: string | URL, config?: object): Promise<unknown>;
  /** Load the wasm module once, without an engine (a sweep worker). */
  export function loadEngineModule(source?: string | URL): Promise<void>;
  /** One LAB SWEEP point on a fresh engine: the run's JSON text (docs/ENGINE-API.md). */
  export function sweepPoint(configJson: string, name: string, pointJson: string): string;
  /** A pasted SQL*Plus transcript back into its script (docs/ENGINE-API.md); after loadEngine. */
  export function stripTranscript(text: string): {
    transcript: boolean;
    script: string;
    removed_prompts: number;
    removed_line_numbers: number;
    removed_output_lines: number;
  };
}
declare module '@lio/engine-wasm-url' {
  const url: string;
  export default url;
}
