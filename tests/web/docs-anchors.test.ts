// SPDX-License-Identifier: Apache-2.0
// Code comments cite the theory pages by anchor (`docs/theory/rmt.md#bulk-law`, or a chain such as
// `docs/theory/rmt.md#snr, #variant-b`), never documents outside the repository or tracker numbers.
// Every cited docs/<path>.md must exist and carry each cited anchor, as an explicit `<a id="…">` or as a
// heading whose GitHub slug it is; and no source under wasm/, web/src, tests/ or scripts/ may cite the
// specs by section or an issue by number.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const scanned = ['wasm', 'web/src', 'tests', 'scripts'];
const skippedDirs = new Set(['node_modules', 'corpus', 'dist', 'build']);
const textFile = /\.(?:ts|mts|js|mjs|cjs|cpp|cc|hpp|h|py|sh|json|md|txt|cmake|html|css)$/;

function sourceFiles(dir: string): string[] {
  const absolute = join(root, dir);
  if (!existsSync(absolute)) return [];
  const files: string[] = [];
  for (const name of readdirSync(absolute)) {
    const path = join(absolute, name);
    if (statSync(path).isDirectory()) {
      if (!skippedDirs.has(name)) files.push(...sourceFiles(relative(root, path)));
    } else if (textFile.test(name)) {
      files.push(relative(root, path));
    }
  }
  return files;
}

/** GitHub's heading slug: lower case, punctuation dropped, spaces to hyphens. */
export function githubSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a Markdown page offers: explicit `<a id>`/`<a name>` tags and its headings' slugs. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const m of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(m[1]);
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = githubSlug(heading[1].replace(/<[^>]+>/g, ''));
    const count = seen.get(slug) ?? 0;
    anchors.add(count ? `${slug}-${count}` : slug);
    seen.set(slug, count + 1);
  }
  return anchors;
}

interface Citation {
  file: string;
  line: number;
  page: string;
  anchors: string[];
}

/** `docs/<path>.md`, optionally `#anchor`, optionally followed by `, #anchor` items on the same page. */
export function citationsIn(text: string, file: string): Citation[] {
  const found: Citation[] = [];
  text.split('\n').forEach((line, index) => {
    for (const m of line.matchAll(/\bdocs\/([\w./-]+?\.md)((?:#[\w-]+)?)((?:,\s*#[\w-]+)*)/g)) {
      const anchors = [m[2], ...(m[3].match(/#[\w-]+/g) ?? [])].filter(Boolean).map((a) => a.slice(1));
      found.push({ file, line: index + 1, page: `docs/${m[1]}`, anchors });
    }
  });
  return found;
}

const files = scanned.flatMap(sourceFiles);
const texts = new Map(files.map((file) => [file, readFileSync(join(root, file), 'utf8')]));

describe('docs cited in code', () => {
  it('the helpers read anchors and citations the way GitHub and the comments write them', () => {
    const page =
      '<a id="bulk-law"></a>\n## The bulk law ν = MP_δ ⊠ MP_γ\n### Table 5.1: ' +
      'bulk constants (κ = 1)\n```\n# not a heading\n```\n## Notes\n## Notes\n';
    expect([...anchorsOf(page)].sort()).toEqual(
      ['bulk-law', 'notes', 'notes-1', 'table-51-bulk-constants-κ--1', 'the-bulk-law-ν--mp_δ--mp_γ'].sort(),
    );
    const cited = citationsIn(
      'x (docs/theory/rmt.md#snr, #variant-b): rho; docs/ARCHITECTURE.md and docs/theory/rank.md#prng.',
      'f',
    );
    expect(cited.map((c) => [c.page, c.anchors])).toEqual([
      ['docs/theory/rmt.md', ['snr', 'variant-b']],
      ['docs/ARCHITECTURE.md', []],
      ['docs/theory/rank.md', ['prng']],
    ]);
  });

  it('every cited docs page exists and carries every cited anchor', () => {
    const citations = [...texts].flatMap(([file, text]) => citationsIn(text, file));
    expect(citations.length).toBeGreaterThan(200);
    const pages = new Map<string, Set<string> | undefined>();
    const broken: string[] = [];
    for (const c of citations) {
      if (!pages.has(c.page)) {
        const path = join(root, c.page);
        pages.set(c.page, existsSync(path) ? anchorsOf(readFileSync(path, 'utf8')) : undefined);
      }
      const anchors = pages.get(c.page);
      if (!anchors) broken.push(`${c.file}:${c.line}: ${c.page} does not exist`);
      else
        for (const a of c.anchors)
          if (!anchors.has(a)) broken.push(`${c.file}:${c.line}: ${c.page} has no anchor #${a}`);
    }
    expect(broken).toEqual([]);
  });

  it('no source cites the specs by section or an issue by number', () => {
    // Built from pieces so that this file does not match itself.
    const internal = new RegExp(['spec ' + '\u00a7', 'spec ' + 'paper', 'issue ' + '[0-9]'].join('|'));
    const found: string[] = [];
    for (const [file, text] of texts) {
      text.split('\n').forEach((line, index) => {
        if (internal.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });
});
