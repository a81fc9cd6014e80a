/** See schema-module.mjs: the text of web/src/experiments/generated/schemas.ts for the core's schemas. */
export function schemaModule(schemas: unknown[]): string;
