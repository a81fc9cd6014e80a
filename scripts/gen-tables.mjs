// SPDX-License-Identifier: Apache-2.0
// The tables that must name every experiment, kept by `npm run gen` (scripts/gen-schemas.mjs) so that a new
// experiment edits none of them by hand. Each only ADDS what a new experiment lacks and never rewrites an entry:
// they are golden (a changed result shape or stream hash must still fail its test) or hand-written (README's rows).
//   tests/fixtures/result-shapes.json   its declared result shape (attnlab --schema)
//   tests/fixtures/stream-hashes.json   FNV-1a of its cheap run's JSON with rng=box-muller (attnlab --stream-hash)
//   README.md                           a row of the result-key table, between the result-keys markers
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

const BEGIN = '<!-- result-keys: one row per experiment; npm run gen adds a new one (edit its words freely) -->';
const END = '<!-- /result-keys -->';

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
  // The test's own hash (the CLI's output is not the text it hashes): `attnlab --stream-hash <id>`.
  const hash = (id) => execFileSync(cli, ['--stream-hash', id], { encoding: 'utf8', stdio: 'pipe' }).trim();
  const shapeOf = (id) => schemas.find((s) => s.id === id).result;
  return {
    'result-shapes.json': addMissing(`${root}tests/fixtures/result-shapes.json`, ids, shapeOf),
    'stream-hashes.json': addMissing(`${root}tests/fixtures/stream-hashes.json`, ids, hash),
    'README.md': addReadmeRows(`${root}README.md`, schemas),
  };
}
