// SPDX-License-Identifier: Apache-2.0
// The repository says who may reuse it and how to cite it: an Apache-2.0 LICENSE, the same licence in
// package.json and CITATION.cff, a CITATION.cff with the fields GitHub's "Cite this repository" needs, an SPDX
// identifier at the top of every source file, and a CHANGELOG.md.
import { execFileSync } from 'node:child_process';
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
    for (const key of ['cff-version', 'message', 'title', 'authors', 'version'])
      expect(cff).toMatch(new RegExp(`^${key}:`, 'm'));
    expect(cff).toContain(`version: "${JSON.parse(read('package.json')).version}"`);
  });

  it('every source file names its licence in its first line (after a #! line), as SPDX writes it', () => {
    const sources = execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' })
      .split('\n')
      .filter((f) => /\.(ts|mjs|js|cjs|cpp|hpp|h|py|sh|css)$/.test(f));
    expect(sources.length).toBeGreaterThan(500);
    const missing = sources.filter((f) => {
      const lines = read(f).split('\n', 2);
      const line = lines[0].startsWith('#!') ? lines[1] : lines[0];
      return !/^(\/\/|#|\/\*) SPDX-License-Identifier: Apache-2\.0( \*\/)?$/.test(line ?? '');
    });
    expect(missing).toEqual([]);
  });

  it('CHANGELOG.md starts at this version', () => {
    expect(read('CHANGELOG.md')).toMatch(
      new RegExp(`^## ${JSON.parse(read('package.json')).version.replace(/\./g, '\\.')}$`, 'm'),
    );
  });
});
