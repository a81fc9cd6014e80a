// SPDX-License-Identifier: Apache-2.0
// Types of the Emscripten ES modules built from wasm/bindings (Debian's 3.1.6 has no --emit-tsd): the whole lab's
// and each group's (CMakeLists.txt), the same factory.
type CreateAttnlab = (options?: {
  wasmBinary?: ArrayBuffer | Uint8Array;
  locateFile?: (p: string) => string;
}) => Promise<import('./engine/core').CoreModule>;
declare module '*/wasm/attnlab.mjs' {
  const createAttnlab: CreateAttnlab;
  export default createAttnlab;
}
declare module '*/wasm/attnlab-sparse.mjs' {
  const createAttnlab: CreateAttnlab;
  export default createAttnlab;
}
declare module '*/wasm/attnlab-rmt.mjs' {
  const createAttnlab: CreateAttnlab;
  export default createAttnlab;
}
declare module '*/wasm/attnlab-rank.mjs' {
  const createAttnlab: CreateAttnlab;
  export default createAttnlab;
}
declare module '*/wasm/attnlab-rank-heads.mjs' {
  const createAttnlab: CreateAttnlab;
  export default createAttnlab;
}
declare module '*/wasm/attnlab-model.mjs' {
  const createAttnlab: CreateAttnlab;
  export default createAttnlab;
} // the checkpoint reader alone
