// The repository says who may reuse it and how to cite it: an Apache-2.0 LICENSE, the same licence in
// package.json and CITATION.cff, and a CITATION.cff with the fields GitHub's "Cite this repository" needs.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (name: string) => readFileSync(`${root}${name}`, 'utf8');

describe('licence and citation', () => {
  it('LICENSE is the Apache License 2.0, named the same in package.json and CITATION.cff', () => {
    expect(read('LICENSE')).toMatch(/Apache License\s+Version 2\.0, January 2004/);
    expect(JSON.parse(read('package.json')).license).toBe('Apache-2.0');
    expect(read('CITATION.cff')).toMatch(/^license: Apache-2\.0$/m);
  });

  it('CITATION.cff has the required fields and the app version of package.json', () => {
    const cff = read('CITATION.cff');
    for (const key of ['cff-version', 'message', 'title', 'authors', 'version']) expect(cff).toMatch(new RegExp(`^${key}:`, 'm'));
    expect(cff).toContain(`version: "${JSON.parse(read('package.json')).version}"`);
  });
});
