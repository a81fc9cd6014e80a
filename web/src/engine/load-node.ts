// SPDX-License-Identifier: Apache-2.0
// Node loader (headless runs, Vitest): the web build's Node branch is broken in ESM, so the module is
// read and compiled here, once per process and directory, and every core of the process (this thread's and each
// worker's, node-worker.ts) instantiates that one compiled module: V8 compiles each function once for all.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { CoreModuleName } from '../experiments/generated';
import { Core, type CoreModule } from './core';

const compiled = new Map<string, Promise<WebAssembly.Module>>();

const withSlash = (dir: string): string => (dir.endsWith('/') ? dir : dir + '/');

/**
 * A module of the web build: 'attnlab', the whole lab (headless runs it), or a group's, 'attnlab-<group>' (what the
 * page's workers run; CORE_MODULE_OF in experiments/generated).
 */
export type ModuleFile = 'attnlab' | `attnlab-${CoreModuleName}`;

/** <name>.wasm of wasmDir, compiled once per process. */
export function compiledModule(wasmDir: string, name: ModuleFile = 'attnlab'): Promise<WebAssembly.Module> {
  const path = `${withSlash(wasmDir)}${name}.wasm`;
  let module = compiled.get(path);
  if (!module) {
    module = readFile(path).then((bytes) => WebAssembly.compile(bytes));
    compiled.set(path, module);
    module.catch(() => compiled.delete(path)); // a failed read may succeed later (the build writes it)
  }
  return module;
}

export async function loadCoreNode(
  wasmDir = fileURLToPath(new URL('../wasm/', import.meta.url)),
  name: ModuleFile = 'attnlab',
): Promise<Core> {
  const glueUrl = new URL(`${name}.mjs`, `file://${withSlash(wasmDir)}`).href;
  return instantiateCore(glueUrl, await compiledModule(wasmDir, name));
}

/** A core of a compiled module (this thread's, or one a worker was given) and its Emscripten glue, at glueUrl. */
export async function instantiateCore(glueUrl: string, wasmModule: WebAssembly.Module): Promise<Core> {
  const glue = await import(/* @vite-ignore */ glueUrl);
  let failed: (error: unknown) => void = () => undefined;
  const failure = new Promise<never>((_, reject) => {
    failed = reject;
  });
  type Receive = (instance: WebAssembly.Instance, module: WebAssembly.Module) => void;
  const instantiateWasm = (imports: WebAssembly.Imports, receive: Receive) => {
    WebAssembly.instantiate(wasmModule, imports).then((instance) => receive(instance, wasmModule), failed);
    return {}; // the exports arrive through receive
  };
  const module = (await Promise.race([glue.default({ instantiateWasm }), failure])) as CoreModule;
  return new Core(module);
}
