// Old links keep working: each entry rewrites a link's key=value pairs from schema version `from`
// to `from + 1`. Add one whenever a parameter is renamed, removed, rescaled or changes meaning,
// and bump SCHEMA_VERSION; the golden links in tests/web/fixtures/golden-links.json check this.

/** The version written into every new link (`v=`). */
export const SCHEMA_VERSION = 1;

/** A link's decoded pairs (URL key → text) for one experiment. */
export type LinkPairs = Map<string, string>;

export interface Migration {
  /** The version this migration reads; it returns pairs valid for `from + 1`. */
  from: number;
  /** Why the schema changed, shown in the notice when an old link is upgraded. */
  note: string;
  migrate: (pairs: LinkPairs, experimentId: string) => LinkPairs;
}

/** Version → migration to the next version. Empty while only v=1 exists. */
export const MIGRATIONS: readonly Migration[] = [];

/** Renames one key of one experiment, the commonest migration. */
export function renameKey(experimentId: string, from: string, to: string): Migration['migrate'] {
  return (pairs, id) => {
    if (id !== experimentId || !pairs.has(from)) return pairs;
    const out = new Map<string, string>();
    for (const [k, v] of pairs) out.set(k === from ? to : k, v);
    return out;
  };
}
