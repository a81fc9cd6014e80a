// SPDX-License-Identifier: Apache-2.0
// Generated from the core's schemas (`attnlab --schema`) by scripts/gen-schemas.mjs: do not edit.
// Regenerate with `npm run gen`; a test fails when this file differs from what the core declares.
/* eslint-disable */

/** attention-map: its parameters, named inputs and result shape, as its core declares them. */
export const ATTENTION_MAP_SCHEMA = {
  "id": "attention-map",
  "family": "attention",
  "module": "sparse",
  "singleJob": true,
  "hasTheory": false,
  "params": [
    {
      "key": "n",
      "kind": "int",
      "default": 256,
      "min": 2,
      "max": 4096,
      "unit": "tokens",
      "help": "Number of points; P is n × n and its SVD costs about n³."
    },
    {
      "key": "d",
      "kind": "int",
      "default": 3,
      "min": 1,
      "max": 256,
      "help": "Dimension of the points x_i (queries = keys: self-attention)."
    },
    {
      "key": "geometry",
      "kind": "enum",
      "default": "sphere",
      "values": [
        "sphere",
        "ball",
        "gauss"
      ],
      "help": "Where the points live: the unit sphere, the uniform unit ball, or the Gaussian lift (ball of radius 1/2 with −β|x_j|²/2 added to each logit)."
    },
    {
      "key": "beta",
      "kind": "real",
      "default": 8,
      "min": 0,
      "max": 1000,
      "help": "Inverse temperature: logits L = β·X Xᵀ with no 1/√d factor; β = 0 gives uniform rows."
    },
    {
      "key": "causal",
      "kind": "enum",
      "default": "0",
      "values": [
        "0",
        "1"
      ],
      "help": "Causal mask: P becomes lower-triangular (row i sees keys j ≤ i)."
    },
    {
      "key": "order",
      "kind": "enum",
      "default": "tour",
      "values": [
        "tour",
        "sample"
      ],
      "help": "Order of the points in P: neighbours next to each other (by angle for d = 2), or the order they were drawn in. Spectra do not depend on it."
    },
    {
      "key": "px",
      "kind": "int",
      "default": 512,
      "min": 16,
      "max": 2048,
      "unit": "cells",
      "help": "The heatmap pools P (largest |P_ij| per block) to at most this many cells per side."
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
    "n": "int",
    "d": "int",
    "order": "string",
    "singularValues": "number[]",
    "rowEntropy": "number[]",
    "effectiveRank": "number",
    "maxEntropy": "number",
    "rowSumError": "number",
    "sphereLawScale": "number|null",
    "heatmap": {
      "rows": "int",
      "cols": "int",
      "data": "number[]"
    }
  }
} as const;

/** The result of attention-map, as its core declares it. */
export interface AttentionMapResult {
  n: number;
  d: number;
  order: string;
  singularValues: number[];
  rowEntropy: number[];
  effectiveRank: number;
  maxEntropy: number;
  rowSumError: number;
  sphereLawScale: number | null;
  heatmap: {
    rows: number;
    cols: number;
    data: number[];
  };
}
