// SPDX-License-Identifier: Apache-2.0
// The page's wasm modules (CMakeLists.txt, lab/registry_groups.hpp): each group's module holds exactly the
// experiments CORE_MODULE_OF sends to it, in the whole lab's order, runs them with the whole lab's numbers (the
// presets' bytes: precomputed.test.ts and stream1-presets.test.ts run them there), and is at most 350 KB gzip -9:
// the bytes a reader's first run downloads (the speed issue's target; `npm run bench -- size` reports them).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CORE_MODULE_OF, SCHEMAS, type CoreModuleName } from '../../web/src/experiments/generated';
import { loadCoreNode } from '../../web/src/engine/load-node';

const wasmDir = fileURLToPath(new URL('../../web/src/wasm/', import.meta.url));
const groups = [...new Set(Object.values(CORE_MODULE_OF))] as CoreModuleName[];
const MAX_GZIP_BYTES = 350_000;

describe("the page runs each experiment in its group's module", () => {
  it('every experiment has a group, and the groups are the four of the core', () => {
    expect(Object.keys(CORE_MODULE_OF)).toEqual(SCHEMAS.map((s) => s.id));
    expect(groups).toEqual(['sparse', 'rmt', 'rank', 'rank-heads']);
  });

  it.each(groups)('attnlab-%s holds exactly its experiments, and the whole lab holds them all', async (group) => {
    const core = await loadCoreNode(wasmDir, `attnlab-${group}`);
    const mine = SCHEMAS.map((s) => s.id).filter((id) => CORE_MODULE_OF[id] === group);
    expect(core.experiments().map((e) => e.id)).toEqual(mine);
    const lab = await loadCoreNode(wasmDir);
    expect(lab.experiments().map((e) => e.id)).toEqual(SCHEMAS.map((s) => s.id));
    // The same declaration in both: parameters, inputs and result shape.
    for (const id of mine)
      expect(core.experiments().find((e) => e.id === id)).toEqual(lab.experiments().find((e) => e.id === id));
    // Another group's experiment is refused with the core's own words, naming the ones it has.
    const other = SCHEMAS.find((s) => CORE_MODULE_OF[s.id] !== group)!.id;
    expect(() => core.plan(other, {})).toThrow(/unknown experiment/);
  });

  it.each(groups)('attnlab-%s.wasm is at most 350 KB gzip -9', (group) => {
    const gzip = gzipSync(readFileSync(`${wasmDir}attnlab-${group}.wasm`), { level: 9 }).length;
    expect(gzip).toBeLessThanOrEqual(MAX_GZIP_BYTES);
  });
});
