// SPDX-License-Identifier: Apache-2.0
// The URL codec across versions (web/src/state/url.ts, state/migrations.ts, state/app-version.ts): golden
// links from earlier schema versions, the migration path, the app= version and how versions compare.
// The codec itself (round trips, clamping, lists, text parameters) is url.test.ts.
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../web/src/experiments';
import { defaults, type ExperimentMeta, type ParamValues } from '../../web/src/experiments/schema';
import { MIGRATIONS, renameKey, SCHEMA_VERSION, type Migration } from '../../web/src/state/migrations';
import { APP_VERSION, compareVersions, parseVersion } from '../../web/src/state/app-version';
import { formatLink, parseLink, type AppState } from '../../web/src/state/url';
import golden from './fixtures/golden-links.json';

const state = (meta: ExperimentMeta, values: ParamValues): AppState => ({
  experimentId: meta.id,
  values,
  embed: false,
  hide: [],
});

/**
 * What a v1 link means in v2, written out by hand (not by calling the migration): attention-map's
 * mask=none|causal is causal=0|1 and its points keep their drawn order; paper 1's tries is redraws
 * (sparse-approx) or draws (sparse-dmin); sparse-dmin has no scan key (the fast scan gives the paper
 * scan's d_min exactly).
 */
/**
 * A v1 link's values as the current schema reads them: v1 → v2 renames, then v2 → v3 pins the old random stream.
 */
function asCurrent(id: string, v1: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(v1)) {
    if (id === 'attention-map' && key === 'mask') out.causal = value === 'causal' ? '1' : '0';
    else if (id === 'sparse-approx' && key === 'tries') out.redraws = value;
    else if (id === 'sparse-dmin' && key === 'tries') out.draws = value;
    else if (id === 'sparse-dmin' && key === 'scan') continue;
    else out[key] = value;
  }
  if (id === 'attention-map') out.order = 'sample';
  if (id === 'rank-zoo') out.bilinear = '0'; // added since, its default the old meaning (token heads)
  out.rng = 'box-muller';
  return out;
}

