// SPDX-License-Identifier: Apache-2.0
// Generated from the core's schemas (`attnlab --schema`) by scripts/gen-schemas.mjs: do not edit.
// Regenerate with `npm run gen`; a test fails when this file differs from what the core declares.
/* eslint-disable */

/** rmt-spectrum: its parameters, named inputs and result shape, as its core declares them. */
export const RMT_SPECTRUM_SCHEMA = {
  "id": "rmt-spectrum",
  "family": "rmt",
  "module": "rmt",
  "singleJob": true,
  "hasTheory": true,
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
      "key": "centre",
      "kind": "enum",
      "default": "0",
      "values": [
        "0",
        "1"
      ],
      "help": "Subtracts the mean pooled vector before forming the covariance (removes the table-mean spike of table B)."
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
    "sizes": {
      "d": "int",
      "V": "int",
      "N": "int",
      "T": "int",
      "delta": "number",
      "gamma": "number"
    },
    "weights": "number[]",
    "density": {
      "x": "number[]",
      "f": "number[]"
    },
    "mpDelta": {
      "x": "number[]",
      "f": "number[]"
    },
    "mpGamma": {
      "x": "number[]",
      "f": "number[]"
    },
    "bulkEdges": {
      "lower": "number",
      "upper": "number"
    },
    "atomAtZero": "number",
    "alpha": "number",
    "kappa": "number",
    "rho": "number",
    "rhoPopulation": "number",
    "rhoSample": "number",
    "populationSpike": "bool",
    "sampleSpike": "bool",
    "meanSpikeOnTop": "bool",
    "topEigenvalueTheory": "number",
    "overlapTheory": "number",
    "populationOverlapTheory": "number",
    "eigenvalues": "number[]",
    "topEigenvalue": "number",
    "overlap": "number",
    "rightOverlap": "number",
    "realisedTheory": {
      "topEigenvalue": "number",
      "overlap": "number",
      "signalNorm2": "number",
      "meanNorm2": "number"
    }
  }
} as const;

/** The result of rmt-spectrum, as its core declares it. */
export interface RmtSpectrumResult {
  sizes: {
    d: number;
    V: number;
    N: number;
    T: number;
    delta: number;
    gamma: number;
  };
  weights: number[];
  density: {
    x: number[];
    f: number[];
  };
  mpDelta: {
    x: number[];
    f: number[];
  };
  mpGamma: {
    x: number[];
    f: number[];
  };
  bulkEdges: {
    lower: number;
    upper: number;
  };
  atomAtZero: number;
  alpha: number;
  kappa: number;
  rho: number;
  rhoPopulation: number;
  rhoSample: number;
  populationSpike: boolean;
  sampleSpike: boolean;
  meanSpikeOnTop: boolean;
  topEigenvalueTheory: number;
  overlapTheory: number;
  populationOverlapTheory: number;
  eigenvalues: number[];
  topEigenvalue: number;
  overlap: number;
  rightOverlap: number;
  realisedTheory: {
    topEigenvalue: number;
    overlap: number;
    signalNorm2: number;
    meanNorm2: number;
  };
}
