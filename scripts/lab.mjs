// SPDX-License-Identifier: Apache-2.0
// npm run lab -- <experiment-id> key=value ... [upload=path] [--pool N]
// Runs an experiment headless in Node on the web build's wasm module (see web/src/engine/headless.ts).
// Builds what is missing first, with the build's output on stderr so stdout stays the result JSON.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync, readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';

const root = fileURLToPath(new URL('..', import.meta.url));
const wasmDir = join(root, 'web/src/wasm');
const bundle = join(root, 'build/headless/headless.js');

/** Runs a build step with its stdout sent to our stderr. */
function step(command, args) {
  const r = spawnSync(command, args, { cwd: root, stdio: ['ignore', 2, 2] });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

if (!existsSync(join(wasmDir, 'attnlab.wasm'))) {
  step('bash', ['scripts/setup.sh', 'build']);
  step('bash', ['scripts/build.sh']);
} else if (!existsSync(bundle) || statSync(bundle).mtimeMs < newestMtime(join(root, 'web/src/engine'))) {
  step('node', ['scripts/build-headless.mjs']);
}

const { main } = await import(pathToFileURL(bundle).href);
process.exitCode = await main(process.argv.slice(2), {
  wasmDir,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
