// SPDX-License-Identifier: Apache-2.0
// Adding an experiment touches at most four hand-edited files (docs/ARCHITECTURE.md, "Adding an experiment"). Proved
// on a copy of the tracked sources: a throwaway experiment is added there as the section says (its core file copied
// from rank-n with the id renamed, its factory in the registry, its web folder, its line in the page's list), the
// files that changed are counted, the copy's registry is compiled against the built core and the new experiment run
// with its declared cheap set, and `npm run gen` writes the rest. No file outside generated output keeps a table of
// every experiment by hand.
import { execFile, execFileSync } from 'node:child_process';
import { cpSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { SCHEMAS } from '../../web/src/experiments/generated';
import { coreFileOf, webFolderOf } from './experiment-folders';
import { cliArgs, type TestSets } from './test-sets';

const root = join(__dirname, '../..');
const run = promisify(execFile);
const native = join(root, 'build/native');
const FROM = 'rank-n';
const NEW = 'rank-copy';
const camel = (id: string) => id.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
const pascal = (id: string) => camel(id).replace(/^\w/, (c) => c.toUpperCase());

/** The family FROM (and so NEW) belongs to: NEW's core file goes in its folder. */
const FAMILY = SCHEMAS.find((s) => s.id === FROM)?.family ?? '';
const REGISTRY = 'wasm/core/lab/registry_groups.cpp';
const PAGE_LIST = 'web/src/experiments/index.ts';
/** What `npm run gen` writes (scripts/gen-schemas.mjs, scripts/gen-tables.mjs): never edited by hand. */
const GENERATED = [
  /^web\/src\/experiments\/generated\//,
  /^tests\/fixtures\/result-shapes\.json$/,
  /^tests\/fixtures\/stream-hashes\.json$/,
  /^README\.md$/,
];

/** The tracked sources (and new ones not yet committed), never build output. */
function sources(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  return listed.split('\0').filter((f) => {
    try {
      return f !== '' && lstatSync(join(root, f)).isFile();
    } catch {
      return false; // deleted in the work tree
    }
  });
}

function snapshot(dir: string, files = new Map<string, string>(), base = dir): Map<string, string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) snapshot(path, files, base);
    else files.set(relative(base, path), readFileSync(path, 'latin1'));
  }
  return files;
}

/** Files new or changed between two snapshots; a new folder's files count as that folder. */
function touched(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed = [...after].filter(([path, text]) => before.get(path) !== text).map(([path]) => path);
  const newFolder = (path: string) => {
    const folder = dirname(path);
    return folder === '.' || [...before.keys()].some((p) => p.startsWith(`${folder}/`)) ? path : `${folder}/`;
  };
  return [...new Set(changed.map(newFolder))].sort();
}

const tree = mkdtempSync(join(tmpdir(), 'attnlab-new-experiment-'));
afterAll(() => rmSync(tree, { recursive: true, force: true }));
const at = (path: string) => join(tree, path);
const edit = (path: string, change: (text: string) => string) => {
  const text = readFileSync(at(path), 'utf8');
  const changed = change(text);
  expect(changed, path).not.toBe(text);
  writeFileSync(at(path), changed);
};

