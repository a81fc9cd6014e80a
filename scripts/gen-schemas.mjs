// npm run gen: writes web/src/experiments/generated/schemas.ts from the native CLI's `attnlab --schema`.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { schemaModule } from './schema-module.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = process.argv[2] ?? `${root}build/native/attnlab`;
const schemas = JSON.parse(execFileSync(cli, ['--schema'], { encoding: 'utf8' }));
const out = `${root}web/src/experiments/generated/schemas.ts`;
writeFileSync(out, schemaModule(schemas));
console.error(`wrote ${out} (${schemas.length} experiments)`);
