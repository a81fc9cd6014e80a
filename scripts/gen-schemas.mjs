// SPDX-License-Identifier: Apache-2.0
// npm run gen: writes web/src/experiments/generated/ (<id>.ts per experiment and index.ts) from the
// native CLI's `attnlab --schema` and `--syntax`, and removes generated files of experiments the core no longer has;
// then adds a new experiment's entries to the tables that name every experiment (scripts/gen-tables.mjs).
// The CLI: the first argument, else $ATTNLAB (as for sweep-runners/), else build/native/attnlab.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { addMissingEntries } from './gen-tables.mjs';
import { schemaModules } from './schema-module.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = process.argv[2] ?? process.env.ATTNLAB ?? `${root}build/native/attnlab`;
const schemas = JSON.parse(execFileSync(cli, ['--schema'], { encoding: 'utf8' }));
const dir = `${root}web/src/experiments/generated`;
const syntax = JSON.parse(execFileSync(cli, ['--syntax'], { encoding: 'utf8' }));
const files = schemaModules(schemas, syntax);
mkdirSync(dir, { recursive: true });
for (const name of readdirSync(dir)) if (!(name in files)) rmSync(`${dir}/${name}`);
for (const [name, text] of Object.entries(files)) writeFileSync(`${dir}/${name}`, text);
console.error(`wrote ${dir}/ (${schemas.length} experiments and index.ts)`);
for (const [table, ids] of Object.entries(addMissingEntries(root, cli, schemas)))
  if (ids.length) console.error(`added ${ids.join(', ')} to ${table}`);
