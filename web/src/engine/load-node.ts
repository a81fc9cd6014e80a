// Node loader (headless runs, Vitest): the web build's Node branch is broken in ESM, so the bytes
// are read here and passed as wasmBinary (toolchain.md §4).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Core, type CoreModule } from './core';

export async function loadCoreNode(wasmDir = fileURLToPath(new URL('../wasm/', import.meta.url))): Promise<Core> {
  const glue = await import(/* @vite-ignore */ new URL('attnlab.mjs', `file://${wasmDir.endsWith('/') ? wasmDir : wasmDir + '/'}`).href);
  const wasmBinary = await readFile(`${wasmDir}/attnlab.wasm`);
  const module = (await glue.default({ wasmBinary })) as CoreModule;
  return new Core(module);
}
