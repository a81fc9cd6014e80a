// SPDX-License-Identifier: Apache-2.0
// The core's declaration of an experiment as the page reads it (its parameters and input rules), and one
// parameter's spec merged from the core's declaration and the page's presentation.
import { SCHEMAS } from './generated';
import type { ParamPresentationBase, ParamSpec } from './param-spec';

interface CoreParam {
  key: string;
  kind: ParamSpec['kind'];
  default: number | string | readonly number[];
  min?: number;
  max?: number;
  minOpen?: boolean;
  maxOpen?: boolean;
  maxCount?: number;
  maxLength?: number;
  values?: readonly string[];
  unit?: string;
  help: string;
}

export function coreSchema(id: string): { params: readonly CoreParam[]; inputs: readonly CoreInputRule[] } {
  const found = SCHEMAS.find((e) => e.id === id);
  if (!found) throw new Error(`no core schema for experiment ${id}`);
  return found;
}

/** What the page reads of one of the core's input rules (generated/<id>.ts has the whole rule). */
interface CoreInputRule {
  name: string;
  formats: readonly string[];
  replaces?: readonly string[];
  companion?: string;
  scaleParam?: string;
}

/** One parameter: the core's declaration plus the page's presentation. */
export function mergeParam(
  core: CoreParam,
  look: ParamPresentationBase & { options?: Record<string, string> },
): ParamSpec {
  const base = {
    key: core.key,
    label: look.label,
    help: look.help ?? core.help,
    group: look.group,
    slider: look.slider,
    ...(core.unit ? { unit: core.unit } : {}),
  };
  const bounds = { min: core.min as number, max: core.max as number };
  const open = { ...(core.minOpen ? { minOpen: true } : {}), ...(core.maxOpen ? { maxOpen: true } : {}) };
  switch (core.kind) {
    case 'enum':
      return {
        ...base,
        kind: 'enum',
        default: core.default as string,
        options: (core.values ?? []).map((value) => ({ value, label: look.options?.[value] ?? value })),
      };
    case 'int':
      return { ...base, kind: 'int', default: core.default as number, ...bounds, step: look.step };
    case 'real':
      return { ...base, kind: 'real', default: core.default as number, ...bounds, ...open, step: look.step };
    case 'intList':
      return {
        ...base,
        kind: 'intList',
        default: [...(core.default as number[])],
        ...bounds,
        maxCount: core.maxCount ?? 1,
      };
    case 'realList':
      return {
        ...base,
        kind: 'realList',
        default: [...(core.default as number[])],
        ...bounds,
        ...open,
        maxCount: core.maxCount ?? 1,
        step: look.step,
      };
    case 'text':
      return { ...base, kind: 'text', default: core.default as string, maxLength: core.maxLength ?? 64 };
  }
}
