// SPDX-License-Identifier: Apache-2.0
// The README's examples marked `<!-- runnable -->` (the line before their fence) run as written: a JavaScript block as
// a module of a fresh Node process against the built npm package (build/package, imported as 'attnlab'), a shell block
// line by line (`npm run lab -- …` as `node scripts/lab.mjs …`, which the README says it is, and the native CLI) in a
// folder holding the files the lines name. A line whose comment says it is refused must be refused (exit 2); every
// other must succeed and print. The Python examples run in python/tests/test_readme.py.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Block {
  lang: string;
  code: string;
  /** The fence's line in the README (1-based). */
  line: number;
}

/** The fenced blocks of a Markdown text whose fence follows a `<!-- runnable -->` line. */
function runnableBlocks(markdown: string): Block[] {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  lines.forEach((text, i) => {
    const fence = /^```(\w+)\s*$/.exec(lines[i + 1] ?? '');
    if (text.trim() !== '<!-- runnable -->' || !fence) return;
    const end = lines.findIndex((l, j) => j > i + 1 && /^```\s*$/.test(l));
    blocks.push({ lang: fence[1], code: lines.slice(i + 2, end).join('\n'), line: i + 2 });
  });
  return blocks;
}

/** One line of a shell block: the command to run (no shell in between) and whether its comment says it is refused. */
function shellCommand(line: string): { command: string[]; refused: boolean } {
  const [words, comment = ''] = line.split(/\s+#\s*/, 2);
  if (/["'`$|<>;&\\]/.test(words))
    throw new Error(`a runnable line with shell syntax, which this test does not run: ${line}`);
  const args = words.trim().split(/\s+/);
  const refused = /^refused\b/.test(comment);
  if (args.slice(0, 4).join(' ') === 'npm run lab --')
    return { command: [process.execPath, join(root, 'scripts/lab.mjs'), ...args.slice(4)], refused };
  if (/^(\.\/)?build\/native\/attnlab$/.test(args[0]))
    return { command: [join(root, 'build/native/attnlab'), ...args.slice(1)], refused };
  throw new Error(`a runnable line of neither npm run lab nor build/native/attnlab: ${line}`);
}

const blocks = runnableBlocks(readFileSync(join(root, 'README.md'), 'utf8'));
let folder = '';

beforeAll(() => {
  for (const built of ['web/src/wasm/attnlab.wasm', 'build/native/attnlab'])
    if (!existsSync(join(root, built))) throw new Error(`${built} is missing: npm run build first`);
  if (!existsSync(join(root, 'build/package/index.js')))
    execFileSync(process.execPath, [join(root, 'scripts/build-package.mjs')], { stdio: 'ignore' });
  // A reader's folder: the package installed under its name, and the files the examples name.
  folder = mkdtempSync(join(tmpdir(), 'attnlab-readme-'));
  mkdirSync(join(folder, 'node_modules'));
  symlinkSync(join(root, 'build/package'), join(folder, 'node_modules', 'attnlab'), 'dir');
  writeFileSync(join(folder, 'package.json'), '{"name": "reader", "private": true, "type": "module"}\n');
  copyFileSync(join(root, 'tests/fixtures/patterns/pattern.csv'), join(folder, 'pattern.csv'));
}, 120_000);
afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe("the README's runnable examples", () => {
  it('are marked: the npm example and the headless command lines', () => {
    expect(blocks.map((b) => b.lang)).toEqual(expect.arrayContaining(['js', 'bash']));
    expect(runnableBlocks('<!-- runnable -->\n```js\nrun();\n```\n```js\nnot();\n```')).toEqual([
      { lang: 'js', code: 'run();', line: 2 },
    ]);
    expect(shellCommand('npm run lab -- rank-n n=64   # a comment').command.slice(2)).toEqual(['rank-n', 'n=64']);
    expect(shellCommand('./build/native/attnlab x n=1  # refused at once').refused).toBe(true);
    expect(() => shellCommand('npm run lab -- x > out.json')).toThrow(/shell syntax/);
  });

  it.each(blocks.filter((b) => b.lang === 'js').map((b) => [b.line, b] as const))(
    'the JavaScript at line %i runs against the built npm package',
    (_, block) => {
      writeFileSync(join(folder, 'example.mjs'), `${block.code}\n`);
      const r = spawnSync(process.execPath, ['example.mjs'], { cwd: folder, encoding: 'utf8' });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(r.stdout.trim()).not.toBe('');
    },
  );

  const lines = blocks
    .filter((b) => b.lang === 'bash')
    .flatMap((b) => b.code.split('\n').map((text, i) => [b.line + 1 + i, text] as const))
    .filter(([, text]) => text.trim() && !text.trim().startsWith('#'))
    .map(([line, text]) => [line, text.split(/\s+#/)[0].trim(), text] as const);
  it.each(lines)('the command at line %i runs as its comment says: %s', (_, __, text) => {
    const { command, refused } = shellCommand(text);
    const r = spawnSync(command[0], command.slice(1), { cwd: folder, encoding: 'utf8', maxBuffer: 1 << 28 });
    if (refused) {
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/^attnlab: /);
    } else {
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout.trim()).not.toBe('');
    }
  });
});
