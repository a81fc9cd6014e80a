// SPDX-License-Identifier: Apache-2.0
// Generated from the core's schemas (`attnlab --schema`) by scripts/gen-schemas.mjs: do not edit.
// Regenerate with `npm run gen`; a test fails when this file differs from what the core declares.
/* eslint-disable */

/** rank-n: its parameters, named inputs and result shape, as its core declares them. */
export const RANK_N_SCHEMA = {
  "id": "rank-n",
  "family": "rank",
  "module": "rank",
  "singleJob": false,
  "hasTheory": false,
  "params": [
    {
      "key": "geometry",
      "kind": "enum",
      "default": "sphere",
      "values": [
        "sphere",
        "ball",
        "gauss"
      ],
      "help": "Where the n points live (self-attention, queries = keys): the unit sphere, the uniform unit ball, or the Gaussian lift (ball of radius 1/2 with key log-weights −β|x_j|²/2, equivalent to duplicated tokens)."
    },
    {
      "key": "d",
      "kind": "int",
      "default": 3,
      "min": 2,
      "max": 16,
      "help": "Dimension of the points x_i."
    },
    {
      "key": "n",
      "kind": "intList",
      "default": [
        16,
        32,
        64,
        128,
        256,
        512
      ],
      "min": 8,
      "max": 2048,
      "maxCount": 12,
      "unit": "tokens",
      "help": "Numbers of tokens swept, comma-separated; a smaller n takes the first n points of a larger one."
    },
    {
      "key": "beta",
      "kind": "real",
      "default": 16,
      "min": 0,
      "max": 10000,
      "minOpen": true,
      "help": "Inverse temperature β: logits L = β·X Xᵀ, no 1/√d factor."
    },
    {
      "key": "eps",
      "kind": "real",
      "default": 0.1,
      "min": 0,
      "max": 1,
      "minOpen": true,
      "maxOpen": true,
      "help": "Tolerance ε of the max-row-ℓ1 error ‖P − M‖: every bounded output is kept to within ε."
    },
    {
      "key": "svd",
      "kind": "enum",
      "default": "auto",
      "values": [
        "auto",
        "full",
        "partial"
      ],
      "help": "How the truncated SVD gets its singular vectors: chosen automatically (Lanczos when the Chebyshev certificate says few are needed, else one full eigendecomposition), always one full eigendecomposition, or always Lanczos with a block grown until the tolerance is met."
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
      "help": "Every random number derives from this seed; points come from generator seed 12344 + seed, so seed 1 with rng = box-muller draws the point sets of the published reference tables."
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
    "points": [
      {
        "n": "int",
        "kSvd": "int",
        "kCheb": "int",
        "lowerBound": "int",
        "lowerBounds": {
          "LB-F": "int",
          "LB-DD": "int",
          "LB-POOL-GEO": "int|null",
          "LB-POOL-DATA": "int"
        },
        "upper": "int",
        "chebDegree": "int|null",
        "chebVacuous": "bool",
        "svdPath": "string",
        "svdError": "number",
        "chebError": "number"
      }
    ],
    "guides": [
      {
        "label": "string",
        "slope": "number",
        "x": "number[]",
        "k": "number[]"
      }
    ],
    "geometry": "string",
    "d": "int",
    "beta": "number",
    "eps": "number",
    "jobsDone": "int",
    "jobsTotal": "int"
  }
} as const;

/** The result of rank-n, as its core declares it. */
export interface RankNResult {
  points: Array<{
    n: number;
    kSvd: number;
    kCheb: number;
    lowerBound: number;
    lowerBounds: {
      "LB-F": number;
      "LB-DD": number;
      "LB-POOL-GEO": number | null;
      "LB-POOL-DATA": number;
    };
    upper: number;
    chebDegree: number | null;
    chebVacuous: boolean;
    svdPath: string;
    svdError: number;
    chebError: number;
  }>;
  guides: Array<{
    label: string;
    slope: number;
    x: number[];
    k: number[];
  }>;
  geometry: string;
  d: number;
  beta: number;
  eps: number;
  jobsDone: number;
  jobsTotal: number;
}
