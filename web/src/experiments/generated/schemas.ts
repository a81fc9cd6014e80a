// Generated from the core's schemas (`attnlab --schema`) by scripts/gen-schemas.mjs: do not edit.
// Regenerate with `npm run gen`; a test fails when this file differs from what the core declares.
/* eslint-disable */

export const SCHEMAS = [
  {
    "id": "attention-map",
    "family": "attention",
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
        "help": "Causal mask: 1 makes P lower-triangular (row i sees keys j ≤ i)."
      },
      {
        "key": "order",
        "kind": "enum",
        "default": "tour",
        "values": [
          "tour",
          "sample"
        ],
        "help": "Order of the points in P: tour puts neighbours next to each other (by angle for d = 2), sample keeps the order they were drawn in. Spectra do not depend on it."
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
  },
  {
    "id": "sparse-approx",
    "family": "sparse",
    "singleJob": true,
    "hasTheory": false,
    "params": [
      {
        "key": "n",
        "kind": "int",
        "default": 256,
        "min": 8,
        "max": 4096,
        "unit": "tokens",
        "help": "Size of the n × n pattern A (an uploaded pattern brings its own n)."
      },
      {
        "key": "k",
        "kind": "int",
        "default": 2,
        "min": 1,
        "max": 16,
        "help": "Sparsity: at most k nonzeros in every row and column of A."
      },
      {
        "key": "gamma",
        "kind": "real",
        "default": 2,
        "min": 1,
        "max": 1000000,
        "help": "Dynamic range: within a row, largest nonzero / smallest nonzero ≤ γ (weights log-uniform in [1, γ])."
      },
      {
        "key": "eps1",
        "kind": "real",
        "default": 1,
        "min": 0,
        "max": 10,
        "minOpen": true,
        "help": "Spread condition: ratios of nonzeros kept within a factor 1 + ε1."
      },
      {
        "key": "eps2",
        "kind": "real",
        "default": 0.5,
        "min": 0,
        "max": 1,
        "minOpen": true,
        "maxOpen": true,
        "help": "Gap condition: every zero of A stays below ε2 times each nonzero of its row."
      },
      {
        "key": "d",
        "kind": "int",
        "default": 384,
        "min": 1,
        "max": 16384,
        "help": "Projection width: columns of Y; the input X = [X(1) | X(2)] has hidden size 2d."
      },
      {
        "key": "causal",
        "kind": "enum",
        "default": "0",
        "values": [
          "0",
          "1"
        ],
        "help": "Causal attention: 1 masks the entries above the diagonal, so A is lower-triangular."
      },
      {
        "key": "proj",
        "kind": "enum",
        "default": "gauss",
        "values": [
          "gauss",
          "orth"
        ],
        "help": "The random projection Y: Gaussian N(0, 1/d) entries, or an orthogonal (Haar) frame, exact at d = n."
      },
      {
        "key": "split",
        "kind": "enum",
        "default": "asym",
        "values": [
          "asym",
          "sym"
        ],
        "help": "How X(1), X(2) factor B: asym uses B·G and G (no SVD); sym uses UΣ½ and VΣ½, the paper's likely reading."
      },
      {
        "key": "delta",
        "kind": "real",
        "default": 0,
        "min": 0,
        "max": 100,
        "help": "Offset Δ added to the nonzeros of B; 0 means the proof's value ln(1/ε2) + ln(1+ε1)."
      },
      {
        "key": "redraws",
        "kind": "int",
        "default": 20,
        "min": 1,
        "max": 1000,
        "help": "Las Vegas loop: draw a fresh Y until (23) and (24) hold, at most this many times."
      },
      {
        "key": "row",
        "kind": "int",
        "default": 0,
        "min": 0,
        "max": 4095,
        "help": "The row whose A and M entries are overlaid (0-based)."
      },
      {
        "key": "scale",
        "kind": "enum",
        "default": "log",
        "values": [
          "log",
          "linear"
        ],
        "help": "Colour scale shared by the A and M heatmaps; log shows how small the zeros of A become in M."
      },
      {
        "key": "px",
        "kind": "int",
        "default": 256,
        "min": 16,
        "max": 1024,
        "unit": "cells",
        "help": "Heatmaps larger than this are downsampled, keeping the largest entry of each block."
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
      }
    ],
    "inputs": [
      {
        "name": "pattern",
        "kind": "sparse-pattern",
        "minRank": 2,
        "maxRank": 2,
        "minSide": 8,
        "maxSide": 4096,
        "square": true,
        "nonNegative": true,
        "formats": [
          "csv",
          "tsv",
          "txt",
          "npy",
          "json"
        ]
      }
    ],
    "result": {
      "pass": "bool",
      "tries": "int",
      "n": "int",
      "d": "int",
      "uploaded": "bool",
      "measuredK": "int",
      "rho": "number",
      "shapes": {
        "x": "int[]",
        "wq": "int[]",
        "wk": "int[]"
      },
      "spread": {
        "worst": "number",
        "threshold": "number"
      },
      "gap": {
        "worst": "number|null",
        "threshold": "number"
      },
      "worstRow": {
        "spread": "int",
        "gap": "int"
      },
      "rowSpread": "number[]",
      "rowGap": "(number|null)[]",
      "heatmapA": {
        "rows": "int",
        "cols": "int",
        "data": "number[]"
      },
      "heatmapM": {
        "rows": "int",
        "cols": "int",
        "data": "number[]"
      },
      "row": "int",
      "rowA": "number[]",
      "rowM": "number[]",
      "delta": "number",
      "bound": "number"
    }
  },
  {
    "id": "sparse-dmin",
    "family": "sparse",
    "singleJob": false,
    "hasTheory": false,
    "params": [
      {
        "key": "ns",
        "kind": "intList",
        "default": [
          128,
          256,
          512,
          1024
        ],
        "min": 8,
        "max": 4096,
        "maxCount": 12,
        "unit": "tokens",
        "help": "Sequence lengths n, comma-separated; one pattern A per n and seed (an uploaded pattern brings its own n)."
      },
      {
        "key": "k",
        "kind": "intList",
        "default": [
          2
        ],
        "min": 1,
        "max": 16,
        "maxCount": 6,
        "help": "Sparsity: at most k nonzeros in every row and column of A; a list draws one curve per value."
      },
      {
        "key": "gamma",
        "kind": "realList",
        "default": [
          2
        ],
        "min": 1,
        "max": 1000000,
        "maxCount": 6,
        "help": "Dynamic range: within a row, largest nonzero / smallest nonzero ≤ γ."
      },
      {
        "key": "eps1",
        "kind": "realList",
        "default": [
          1
        ],
        "min": 0,
        "max": 10,
        "minOpen": true,
        "maxCount": 6,
        "help": "Spread condition: ratios of nonzeros kept within a factor 1 + ε1."
      },
      {
        "key": "eps2",
        "kind": "realList",
        "default": [
          0.5
        ],
        "min": 0,
        "max": 1,
        "minOpen": true,
        "maxOpen": true,
        "maxCount": 6,
        "help": "Gap condition: every zero of A stays below ε2 times each nonzero of its row."
      },
      {
        "key": "causal",
        "kind": "enum",
        "default": "0",
        "values": [
          "0",
          "1"
        ],
        "help": "Causal attention: 1 masks the entries above the diagonal, so A is lower-triangular."
      },
      {
        "key": "proj",
        "kind": "enum",
        "default": "gauss",
        "values": [
          "gauss",
          "orth"
        ],
        "help": "The random projection Y: Gaussian N(0, 1/d) entries, or an orthogonal (Haar) frame, exact at d = n."
      },
      {
        "key": "split",
        "kind": "enum",
        "default": "asym",
        "values": [
          "asym",
          "sym"
        ],
        "help": "How X(1), X(2) factor B: asym uses B·G and G (no SVD); sym uses UΣ½ and VΣ½, the paper's likely reading."
      },
      {
        "key": "delta",
        "kind": "real",
        "default": 0,
        "min": 0,
        "max": 100,
        "help": "Offset Δ added to the nonzeros of B; 0 means the proof's value ln(1/ε2) + ln(1+ε1)."
      },
      {
        "key": "step",
        "kind": "int",
        "default": 16,
        "min": 1,
        "max": 1024,
        "help": "d is scanned over step, 2·step, 3·step, … in ascending order."
      },
      {
        "key": "dmax",
        "kind": "int",
        "default": 16384,
        "min": 1,
        "max": 65536,
        "help": "The scan stops here; a point that never passes is reported as capped."
      },
      {
        "key": "seeds",
        "kind": "int",
        "default": 3,
        "min": 1,
        "max": 50,
        "help": "Independent patterns per n; their random streams derive from the seed."
      },
      {
        "key": "draws",
        "kind": "intList",
        "default": [
          1
        ],
        "min": 1,
        "max": 100,
        "maxCount": 6,
        "help": "A grid point passes if any of this many fresh draws of Y passes (1 = the paper's protocol)."
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
      }
    ],
    "inputs": [
      {
        "name": "pattern",
        "kind": "sparse-pattern",
        "minRank": 2,
        "maxRank": 2,
        "minSide": 8,
        "maxSide": 4096,
        "square": true,
        "nonNegative": true,
        "formats": [
          "csv",
          "tsv",
          "txt",
          "npy",
          "json"
        ]
      }
    ],
    "result": {
      "perN": [
        {
          "n": "int",
          "dmin": "(int|null)[]",
          "seeds": "int[]",
          "seedsDone": "int",
          "mean": "number|null",
          "sd": "number|null",
          "capped": "bool",
          "cappedSeeds": "int",
          "dcap": "int",
          "bound": "number"
        }
      ],
      "fit": {
        "a": "number",
        "b": "number",
        "r2": "number|null",
        "$nullable": true
      },
      "curveParam": "string|null",
      "curves": [
        {
          "param": "string|null",
          "value": "number|null",
          "setting": {
            "k": "int",
            "gamma": "number",
            "eps1": "number",
            "eps2": "number",
            "draws": "int"
          },
          "perN": [
            {
              "n": "int",
              "dmin": "(int|null)[]",
              "seeds": "int[]",
              "seedsDone": "int",
              "mean": "number|null",
              "sd": "number|null",
              "capped": "bool",
              "cappedSeeds": "int",
              "dcap": "int",
              "bound": "number"
            }
          ],
          "fit": {
            "a": "number",
            "b": "number",
            "r2": "number|null",
            "$nullable": true
          },
          "bounds": [
            {
              "n": "int",
              "bound": "number"
            }
          ]
        }
      ],
      "jobsDone": "int",
      "jobsTotal": "int"
    }
  },
  {
    "id": "rmt-spectrum",
    "family": "rmt",
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
        "help": "1 subtracts the mean pooled vector before forming the covariance (removes the table-mean spike of B)."
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
  },
  {
    "id": "rmt-transition",
    "family": "rmt",
    "singleJob": false,
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
        "maxCount": 40,
        "help": "Signal strengths ‖μ‖² simulated, comma-separated (the theory lines are drawn between them)."
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
        "help": "1 subtracts the mean pooled vector before forming the covariance (removes the table-mean spike of B)."
      },
      {
        "key": "seeds",
        "kind": "int",
        "default": 5,
        "min": 1,
        "max": 50,
        "help": "Independent simulations per point; their mean ± sd is drawn."
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
        ]
      }
    ],
    "result": {
      "theory": {
        "delta": "number",
        "gamma": "number",
        "rhoPopulation": "number",
        "rhoSample": "number",
        "lambdaPlus": "number",
        "pools": [
          {
            "index": "int",
            "pool": "string",
            "weights": "number[]",
            "alpha": "number",
            "kappa": "number",
            "snrGain": "number",
            "mu2Population": "number",
            "mu2Sample": "number",
            "curve": {
              "mu2": "number[]",
              "rho": "number[]",
              "overlap": "number[]",
              "eigenvalue": "number[]",
              "populationOverlap": "number[]"
            }
          }
        ]
      },
      "points": [
        {
          "pool": "int",
          "mu2": "number",
          "overlap": {
            "mean": "number|null",
            "sd": "number|null",
            "n": "int"
          },
          "eigenvalue": {
            "mean": "number|null",
            "sd": "number|null",
            "n": "int"
          }
        }
      ],
      "jobsDone": "int",
      "jobsTotal": "int"
    }
  },
  {
    "id": "rmt-weights",
    "family": "rmt",
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
  },
  {
    "id": "rmt-ridge",
    "family": "rmt",
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
  },
  {
    "id": "rmt-phase",
    "family": "rmt",
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
  },
  {
    "id": "rank-beta",
    "family": "rank",
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
        "kind": "int",
        "default": 256,
        "min": 8,
        "max": 2048,
        "unit": "tokens",
        "help": "Number of tokens: P is n × n; the certificates cost about n³ (n = 1024 takes tens of seconds in a browser)."
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
        "key": "betas",
        "kind": "realList",
        "default": [
          1,
          2,
          4,
          8,
          16,
          32,
          64
        ],
        "min": 0,
        "max": 10000,
        "minOpen": true,
        "maxCount": 16,
        "help": "Inverse temperatures β swept, comma-separated; one job per value, all on the same points. The slope is fitted over β = 8, 16, 32, 64."
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
        "help": "How the truncated SVD gets its singular vectors: auto (Lanczos when the Chebyshev certificate says few are needed, else one full eigendecomposition), full, or partial (Lanczos, block grown until met)."
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
        "help": "Every random number derives from this seed; points come from generator seed 12344 + seed, so seed 1 draws the point sets of the published reference tables."
      }
    ],
    "inputs": [],
    "result": {
      "points": [
        {
          "beta": "number",
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
      "slope": {
        "kSvd": "number|null",
        "lowerBound": "number|null"
      },
      "predictedSlope": "number|null",
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
      "n": "int",
      "eps": "number",
      "jobsDone": "int",
      "jobsTotal": "int"
    }
  },
  {
    "id": "rank-n",
    "family": "rank",
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
        "help": "How the truncated SVD gets its singular vectors: auto (Lanczos when the Chebyshev certificate says few are needed, else one full eigendecomposition), full, or partial (Lanczos, block grown until met)."
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
        "help": "Every random number derives from this seed; points come from generator seed 12344 + seed, so seed 1 draws the point sets of the published reference tables."
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
  },
  {
    "id": "rank-eps",
    "family": "rank",
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
        "kind": "int",
        "default": 256,
        "min": 8,
        "max": 2048,
        "unit": "tokens",
        "help": "Number of tokens: P is n × n; the certificates cost about n³ (n = 1024 takes tens of seconds in a browser)."
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
        "kind": "realList",
        "default": [
          0.4,
          0.2,
          0.1,
          0.05,
          0.025
        ],
        "min": 0,
        "max": 1,
        "minOpen": true,
        "maxOpen": true,
        "maxCount": 12,
        "help": "Tolerances ε swept, comma-separated, each in (0, 1); one job per value, all on the same points."
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
        "help": "How the truncated SVD gets its singular vectors: auto (Lanczos when the Chebyshev certificate says few are needed, else one full eigendecomposition), full, or partial (Lanczos, block grown until met)."
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
        "help": "Every random number derives from this seed; points come from generator seed 12344 + seed, so seed 1 draws the point sets of the published reference tables."
      }
    ],
    "inputs": [],
    "result": {
      "points": [
        {
          "eps": "number",
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
      "n": "int",
      "beta": "number",
      "jobsDone": "int",
      "jobsTotal": "int"
    }
  },
  {
    "id": "rank-ladder",
    "family": "rank",
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
        "help": "Number of tokens: P is n × n; the certificates cost about n³ (n = 1024 takes tens of seconds in a browser)."
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
        "help": "How the truncated SVD gets its singular vectors: auto (Lanczos when the Chebyshev certificate says few are needed, else one full eigendecomposition), full, or partial (Lanczos, block grown until met)."
      },
      {
        "key": "refit",
        "kind": "enum",
        "default": "0",
        "values": [
          "0",
          "1"
        ],
        "help": "1 also runs the ℓ1 refit of the truncated SVD's rows (slower; n ≤ 512 only): it lowers the upper certificate by about 10%."
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
        "help": "Every random number derives from this seed; points come from generator seed 12344 + seed, so seed 1 draws the point sets of the published reference tables."
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
      "kSvd": "int",
      "kCheb": "int",
      "kRefit": "int|null",
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
      "refitError": "number|null",
      "geometry": "string",
      "d": "int",
      "n": "int",
      "beta": "number",
      "eps": "number"
    }
  },
  {
    "id": "rank-interaction",
    "family": "rank",
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
        "help": "Which head: one of the built-in synthetic zoo (a stand-in, not a trained model), or β·X Xᵀ on sampled points. A chosen file replaces both."
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
        "help": "Zoo family of the head (source = zoo)."
      },
      {
        "key": "variant",
        "kind": "int",
        "default": 0,
        "min": 0,
        "max": 11,
        "help": "Zoo variant 0–11 within the family (source = zoo)."
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
        "help": "Number of tokens: P is n × n; the certificates cost about n³ (n = 1024 takes tens of seconds in a browser)."
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
        "help": "Uploaded Q and K: logits = betaMult·scale·Q Kᵀ; 0 means 1/√d_h."
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
        "help": "Every random number derives from this seed; points come from generator seed 12344 + seed, so seed 1 draws the point sets of the published reference tables."
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
        "headBundle": true
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
        "headBundle": true
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
        "headBundle": true
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
        "headBundle": true
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
      "tauScale": "string",
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
      "epsOut": "number",
      "eps": "number"
    }
  },
  {
    "id": "rank-zoo",
    "family": "rank",
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
        "help": "Uploaded Q and K: logits = betaMult·scale·Q Kᵀ; 0 means 1/√d_h."
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
        "help": "Every random number derives from this seed; points come from generator seed 12344 + seed, so seed 1 draws the point sets of the published reference tables."
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
        "headBundle": true
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
        "headBundle": true
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
        "headBundle": true
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
        "headBundle": true
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
          "combError": "number"
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
  }
] as const;

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

