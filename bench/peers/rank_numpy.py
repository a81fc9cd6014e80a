#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The rank-beta sweep as a researcher writes it in numpy (peer of bench/rank.mjs): sphere points from
the project's SplitMix64 + Box-Muller generator (docs/theory/rank.md#prng, so the point set equals attnlab's), then
per beta one full SVD of P (np.linalg.svd, LAPACK), the U1 scan by rank-one downdates, the U3 Chebyshev
certificate and the Frobenius-tail lower bound LB-F. (The pooled lower bounds are left out: less work
for the peer, so its times are a lower bound on a full peer.) Prints JSON: points and its own seconds."""
import argparse, json, math, time

import numpy as np

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed):
        self.s = seed & MASK

    def next(self):
        self.s = (self.s + 0x9E3779B97F4A7C15) & MASK
        z = self.s
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def uniform(self):
        return (self.next() >> 11) * 2.0 ** -53

    def normal(self):
        r = math.sqrt(-2.0 * math.log(1.0 - self.uniform()))
        return r * math.cos(2.0 * math.pi * self.uniform())


def sphere(n, d, seed):
    rng = SplitMix64(seed)
    x = np.array([[rng.normal() for _ in range(d)] for _ in range(n)])
    return x / np.linalg.norm(x, axis=1, keepdims=True)


def softmax(logits):
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def k_svd(p, eps):
    u, s, vt = np.linalg.svd(p)  # the full SVD per beta, as a researcher writes it
    residual = p.copy()
    if np.abs(residual).sum(axis=1).max() <= eps:
        return 0, s
    for k in range(len(s)):
        residual -= s[k] * np.outer(u[:, k], vt[k])
        if np.abs(residual).sum(axis=1).max() <= eps:
            return k + 1, s
    return len(s), s


def lb_frobenius(s, eps, rows):
    tail = np.concatenate([np.cumsum((s ** 2)[::-1])[::-1], [0.0]])
    return int(np.argmax(tail <= rows * eps ** 2))


def cheb_error(logits, g):
    hi, lo = logits.max(axis=1, keepdims=True), logits.min(axis=1, keepdims=True)
    h = np.maximum((hi - lo) / 2, 1e-300)
    k = np.arange(g + 1)
    nodes = np.cos(np.pi * (k + 0.5) / (g + 1))
    m = np.arange(g + 1)[:, None]
    basis = np.cos(m * np.pi * (k + 0.5) / (g + 1))  # (g+1) x (g+1)
    f = np.exp(h * (nodes[None, :] - 1))              # rows x nodes
    a = (2.0 / (g + 1)) * f @ basis.T
    a[:, 0] /= 2
    y = (logits - lo) / h - 1
    t = np.polynomial.chebyshev.chebval(y.T, a.T, tensor=False).T
    exact = np.exp(logits - hi)
    return float((np.abs(t - exact).sum(axis=1) / exact.sum(axis=1)).max())


def sphere_dim(d, g):
    return math.comb(g + d - 1, d - 1) + (math.comb(g + d - 2, d - 1) if g >= 1 else 0)


def k_cheb(logits, d, eps, n):
    for g in range(0, 200):
        dim = sphere_dim(d, g)
        if dim >= n:
            return n
        if cheb_error(logits, g) <= eps:
            return dim
    return n


if __name__ == '__main__':
    ap = argparse.ArgumentParser()
    ap.add_argument('--n', type=int, default=512)
    ap.add_argument('--d', type=int, default=3)
    ap.add_argument('--eps', type=float, default=0.1)
    ap.add_argument('--betas', default='1,2,4,8,16,32,64')
    ap.add_argument('--seed', type=int, default=12345)
    args = ap.parse_args()
    start = time.time()
    x = sphere(args.n, args.d, args.seed)
    points = []
    for beta in [float(b) for b in args.betas.split(',')]:
        logits = beta * (x @ x.T)
        p = softmax(logits)
        k, s = k_svd(p, args.eps)
        points.append({'beta': beta, 'kSvd': k, 'kCheb': k_cheb(logits, args.d, args.eps, args.n),
                       'lbF': lb_frobenius(s, args.eps, args.n)})
    print(json.dumps({'points': points, 'seconds': time.time() - start}))
