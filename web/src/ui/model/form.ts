// SPDX-License-Identifier: Apache-2.0
// The controls of "Your own model" and the fieldset that lays them out with their help; what they do is
// session.ts's, wired by model-panel.ts.
import { DEFAULT_MODEL_TEXT, MAX_TEXT_CHARS } from '../../engine/model-text';
import { h } from '../dom';

export function modelControls() {
  const folder = h('input', {
    type: 'file',
    id: 'model-folder',
    webkitdirectory: true,
    'aria-describedby': 'model-help model-status',
  });
  const files = h('input', {
    type: 'file',
    id: 'model-files',
    multiple: true,
    'aria-describedby': 'model-help model-status',
  });
  const status = h(
    'p',
    { class: 'help', id: 'model-status', role: 'status' },
    'No model open: choose its folder, or its files together; Run waits for its heads.',
  );
  const text = h('textarea', {
    id: 'model-text',
    rows: 5,
    maxlength: MAX_TEXT_CHARS,
    'aria-describedby': 'model-text-help',
  });
  text.value = DEFAULT_MODEL_TEXT;
  const drop = h('input', { type: 'checkbox', id: 'model-drop-first' });
  const weightsOnly = h('input', { type: 'checkbox', id: 'model-weights' });
  const last = h('input', {
    type: 'number',
    id: 'model-last-layer',
    min: 0,
    step: 1,
    inputmode: 'numeric',
    'aria-describedby': 'model-last-help',
  });
  const readButton = h(
    'button',
    { type: 'button', id: 'model-read', class: 'secondary', disabled: true },
    'Read the heads',
  );
  const stop = h('button', { type: 'button', id: 'model-stop', class: 'secondary', hidden: true }, 'Stop');
  const close = h(
    'button',
    { type: 'button', id: 'model-close', class: 'secondary remove-file', hidden: true },
    'Close the model',
  );
  const progress = h('progress', {
    id: 'model-progress',
    max: 1,
    value: 0,
    hidden: true,
    'aria-label': 'Reading the model',
  });
  const tokens = h('p', { class: 'help model-tokens', id: 'model-tokens' });
  const dropLabel = h('label', { for: 'model-drop-first' }, 'Leave out the first token');
  return { folder, files, status, text, drop, weightsOnly, last, readButton, stop, close, progress, tokens, dropLabel };
}

export type ModelControls = ReturnType<typeof modelControls>;

export function modelFieldset(controls: ModelControls): HTMLFieldSetElement {
  const { readButton, stop, progress, tokens } = controls;
  return h(
    'fieldset',
    { class: 'group upload model', id: 'model-field' },
    h('legend', {}, 'Your model'),
    ...modelFiles(controls),
    ...readingChoices(controls),
    h('div', { class: 'file-inputs' }, readButton, stop),
    progress,
    tokens,
  );
}

/** Which model: its help, the folder or its files (and Close), and the status line. */
function modelFiles({ folder, files, close, status }: ModelControls): HTMLElement[] {
  return [
    h(
      'p',
      { class: 'help', id: 'model-help' },
      'A Hugging Face model folder on this machine: config.json, model.safetensors (or ' +
        'its shards and model.safetensors.index.json) and tokenizer.json. BERT, RoBERTa, ' +
        'DistilBERT, GPT-2, LLaMA and Qwen2, in F32, F16 or BF16. The model is read here, ' +
        'layer by layer; it never leaves your machine and the page does not keep it.',
    ),
    h('div', { class: 'param' }, h('label', { for: 'model-folder' }, 'Folder'), folder),
    h(
      'div',
      { class: 'param' },
      h('label', { for: 'model-files' }, 'Or its files'),
      h('div', { class: 'file-inputs' }, files, close),
    ),
    status,
  ];
}

/** What is read of it: the text, the first token left out or not, weights only, the last layer. */
function readingChoices({ text, drop, dropLabel, weightsOnly, last }: ModelControls): HTMLElement[] {
  return [
    h(
      'div',
      { class: 'param' },
      h('label', { for: 'model-text' }, 'Text'),
      text,
      h(
        'p',
        { class: 'help', id: 'model-text-help' },
        'What the model reads, tokenized by its own tokenizer.json. Each head’s ' +
          'attention over these tokens is what the run analyses. Default: the ' +
          'opening of Lewis Carroll’s “Alice’s Adventures in Wonderland” (1865).',
      ),
    ),
    h(
      'div',
      { class: 'param checkbox' },
      drop,
      dropLabel,
      h(
        'p',
        { class: 'help' },
        'A first [CLS] or BOS token often draws most of the attention (an attention sink) and changes the ranks.',
      ),
    ),
    h(
      'div',
      { class: 'param checkbox' },
      weightsOnly,
      h('label', { for: 'model-weights' }, 'Weights only (no text)'),
      h(
        'p',
        { class: 'help' },
        'Each head as its bilinear form W_Q W_Kᵀ (times the attention scale) over ' +
          'the directions of the residual stream: only the query and key weights are ' +
          'read, no text and no forward pass; biases, norms and the rotary position ' +
          'rotation are left out. Its spectrum is what any text can use at most.',
      ),
    ),
    h(
      'div',
      { class: 'param' },
      h('label', { for: 'model-last-layer' }, 'Last layer'),
      last,
      h(
        'p',
        { class: 'help', id: 'model-last-help' },
        'Layers 0 to this one are read (counted from 0); each adds its heads. Fewer layers read less of the file.',
      ),
    ),
  ];
}
