// SPDX-License-Identifier: Apache-2.0
// No dead exports: every name a module under web/src exports is named by some other file (the app, the scripts, the
// benchmarks or a test). A name used only inside its own module is not exported. Generated declarations are left out
// (`npm run gen` writes every experiment's whole declaration).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const files = execFileSync('git', ['ls-files', 'web/src', 'scripts', 'bench', 'tests'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|mjs|js)$/.test(f));
const text = new Map(files.map((f) => [f, readFileSync(`${root}${f}`, 'utf8')]));

describe('exports', () => {
  it('every export under web/src is named by another file', () => {
    const dead: string[] = [];
    for (const f of files.filter((g) => g.startsWith('web/src/') && g.endsWith('.ts') && !g.includes('/generated/'))) {
      const declared = /^export (?:declare )?(?:async )?(?:function|const|let|class|interface|type|enum) (\w+)/gm;
      for (const [, name] of text.get(f)!.matchAll(declared)) {
        const named = new RegExp(`\\b${name}\\b`);
        if (!files.some((g) => g !== f && named.test(text.get(g)!))) dead.push(`${f}: ${name}`);
      }
    }
    expect(dead).toEqual([]);
  });
});
