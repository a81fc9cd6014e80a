// SPDX-License-Identifier: Apache-2.0
// One family layout on both sides: the core declares each family's experiments in
// wasm/core/include/attnlab/<family>/experiments.hpp, and the page keeps them in web/src/experiments/<family>/<id>/.
// An experiment the core declares in a header of its own at the top (attention_map.hpp) belongs to no
// family folder, and its web folder is web/src/experiments/<id>/.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../..');
const include = join(root, 'wasm/core/include/attnlab');
const kebab = (camel: string) => camel.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The experiment ids a header declares (`Experiment rankBetaExperiment();` → rank-beta). */
function declared(header: string): string[] {
  return [...readFileSync(header, 'utf8').matchAll(/^Experiment (\w+)Experiment\(\);/gm)].map((m) => kebab(m[1]));
}

/** The core's family folders (those with an experiments.hpp) and the experiments each declares. */
export function coreFamilies(): Map<string, string[]> {
  const families = new Map<string, string[]>();
  for (const entry of readdirSync(include, { withFileTypes: true })) {
    const header = join(include, entry.name, 'experiments.hpp');
    if (entry.isDirectory() && existsSync(header)) families.set(entry.name, declared(header));
  }
  return families;
}

/** The experiments declared in a top-level header of their own, in no family. */
export function unfamiliedExperiments(): string[] {
  return readdirSync(include)
    .filter((f) => f.endsWith('.hpp'))
    .flatMap((f) => declared(join(include, f)));
}

/** Where experiment `id`'s presentation lives, relative to the repository: web/src/experiments/[<family>/]<id>. */
export function webFolderOf(id: string): string {
  const family = [...coreFamilies()].find(([, ids]) => ids.includes(id))?.[0];
  return family ? `web/src/experiments/${family}/${id}` : `web/src/experiments/${id}`;
}
