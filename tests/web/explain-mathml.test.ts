// SPDX-License-Identifier: Apache-2.0
// Every explanation's formulas give well-formed MathML: each script, fraction or root element has the number of
// children MathML requires. Firefox rejects one that has not ("Invalid markup: Incorrect number of children for <msub/>
// tag", found in the cross-browser check) and the formula reads wrong in a screen reader.
import { describe, expect, it, vi } from 'vitest';
import { EXPERIMENTS } from '../../web/src/experiments';

/** MathML elements with a fixed number of children (MathML Core §3.4 and §3.3). */
const ARITY: Record<string, number> = {
  msub: 2,
  msup: 2,
  msubsup: 3,
  munder: 2,
  mover: 2,
  munderover: 3,
  mfrac: 2,
  mroot: 2,
};

/** Each fixed-arity element of the MathML in `html` whose child count is wrong, as "msub with 1 child: <excerpt>". */
function malformedMathml(html: string): string[] {
  const problems: string[] = [];
  // KaTeX escapes text and attribute values, so every '<' starts a tag.
  const tag = /<(\/?)([a-zA-Z][\w-]*)[^>]*?(\/?)>/g;
  const stack: { name: string; children: number; start: number }[] = [];
  let inMath = false;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    const [, closing, name, selfClosing] = m;
    if (name === 'math' && !closing) inMath = true;
    if (!inMath) continue;
    if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name)
        throw new Error(`unbalanced MathML at </${name}>: ${html.slice(Math.max(0, m.index - 80), m.index + 20)}`);
      const want = ARITY[name];
      if (want !== undefined && open.children !== want) {
        problems.push(
          `${name} with ${open.children} children: ${html
            .slice(open.start, m.index + m[0].length)
            .replace(/<[^>]*>/g, ' ')
            .replace(/\s+/g, ' ')
            .trim()}`,
        );
      }
      if (name === 'math') inMath = false;
      continue;
    }
    if (stack.length > 0) stack[stack.length - 1].children++;
    if (!selfClosing) stack.push({ name, children: 0, start: m.index });
  }
  return problems;
}

/** The explanations build a <section> and set its innerHTML; nothing else of the DOM is needed. */
vi.stubGlobal('document', { createElement: (tagName: string) => ({ tagName, className: '', innerHTML: '' }) });

describe('explanations typeset as well-formed MathML', () => {
  it('the checker finds a subscript with a missing child', () => {
    const bad =
      '<math><semantics><mrow><msub><mi>x</mi></msub></mrow><annotation ' +
      'encoding="application/x-tex">x</annotation></semantics></math>';
    expect(malformedMathml(bad)).toEqual(['msub with 1 children: x']);
    const good =
      '<math><semantics><mrow><msub><mi>x</mi><mrow><mi>i</mi><mo>+</mo></mrow></msub></mrow></semantics></math>';
    expect(malformedMathml(good)).toEqual([]);
  });

  const withExplanation = EXPERIMENTS.filter((m) => m.explain);
  it('all 14 experiments have an explanation', () => expect(withExplanation.map((m) => m.id)).toHaveLength(14));

  it.each(withExplanation.map((m) => [m.id, m] as const))('%s', async (_, meta) => {
    const panel = await meta.explain!();
    const html = panel.innerHTML;
    expect(html).toContain('<math');
    expect(html).not.toContain('katex-error'); // throwOnError: false shows a parse error in red instead of throwing
    expect(malformedMathml(html)).toEqual([]);
  });
});
