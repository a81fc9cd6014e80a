// SPDX-License-Identifier: Apache-2.0
// bench/own-model.mjs's headless row, run in a child process of its own (so its peak memory is its own): the built
// headless lab opens the checkpoint folder and reads Q and K of every head of every layer, and prints one JSON line.
import { openAsBlob, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The headless row, in a child process (so its peak memory is its own): prints one JSON line. */
export async function headlessChild(folder, idsText) {
  const { loadCoreNode, OpenedModel, headStacks } = await import(
    pathToFileURL(join(root, 'build/headless/headless.js')).href
  );
  if (!OpenedModel || !headStacks)
    throw new Error(
      'build/headless/headless.js does not export OpenedModel and headStacks: node scripts/build-headless.mjs',
    );
  const ids = idsText.split(',').map(Number);
  const c0 = performance.now();
  const core = await loadCoreNode(join(root, 'web/src/wasm'));
  const t0 = performance.now();
  const files = new Map();
  for (const name of readdirSync(folder)) files.set(name, await openAsBlob(join(folder, name)));
  const model = await OpenedModel.open(core, files);
  const opened = performance.now();
  const { layers, heads, headDim } = model.info;
  const stacks = await headStacks(
    model,
    ids,
    Array.from({ length: layers }, (_, l) => l),
  );
  const t1 = performance.now();
  model.close();
  const per = ids.length * headDim,
    last = (layers - 1) * heads * per; // the last layer's head 0, Q scaled (as torch's)
  // Written before the exit below: a pipe takes a large write in several chunks.
  await new Promise((resolve) =>
    process.stdout.write(
      `${JSON.stringify({
        seconds: (t1 - t0) / 1000,
        openSeconds: (opened - t0) / 1000,
        coreSeconds: (t0 - c0) / 1000,
        maxRssMB: process.resourceUsage().maxRSS / 1024,
        heads: stacks.q.shape[0] * stacks.q.shape[1],
        info: model.info,
        lastHead0: {
          q: Array.from(stacks.q.values.subarray(last, last + per)),
          k: Array.from(stacks.k.values.subarray(last, last + per)),
        },
      })}\n`,
      resolve,
    ),
  );
}
