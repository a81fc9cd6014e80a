// SPDX-License-Identifier: Apache-2.0
// Old links keep working: each entry rewrites a link's key=value pairs from schema version `from`
// to `from + 1`. Add one whenever a parameter is renamed, removed, rescaled or changes meaning,
// and bump the version in link-keys.json; the golden links in tests/web/fixtures/golden-links.json check this.
import LINK_KEYS from './link-keys.json';

/** The version written into every new link (`v=`): link-keys.json, which Python's run_link reads too. */
export const SCHEMA_VERSION: number = LINK_KEYS.version;

/** A link's decoded pairs (URL key → text) for one experiment. */
export type LinkPairs = Map<string, string>;

export interface Migration {
  /** The version this migration reads; it returns pairs valid for `from + 1`. */
  from: number;
  /** Why the schema changed, shown in the notice when an old link is upgraded. */
  note: string;
  migrate: (pairs: LinkPairs, experimentId: string) => LinkPairs;
  /** No notice: the link means exactly what it meant (only a value that was implicit is now written). */
  silent?: boolean;
}

/** v1 → v2: one key and spelling for causal masking, distinct names for the paper-1 redraw counts,
 *  the fast d_min scan as the only scan, and attention-map's neighbour order (v1 drew points as sampled). */
function v1ToV2(pairs: LinkPairs, experimentId: string): LinkPairs {
  let out = new Map(pairs);
  if (experimentId === 'attention-map') {
    const mask = out.get('mask');
    out = new Map(
      [...out].map(([k, v]) => (k === 'mask' ? ['causal', v === 'causal' ? '1' : v === 'none' ? '0' : v] : [k, v])),
    );
    if (mask === undefined) out.delete('causal');
    if (!out.has('order')) out.set('order', 'sample');
  }
  out = renameKey('sparse-approx', 'tries', 'redraws')(out, experimentId);
  out = renameKey('sparse-dmin', 'tries', 'draws')(out, experimentId);
  if (experimentId === 'sparse-dmin') out.delete('scan'); // the fast scan gives the paper scan's d_min exactly
  return out;
}

/**
 * v2 → v3: links before version 0.2 drew their normal deviates by Box–Muller; new links use the ziggurat
 * (docs/theory/rank.md#prng-ziggurat). An old link keeps its stream, so its numbers stay bit for bit
 * (tests/web/stream1-presets.test.ts, the golden links): nothing changes for its reader, so no notice.
 */
function v2ToV3(pairs: LinkPairs): LinkPairs {
  if (pairs.has('rng')) return pairs;
  return new Map([...pairs, ['rng', 'box-muller']]);
}

/** Version → migration to the next version. */
export const MIGRATIONS: readonly Migration[] = [
  {
    from: 1,
    note:
      "attention-map's mask is now causal=0|1 and its points keep the order they were " +
      "drawn in (order=sample); paper-1's tries is redraws (sparse-approx) or draws " +
      '(sparse-dmin); sparse-dmin always uses the fast scan, which gives the same d_min',
    migrate: v1ToV2,
  },
  {
    from: 2,
    note: 'links made before version 0.2 keep their random stream (rng=box-muller)',
    migrate: v2ToV3,
    silent: true,
  },
];

/** Renames one key of one experiment, the commonest migration. */
export function renameKey(experimentId: string, from: string, to: string): Migration['migrate'] {
  return (pairs, id) => {
    if (id !== experimentId || !pairs.has(from)) return pairs;
    const out = new Map<string, string>();
    for (const [k, v] of pairs) out.set(k === from ? to : k, v);
    return out;
  };
}
