#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""numpy / scipy peer of the paper-2 experiments: the timing reference for attnlab's rmt-* runs.

What a researcher writes first (docs/theory/rmt.md#generative-model): a Variant A table, N sequences pooled with
fixed weights, S = C C^T / N and numpy's full `eigh` for the spectrum (--solver eigh), or scipy's
`eigsh` for the top eigenpair only (--solver eigsh, the smart peer). Modes:
  spectrum   one simulation (rmt-spectrum): all eigenvalues (eigh) or the top pair (eigsh)
  transition the alignment-curve sweep (rmt-transition): mu2 list x pools x seeds, top pair per run

Its own generator (numpy default_rng), so values agree with attnlab only in distribution.

    /usr/bin/python3 bench/peers/rmt_numpy.py spectrum --d 800 --pool mean --solver eigh
    /usr/bin/python3 bench/peers/rmt_numpy.py transition --d 400 --mu2 0.25,0.5,1,2,4 --seeds 5 --solver eigsh

Prints JSON {"seconds", "points": [{"pool", "mu2", "overlap": [...], "eigenvalue": [...]}]} (eigenvalue
is lambda_1 / kappa), plus "top", "overlap" for spectrum.
"""
import argparse
import json
import time

import numpy as np


def weights(pool, T, k):
    """mean, causal (harmonic, tau = 0) or optimal (unit norm on the prefix) for R = blockdiag(J_k, I)."""
    if pool == "mean":
        return np.full(T, 1.0 / T)
    if pool == "causal":
        h = np.concatenate([[0.0], np.cumsum(1.0 / np.arange(1, T + 1))])
        return (h[T] - h[:T]) / T
    w = np.zeros(T)
    w[:k] = 1 / np.sqrt(k)
    return w


def simulate(d, delta, gamma, T, k, w, mu2, rng, solver):
    V = 2 * round(d / (2 * delta))
    N = round(d / gamma)
    s = np.r_[np.ones(V // 2), -np.ones(V // 2)]
    Z = rng.standard_normal((d, V))
    Z[:, : V // 2] -= Z[:, : V // 2].mean(1, keepdims=True)
    Z[:, V // 2 :] -= Z[:, V // 2 :].mean(1, keepdims=True)
    mu = np.zeros(d)
    mu[0] = np.sqrt(mu2)
    E = np.outer(mu, s) + Z
    r = np.r_[np.ones(k), np.zeros(T - k)]
    y = rng.choice([-1, 1], N)
    xi = np.where(rng.random((N, T)) < (1 + r) / 2, y[:, None], -y[:, None])
    idx = rng.integers(0, V // 2, (N, T)) + np.where(xi > 0, 0, V // 2)
    C = sum(w[t] * E[:, idx[:, t]] for t in range(T))
    S = C @ C.T / N
    if solver == "eigh":
        ev, U = np.linalg.eigh(S)
        return ev, ev[-1], U[0, -1] ** 2
    from scipy.sparse.linalg import eigsh

    ev, U = eigsh(S, k=1, which="LA")
    return None, ev[0], U[0, 0] ** 2


def main():
    p = argparse.ArgumentParser()
    p.add_argument("mode", choices=["spectrum", "transition"])
    p.add_argument("--d", type=int, default=400)
    p.add_argument("--delta", type=float, default=0.5)
    p.add_argument("--gamma", type=float, default=0.25)
    p.add_argument("--T", type=int, default=10)
    p.add_argument("--k", type=int, default=3)
    p.add_argument("--mu2", default="2")
    p.add_argument("--pools", default="mean")
    p.add_argument("--seeds", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--solver", choices=["eigh", "eigsh"], default="eigh")
    a = p.parse_args()
    t0 = time.perf_counter()
    points = []
    out = {}
    for pool in a.pools.split(","):
        w = weights(pool, a.T, a.k)
        kappa = float(w @ w)
        for mu2 in [float(x) for x in a.mu2.split(",")]:
            overlaps, eigs = [], []
            for seed in range(a.seeds):
                rng = np.random.default_rng([a.seed, seed])
                ev, top, overlap = simulate(a.d, a.delta, a.gamma, a.T, a.k, w, mu2, rng, a.solver)
                overlaps.append(float(overlap))
                eigs.append(float(top / kappa))
                if a.mode == "spectrum":
                    out = {"top": float(top), "overlap": float(overlap), "eigenvalues": None if ev is None else len(ev)}
            points.append({"pool": pool, "mu2": mu2, "overlap": overlaps, "eigenvalue": eigs})
    out.update({"seconds": time.perf_counter() - t0, "points": points, "solver": a.solver})
    print(json.dumps(out))


if __name__ == "__main__":
    main()
