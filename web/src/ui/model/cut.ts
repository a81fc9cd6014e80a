// SPDX-License-Identifier: Apache-2.0
// Beside the refusal of a text longer than the model's positions: "Keep the first [N] tokens · Cut the text". The cut
// ends at a word (ui/model/cut-text.ts); the text box, and so the address, then hold the shorter text.
import { showable } from '../../state/url';
import { cutToTokens } from './cut-text';
import { h } from '../dom';

interface CutNeeds {
  /** The tokens of a text by the open model's tokenizer (its first token left out or not, as chosen). */
  count(text: string): Promise<number>;
  /** The text in the panel. */
  text(): string;
  /** The cut text into the text box (the address follows), its heads read. */
  apply(text: string): void;
}

interface ModelCut {
  element: HTMLElement;
  /** Offers the cut when the text's `tokens` are more than model `name`'s `limit`; hides it otherwise. */
  offer(tokens: number, limit: number, name: string): void;
  hide(): void;
}

export function modelCut(needs: CutNeeds): ModelCut {
  const keep = h('input', { type: 'number', id: 'model-cut-tokens', min: 1, step: 1, inputmode: 'numeric' });
  const button = h('button', { type: 'button', id: 'model-cut', class: 'secondary' }, 'Cut the text');
  const said = h('p', { class: 'help', id: 'model-cut-help', role: 'status' });
  const element = h(
    'div',
    { class: 'param model-cut', id: 'model-cut-offer', hidden: true },
    h('label', { for: 'model-cut-tokens' }, 'Keep the first'),
    h('div', { class: 'file-inputs' }, keep, ' tokens · ', button),
    said,
  );
  button.addEventListener('click', async () => {
    const n = Number(keep.value);
    if (!Number.isInteger(n) || n < 1 || n > Number(keep.max)) {
      said.textContent = `Give a number of tokens from 1 to ${keep.max}.`;
      return;
    }
    button.disabled = true;
    said.textContent = 'Cutting the text at a word end…';
    try {
      const cut = await cutToTokens(needs.text(), n, needs.count);
      if (!cut.text) said.textContent = `Not even the first word fits in ${n} tokens.`;
      else {
        element.hidden = true;
        needs.apply(cut.text);
      }
    } catch (error) {
      said.textContent = `Could not cut the text: ${showable(String((error as Error).message).split('\n')[0])}`;
    } finally {
      button.disabled = false;
    }
  });
  return {
    element,
    offer(tokens, limit, name) {
      element.hidden = tokens <= limit;
      keep.max = keep.value = String(limit);
      said.textContent =
        `The text gives ${tokens} tokens and ${name} reads at most ${limit}. Cutting ends at a word; the text ` +
        `box and the link then hold the shorter text, and its heads are read.`;
    },
    hide() {
      element.hidden = true;
    },
  };
}
