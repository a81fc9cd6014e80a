// Types of the helpers scripts/precompute-presets.mjs shares with tests/web/precomputed.test.ts.
import type { Params } from '../web/src/engine/core';
import type { PresetLink } from '../web/src/state/preset-links';

export function wasmHash(): string;
export function cacheKey(link: string, wasm: string): string;
export function loadPresetLinks(): Promise<(PresetLink & { params: Params; file: string })[]>;
export interface PresetPool { run(id: string, params: Params): Promise<unknown>; dispose(): void }
export function headlessPool(group?: string): Promise<PresetPool>;
export function pageModulePools(moduleOf: Record<string, string>): PresetPool;
export function resultText(result: unknown): string;
