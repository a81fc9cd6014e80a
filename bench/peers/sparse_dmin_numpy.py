#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""numpy peer of the sparse-dmin experiment: the timing reference for attnlab's C++ core.

A straightforward numpy version of the paper-1 protocol (docs/theory/sparse.md#construction, #dmin-table and the
appendix): sample A as a union of k permutations with log-uniform weights, build B, then scan
d = step, 2*step, ... with a fresh Gaussian Y per d, the asymmetric split S = (B @ Y) @ Y.T held
dense, and the vectorised (23)/(24) check; the first passing d is d_min.

It uses numpy's own generator, not attnlab's, so its d_min values agree only in distribution.

    /usr/bin/python3 bench/peers/sparse_dmin_numpy.py --ns 512,1024,2048,3072 --seeds 3
    # with OpenBLAS instead of Debian's reference BLAS:
    LD_LIBRARY_PATH=<dir of the extracted libopenblas0-pthread> /usr/bin/python3 bench/peers/sparse_dmin_numpy.py

Prints JSON {"perN": [{"n", "dmin": [...], "seconds"}], "seconds", "blas"}.
"""
import argparse
import json
import time

import numpy as np


def sample_a(n, k, gamma, rng):
    """Union of k random permutation matrices, weights log-uniform in [1, gamma]; later ones overwrite."""
    a = np.zeros((n, n))
    for _ in range(k):
        p = rng.permutation(n)
        w = np.exp(rng.uniform(0, np.log(gamma), n)) if gamma > 1 else np.ones(n)
        a[np.arange(n), p] = w
    return a


def build_b(a, eps1, eps2, delta=None):
    """B_ij = ln(A_ij / min_j A_ij) + delta on the support, 0 elsewhere (docs/theory/sparse.md#build-b)."""
    m = a > 0
    amin = np.where(m, a, np.inf).min(1, keepdims=True)
    delta = np.log(1 / eps2) + np.log(1 + eps1) if delta is None else delta
    return np.where(m, np.log(np.where(m, a, 1) / amin) + delta, 0.0), m


def check(s, a, m, eps1, eps2):
    """Conditions (23) and (24) in the log domain (docs/theory/sparse.md#criterion)."""
    r = np.where(m, s - np.log(np.where(m, a, 1)), np.nan)
    ok23 = np.all(np.nanmax(r, 1) - np.nanmin(r, 1) <= np.log(1 + eps1) + 1e-12)
    gap = np.max(np.where(m, -np.inf, s), 1) - np.min(np.where(m, s, np.inf), 1)
    return bool(ok23 and np.all(gap <= np.log(eps2) + 1e-12))


def minimal_width(n, k, gamma, eps1, eps2, step, dmax, rng):
    a = sample_a(n, k, gamma, rng)
    b, m = build_b(a, eps1, eps2)
    for d in range(step, dmax + 1, step):
        y = rng.standard_normal((n, d)) / np.sqrt(d)
        s = (b @ y) @ y.T
        if check(s, a, m, eps1, eps2):
            return d
    return None


def blas_name():
    """The BLAS actually loaded (numpy's build info only names what it was built against)."""
    try:
        with open("/proc/self/maps") as maps:
            libs = {line.split("/")[-1].strip() for line in maps if "blas" in line.lower()}
        return ", ".join(sorted(libs)) or "unknown"
    except OSError:  # not Linux
        return "unknown"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ns", default="512,1024,2048,3072")
    ap.add_argument("--k", type=int, default=2)
    ap.add_argument("--gamma", type=float, default=2.0)
    ap.add_argument("--eps1", type=float, default=1.0)
    ap.add_argument("--eps2", type=float, default=0.5)
    ap.add_argument("--step", type=int, default=16)
    ap.add_argument("--dmax", type=int, default=16384)
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    rng = np.random.default_rng(args.seed)
    per_n = []
    start = time.perf_counter()
    for n in (int(x) for x in args.ns.split(",")):
        t0 = time.perf_counter()
        dmins = [minimal_width(n, args.k, args.gamma, args.eps1, args.eps2, args.step, args.dmax, rng)
                 for _ in range(args.seeds)]
        per_n.append({"n": n, "dmin": dmins, "seconds": round(time.perf_counter() - t0, 3)})
    print(json.dumps({"perN": per_n, "seconds": round(time.perf_counter() - start, 3), "blas": blas_name()}))


if __name__ == "__main__":
    main()
