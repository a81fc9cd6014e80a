/** See schema-module.mjs: the text of each file of web/src/experiments/generated/, by file name, for the core's schemas. */
export function schemaModules(schemas: unknown[]): Record<string, string>;
