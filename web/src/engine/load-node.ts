// Node loader (headless runs, Vitest): the web build's Node branch is broken in ESM (toolchain.md §4), so the module is
// read and compiled here, once per process and directory, and every core of the process (this thread's and each
// worker's, node-worker-runner.ts) instantiates that one compiled module: V8 compiles each function once for all.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Core, type CoreModule } from './core';

const compiled = new Map<string, Promise<WebAssembly.Module>>();

const withSlash = (dir: string): string => (dir.endsWith('/') ? dir : dir + '/');

/** attnlab.wasm of wasmDir, compiled once per process. */
export function compiledModule(wasmDir: string): Promise<WebAssembly.Module> {
  const dir = withSlash(wasmDir);
  let module = compiled.get(dir);
  if (!module) {
    module = readFile(`${dir}attnlab.wasm`).then((bytes) => WebAssembly.compile(bytes));
    compiled.set(dir, module);
    module.catch(() => compiled.delete(dir)); // a failed read may succeed later (the build writes it)
  }
  return module;
}

export async function loadCoreNode(wasmDir = fileURLToPath(new URL('../wasm/', import.meta.url))): Promise<Core> {
  const glue = await import(/* @vite-ignore */ new URL('attnlab.mjs', `file://${withSlash(wasmDir)}`).href);
  const wasmModule = await compiledModule(wasmDir);
  let failed: (error: unknown) => void = () => undefined;
  const failure = new Promise<never>((_, reject) => { failed = reject; });
  const instantiateWasm = (imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) => {
    WebAssembly.instantiate(wasmModule, imports).then((instance) => receive(instance, wasmModule), failed);
    return {}; // the exports arrive through receive
  };
  const module = (await Promise.race([glue.default({ instantiateWasm }), failure])) as CoreModule;
  return new Core(module);
}
