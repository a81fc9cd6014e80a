// SPDX-License-Identifier: Apache-2.0
// One family layout on both sides: an experiment's family is the one its declaration names (declareExperiment, so
// `attnlab --schema` and the generated schemas carry it); a family with a folder of its own in the core
// (wasm/core/include/attnlab/<family>/) has one on the page, web/src/experiments/<family>/<id>/, and an experiment of
// any other family (attention-map's "attention") keeps its web folder at the top, web/src/experiments/<id>/.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS } from '../../web/src/experiments/generated';

const include = join(__dirname, '../../wasm/core/include/attnlab');
const hasCoreFolder = (family: string) =>
  existsSync(join(include, family)) && statSync(join(include, family)).isDirectory();

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

/** Where experiment `id`'s presentation lives, relative to the repository: web/src/experiments/[<family>/]<id>. */
export function webFolderOf(id: string): string {
  const family = [...coreFamilies()].find(([, ids]) => ids.includes(id))?.[0];
  return family ? `web/src/experiments/${family}/${id}` : `web/src/experiments/${id}`;
}
