// SPDX-License-Identifier: Apache-2.0
// Generated from the core's schemas (`attnlab --schema`) by scripts/gen-schemas.mjs: do not edit.
// Regenerate with `npm run gen`; a test fails when this file differs from what the core declares.
/* eslint-disable */

/** rmt-phase: its parameters, named inputs and result shape, as its core declares them. */
export const RMT_PHASE_SCHEMA = {
  "id": "rmt-phase",
  "family": "rmt",
  "module": "rmt",
  "singleJob": true,
  "hasTheory": true,
  "params": [
    {
      "key": "axis",
      "kind": "enum",
      "default": "gamma",
      "values": [
        "gamma",
        "delta"
      ],
      "help": "Horizontal axis: γ = d/N at fixed δ, or δ = d/V at fixed γ."
    },
    {
      "key": "xmax",
      "kind": "real",
      "default": 2,
      "min": 0.1,
      "max": 16,
      "help": "The horizontal axis runs from 0 to this value."
    },
    {
      "key": "delta",
      "kind": "real",
      "default": 0.5,
      "min": 0.01,
      "max": 16,
      "help": "δ = d/V: dimension over vocabulary size (the table's aspect ratio)."
    },
    {
      "key": "gamma",
      "kind": "real",
      "default": 0.25,
      "min": 0.01,
      "max": 16,
      "help": "γ = d/N: dimension over the number of sequences (the sample's aspect ratio)."
    },
    {
      "key": "T",
      "kind": "int",
      "default": 10,
      "min": 3,
      "max": 512,
      "unit": "tokens",
      "help": "Sequence length: tokens pooled into one vector (at least the default prefix k = 3; a custom R file brings its own T, from 1)."
    },
    {
      "key": "mu2",
      "kind": "real",
      "default": 2,
      "min": 0,
      "max": 1000000,
      "help": "‖μ‖²: strength of the class signal in every token embedding."
    },
    {
      "key": "R",
      "kind": "text",
      "default": "prefix:3",
      "maxLength": 64,
      "help": "Positional correlation of the token classes: prefix:k (the first k tokens carry the label), ar:phi (a stationary sign chain, correlation phi^|t−t'|) or decay:r0 (agreement r0^(t−1)); or choose a T × T matrix file."
    },
    {
      "key": "pool",
      "kind": "text",
      "default": "mean",
      "maxLength": 4096,
      "help": "Pooling weights: mean, causal (harmonic, from parameter-free causal attention), causal:tau, optimal (top eigenvector of R), last, or T comma-separated weights."
    },
    {
      "key": "variant",
      "kind": "enum",
      "default": "A",
      "values": [
        "A",
        "B"
      ],
      "help": "Embedding table: A subtracts each class's noise mean (clean theory), B is a raw iid table (the theory then corrects for the finite vocabulary)."
    },
    {
      "key": "budget",
      "kind": "real",
      "default": 1024,
      "min": 1,
      "max": 4000,
      "unit": "MiB",
      "help": "Runs that would need more memory are refused, with an explanation, before anything is allocated."
    },
    {
      "key": "seed",
      "kind": "int",
      "default": 1,
      "min": 0,
      "max": 9007199254740991,
      "help": "Every random number derives from this seed: the same seed gives the same numbers everywhere."
    },
    {
      "key": "rng",
      "kind": "enum",
      "default": "ziggurat",
      "values": [
        "box-muller",
        "ziggurat"
      ],
      "help": "Which random-number recipe turns the seed into numbers. box-muller: the recipe of links made before December 2026 (kept so they reproduce exactly); ziggurat: about 10× faster at making the numbers (whole runs up to 3× faster), the default for new links."
    }
  ],
  "inputs": [],
  "result": {
    "axis": "string",
    "x": "number[]",
    "rhoPopulation": "number[]",
    "rhoSample": "number[]",
    "rhoMax": "number",
    "current": {
      "x": "number",
      "rho": "number",
      "region": "string",
      "rhoPopulation": "number",
      "rhoSample": "number",
      "snrGain": "number"
    },
    "overlapMap": {
      "rows": "int",
      "cols": "int",
      "data": "number[]",
      "xMax": "number",
      "rhoMax": "number"
    }
  }
} as const;

/** The result of rmt-phase, as its core declares it. */
export interface RmtPhaseResult {
  axis: string;
  x: number[];
  rhoPopulation: number[];
  rhoSample: number[];
  rhoMax: number;
  current: {
    x: number;
    rho: number;
    region: string;
    rhoPopulation: number;
    rhoSample: number;
    snrGain: number;
  };
  overlapMap: {
    rows: number;
    cols: number;
    data: number[];
    xMax: number;
    rhoMax: number;
  };
}