/** The result of sparse-approx, as its core declares it. */
export interface SparseApproxResult {
  pass: boolean;
  tries: number;
  n: number;
  d: number;
  uploaded: boolean;
  measuredK: number;
  rho: number;
  shapes: {
    x: number[];
    wq: number[];
    wk: number[];
  };
  spread: {
    worst: number;
    threshold: number;
  };
  gap: {
    worst: number | null;
    threshold: number;
  };
  worstRow: {
    spread: number;
    gap: number;
  };
  rowSpread: number[];
  rowGap: (number | null)[];
  heatmapA: {
    rows: number;
    cols: number;
    data: number[];
  };
  heatmapM: {
    rows: number;
    cols: number;
    data: number[];
  };
  row: number;
  rowA: number[];
  rowM: number[];
  delta: number;
  bound: number;
}

/** The result of sparse-dmin, as its core declares it. */
export interface SparseDminResult {
  perN: Array<{
    n: number;
    dmin: (number | null)[];
    seeds: number[];
    seedsDone: number;
    mean: number | null;
    sd: number | null;
    capped: boolean;
    cappedSeeds: number;
    dcap: number;
    bound: number;
  }>;
  fit: {
    a: number;
    b: number;
    r2: number | null;
  } | null;
  curveParam: string | null;
  curves: Array<{
    param: string | null;
    value: number | null;
    setting: {
      k: number;
      gamma: number;
      eps1: number;
      eps2: number;
      draws: number;
    };
    perN: Array<{
      n: number;
      dmin: (number | null)[];
      seeds: number[];
      seedsDone: number;
      mean: number | null;
      sd: number | null;
      capped: boolean;
      cappedSeeds: number;
      dcap: number;
      bound: number;
    }>;
    fit: {
      a: number;
      b: number;
      r2: number | null;
    } | null;
    bounds: Array<{
      n: number;
      bound: number;
    }>;
  }>;
  jobsDone: number;
  jobsTotal: number;
}

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

