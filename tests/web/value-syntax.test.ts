// SPDX-License-Identifier: Apache-2.0
// The page reads numbers and text values with the core's own syntax (generated from `attnlab --syntax`):
// the generated patterns say exactly what the declaration says, and the page and the wasm core accept the
// same number texts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CoreError } from '../../web/src/engine/core';
import { parseDecimal } from '../../web/src/engine/decimal';
import { loadCoreNode } from '../../web/src/engine/load-node';
import { TEXT, TEXT_EXCLUDED } from '../../web/src/experiments/generated/syntax';

describe('the value syntax, generated from the core', () => {
  it('TEXT accepts exactly the printable characters from ! to ~ the core does not exclude', () => {
    for (let code = 0; code < 256; code++) {
      const c = String.fromCharCode(code);
      expect(TEXT.test(`a${c}b`), `character ${code}`).toBe(code >= 33 && code <= 126 && !TEXT_EXCLUDED.includes(c));
    }
  });

  it('the page and the wasm core accept the same number texts', async () => {
    const core = await loadCoreNode();
    const coreAccepts = (text: string) => {
      try {
        core.plan('rmt-weights', { tau: text });
        return true;
      } catch (e) {
        if (e instanceof CoreError && e.key === 'tau') return false;
        throw e;
      }
    };
    const numberish = fc.stringMatching(/^[-+]?[0-9.]{0,6}([eE][-+]?[0-9]{0,3})?$/);
    fc.assert(
      fc.property(
        fc.oneof(numberish, fc.constantFrom('0x10', 'Infinity', 'NaN', '1e999', '', '.', '-', '1e-400')),
        (text) => {
          const page = parseDecimal(text);
          expect(coreAccepts(text), text).toBe(page !== undefined && Math.abs(page) <= 30);
        },
      ),
      { numRuns: 500 },
    );
  });
});
