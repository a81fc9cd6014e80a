// SPDX-License-Identifier: Apache-2.0
// Generated from the core's schemas (`attnlab --schema`) by scripts/gen-schemas.mjs: do not edit.
// Regenerate with `npm run gen`; a test fails when this file differs from what the core declares.
/* eslint-disable */

/** rmt-ridge: its parameters, named inputs and result shape, as its core declares them. */
export const RMT_RIDGE_SCHEMA = {
  "id": "rmt-ridge",
  "family": "rmt",
  "module": "rmt",
  "singleJob": false,
  "hasTheory": false,
  "params": [
    {
      "key": "d",
      "kind": "int",
      "default": 400,
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
      "kind": "realList",
      "default": [
        0.1,
        0.25,
        0.5,
        1
      ],
      "min": 0,
      "max": 1000000,
      "maxCount": 40,
      "help": "Signal strengths ‖μ‖² simulated, comma-separated."
    },
    {
      "key": "R",
      "kind": "text",
      "default": "prefix:3",
      "maxLength": 64,
      "help": "Positional correlation of the token classes: prefix:k (the first k tokens carry the label), ar:phi (a stationary sign chain, correlation phi^|t−t'|) or decay:r0 (agreement r0^(t−1)); or choose a T × T matrix file."
    },
    {
      "key": "pools",
      "kind": "text",
      "default": "mean,causal,optimal",
      "maxLength": 4096,
      "help": "Poolings compared, comma-separated (mean, causal, causal:tau, optimal, last; custom weights written with / between them, e.g. 0.5/0.3/0.2)."
    },
    {
      "key": "lambda",
      "kind": "real",
      "default": 0.1,
      "min": 0,
      "max": 1000000,
      "minOpen": true,
      "help": "Ridge penalty λ (weights are rescaled to unit norm, so λ compares across poolings)."
    },
    {
      "key": "ntrain",
      "kind": "int",
      "default": 1600,
      "min": 2,
      "max": 1000000,
      "unit": "sequences",
      "help": "Training sequences N_tr."
    },
    {
      "key": "ntest",
      "kind": "int",
      "default": 4000,
      "min": 1,
      "max": 10000000,
      "unit": "sequences",
      "help": "Fresh test sequences from the same embedding table."
    },
    {
      "key": "seeds",
      "kind": "int",
      "default": 3,
      "min": 1,
      "max": 50,
      "help": "Independent tables and samples per point; their mean ± sd is drawn."
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
    "pools": [
      {
        "pool": "string",
        "snrGain": "number"
      }
    ],
    "points": [
      {
        "pool": "int",
        "mu2": "number",
        "accuracy": {
          "mean": "number|null",
          "sd": "number|null",
          "n": "int"
        },
        "trainAccuracy": {
          "mean": "number|null",
          "sd": "number|null",
          "n": "int"
        }
      }
    ],
    "jobsDone": "int",
    "jobsTotal": "int"
  }
} as const;

/** The result of rmt-ridge, as its core declares it. */
export interface RmtRidgeResult {
  pools: Array<{
    pool: string;
    snrGain: number;
  }>;
  points: Array<{
    pool: number;
    mu2: number;
    accuracy: {
      mean: number | null;
      sd: number | null;
      n: number;
    };
    trainAccuracy: {
      mean: number | null;
      sd: number | null;
      n: number;
    };
  }>;
  jobsDone: number;
  jobsTotal: number;
}