/** The steps of docs/ARCHITECTURE.md, "Adding an experiment", for NEW as a copy of FROM. */
function addThrowawayExperiment() {
  const renamed = (text: string) =>
    text
      .replaceAll(`'${FROM}'`, `'${NEW}'`)
      .replaceAll(`"${FROM}"`, `"${NEW}"`)
      .replaceAll(`generated/${FROM}'`, `generated/${NEW}'`)
      .replace(new RegExp(`\\b${camel(FROM)}(?=Experiment\\b|\\b)`, 'g'), camel(NEW))
      .replace(new RegExp(`\\b${pascal(FROM)}Result\\b`, 'g'), `${pascal(NEW)}Result`);
  writeFileSync(at(coreFileOf(NEW, FAMILY)), renamed(readFileSync(at(coreFileOf(FROM)), 'utf8')));
  edit(REGISTRY, (text) =>
    text
      .replace(`Experiment ${camel(FROM)}Experiment();`, (line) => `${line}\nExperiment ${camel(NEW)}Experiment();`)
      .replace(`${camel(FROM)}Experiment(),`, (entry) => `${entry} ${camel(NEW)}Experiment(),`),
  );
  const web = webFolderOf(FROM);
  const newWeb = join(dirname(web), NEW);
  mkdirSync(at(newWeb));
  for (const name of readdirSync(at(web)))
    writeFileSync(at(join(newWeb, name)), renamed(readFileSync(at(join(web, name)), 'utf8')));
  const importOf = (folder: string, name: string) =>
    `import { ${name} } from './${relative('web/src/experiments', folder)}';`;
  edit(PAGE_LIST, (text) =>
    text
      .replace(importOf(web, camel(FROM)), (line) => `${line}\n${importOf(newWeb, camel(NEW))}`)
      .replace(`  ${camel(FROM)},\n`, (entry) => `${entry}  ${camel(NEW)},\n`),
  );
}

/** Compiles the copy's registry and the new core file, linked with the built CLI's objects and core library. */
async function buildCopiedCli(): Promise<string> {
  const flags = readFileSync(join(native, 'CMakeFiles/attnlab_core.dir/flags.make'), 'utf8');
  const field = (name: string) => (new RegExp(`^${name} = (.*)$`, 'm').exec(flags)?.[1] ?? '').trim();
  // The copy's headers; the vendored ones (build output) stay the build's.
  const includes = field('CXX_INCLUDES')
    .split(/\s+/)
    .map((arg) => (arg.startsWith(`${root}/`) && !arg.startsWith(native) ? tree + arg.slice(root.length) : arg));
  const objects = [REGISTRY, coreFileOf(NEW, FAMILY)].map((file) => at(`${file}.o`));
  const compiles = [REGISTRY, coreFileOf(NEW, FAMILY)].map((file, i) => {
    const args = [...field('CXX_FLAGS').split(/\s+/), '-O0', ...includes, '-c', at(file), '-o', objects[i]];
    return run('c++', args.filter(Boolean));
  });
  await Promise.all(compiles); // the two at once: most of this test's time
  const link = readFileSync(join(native, 'CMakeFiles/attnlab.dir/link.txt'), 'utf8').trim().split(/\s+/);
  const out = at('attnlab');
  const args = link.slice(1).map((a) => (a === 'attnlab' ? out : a));
  execFileSync(link[0], [...objects, ...args], { cwd: native, stdio: 'pipe' });
  return out;
}

/** Whether a value has exactly the keys its declared shape names, recursively (result_shape.hpp's language). */
function shapeProblems(shape: unknown, value: unknown, path = 'result'): string[] {
  if (Array.isArray(shape))
    return Array.isArray(value) ? value.flatMap((v, i) => shapeProblems(shape[0], v, `${path}[${i}]`)) : [path];
  if (typeof shape !== 'object' || shape === null) return [];
  if (value === null) return (shape as Record<string, unknown>).$nullable ? [] : [path];
  const keys = Object.keys(shape).filter((k) => k !== '$nullable');
  const own = Object.keys(value as object);
  const extra = own.filter((k) => !keys.includes(k)).map((k) => `${path}.${k} (not declared)`);
  return [
    ...extra,
    ...keys.flatMap((k) =>
      k in (value as object)
        ? shapeProblems((shape as Record<string, unknown>)[k], (value as Record<string, unknown>)[k], `${path}.${k}`)
        : [`${path}.${k} (missing)`],
    ),
  ];
}

