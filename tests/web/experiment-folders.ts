// SPDX-License-Identifier: Apache-2.0
// One family layout on both sides: an experiment's family is the one its declaration names (declareExperiment, so
// `attnlab --schema` and the generated schemas carry it). A family with a folder in the core,
// wasm/core/lab/experiments/<family>/, keeps its experiments' files there (one each, <id> in snake_case:
// rank_beta.cpp) and has one on the page, web/src/experiments/<family>/<id>/; an experiment of any other family
// (attention-map's "attention") has its file in wasm/core/lab/experiments/ itself and its web folder at the top,
// web/src/experiments/<id>/.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS } from '../../web/src/experiments/generated';

const root = join(__dirname, '../..');
const experiments = join(root, 'wasm/core/lab/experiments');
const hasCoreFolder = (family: string) =>
  existsSync(join(experiments, family)) && statSync(join(experiments, family)).isDirectory();
const familyFolderOf = (id: string) => {
  const family = SCHEMAS.find((s) => s.id === id)?.family ?? '';
  return hasCoreFolder(family) ? family : '';
};

/** The core's family folders and the experiments of each, in registry order. */
export function coreFamilies(): Map<string, string[]> {
  const families = new Map<string, string[]>();
  for (const { id, family } of SCHEMAS)
    if (hasCoreFolder(family)) families.set(family, [...(families.get(family) ?? []), id]);
  return families;
}

/** The experiments of a family without a folder of its own in the core. */
export function unfamiliedExperiments(): string[] {
  return SCHEMAS.filter((s) => !hasCoreFolder(s.family)).map((s) => s.id);
}

/**
 * The one place that knows where experiment `id`'s core file is, relative to the repository:
 * wasm/core/lab/experiments/[<family>/]<id in snake_case>.cpp; `family` for one the registry does not know yet.
 */
export function coreFileOf(id: string, family = familyFolderOf(id)): string {
  return `wasm/core/lab/experiments/${family ? `${family}/` : ''}${id.replace(/-/g, '_')}.cpp`;
}

/** Where experiment `id`'s presentation lives, relative to the repository: web/src/experiments/[<family>/]<id>. */
export function webFolderOf(id: string): string {
  const family = familyFolderOf(id);
  return family ? `web/src/experiments/${family}/${id}` : `web/src/experiments/${id}`;
}
