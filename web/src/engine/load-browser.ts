// SPDX-License-Identifier: Apache-2.0
// Browser and Web Worker loader: each glue resolves its .wasm relative to itself, which Vite rewrites to the
// hashed asset. Never imports node: modules. A run loads its experiment's group module
// (CORE_MODULE_OF: about half the whole lab's bytes); 'lab', the whole lab, checks an opened result file
// against every experiment. Each import is written out so Vite emits every module as its own asset.
import type { CoreModuleName } from '../experiments/generated';
import { Core, type CoreModule } from './core';

type Glue = () => Promise<{ default: () => Promise<CoreModule> }>;
const GLUE: Record<CoreModuleName | 'lab' | 'model', Glue> = {
  lab: () => import('../wasm/attnlab.mjs'),
  sparse: () => import('../wasm/attnlab-sparse.mjs'),
  rmt: () => import('../wasm/attnlab-rmt.mjs'),
  rank: () => import('../wasm/attnlab-rank.mjs'),
  'rank-heads': () => import('../wasm/attnlab-rank-heads.mjs'),
  model: () => import('../wasm/attnlab-model.mjs'), // "Your own model": the checkpoint reader alone
};

export async function loadCore(module: CoreModuleName | 'lab' | 'model' = 'lab'): Promise<Core> {
  return new Core(await (await GLUE[module]()).default());
}
