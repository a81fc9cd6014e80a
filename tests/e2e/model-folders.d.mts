/** See model-folders.mjs: a one-layer LLaMA of hidden size `hidden` (weights zero) in a new folder; its path. */
export function wideModel(hidden: number, parent?: string): string;
