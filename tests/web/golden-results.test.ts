// SPDX-License-Identifier: Apache-2.0
// Every old golden link, opened today (migrated to the current schema), computes the same numbers as
// before: tests/web/fixtures/golden-results.json holds digests of what the native CLI of the last
// schema-v1 build gave for each link. Keys added since (new result fields) are left out of the digest;
// the one renamed result key (sparse-dmin's setting.tries, now setting.draws) is compared by its old name.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../web/src/experiments';
import { toCoreParams } from '../../web/src/experiments/schema';
import { parseLink } from '../../web/src/state/url';
import golden from './fixtures/golden-links.json';
import before from './fixtures/golden-results.json';

const cli = fileURLToPath(new URL('../../build/native/attnlab', import.meta.url));
const digests = before.results as Record<string, { keys: string[]; sha256: string }>;

type JsonObject = Record<string, unknown>;

function asBefore(result: JsonObject, keys: string[]): JsonObject {
  const out: JsonObject = {};
  for (const key of keys) out[key] = result[key];
  for (const curve of (out.curves ?? []) as { setting: JsonObject }[]) {
    const { draws, ...rest } = curve.setting;
    curve.setting = { ...rest, tries: draws };
  }
  return out;
}

describe('golden links give the same numbers as before schema v2', () => {
  // Only the links of schema v1 have digests; links added later are checked by the url test alone.
  it.each(golden.links.filter((g) => /[#&]v=1(&|$)/.test(g.link)).map((g) => [g.link] as const))(
    '%s',
    (link) => {
      const { state } = parseLink(link, EXPERIMENTS);
      const args = [state.experimentId, ...Object.entries(toCoreParams(state.values)).map(([k, v]) => `${k}=${v}`)];
      const result = JSON.parse(
        execFileSync(cli, args, { encoding: 'utf8', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'] }),
      );
      const recorded = digests[link];
      if (!recorded) {
        // The v1 core refused this link (a seed above 9e15, though seeds go to 2^53 − 1); now it runs.
        expect(state.values.seed).toBe(2 ** 53 - 1);
        expect(result.n).toBe(64);
        return;
      }
      const sha = createHash('sha256')
        .update(JSON.stringify(asBefore(result, recorded.keys)))
        .digest('hex');
      expect(sha).toBe(recorded.sha256);
    },
    120_000,
  );
});
