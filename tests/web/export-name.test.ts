// SPDX-License-Identifier: Apache-2.0
// Export file names of a run on a model's heads (ui/results/export-name.ts): the model (its folder's name when known)
// and the text or weights only, never the Q·K scale or the zoo's fields the heads replace; still distinct and
// file-system safe.
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../web/src/experiments';
import { defaults } from '../../web/src/experiments/schema';
import type { ModelLink } from '../../web/src/state/model-link';
import { exportFileName } from '../../web/src/ui/results/export-name';

const zoo = EXPERIMENTS.find((m) => m.id === 'rank-zoo')!;
const head = EXPERIMENTS.find((m) => m.id === 'rank-interaction')!;
const model: ModelLink = { name: 'BertModel', hash: '', text: 'The cat sat on the mat.', dropFirst: false };

describe('export file names of a model run', () => {
  it('name the model and its text, and leave out the scale the heads decide', () => {
    const values = { ...defaults(zoo), scale: 1, seed: 1 };
    expect(exportFileName(zoo, values, 'atlas', 'png', model)).toBe(
      'rank-zoo_BertModel_text=The-cat-sat-on-the-mat._seed=1_atlas.png',
    );
    expect(exportFileName(zoo, values, 'atlas', 'png')).toContain('scale=1');
  });

  it('prefer the folder’s name, say weights only, and name the layers read', () => {
    const values = { ...defaults(head), scale: 1, head: 13, seed: 1 };
    const name = exportFileName(head, values, 'spectrum', 'svg', {
      ...model,
      folder: 'bert base (uncased)',
      weights: true,
      lastLayer: 6,
    });
    expect(name).toBe('rank-interaction_bert-base-uncased_weights-only_lastLayer=6_head=13_seed=1_spectrum.svg');
  });

  it('stay short and safe for any text, and differ when the text does', () => {
    const values = { ...defaults(zoo), seed: 1 };
    const long = exportFileName(zoo, values, 'heads', 'csv', { ...model, text: '“Ünïcode” / \\ : * ? '.repeat(40) });
    expect(long).toMatch(/^[A-Za-z0-9=.,+_-]+$/);
    expect(long.length).toBeLessThan(120);
    const other = exportFileName(zoo, values, 'heads', 'csv', { ...model, text: 'A dog ran.' });
    expect(other).not.toBe(exportFileName(zoo, values, 'heads', 'csv', model));
  });
});