describe('adding an experiment', () => {
  it(`touches at most 4 hand-edited files, builds, runs its cheap set, and npm run gen writes the rest`, async () => {
    for (const file of sources()) cpSync(join(root, file), at(file), { recursive: true });
    const before = snapshot(tree);
    addThrowawayExperiment();
    const handEdited = touched(before, snapshot(tree));
    expect(handEdited).toEqual(
      [coreFileOf(NEW, FAMILY), REGISTRY, `${join(dirname(webFolderOf(FROM)), NEW)}/`, PAGE_LIST].sort(),
    );
    expect(handEdited.length).toBeLessThanOrEqual(4);

    const cli = await buildCopiedCli();
    const sets = JSON.parse(execFileSync(cli, ['--test-sets'], { encoding: 'utf8' })) as Record<string, TestSets>;
    const schema = (
      JSON.parse(execFileSync(cli, ['--schema'], { encoding: 'utf8' })) as { id: string; result: unknown }[]
    ).find((s) => s.id === NEW);
    expect(schema, `${NEW} is registered`).toBeDefined();
    const result = JSON.parse(
      execFileSync(cli, [NEW, ...cliArgs(sets[NEW].cheap)], { encoding: 'utf8', stdio: 'pipe' }),
    );
    expect(shapeProblems(schema!.result, result)).toEqual([]);

    const beforeGen = snapshot(tree);
    execFileSync('node', [at('scripts/gen-schemas.mjs'), cli], { stdio: 'pipe' });
    const written = touched(beforeGen, snapshot(tree));
    expect(written.filter((f) => !GENERATED.some((g) => g.test(f)))).toEqual([]);
    expect(written).toContain(`web/src/experiments/generated/${NEW}.ts`);
    for (const table of ['tests/fixtures/result-shapes.json', 'tests/fixtures/stream-hashes.json', 'README.md'])
      expect(readFileSync(at(table), 'utf8'), table).toContain(NEW);
  }, 120_000);

  it('no file under tests/, bench/, docs/, scripts/ or README.md names every experiment but generated output', () => {
    const ids = SCHEMAS.map((s) => s.id);
    const named = (text: string, id: string) => new RegExp(`(?<![\\w-])${id}(?![\\w-])`).test(text);
    const tables = sources()
      .filter((f) => /^(tests|bench|docs|scripts)\//.test(f) || f === 'README.md')
      .filter((f) => !/\.(png|wasm|safetensors|npy|bin)$/.test(f) && !GOLDEN[f])
      .filter((f) => {
        if (GENERATED.some((g) => g.test(f)) && f !== 'README.md') return false;
        // README: its result-key table is generated; the overview for readers is prose, not a table any test reads.
        const text = readFileSync(join(root, f), 'utf8')
          .replace(/<!-- result-keys[\s\S]*<!-- \/result-keys -->/, '')
          .replace(/^\| [\w -]+ \| `[a-z]+-[\s\S]*?\n\n/m, '');
        return ids.every((id) => named(text, id));
      });
    expect(tables).toEqual([]);
  });

  it('docs/ARCHITECTURE.md names the hand-edited files, at most 4 steps', () => {
    const doc = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');
    const start = doc.indexOf('## Adding an experiment');
    const section = doc.slice(start, doc.indexOf('\n## ', start + 3));
    expect(section.split('\n').filter((line) => /^\d+\. /.test(line)).length).toBeLessThanOrEqual(4);
    for (const path of [coreFileOf('<id>', '<family>'), REGISTRY, 'web/src/experiments/<family>/<id>/', PAGE_LIST])
      expect(section).toContain(`\`${path}`);
  });
});

/** Files that name every experiment without being a table a new one must join, and why. */
const GOLDEN: Record<string, string> = {
  'tests/web/fixtures/golden-links.json': 'old links, pinned: a new experiment has none',
  'tests/fixtures/stream1-presets.json': 'the presets of before the ziggurat, pinned: a new experiment has none',
  'docs/cost-model.md': "the existing experiments' operation counts; a new one's is the comment beside its jobSeconds",
};
