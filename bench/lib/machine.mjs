// SPDX-License-Identifier: Apache-2.0
// What a figure was measured on: the CPU and its widest vector instructions, and the kernels the peer really ran
// (the BLAS numpy loaded and its OpenBLAS core, torch's CPU capability). A peer on a CPU with AVX-512 and OpenBLAS's
// wide kernels is 2–9× faster than the same peer on reference BLAS, so a ratio means little without them.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** The CPU's widest vector instructions from /proc/cpuinfo's flags. */
function cpuVectors() {
  let flags = [];
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('flags'));
    flags = (line ?? '').split(':')[1]?.trim().split(/\s+/) ?? [];
  } catch {
    return 'vector instructions unknown';
  }
  if (flags.includes('avx512f')) return 'AVX-512 (8 doubles an instruction)';
  if (flags.includes('avx2')) return `AVX2${flags.includes('fma') ? ' + FMA' : ''} (4 doubles an instruction)`;
  if (flags.includes('avx')) return 'AVX (4 doubles an instruction)';
  return 'SSE2 (2 doubles an instruction)';
}

/** "machine: <CPU>, N cores, <vectors>; Node v…" */
export function machineLine(cores = cpus().length) {
  return `machine: ${cpus()[0]?.model ?? 'unknown CPU'}, ${cores} cores, ${cpuVectors()}; Node ${process.version}`;
}

const python = (code) => spawnSync('/usr/bin/python3', ['-c', code], { encoding: 'utf8' });

/** The BLAS numpy loads (mapped after a product, not its build info) and, for OpenBLAS, the core its kernels target. */
export function numpyKernels() {
  const r = python(
    [
      'import ctypes, numpy as np',
      'np.ones((64, 64)) @ np.ones((64, 64))',
      "libs = sorted({l.split()[-1] for l in open('/proc/self/maps') if 'blas' in l.lower()})",
      "out = ['numpy ' + np.__version__, ' '.join(libs) or 'no BLAS mapped']",
      "libs = [p for p in libs if 'openblas' in p and 'libopenblas' in p] or libs",
      'for path in libs:',
      '    try:',
      '        lib = ctypes.CDLL(path)',
      '        lib.openblas_get_corename.restype = ctypes.c_char_p',
      '        lib.openblas_get_config.restype = ctypes.c_char_p',
      "        out.append('OpenBLAS core ' + lib.openblas_get_corename().decode())",
      '        out.append(lib.openblas_get_config().decode().strip())',
      '    except (OSError, AttributeError):',
      "        out.append('reference BLAS (no vector kernels)' if 'blas/libblas' in path else '')",
      "print('; '.join(x for x in out if x))",
    ].join('\n'),
  );
  return r.status === 0 ? r.stdout.trim() : `numpy not importable: ${r.stderr.trim().split('\n').pop()}`;
}

/** torch's version, the vector instructions its CPU kernels use, its threads and BLAS. */
export function torchKernels() {
  const r = python(
    [
      'import re, torch',
      'shown = torch.__config__.show()',
      "cap = re.search(r'CPU capability usage: *(\\S+)', shown)",
      "cap = 'CPU capability ' + (cap.group(1) if cap else 'unknown')",
      "blas = re.search(r'BLAS_INFO=([^,]+)', shown)",
      "blas = 'BLAS ' + (blas.group(1) if blas else 'unknown')",
      "print(f'torch {torch.__version__}; {cap}; {torch.get_num_threads()} threads; {blas}')",
    ].join('\n'),
  );
  return r.status === 0 ? r.stdout.trim() : `torch not importable: ${r.stderr.trim().split('\n').pop()}`;
}
