// Types of the lead's loader (engine-wasm/js/engine.mjs), resolved through the `@lio/engine` alias.
declare module '@lio/engine' {
  export function loadEngine(source?: string | URL, config?: object): Promise<unknown>;
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