/** The result of rmt-transition, as its core declares it. */
export interface RmtTransitionResult {
  theory: {
    delta: number;
    gamma: number;
    rhoPopulation: number;
    rhoSample: number;
    lambdaPlus: number;
    pools: Array<{
      index: number;
      pool: string;
      weights: number[];
      alpha: number;
      kappa: number;
      snrGain: number;
      mu2Population: number;
      mu2Sample: number;
      curve: {
        mu2: number[];
        rho: number[];
        overlap: number[];
        eigenvalue: number[];
        populationOverlap: number[];
      };
    }>;
  };
  points: Array<{
    pool: number;
    mu2: number;
    overlap: {
      mean: number | null;
      sd: number | null;
      n: number;
    };
    eigenvalue: {
      mean: number | null;
      sd: number | null;
      n: number;
    };
  }>;
  jobsDone: number;
  jobsTotal: number;
}

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

/** The result of rank-beta, as its core declares it. */
export interface RankBetaResult {
  points: Array<{
    beta: number;
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
  slope: {
    kSvd: number | null;
    lowerBound: number | null;
  };
  predictedSlope: number | null;
  guides: Array<{
    label: string;
    slope: number;
    x: number[];
    k: number[];
  }>;
  geometry: string;
  d: number;
  n: number;
  eps: number;
  jobsDone: number;
  jobsTotal: number;
}

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

/** The result of rank-eps, as its core declares it. */
export interface RankEpsResult {
  points: Array<{
    eps: number;
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
  n: number;
  beta: number;
  jobsDone: number;
  jobsTotal: number;
}

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
  kSvd: number;
  kCheb: number;
  kRefit: number | null;
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
  refitError: number | null;
  geometry: string;
  d: number;
  n: number;
  beta: number;
  eps: number;
}

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
  tauScale: string;
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
  epsOut: number;
  eps: number;
}

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

/** Result types by experiment id. */
export interface ResultOf {
  'attention-map': AttentionMapResult;
  'sparse-approx': SparseApproxResult;
  'sparse-dmin': SparseDminResult;
  'rmt-spectrum': RmtSpectrumResult;
  'rmt-transition': RmtTransitionResult;
  'rmt-weights': RmtWeightsResult;
  'rmt-ridge': RmtRidgeResult;
  'rmt-phase': RmtPhaseResult;
  'rank-beta': RankBetaResult;
  'rank-n': RankNResult;
  'rank-eps': RankEpsResult;
  'rank-ladder': RankLadderResult;
  'rank-interaction': RankInteractionResult;
  'rank-zoo': RankZooResult;
}
