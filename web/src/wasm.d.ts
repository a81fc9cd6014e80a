// Types of the Emscripten ES module built from wasm/bindings (Debian's 3.1.6 has no --emit-tsd).
declare module '*/wasm/attnlab.mjs' {
  import type { CoreModule } from './engine/core';
  const createAttnlab: (options?: { wasmBinary?: ArrayBuffer | Uint8Array; locateFile?: (p: string) => string }) => Promise<CoreModule>;
  export default createAttnlab;
}
