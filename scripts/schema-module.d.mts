/** See schema-module.mjs: the text of each file of web/src/experiments/generated/, by file name, for the core's schemas and value syntax. */
export function schemaModules(schemas: unknown[], syntax: unknown): Record<string, string>;
