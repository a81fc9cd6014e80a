// SPDX-License-Identifier: Apache-2.0
// The rules of docs/ARCHITECTURE.md that a reader of web/src relies on, checked on every source file:
// dependencies point downwards only and never in a circle, functions fit on a screen, and the types say what a value
// is (no `any`; a double cast only with a comment saying why); one module per name, and one family layout on both
// sides.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { coreFamilies, unfamiliedExperiments, webFolderOf } from './experiment-folders';
import { circlesOf, importGraph, importsOf, longFunctions } from './source-graph';

const src = fileURLToPath(new URL('../../web/src/', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'wasm' ? [] : sources(path); // wasm/: the built module, not ours
    return /\.ts$/.test(entry.name) ? [path] : [];
  });
}
const files = sources(src).map((path) => ({ path, name: relative(src, path), text: readFileSync(path, 'utf8') }));

/**
 * The layer of a file under web/src. version.ts and experiments/generated/ (the core's declarations)
 * sit below every layer; main.ts, sw.ts and wasm.d.ts are the entry points above them all.
 */
function layerOf(name: string): string {
  if (name === 'version.ts' || name.startsWith('experiments/generated/')) return 'base';
  if (!name.includes('/')) return 'entry';
  return name.split('/')[0];
}

/** What each layer may import besides itself and the base (docs/ARCHITECTURE.md, "Layers"). */
const MAY_IMPORT: Record<string, string[]> = {
  entry: ['ui', 'state', 'experiments', 'plots', 'engine', 'protocol', 'wasm', 'styles'],
  ui: ['state', 'experiments', 'plots', 'engine', 'protocol'],
  state: ['experiments', 'engine'],
  experiments: ['plots', 'engine'],
  plots: [],
  engine: ['wasm'],
  protocol: [],
  wasm: [],
  styles: [],
  base: [],
};

