// Browser and Web Worker loader: the glue resolves attnlab.wasm relative to itself, which Vite
// rewrites to the hashed asset (toolchain.md §4). Never imports node: modules.
import createAttnlab from '../wasm/attnlab.mjs';
import { Core } from './core';

export async function loadCore(): Promise<Core> {
  return new Core(await createAttnlab());
}
