// SPDX-License-Identifier: Apache-2.0
// Generated from the core's schemas (`attnlab --schema`) by scripts/gen-schemas.mjs: do not edit.
// Regenerate with `npm run gen`; a test fails when this file differs from what the core declares.
/* eslint-disable */

/** rank-interaction: its parameters, named inputs and result shape, as its core declares them. */
export const RANK_INTERACTION_SCHEMA = {
  "id": "rank-interaction",
  "family": "rank",
  "module": "rank-heads",
  "singleJob": true,
  "hasTheory": false,
  "params": [
    {
      "key": "source",
      "kind": "enum",
      "default": "zoo",
      "values": [
        "zoo",
        "synthetic"
      ],
      "help": "Which head: one of the built-in zoo of made-up heads (a stand-in, not a trained model), or β·X Xᵀ on sampled points. A chosen file replaces both."
    },
    {
      "key": "family",
      "kind": "enum",
      "default": "generic",
      "values": [
        "generic",
        "lowrank",
        "positional",
        "sink",
        "keymean",
        "sharp",
        "broad"
      ],
      "help": "Family of the zoo head (when the head is a zoo head)."
    },
    {
      "key": "variant",
      "kind": "int",
      "default": 0,
      "min": 0,
      "max": 11,
      "help": "Variant 0–11 of the zoo head within its family (when the head is a zoo head)."
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
      "default": 128,
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
      "key": "head",
      "kind": "int",
      "default": 0,
      "min": 0,
      "max": 4095,
      "help": "Which head of an uploaded stack (H, ·) or (L, H, ·), counted layer by layer from 0."
    },
    {
      "key": "scale",
      "kind": "real",
      "default": 0,
      "min": 0,
      "max": 1000,
      "help": "Uploaded Q and K: logits = (temperature multiplier) × scale × Q Kᵀ; 0 means 1/√d_h, d_h the width of Q and K."
    },
    {
      "key": "betaMult",
      "kind": "real",
      "default": 1,
      "min": 0,
      "max": 16,
      "minOpen": true,
      "help": "Temperature multiplier of a zoo or uploaded head (1 = native)."
    },
    {
      "key": "taus",
      "kind": "realList",
      "default": [
        0.25,
        0.5,
        1,
        2,
        4
      ],
      "min": 0,
      "max": 1000000,
      "maxCount": 12,
      "help": "Tolerances τ of the dimension r(τ) = #{σ_l(L_c) > τ}, in the chosen scale."
    },
    {
      "key": "tauScale",
      "kind": "enum",
      "default": "nats",
      "values": [
        "nats",
        "sigma1",
        "sqrtn"
      ],
      "help": "How τ is read: raw nats (logit units), as a fraction of σ₁(L_c), or in units of √n."
    },
    {
      "key": "epsOut",
      "kind": "real",
      "default": 0.05,
      "min": 0,
      "max": 2,
      "minOpen": true,
      "help": "Output tolerance of the effective dimensions r_eff."
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
  "inputs": [
    {
      "name": "q",
      "kind": "dense",
      "minRank": 2,
      "maxRank": 4,
      "minSide": 1,
      "maxSide": 4096,
      "square": false,
      "nonNegative": false,
      "formats": [
        "npy",
        "json"
      ],
      "headBundle": true,
      "replaces": [
        "source",
        "family",
        "variant",
        "geometry",
        "d",
        "n",
        "beta"
      ],
      "companion": "k",
      "scaleParam": "scale"
    },
    {
      "name": "k",
      "kind": "dense",
      "minRank": 2,
      "maxRank": 4,
      "minSide": 1,
      "maxSide": 4096,
      "square": false,
      "nonNegative": false,
      "formats": [
        "npy",
        "json"
      ],
      "headBundle": true,
      "replaces": [
        "source",
        "family",
        "variant",
        "geometry",
        "d",
        "n",
        "beta"
      ],
      "companion": "q",
      "scaleParam": "scale"
    },
    {
      "name": "attention",
      "kind": "dense",
      "minRank": 2,
      "maxRank": 4,
      "minSide": 1,
      "maxSide": 4096,
      "square": true,
      "nonNegative": false,
      "formats": [
        "npy",
        "json"
      ],
      "headBundle": true,
      "replaces": [
        "source",
        "family",
        "variant",
        "geometry",
        "d",
        "n",
        "beta"
      ],
      "scaleParam": "scale"
    },
    {
      "name": "logits",
      "kind": "dense",
      "minRank": 2,
      "maxRank": 4,
      "minSide": 1,
      "maxSide": 4096,
      "square": true,
      "nonNegative": false,
      "formats": [
        "npy",
        "json"
      ],
      "headBundle": true,
      "replaces": [
        "source",
        "family",
        "variant",
        "geometry",
        "d",
        "n",
        "beta"
      ],
      "scaleParam": "scale"
    }
  ],
  "result": {
    "head": {
      "source": "string",
      "label": "string",
      "n": "int",
      "width": "int|null",
      "heads": "int",
      "format": "string"
    },
    "warnings": "string[]",
    "sigmaRaw": "number[]",
    "sigmaVis": "number[]",
    "rankRaw": "int",
    "rVis": "int",
    "tolerance": [
      {
        "tau": "number",
        "tauNats": "number",
        "raw": "int",
        "visible": "int",
        "reduction": "int",
        "guaranteedError": "number",
        "measuredError": "number"
      }
    ],
    "toleranceCurve": {
      "tau": "number[]",
      "raw": "int[]",
      "visible": "int[]",
      "guaranteed": "number[]"
    },
    "tauUnit": "number",
    "residual": "number[]",
    "boundOsc": "number[]",
    "boundSigma": "number[]",
    "residualRaw": "number[]",
    "rEffVis": "int",
    "rEffRaw": "int",
    "effReduction": "int",
    "kSvd": "int",
    "svdError": "number",
    "svdPath": "string",
    "combined": {
      "k": "int",
      "rank": "int|null",
      "degree": "int|null",
      "vacuous": "bool",
      "bound": "number",
      "verifiedError": "number"
    },
    "lowerBound": "int",
    "lowerBounds": {
      "LB-F": "int",
      "LB-DD": "int",
      "LB-POOL-GEO": "int|null",
      "LB-POOL-DATA": "int"
    },
    "nonVacuous": "bool",
    "tauScale": "string",
    "epsOut": "number",
    "eps": "number"
  }
} as const;

/** The result of rank-interaction, as its core declares it. */
export interface RankInteractionResult {
  head: {
    source: string;
    label: string;
    n: number;
    width: number | null;
    heads: number;
    format: string;
  };
  warnings: string[];
  sigmaRaw: number[];
  sigmaVis: number[];
  rankRaw: number;
  rVis: number;
  tolerance: Array<{
    tau: number;
    tauNats: number;
    raw: number;
    visible: number;
    reduction: number;
    guaranteedError: number;
    measuredError: number;
  }>;
  toleranceCurve: {
    tau: number[];
    raw: number[];
    visible: number[];
    guaranteed: number[];
  };
  tauUnit: number;
  residual: number[];
  boundOsc: number[];
  boundSigma: number[];
  residualRaw: number[];
  rEffVis: number;
  rEffRaw: number;
  effReduction: number;
  kSvd: number;
  svdError: number;
  svdPath: string;
  combined: {
    k: number;
    rank: number | null;
    degree: number | null;
    vacuous: boolean;
    bound: number;
    verifiedError: number;
  };
  lowerBound: number;
  lowerBounds: {
    "LB-F": number;
    "LB-DD": number;
    "LB-POOL-GEO": number | null;
    "LB-POOL-DATA": number;
  };
  nonVacuous: boolean;
  tauScale: string;
  epsOut: number;
  eps: number;
}
