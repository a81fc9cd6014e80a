// SPDX-License-Identifier: Apache-2.0
// Every link the app ships or once shipped works today: each "Reproduce" preset is an ordinary link
// that parses back to exactly its values with no notice, and each golden link (links shared with
// earlier versions, tests/web/fixtures/golden-links.json) parses with no notice but its upgrade and
// migrates to the current schema; the core accepts both (so neither can open on an error).
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../web/src/engine/core';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { EXPERIMENTS } from '../../web/src/experiments';
import { defaults, SEED_SPEC, toCoreParams, type ParamValues } from '../../web/src/experiments/schema';
import { APP_VERSION } from '../../web/src/state/app-version';
import { SCHEMA_VERSION } from '../../web/src/state/migrations';
import { formatLink, parseLink, type AppState } from '../../web/src/state/url';
import golden from './fixtures/golden-links.json';

const presets = EXPERIMENTS.flatMap((meta) =>
  (meta.presets ?? []).map((preset) => [meta.id, preset.label, meta, preset] as const),
);

let core: Core;
beforeAll(async () => {
  core = await loadCoreNode();
});

/**
 * The state's link is a current one (schema and app version) that reads back to it with no notice, and the core plans
 * it.
 */
function expectCurrentAndAccepted(state: AppState): void {
  const link = formatLink(state, EXPERIMENTS);
  expect(link.startsWith(`#exp=${state.experimentId}&v=${SCHEMA_VERSION}&app=${APP_VERSION}&`), link).toBe(true);
  const parsed = parseLink(link, EXPERIMENTS);
  expect(parsed.notices, link).toEqual([]);
  expect(parsed.state.values).toEqual(state.values);
  expect(core.plan(state.experimentId, toCoreParams(state.values)).jobs.length, link).toBeGreaterThan(0);
}

describe('presets', () => {
  it('exist for the paper experiments', () => {
    expect(presets.filter(([id]) => id === 'sparse-dmin').length).toBeGreaterThanOrEqual(6);
  });

  it.each(presets)('%s: "%s" round-trips through its link and is accepted by the core', (_, __, meta, preset) => {
    const values = { ...defaults(meta), ...preset.values, seed: SEED_SPEC.default } as ParamValues;
    for (const key of Object.keys(preset.values))
      expect(
        meta.params.map((p) => p.key),
        key,
      ).toContain(key);
    expectCurrentAndAccepted({ experimentId: meta.id, values, embed: false, hide: [] });
  });
});

describe('golden links', () => {
  it.each(golden.links.map((g) => [g.link, g.experimentId] as const))(
    '%s migrates to the current schema with no unexpected notice and is accepted by the core',
    (link, id) => {
      const { state, notices } = parseLink(link, EXPERIMENTS);
      expect(state.experimentId).toBe(id);
      // The only notice an old link may give is the one saying how it was upgraded (tests/web/url.test.ts pins which).
      expect(notices.filter((n) => !n.startsWith('Upgraded a v=1 link: '))).toEqual([]);
      expectCurrentAndAccepted(state);
    },
  );
});
