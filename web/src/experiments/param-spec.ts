// SPDX-License-Identifier: Apache-2.0
// One parameter as the page knows it (ParamSpec: the core's declaration merged with the page's words, core-schema.ts)
// and the words an experiment adds (ParamPresentationBase); below schema.ts and core-schema.ts, which both use them.

interface BaseSpec {
  /** URL key, CLI key and the core's parameter name. */
  key: string;
  label: string;
  /** One line of help shown under the control. */
  help: string;
  unit?: string;
  /** Parameters are grouped in the panel (e.g. "Pattern", "Construction", "Sweep"). */
  group?: string;
  /** Range slider beside a number input: 'log' for ranges over decades; default chosen from the bounds. */
  slider?: 'linear' | 'log' | 'none';
}
export interface IntSpec extends BaseSpec {
  kind: 'int';
  default: number;
  min: number;
  max: number;
  step?: number;
}
export interface RealSpec extends BaseSpec {
  kind: 'real';
  default: number;
  min: number;
  max: number;
  /** Exclusive ends: the value must be strictly inside. */
  minOpen?: boolean;
  maxOpen?: boolean;
  step?: number;
}
export interface EnumSpec extends BaseSpec {
  kind: 'enum';
  default: string;
  options: { value: string; label: string }[];
}
interface IntListSpec extends BaseSpec {
  kind: 'intList';
  default: number[];
  min: number;
  max: number;
  maxCount: number;
}
interface RealListSpec extends BaseSpec {
  kind: 'realList';
  default: number[];
  min: number;
  max: number;
  maxCount: number;
  minOpen?: boolean;
  maxOpen?: boolean;
  /** Granularity used when a value is clamped inside an open end (as for a single real). */
  step?: number;
}
/** Short free text the core parses itself ("prefix:3", "causal:0.5", "0.5,0.3,0.2"); printable, link-safe. */
interface TextSpec extends BaseSpec {
  kind: 'text';
  default: string;
  maxLength: number;
}
export type ParamSpec = IntSpec | RealSpec | EnumSpec | IntListSpec | RealListSpec | TextSpec;
export type ParamValue = number | string | number[];
export type ParamValues = Record<string, ParamValue>;

export interface ParamPresentationBase {
  label: string;
  group?: string;
  slider?: 'linear' | 'log' | 'none';
  /** Granularity of the number input and slider. */
  step?: number;
  /** Replaces the core's help text under the control (the CLI keeps the core's). */
  help?: string;
}
