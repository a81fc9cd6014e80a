// SPDX-License-Identifier: Apache-2.0
// Generated from the core's schemas (`attnlab --schema`) by scripts/gen-schemas.mjs: do not edit.
// Regenerate with `npm run gen`; a test fails when this file differs from what the core declares.
/* eslint-disable */

/** rmt-weights: its parameters, named inputs and result shape, as its core declares them. */
export const RMT_WEIGHTS_SCHEMA = {
  "id": "rmt-weights",
  "family": "rmt",
  "module": "rmt",
  "singleJob": true,
  "hasTheory": true,
  "params": [
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
      "key": "R",
      "kind": "text",
      "default": "prefix:3",
      "maxLength": 64,
      "help": "Positional correlation of the token classes: prefix:k (the first k tokens carry the label), ar:phi (a stationary sign chain, correlation phi^|t−t'|) or decay:r0 (agreement r0^(t−1)); or choose a T × T matrix file."
    },
    {
      "key": "tau",
      "kind": "real",
      "default": 0,
      "min": -30,
      "max": 30,
      "help": "Score scale of causal attention: scores (τ/d)·x_iᵀx_j; τ = 0 gives the harmonic weights."
    },
    {
      "key": "d",
      "kind": "int",
      "default": 800,
      "min": 2,
      "max": 8192,
      "help": "Dimension of the embeddings; the vocabulary has V = d/δ tokens and there are N = d/γ sequences."
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
      "key": "mu2",
      "kind": "real",
      "default": 1,
      "min": 0,
      "max": 1000000,
      "help": "‖μ‖²: strength of the class signal in every token embedding."
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
      "key": "sequences",
      "kind": "int",
      "default": 200,
      "min": 1,
      "max": 100000,
      "unit": "sequences",
      "help": "Simulated sequences whose attention weights are averaged."
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
  "inputs": [
    {
      "name": "R",
      "kind": "dense",
      "minRank": 2,
      "maxRank": 2,
      "minSide": 1,
      "maxSide": 512,
      "square": true,
      "nonNegative": false,
      "formats": [
        "csv",
        "tsv",
        "txt",
        "npy",
        "json"
      ],
      "replaces": [
        "T",
        "R"
      ]
    }
  ],
  "result": {
    "T": "int",
    "prefixK": "int|null",
    "lambdaMax": "number",
    "correlation": {
      "rows": "int",
      "cols": "int",
      "data": "number[]"
    },
    "poolings": [
      {
        "name": "string",
        "weights": "number[]",
        "alpha": "number",
        "kappa": "number",
        "snrGain": "number",
        "weightSum": "number",
        "closedForm": {
          "alpha": "number",
          "kappa": "number",
          "snrGain": "number",
          "$nullable": true
        }
      }
    ],
    "attentionFormula": "number[]",
    "attention": {
      "measured": "number[]",
      "sd": "number[]",
      "maxDeviation": "number",
      "sequences": "int",
      "d": "int"
    }
  }
} as const;

/** The result of rmt-weights, as its core declares it. */
export interface RmtWeightsResult {
  T: number;
  prefixK: number | null;
  lambdaMax: number;
  correlation: {
    rows: number;
    cols: number;
    data: number[];
  };
  poolings: Array<{
    name: string;
    weights: number[];
    alpha: number;
    kappa: number;
    snrGain: number;
    weightSum: number;
    closedForm: {
      alpha: number;
      kappa: number;
      snrGain: number;
    } | null;
  }>;
  attentionFormula: number[];
  attention: {
    measured: number[];
    sd: number[];
    maxDeviation: number;
    sequences: number;
    d: number;
  };
}