describe('golden links (links shared with earlier schema versions keep their meaning)', () => {
  it.each(golden.links.map((g) => [g.link, g] as const))('%s', (link, g) => {
    const { state: s, notices } = parseLink(link, EXPERIMENTS);
    // One notice when the link's meaning had to be rewritten (attention-map, tries, scan), none otherwise.
    const rewritten = g.experimentId === 'attention-map' || /[&#](tries|scan)=/.test(link);
    expect(notices).toHaveLength(rewritten ? 1 : 0);
    if (rewritten) expect(notices[0]).toMatch(/^Upgraded a v=1 link: /);
    expect(s.experimentId).toBe(g.experimentId);
    const expected = asCurrent(g.experimentId, g.values);
    expect(Object.keys(s.values).sort()).toEqual(Object.keys(expected).sort());
    expect(s.values).toEqual(expected);
    expect(s.embed).toBe(Boolean((g as { embed?: boolean }).embed));
    expect(s.hide).toEqual((g as { hide?: string[] }).hide ?? []);
    // Written back, the upgraded link is a current link (rng=box-muller written) that reads back to itself without
    // notices.
    const again = parseLink(formatLink(s, EXPERIMENTS), EXPERIMENTS);
    expect(again.notices).toEqual([]);
    expect(again.state.values).toEqual(expected);
  });

  it('every registered experiment has at least one golden link', () => {
    const covered = new Set(golden.links.map((g) => g.experimentId));
    expect(EXPERIMENTS.map((m) => m.id).filter((id) => !covered.has(id))).toEqual([]);
  });
});

describe('migrations', () => {
  // A pretend next version that renamed attention-map's beta to "temp" and halved px.
  const toV2: Migration = {
    from: 3,
    note: 'beta is now temp; px halved',
    migrate: (pairs, id) => {
      const out = renameKey('attention-map', 'beta', 'temp')(pairs, id);
      if (out.has('px')) out.set('px', String(Number(out.get('px')) / 2));
      return out;
    },
  };
  const v2Meta: ExperimentMeta = {
    ...EXPERIMENTS[0],
    params: EXPERIMENTS[0].params.map((p) => (p.key === 'beta' ? { ...p, key: 'temp' } : p)),
  };
  const options = { version: 4, migrations: [toV2] };

  it('upgrades a v1 link step by step and says so', () => {
    const { state: s, notices } = parseLink('#exp=attention-map&v=3&beta=3&px=256&seed=4', [v2Meta], options);
    expect(s.values).toMatchObject({ temp: 3, px: 128, seed: 4 });
    expect(notices).toEqual(['Upgraded a v=3 link: beta is now temp; px halved']);
  });

  it('treats a link without v as v=1 and upgrades it through every step', () => {
    const { state: s, notices } = parseLink('#exp=attention-map&beta=3&mask=causal', [v2Meta], {
      version: 4,
      migrations: [...MIGRATIONS, toV2],
    });
    expect(s.values).toMatchObject({ temp: 3, causal: '1', order: 'sample' });
    expect(notices).toHaveLength(2);
  });

  it('reads a current-version link without migrating', () => {
    const { state: s, notices } = parseLink('#exp=attention-map&v=4&temp=5&px=256', [v2Meta], options);
    expect(s.values).toMatchObject({ temp: 5, px: 256 });
    expect(notices).toEqual([]);
  });

  it('reports a missing migration step and a link from a newer version', () => {
    expect(parseLink('#exp=attention-map&v=2', [v2Meta], { version: 3, migrations: [] }).notices[0]).toMatch(
      /no migration from v=2/,
    );
    expect(parseLink('#exp=attention-map&v=7', EXPERIMENTS).notices[0]).toMatch(/newer version of attnlab \(v=7\)/);
    expect(parseLink('#exp=attention-map&v=abc', EXPERIMENTS).notices[0]).toMatch(/^v: "abc" is not a schema version/);
  });

  it('without the migration, the renamed key is an unknown key (what the golden links would catch)', () => {
    const { notices } = parseLink('#exp=attention-map&v=4&beta=3', [v2Meta], options);
    expect(notices).toEqual(['Ignored unknown key: beta']);
  });
});

describe('app= (the attnlab version that wrote the link)', () => {
  const running = { appVersion: '0.4.2' };

  it('is written into every link, after the schema version, and reads back without a notice', () => {
    const meta = EXPERIMENTS.find((m) => m.id === 'attention-map')!;
    const link = formatLink(
      { ...state(meta, { ...defaults(meta), n: 300 }), embed: true, hide: ['export'] },
      EXPERIMENTS,
    );
    expect(link.startsWith(`#exp=attention-map&v=${SCHEMA_VERSION}&app=${APP_VERSION}&`)).toBe(true);
    expect(parseLink(link, EXPERIMENTS).notices).toEqual([]);
    expect(formatLink(state(meta, defaults(meta)), EXPERIMENTS, running)).toContain('&app=0.4.2&');
  });

  it('is optional (links from before it have none) and says nothing when older or the same', () => {
    for (const app of ['', '&app=0.4.2', '&app=0.4.1', '&app=0.3.9', '&app=0.4.2-rc.1', '&app=0.1']) {
      const { state: s, notices } = parseLink(`#exp=attention-map&v=3${app}&n=300&seed=5`, EXPERIMENTS, running);
      expect(notices, app).toEqual([]);
      expect(s.values).toMatchObject({ n: 300, seed: 5 });
    }
  });

  it('made by a newer attnlab: one notice naming both versions, and the link still runs as written', () => {
    for (const app of ['0.4.3', '0.10.0', '1.0.0-rc.1', '0.5']) {
      const { state: s, notices } = parseLink(
        `#exp=attention-map&v=3&app=${app}&n=300&beta=20&seed=5`,
        EXPERIMENTS,
        running,
      );
      expect(notices, app).toEqual([
        `This link was made with attnlab ${app}, newer than this copy (0.4.2): numbers may differ`,
      ]);
      expect(s.values).toMatchObject({ n: 300, beta: 20, seed: 5 });
    }
  });

  it('newer app and newer schema: still one notice, saying both', () => {
    const { notices } = parseLink('#exp=attention-map&v=9&app=2.0.0&n=300', EXPERIMENTS, running);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(
      new RegExp(
        /^This link was made with attnlab 2\.0\.0, newer than this copy \(0\.4\.2\): numbers may differ; /.source +
          /its schema v=9 is read as v=3$/.source,
      ),
    );
  });

  it('not a version: a notice naming app, and the rest of the link is used', () => {
    const { state: s, notices } = parseLink('#exp=attention-map&v=3&app=banana&n=300', EXPERIMENTS, running);
    expect(notices).toEqual(['app: "banana" is not an attnlab version; ignored']);
    expect(s.values.n).toBe(300);
  });

  it("written back, a link from another version carries this copy's version", () => {
    const { state: s } = parseLink('#exp=attention-map&v=3&app=9.9.9&n=300&seed=5', EXPERIMENTS, running);
    expect(formatLink(s, EXPERIMENTS, running)).toBe('#exp=attention-map&v=3&app=0.4.2&n=300&seed=5');
  });
});

describe('compareVersions', () => {
  const cmp = (a: string, b: string) => Math.sign(compareVersions(parseVersion(a)!, parseVersion(b)!));
  it('orders by number, not by text, with a pre-release before its release', () => {
    expect(cmp('0.10.0', '0.9.9')).toBe(1);
    expect(cmp('1.0', '1.0.0')).toBe(0);
    expect(cmp('1.0.0-rc.2', '1.0.0')).toBe(-1);
    expect(cmp('1.0.0-rc.10', '1.0.0-rc.2')).toBe(1);
    expect(cmp('2.0.0', '10.0.0')).toBe(-1);
    for (const bad of ['', 'v1', '1..2', '1.2.3.4', '1.0.0-', 'x']) expect(parseVersion(bad), bad).toBeUndefined();
  });
});