describe('dependencies point downwards only', () => {
  it('every import of web/src goes to its own layer, a layer below it or the base', () => {
    const wrong: string[] = [];
    for (const file of files) {
      const from = layerOf(file.name);
      for (const spec of importsOf(file.text)) {
        const target = relative(src, join(dirname(file.path), spec));
        if (target.startsWith('..')) {
          if (!spec.endsWith('package.json')) wrong.push(`${file.name} → ${spec} (outside web/src)`);
          continue;
        }
        const isFolder = existsSync(join(src, target)) && statSync(join(src, target)).isDirectory();
        const to = layerOf(isFolder ? `${target}/index.ts` : /\.m?[jt]s$/.test(target) ? target : `${target}.ts`);
        if (to !== from && to !== 'base' && !MAY_IMPORT[from].includes(to))
          wrong.push(`${file.name} (${from}) → ${target} (${to})`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the rule sees the imports it checks', () => {
    expect(
      importsOf(
        "import { a } from '../plots/stamp';\nexport { b } from './x';\nconst m = import('../ui/app');\nimport './side';",
      ),
    ).toEqual(['../plots/stamp', './x', '../ui/app', './side']);
    expect(
      importsOf(
        [
          "import type { A } from './a';",
          "export type { B } from './b';",
          "let c: import('./c').C;",
          "import { type D } from './d';",
        ].join('\n'),
      ),
    ).toEqual(['./a', './b', './c', './d']);
    expect(importsOf("import { a } from 'comlink';")).toEqual([]);
    expect(layerOf('experiments/generated/index.ts')).toBe('base');
    expect(layerOf('experiments/rank/rank-beta/view.ts')).toBe('experiments');
    expect(layerOf('version.ts')).toBe('base');
  });
});

/**
 * The import circles left in web/src (each a strongly connected component, its files sorted), type-only imports
 * included: a type lives below its users. The list only shrinks: a new circle fails, and so does one listed here that
 * no longer exists, so the list stays exact.
 */
const KNOWN_CIRCLES: string[][] = [
  ['ui/heads-choice.ts', 'ui/page-context.ts', 'ui/panel.ts', 'ui/run-input.ts', 'ui/upload-field.ts', 'ui/uploads.ts'],
  ['ui/model-attention.ts', 'ui/model-panel.ts'],
];

/** The longest a function, method or arrow function may be outside generated code, in lines. */
const FUNCTION_LINES_MAX = 60;
/**
 * The functions longer than FUNCTION_LINES_MAX, at their lengths: each one's length is pinned, so a listed function
 * that grows fails, and one that shrinks fails until its line here says so (or goes, under the limit).
 */
const LONG_FUNCTIONS: Record<string, number> = {
  // The head atlas, the panel, its file fields and "Your own model": cut along their seams in a pass of their own,
  // together with the two circles above.
  'experiments/rank/rank-zoo/atlas.ts atlasChart': 100,
  'ui/model-form.ts modelFieldset': 89,
  'ui/model-panel.ts modelField': 249,
  'ui/panel.ts buildPanel': 164,
  'ui/upload-field.ts uploadField': 71,
};

describe('seams, not sizes', () => {
  it('no import circle in web/src but the known ones, and every known one still there', () => {
    const circles = circlesOf(importGraph(files));
    const key = (circle: string[]) => circle.join(' ↔ ');
    const known = new Set(KNOWN_CIRCLES.map(key));
    expect(
      circles.map(key).filter((c) => !known.has(c)),
      'new circles: move what both sides use below them',
    ).toEqual([]);
    expect(KNOWN_CIRCLES.map(key), 'KNOWN_CIRCLES lists exactly the circles left').toEqual(circles.map(key));
  });

  it('no function over FUNCTION_LINES_MAX lines outside generated code but the listed ones, at their lengths', () => {
    const found: Record<string, number> = {};
    for (const file of files.filter((f) => !f.name.startsWith('experiments/generated/')))
      for (const { name, lines } of longFunctions(file.name, file.text, FUNCTION_LINES_MAX))
        found[`${file.name} ${name}`] = Math.max(lines, found[`${file.name} ${name}`] ?? 0);
    const grown = Object.entries(found).filter(([name, lines]) => lines > (LONG_FUNCTIONS[name] ?? FUNCTION_LINES_MAX));
    expect(grown, 'split these along a seam a reader would recognise').toEqual([]);
    expect(found, 'LONG_FUNCTIONS pins each known long function at its length').toEqual(LONG_FUNCTIONS);
  });

  it('the rules see the circles and the lengths they check', () => {
    const graph = importGraph([
      { name: 'a.ts', text: "import type { B } from './b';" },
      { name: 'b.ts', text: "export { c } from './c/index';" },
      { name: 'c/index.ts', text: "const a = () => import('../a');" },
      { name: 'd.ts', text: "import { a } from './a';\nimport x from './wasm/x.mjs';" },
      { name: 'e.ts', text: "let e: import('./e').E;" },
    ]);
    expect(graph.get('d.ts')).toEqual(['a.ts']);
    expect(circlesOf(graph)).toEqual([['a.ts', 'b.ts', 'c/index.ts'], ['e.ts']]);
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const x${i} = ${i};`).join('\n');
    const text = [
      `export function short() {\n${body(58)}\n}`,
      `export function long() {\n${body(59)}\n}`,
      `class Runs {\n  run() {\n${body(70)}\n  }\n}`,
      `export const view = {\n  figures: () => {\n${body(61)}\n  },\n};`,
      `function outer() {\n  [1].map((n) => {\n${body(61)}\n  });\n}`,
    ].join('\n');
    expect(longFunctions('x.ts', text, FUNCTION_LINES_MAX)).toEqual([
      { name: 'long', lines: 61 },
      { name: 'Runs.run', lines: 72 },
      { name: 'figures', lines: 63 },
      { name: 'outer', lines: 65 },
      { name: 'outer callback', lines: 63 },
    ]);
  });
});

describe('types say what a value is', () => {
  it('no `any` type anywhere in web/src (JSON of unknown shape is `unknown`, narrowed where it is read)', () => {
    const found: string[] = [];
    for (const file of files) {
      const source = ts.createSourceFile(file.name, file.text, ts.ScriptTarget.ES2022, true);
      const visit = (node: ts.Node): void => {
        if (node.kind === ts.SyntaxKind.AnyKeyword)
          found.push(`${file.name}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
        ts.forEachChild(node, visit);
      };
      visit(source);
    }
    expect(found).toEqual([]);
  });

  it('no `as unknown as` without a comment on the line before saying why', () => {
    const found: string[] = [];
    for (const file of files) {
      const lines = file.text.split('\n');
      lines.forEach((line, i) => {
        if (/\bas unknown as\b/.test(line) && !/^\s*\/\/|\/\*/.test(lines[i - 1] ?? ''))
          found.push(`${file.name}:${i + 1}`);
      });
    }
    expect(found).toEqual([]);
  });
});

/** The folders under web/src/experiments that hold an experiment (its params.ts), relative to web/src. */
const experimentFolders = [
  ...new Set(files.filter((f) => /^experiments\/.+\/params\.ts$/.test(f.name)).map((f) => dirname(f.name))),
].sort();
const familyFolders = [...coreFamilies().keys()].map((family) => `experiments/${family}`);

/**
 * The names a folder of a kind repeats by convention: every folder's index.ts, an experiment's parts
 * (params, presets, view, explain) and a family's shared files (family.ts, family-explain.ts).
 */
function conventional(name: string): boolean {
  const [dir, base] = [dirname(name), name.slice(dirname(name).length + 1)];
  if (base === 'index.ts' || name.startsWith('experiments/generated/')) return true;
  if (experimentFolders.includes(dir)) return ['params.ts', 'presets.ts', 'view.ts', 'explain.ts'].includes(base);
  return familyFolders.includes(dir) && ['family.ts', 'family-explain.ts'].includes(base);
}

describe('one module per name', () => {
  it('no two files under web/src share a base name (but the conventional ones, and generated/)', () => {
    const byBase = new Map<string, string[]>();
    for (const { name } of files.filter((f) => !conventional(f.name))) {
      const base = name.slice(name.lastIndexOf('/') + 1);
      byBase.set(base, [...(byBase.get(base) ?? []), name]);
    }
    expect([...byBase.values()].filter((names) => names.length > 1)).toEqual([]);
  });

  it('the rule sees what it allows', () => {
    expect(conventional('experiments/rank/rank-beta/view.ts')).toBe(true);
    expect(conventional('experiments/rank/family.ts')).toBe(true);
    expect(conventional('experiments/rank/view.ts')).toBe(false);
    expect(conventional('experiments/rank/rank-beta/family.ts')).toBe(false);
    expect(conventional('ui/explain.ts')).toBe(false);
  });
});

describe('one family layout on both sides', () => {
  it('every experiment folder sits under its family folder, as the core declares it', () => {
    const ids = [...[...coreFamilies().values()].flat(), ...unfamiliedExperiments()];
    expect(ids.length).toBe(14);
    expect(experimentFolders).toEqual(ids.map((id) => relative(src, join(src, '..', '..', webFolderOf(id)))).sort());
  });

  it("the web side's families are the core's: sparse, rmt, rank", () => {
    expect([...coreFamilies().keys()].sort()).toEqual(['rank', 'rmt', 'sparse']);
    for (const [family, ids] of coreFamilies()) {
      for (const id of ids) {
        const meta = readFileSync(join(src, `experiments/${family}/${id}/index.ts`), 'utf8');
        expect(meta).toContain(`family: '${family}'`);
      }
    }
  });

  it('a folder under web/src/experiments is a family, an unfamilied experiment or generated/', () => {
    const top = readdirSync(join(src, 'experiments'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
    expect(top.sort()).toEqual([...coreFamilies().keys(), ...unfamiliedExperiments(), 'generated'].sort());
  });
});
