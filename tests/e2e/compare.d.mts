/** See compare.mjs: every difference between a reference and a candidate result, as "path: what". */
export function differences(a: unknown, b: unknown, options?: { rel?: number; absFloor?: number; limit?: number }): string[];
