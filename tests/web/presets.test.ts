// Every "Reproduce" preset is an ordinary link: it parses back to exactly its values with no notice,
// and the core accepts it (so a preset can never open on an error).
import { describe, expect, it } from 'vitest';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { EXPERIMENTS } from '../../web/src/experiments';
import { defaults, SEED_SPEC, toCoreParams, type ParamValues } from '../../web/src/experiments/schema';
import { formatLink, parseLink } from '../../web/src/state/url';

const presets = EXPERIMENTS.flatMap((meta) => (meta.presets ?? []).map((preset) => [meta.id, preset.label, meta, preset] as const));

describe('presets', () => {
  it('exist for the paper experiments', () => {
    expect(presets.filter(([id]) => id === 'sparse-dmin').length).toBeGreaterThanOrEqual(6);
  });

  it.each(presets)('%s: "%s" round-trips through its link and is accepted by the core', async (_, __, meta, preset) => {
    const values = { ...defaults(meta), ...preset.values, seed: SEED_SPEC.default } as ParamValues;
    for (const key of Object.keys(preset.values)) expect(meta.params.map((p) => p.key), key).toContain(key);
    const link = formatLink({ experimentId: meta.id, values, embed: false, hide: [] }, EXPERIMENTS);
    const parsed = parseLink(link, EXPERIMENTS);
    expect(parsed.notices).toEqual([]);
    expect(parsed.state.values).toEqual(values);
    const core = await loadCoreNode();
    expect(core.plan(meta.id, toCoreParams(values)).jobs.length).toBeGreaterThan(0);
  });
});
