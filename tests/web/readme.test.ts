// SPDX-License-Identifier: Apache-2.0
// The README's result-key table is checked against the core's declared result shapes: every
// experiment has a row, and the row names every top-level key of its result.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEMAS } from '../../web/src/experiments/generated';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README result keys', () => {
  it.each(SCHEMAS.map((s) => [s.id, s] as const))('%s: its row names every key of its result', (id, schema) => {
    const row = readme.split('\n').find((line) => line.startsWith(`| \`${id}\` |`));
    expect(row, `README has no result-key row for ${id}`).toBeDefined();
    const named = new Set([...row!.matchAll(/`([A-Za-z][A-Za-z0-9]*)`/g)].map((m) => m[1]));
    const missing = Object.keys(schema.result).filter((key) => !named.has(key));
    expect(missing, `README row of ${id} lacks`).toEqual([]);
  });
});
