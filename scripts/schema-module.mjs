// SPDX-License-Identifier: Apache-2.0
// The text of web/src/experiments/generated/ from the core's schemas (`attnlab --schema`): one module
// per experiment (<id>.ts: its parameter schema as a const, the page adds presentation only, and one
// TypeScript interface for its declared result shape), index.ts, which gathers them (SCHEMAS,
// ResultOf, ExperimentId), and syntax.ts, the core's syntax of values (`attnlab --syntax`) as the URL
// codec reads it. Used by scripts/gen-schemas.mjs and by the staleness test.

const pascal = (id) => id.replace(/(^|-)([a-z0-9])/g, (_, __, c) => c.toUpperCase());
const constant = (id) => `${id.replace(/-/g, '_').toUpperCase()}_SCHEMA`;

const HEADER = [
  '// SPDX-License-Identifier: Apache-2.0',
  "// Generated from the core's schemas (`attnlab --schema`) by scripts/gen-schemas.mjs: do not edit.",
  '// Regenerate with `npm run gen`; a test fails when this file differs from what the core declares.',
  '/* eslint-disable */',
  '',
];

/** TypeScript for one node of the shape language (see wasm/core/lab/result_shape.hpp). */
function typeOf(shape, indent) {
  if (typeof shape === 'string') {
    if (shape.endsWith('[]')) {
      const element = shape.slice(0, -2).replace(/^\((.*)\)$/, '$1');
      const inner = typeOf(element, indent);
      return element.includes('|') ? `(${inner})[]` : `${inner}[]`;
    }
    return shape
      .split('|')
      .map(
        (t) => ({ int: 'number', number: 'number', bool: 'boolean', string: 'string', null: 'null' })[t] ?? 'unknown',
      )
      .join(' | ');
  }
  if (Array.isArray(shape)) return `Array<${typeOf(shape[0], indent)}>`;
  const pad = '  '.repeat(indent + 1);
  const fields = Object.entries(shape)
    .filter(([key]) => key !== '$nullable')
    .map(
      ([key, value]) =>
        `${pad}${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${typeOf(value, indent + 1)};`,
    );
  const body = `{\n${fields.join('\n')}\n${'  '.repeat(indent)}}`;
  return shape.$nullable ? `${body} | null` : body;
}

/** web/src/experiments/generated/<id>.ts: one experiment's schema and result type. */
function experimentModule(schema) {
  return [
    ...HEADER,
    `/** ${schema.id}: its parameters, named inputs and result shape, as its core declares them. */`,
    `export const ${constant(schema.id)} = ${JSON.stringify(schema, null, 2)} as const;`,
    '',
    `/** The result of ${schema.id}, as its core declares it. */`,
    `export interface ${pascal(schema.id)}Result ${typeOf(schema.result, 0)}`,
    '',
  ].join('\n');
}

/**
 * web/src/experiments/generated/index.ts: every experiment's schema in the core's order, and the result types by id.
 */
function indexModule(schemas) {
  const lines = [...HEADER];
  for (const s of schemas) lines.push(`import { ${constant(s.id)}, type ${pascal(s.id)}Result } from './${s.id}';`);
  lines.push('', `export type { ${schemas.map((s) => `${pascal(s.id)}Result`).join(', ')} };`, '');
  lines.push("/** Every experiment's schema, in the core's order. */");
  lines.push(`export const SCHEMAS = [${schemas.map((s) => constant(s.id)).join(', ')}] as const;`, '');
  lines.push(
    '/** An experiment id the core declares. */',
    "export type ExperimentId = (typeof SCHEMAS)[number]['id'];",
    '',
  );
  lines.push('/** Result types by experiment id. */', 'export interface ResultOf {');
  for (const s of schemas) lines.push(`  '${s.id}': ${pascal(s.id)}Result;`);
  lines.push('}', '');
  lines.push('/** The result of some experiment: what a page that pairs it with its experiment at run time holds. */');
  lines.push('export type AnyResult = ResultOf[ExperimentId];', '');
  lines.push(
    '/** The wasm module the page runs each experiment in: its ' + "group's (wasm/core/lab/registry_groups.hpp). */",
  );
  lines.push('export const CORE_MODULE_OF = {');
  for (const s of schemas) lines.push(`  '${s.id}': '${s.module}',`);
  lines.push('} as const;', '');
  lines.push("/** A group's wasm module: web/src/wasm/attnlab-<name>.{mjs,wasm}. */");
  lines.push('export type CoreModuleName = (typeof CORE_MODULE_OF)[ExperimentId];', '');
  return lines.join('\n');
}

/** A character class of printable ASCII from `first` to `last` without `excluded`, escaped for a RegExp. */
function characterClass({ first, last, excluded }) {
  let chars = '';
  for (let c = first.charCodeAt(0); c <= last.charCodeAt(0); c++)
    if (!excluded.includes(String.fromCharCode(c))) chars += String.fromCharCode(c);
  return `[${chars.replace(/[\\\]^-]/g, '\\$&')}]`;
}

/** web/src/experiments/generated/syntax.ts: the number and text syntax the core reads (`attnlab --syntax`). */
function syntaxModule(syntax) {
  return [
    '// SPDX-License-Identifier: Apache-2.0',
    "// Generated from the core's value syntax (`attnlab --syntax`) by scripts/gen-schemas.mjs: do not edit.",
    '// Regenerate with `npm run gen`; a test fails when this file differs from what the core declares.',
    '/* eslint-disable */',
    '',
    `/** A number as the core reads it (numerics/shared/decimal.hpp): ${syntax.decimal.pattern}, the whole text. */`,
    `export const DECIMAL = new RegExp(${JSON.stringify(`^(?:${syntax.decimal.pattern})$`)});`,
    '/** The longest number text the core reads. */',
    `export const DECIMAL_MAX_LENGTH = ${syntax.decimal.maxLength};`,
    `/** A text value as the core reads it (lab/value_syntax.hpp): ${syntax.text.first} ` +
      `to ${syntax.text.last} without ${syntax.text.excluded}. */`,
    `export const TEXT = new RegExp(${JSON.stringify(`^${characterClass(syntax.text)}+$`)});`,
    '/** The characters a text value may not hold, as the core lists them. */',
    `export const TEXT_EXCLUDED = ${JSON.stringify(syntax.text.excluded)};`,
    '',
  ].join('\n');
}

/** The generated modules by file name (`<id>.ts` for each experiment, `index.ts` and `syntax.ts`). */
export function schemaModules(schemas, syntax) {
  const files = {};
  for (const s of schemas) files[`${s.id}.ts`] = experimentModule(s);
  files['index.ts'] = indexModule(schemas);
  files['syntax.ts'] = syntaxModule(syntax);
  return files;
}
