// SPDX-License-Identifier: Apache-2.0
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/web/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // One test file per core (Vitest's default leaves one core free: on a 2-core machine, one file at a time).
    maxWorkers: availableParallelism(),
    reporters: ['default', 'json'],
    outputFile: { json: 'build/reports/vitest.json' },
  },
});
