// SPDX-License-Identifier: Apache-2.0
// Generated from the core's schemas (`attnlab --schema`) by scripts/gen-schemas.mjs: do not edit.
// Regenerate with `npm run gen`; a test fails when this file differs from what the core declares.
/* eslint-disable */

/** rank-ladder: its parameters, named inputs and result shape, as its core declares them. */
export const RANK_LADDER_SCHEMA = {
  "id": "rank-ladder",
  "family": "rank",
  "module": "rank",
  "singleJob": true,
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
      "kind": "int",
      "default": 256,
      "min": 8,
      "max": 2048,
      "unit": "tokens",
      "help": "Number of tokens: P is n × n; the certificates cost about n³ (the page estimates a run's time before it starts a long one)."
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
      "key": "refit",
      "kind": "enum",
      "default": "0",
      "values": [
        "0",
        "1"
      ],
      "help": "Also runs the ℓ1 refit of the truncated SVD's rows (slower; n ≤ 512 only): it lowers the upper certificate by about 10%."
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
    "errSvd": "number[]",
    "cheb": {
      "degree": "int[]",
      "dim": "number[]",
      "err": "number[]"
    },
    "refit": {
      "k": "int[]",
      "err": "number[]",
      "$nullable": true
    },
    "kRefit": "int|null",
    "refitError": "number|null",
    "kSvd": "int",
    "kCheb": "int",
    "chebDegree": "int|null",
    "chebVacuous": "bool",
    "lowerBound": "int",
    "lowerBounds": {
      "LB-F": "int",
      "LB-DD": "int",
      "LB-POOL-GEO": "int|null",
      "LB-POOL-DATA": "int"
    },
    "upper": "int",
    "ratio": "number|null",
    "markers": [
      {
        "label": "string",
        "k": "int"
      }
    ],
    "svdPath": "string",
    "svdError": "number",
    "chebError": "number",
    "geometry": "string",
    "d": "int",
    "n": "int",
    "beta": "number",
    "eps": "number"
  }
} as const;

/** The result of rank-ladder, as its core declares it. */
export interface RankLadderResult {
  errSvd: number[];
  cheb: {
    degree: number[];
    dim: number[];
    err: number[];
  };
  refit: {
    k: number[];
    err: number[];
  } | null;
  kRefit: number | null;
  refitError: number | null;
  kSvd: number;
  kCheb: number;
  chebDegree: number | null;
  chebVacuous: boolean;
  lowerBound: number;
  lowerBounds: {
    "LB-F": number;
    "LB-DD": number;
    "LB-POOL-GEO": number | null;
    "LB-POOL-DATA": number;
  };
  upper: number;
  ratio: number | null;
  markers: Array<{
    label: string;
    k: number;
  }>;
  svdPath: string;
  svdError: number;
  chebError: number;
  geometry: string;
  d: number;
  n: number;
  beta: number;
  eps: number;
}
