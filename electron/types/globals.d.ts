// Node has WebAssembly as a global, but TypeScript declares it only in its DOM
// and WebWorker libraries (which do not describe Node): the part electron/ uses.
declare namespace WebAssembly {
  /** Thrown by a trap in WebAssembly code (unreachable, out-of-bounds memory access). */
  class RuntimeError extends Error {}
}
