// SPDX-License-Identifier: Apache-2.0
// The controls of a study over a corpus and the fieldset that lays them out with their help; what they do is
// corpus-panel.ts's.
import { h } from '../dom';

export function corpusControls() {
  const file = h('input', {
    type: 'file',
    id: 'corpus-file',
    accept: '.txt,text/plain',
    'aria-describedby': 'corpus-help',
  });
  const text = h('textarea', { id: 'corpus-text', rows: 4, 'aria-describedby': 'corpus-help' });
  const lengths = h('input', {
    type: 'text',
    id: 'corpus-n',
    value: '64,128,256',
    'aria-describedby': 'corpus-n-help',
  });
  const windows = h('input', {
    type: 'number',
    id: 'corpus-windows',
    min: 1,
    max: 1000,
    step: 1,
    value: 1,
    inputmode: 'numeric',
    'aria-describedby': 'corpus-windows-help',
  });
  const eps = h('input', { type: 'text', id: 'corpus-eps', value: '0.1', 'aria-describedby': 'corpus-eps-help' });
  const run = h('button', { type: 'button', id: 'corpus-run', class: 'secondary' }, 'Run the study');
  const stop = h('button', { type: 'button', id: 'corpus-stop', class: 'secondary', hidden: true }, 'Stop the study');
  const preset = h(
    'button',
    { type: 'button', id: 'corpus-paper-grid', class: 'secondary' },
    'Paper 3’s calibration grid on your model',
  );
  const progress = h('progress', { id: 'corpus-progress', max: 1, value: 0, hidden: true, 'aria-label': 'The study' });
  const status = h('p', { class: 'help', id: 'corpus-status', role: 'status' });
  const results = h('div', { id: 'corpus-output' });
  return { file, text, lengths, windows, eps, run, stop, preset, progress, status, results };
}

export type CorpusControls = ReturnType<typeof corpusControls>;

const param = (label: string, id: string, input: HTMLElement, help: string, helpId?: string) =>
  h('div', { class: 'param' }, h('label', { for: id }, label), input, h('p', { class: 'help', id: helpId }, help));

export function corpusFieldset(c: CorpusControls): HTMLFieldSetElement {
  return h(
    'fieldset',
    { class: 'group corpus', id: 'corpus-field' },
    h('legend', {}, 'A study over a corpus'),
    h(
      'p',
      { class: 'help', id: 'corpus-help' },
      'Paper 3’s calibration runs over many texts, not one. Give a corpus (a UTF-8 .txt file, or paste it): it is ' +
        'cut into windows of exactly n tokens, and every head of layers 0 to “Last layer” runs on every window at ' +
        'every temperature and error level. The corpus stays on this machine; a link names it and its fingerprint.',
    ),
    param('Corpus file', 'corpus-file', c.file, 'A UTF-8 text file (.txt); it replaces the pasted text.'),
    param('Or paste it', 'corpus-text', c.text, 'Any text long enough for the windows asked for.'),
    param(
      'Window lengths n (tokens)',
      'corpus-n',
      c.lengths,
      '1 to 8 different lengths, comma-separated, each at least 2 tokens and at most the model’s positions; ' +
        'each window has the special tokens the tokenizer puts around one sequence.',
      'corpus-n-help',
    ),
    param(
      'Windows per length',
      'corpus-windows',
      c.windows,
      'Consecutive, non-overlapping windows of the corpus for each n, 1 to 1000: more windows, a better spread.',
      'corpus-windows-help',
    ),
    param(
      'Error levels ε',
      'corpus-eps',
      c.eps,
      '1 to 3 values, comma-separated: the tolerance ε of the rank certificates on the largest row ℓ1 error ' +
        '‖P − M‖ of the attention (a pure number; 0.05 keeps every row within 5 %). The temperatures are the ' +
        'panel’s β multipliers.',
      'corpus-eps-help',
    ),
    h('div', { class: 'file-inputs' }, c.run, c.stop, c.preset),
    c.progress,
    c.status,
    c.results,
  );
}
