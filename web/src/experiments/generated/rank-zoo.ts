// SPDX-License-Identifier: Apache-2.0
// Generated from the core's schemas (`attnlab --schema`) by scripts/gen-schemas.mjs: do not edit.
// Regenerate with `npm run gen`; a test fails when this file differs from what the core declares.
/* eslint-disable */

/** rank-zoo: its parameters, named inputs and result shape, as its core declares them. */
export const RANK_ZOO_SCHEMA = {
  "id": "rank-zoo",
  "family": "rank",
  "module": "rank-heads",
  "singleJob": false,
  "hasTheory": false,
  "params": [
    {
      "key": "family",
      "kind": "enum",
      "default": "all",
      "values": [
        "all",
        "generic",
        "lowrank",
        "positional",
        "sink",
        "keymean",
        "sharp",
        "broad"
      ],
      "help": "Zoo heads studied: all 84, or the 12 variants of one family. A chosen file replaces the zoo."
    },
    {
      "key": "betaMults",
      "kind": "realList",
      "default": [
        1
      ],
      "min": 0,
      "max": 16,
      "minOpen": true,
      "maxCount": 6,
      "help": "Temperature multipliers: every head is studied at each (the paper-style study uses 0.5, 1, 2)."
    },
    {
      "key": "tau",
      "kind": "real",
      "default": 1,
      "min": 0,
      "max": 1000000,
      "minOpen": true,
      "help": "Tolerance τ of r_raw(τ), r_vis(τ), in nats."
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
      "key": "scale",
      "kind": "real",
      "default": 0,
      "min": 0,
      "max": 1000,
      "help": "Uploaded Q and K: logits = (temperature multiplier) × scale × Q Kᵀ; 0 means 1/√d_h, d_h the width of Q and K."
    },
    {
      "key": "bilinear",
      "kind": "enum",
      "default": "0",
      "values": [
        "0",
        "1"
      ],
      "help": "1: the heads are a model's W_Qᵀ W_K (weights only): energy90 of the form, not of row-centred logits."
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
        "family"
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
        "family"
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
        "family"
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
        "family"
      ],
      "scaleParam": "scale"
    }
  ],
  "result": {
    "rows": [
      {
        "family": "string",
        "variant": "int",
        "betaMult": "number",
        "rVis": "int",
        "rRawTau": "int",
        "rVisTau": "int",
        "rEffRaw": "int",
        "rEffVis": "int",
        "kSvd": "int",
        "lowerBound": "int",
        "lowerBoundPoolData": "int",
        "kComb": "int",
        "combRank": "int|null",
        "combDegree": "int|null",
        "nonVacuous": "bool",
        "reductionTau": "int",
        "reductionEff": "int",
        "svdError": "number",
        "combError": "number",
        "layer": "int|null",
        "head": "int|null",
        "energy90": "int|null",
        "antisymmetry": "number|null"
      }
    ],
    "families": [
      {
        "family": "string",
        "betaMult": "number",
        "heads": "int",
        "rVis": "number",
        "rRawTau": "number",
        "rVisTau": "number",
        "rEffRaw": "number",
        "rEffVis": "number",
        "kSvd": "number",
        "lowerBound": "number",
        "lowerBoundPoolData": "number",
        "nonVacuous": "number"
      }
    ],
    "meanReductionTau": "number",
    "meanReductionEff": "number",
    "fractionEffPositive": "number",
    "spearman": [
      {
        "name": "string",
        "rho": "number"
      }
    ],
    "source": "string",
    "synthetic": "bool",
    "tau": "number",
    "epsOut": "number",
    "eps": "number",
    "jobsDone": "int",
    "jobsTotal": "int"
  }
} as const;

/** The result of rank-zoo, as its core declares it. */
export interface RankZooResult {
  rows: Array<{
    family: string;
    variant: number;
    betaMult: number;
    rVis: number;
    rRawTau: number;
    rVisTau: number;
    rEffRaw: number;
    rEffVis: number;
    kSvd: number;
    lowerBound: number;
    lowerBoundPoolData: number;
    kComb: number;
    combRank: number | null;
    combDegree: number | null;
    nonVacuous: boolean;
    reductionTau: number;
    reductionEff: number;
    svdError: number;
    combError: number;
    layer: number | null;
    head: number | null;
    energy90: number | null;
    antisymmetry: number | null;
  }>;
  families: Array<{
    family: string;
    betaMult: number;
    heads: number;
    rVis: number;
    rRawTau: number;
    rVisTau: number;
    rEffRaw: number;
    rEffVis: number;
    kSvd: number;
    lowerBound: number;
    lowerBoundPoolData: number;
    nonVacuous: number;
  }>;
  meanReductionTau: number;
  meanReductionEff: number;
  fractionEffPositive: number;
  spearman: Array<{
    name: string;
    rho: number;
  }>;
  source: string;
  synthetic: boolean;
  tau: number;
  epsOut: number;
  eps: number;
  jobsDone: number;
  jobsTotal: number;
}
