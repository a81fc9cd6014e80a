// The text of web/src/experiments/generated/schemas.ts from the core's schemas (`attnlab --schema`):
// the parameter schemas as a const (the page adds presentation only) and one TypeScript interface per
// experiment's declared result shape. Used by scripts/gen-schemas.mjs and by the staleness test.

const pascal = (id) => id.replace(/(^|-)([a-z0-9])/g, (_, __, c) => c.toUpperCase());

/** TypeScript for one node of the shape language (see wasm/core/include/attnlab/result_shape.hpp). */
function typeOf(shape, indent) {
  if (typeof shape === 'string') {
    if (shape.endsWith('[]')) {
      const element = shape.slice(0, -2).replace(/^\((.*)\)$/, '$1');
      const inner = typeOf(element, indent);
      return element.includes('|') ? `(${inner})[]` : `${inner}[]`;
    }
    return shape.split('|').map((t) => ({ int: 'number', number: 'number', bool: 'boolean', string: 'string', null: 'null' })[t] ?? 'unknown').join(' | ');
  }
  if (Array.isArray(shape)) return `Array<${typeOf(shape[0], indent)}>`;
  const pad = '  '.repeat(indent + 1);
  const fields = Object.entries(shape).filter(([key]) => key !== '$nullable')
    .map(([key, value]) => `${pad}${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${typeOf(value, indent + 1)};`);
  const body = `{\n${fields.join('\n')}\n${'  '.repeat(indent)}}`;
  return shape.$nullable ? `${body} | null` : body;
}

export function schemaModule(schemas) {
  const lines = [
    '// Generated from the core\'s schemas (`attnlab --schema`) by scripts/gen-schemas.mjs: do not edit.',
    '// Regenerate with `npm run gen`; a test fails when this file differs from what the core declares.',
    '/* eslint-disable */',
    '',
    `export const SCHEMAS = ${JSON.stringify(schemas, null, 2)} as const;`,
    '',
  ];
  for (const s of schemas) lines.push(`/** The result of ${s.id}, as its core declares it. */`, `export interface ${pascal(s.id)}Result ${typeOf(s.result, 0)}`, '');
  lines.push('/** Result types by experiment id. */', 'export interface ResultOf {');
  for (const s of schemas) lines.push(`  '${s.id}': ${pascal(s.id)}Result;`);
  lines.push('}', '');
  return lines.join('\n');
}
