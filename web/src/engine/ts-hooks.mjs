// SPDX-License-Identifier: Apache-2.0
// Node module hooks (module.register) that run the engine's TypeScript sources in a worker_thread, for Vitest, which
// transforms its own thread's modules but not a worker's (node-worker-runner.ts). Imports are written for a bundler:
// './core' is core.ts, '../experiments/generated' its index.ts; TypeScript's transpiler drops the types.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

let ts;

export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context);
  } catch (error) {
    if (!/^\.{0,2}\/|^comlink\//.test(specifier) || /\.[cm]?[jt]s$/.test(specifier)) throw error;
    for (const suffix of ['.ts', '/index.ts', '.mjs']) {
      try {
        return await next(specifier + suffix, context);
      } catch {
        /* the next suffix */
      }
    }
    throw error;
  }
}

export async function load(url, context, next) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return next(url, context);
  ts ??= (await import('typescript')).default;
  const { outputText } = ts.transpileModule(await readFile(new URL(url), 'utf8'), {
    fileName: fileURLToPath(url),
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  return { format: 'module', source: outputText, shortCircuit: true };
}
