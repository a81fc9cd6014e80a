// SPDX-License-Identifier: Apache-2.0
// The tables that must name every experiment, kept by `npm run gen` (scripts/gen-schemas.mjs) so that a new
// experiment edits none of them by hand. Each only ADDS what a new experiment lacks and never rewrites an entry:
// they are golden (a changed result shape or stream hash must still fail its test) or hand-written (README's rows).
//   tests/fixtures/result-shapes.json   its declared result shape (attnlab --schema)
//   tests/fixtures/stream-hashes.json   FNV-1a of its cheap run's JSON with rng=box-muller
//                                       (tests/cpp/test_rng_param.cpp)
//   README.md                           a row of the result-key table, between the result-keys markers
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const BEGIN = '<!-- result-keys: one row per experiment; npm run gen adds a new one (edit its words freely) -->';
const END = '<!-- /result-keys -->';

/** FNV-1a (64 bits) of a text's UTF-8 bytes, as "0x" and 16 hex digits. */
export function fnv1a(text) {
  let h = 0xcbf29ce484222325n;
  for (const byte of Buffer.from(text, 'utf8')) h = ((h ^ BigInt(byte)) * 0x100000001b3n) & 0xffffffffffffffffn;
  return `0x${h.toString(16).padStart(16, '0')}`;
}

/** key=value arguments of the CLI for a parameter object (arrays comma-separated). */
export const cliArgs = (params) =>
  Object.entries(params).map(([k, v]) => `${k}=${Array.isArray(v) ? v.join(',') : String(v)}`);

function addMissing(path, ids, entryOf) {
  const table = JSON.parse(readFileSync(path, 'utf8'));
  const missing = ids.filter((id) => !(id in table));
  for (const id of missing) table[id] = entryOf(id);
  if (missing.length) writeFileSync(path, `${JSON.stringify(table, null, 2)}\n`);
  return missing;
}

/** The README row of a new experiment: its result's top-level keys, for its author to describe. */
const readmeRow = (schema) =>
  `| \`${schema.id}\` | ${Object.keys(schema.result)
    .map((k) => `\`${k}\``)
    .join(', ')} |`;

function addReadmeRows(path, schemas) {
  const text = readFileSync(path, 'utf8');
  const begin = text.indexOf(BEGIN),
    end = text.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`${path}: the result-key table's markers are missing`);
  const rows = text.slice(begin + BEGIN.length, end);
  const missing = schemas.filter((s) => !rows.includes(`| \`${s.id}\` |`));
  if (!missing.length) return [];
  const added = `${rows.trimEnd()}\n${missing.map(readmeRow).join('\n')}\n\n`;
  writeFileSync(path, text.slice(0, begin + BEGIN.length) + added + text.slice(end));
  return missing.map((s) => s.id);
}

/** Adds every missing entry to the three tables under root; returns what was added, by table. */
export function addMissingEntries(root, cli, schemas) {
  const ids = schemas.map((s) => s.id);
  const sets = JSON.parse(execFileSync(cli, ['--test-sets'], { encoding: 'utf8' }));
  const hash = (id) => {
    const args = [id, ...cliArgs(sets[id].cheap), 'rng=box-muller'];
    return fnv1a(execFileSync(cli, args, { encoding: 'utf8', maxBuffer: 1 << 28, stdio: 'pipe' }).trimEnd());
  };
  const shapeOf = (id) => schemas.find((s) => s.id === id).result;
  return {
    'result-shapes.json': addMissing(`${root}tests/fixtures/result-shapes.json`, ids, shapeOf),
    'stream-hashes.json': addMissing(`${root}tests/fixtures/stream-hashes.json`, ids, hash),
    'README.md': addReadmeRows(`${root}README.md`, schemas),
  };
}
