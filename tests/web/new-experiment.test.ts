// SPDX-License-Identifier: Apache-2.0
// Adding an experiment touches a known, short list of files (docs/ARCHITECTURE.md, "Adding an
// experiment"). This test is that list made executable: every experiment the core registers must be in
// each place, so a 15th experiment missing from one fails here by name, and the page's list must name
// every place and stay at 8 entries or fewer.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { webFolderOf } from './experiment-folders';

const root = join(__dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const camel = (id: string) => id.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** The experiments the core registers: the result shapes it declares (a test pins the file to the core). */
const ids = Object.keys(JSON.parse(read('tests/fixtures/result-shapes.json')) as Record<string, unknown>);
const headers = readdirSync(join(root, 'wasm/core/include/attnlab'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.hpp'))
  .map((f) => read(`wasm/core/include/attnlab/${f}`))
  .join('\n');
const cppTests = readdirSync(join(root, 'tests/cpp'))
  .filter((f) => /^test_.*\.cpp$/.test(f))
  .map((f) => read(`tests/cpp/${f}`))
  .join('\n');

/** Each place of the list: the path the page names, and whether it holds experiment `id`. */
const PLACES: { path: string; holds: (id: string) => boolean }[] = [
  {
    path: 'wasm/core/src/experiments/<id>.cpp',
    holds: (id) => existsSync(join(root, `wasm/core/src/experiments/${id}.cpp`)),
  },
  {
    path: 'wasm/core/src/registry_groups.cpp',
    holds: (id) =>
      read('wasm/core/src/registry_groups.cpp').includes(`${camel(id)}Experiment()`) &&
      headers.includes(`Experiment ${camel(id)}Experiment();`),
  },
  { path: 'tests/cpp/', holds: (id) => cppTests.includes(`"${id}"`) },
  {
    path: 'tests/cpp/experiment_fixture.hpp',
    holds: (id) => read('tests/cpp/experiment_fixture.hpp').includes(`"${id}"`),
  },
  {
    path: 'tests/web/native-vs-wasm.test.ts',
    holds: (id) => read('tests/web/native-vs-wasm.test.ts').includes(`'${id}'`),
  },
  {
    path: 'web/src/experiments/<family>/<id>/',
    holds: (id) =>
      ['index', 'params', 'presets', 'view', 'explain'].every((f) =>
        existsSync(join(root, `${webFolderOf(id)}/${f}.ts`)),
      ),
  },
  {
    path: 'web/src/experiments/index.ts',
    holds: (id) =>
      read('web/src/experiments/index.ts').includes(`'./${webFolderOf(id).slice('web/src/experiments/'.length)}'`),
  },
  { path: 'README.md', holds: (id) => read('README.md').includes(`| \`${id}\` |`) },
];

describe('adding an experiment', () => {
  it('the core registers the fourteen experiments of the three papers', () => {
    expect(ids.length).toBe(14);
  });

  it.each(PLACES.map((p) => [p.path, p] as const))('every experiment is in %s', (_path, place) => {
    expect(ids.filter((id) => !place.holds(id))).toEqual([]);
  });

  it('docs/ARCHITECTURE.md lists every place, in at most 8 steps', () => {
    const doc = read('docs/ARCHITECTURE.md');
    const section = doc.slice(
      doc.indexOf('## Adding an experiment'),
      doc.indexOf('\n## ', doc.indexOf('## Adding an experiment') + 3),
    );
    const steps = section.split('\n').filter((line) => /^\d+\. /.test(line));
    expect(steps.length).toBeLessThanOrEqual(8);
    for (const place of PLACES) expect(section, place.path).toContain(`\`${place.path}`);
  });
});
