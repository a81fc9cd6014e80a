// Shared explanation blocks for the paper-1 experiments, typeset with KaTeX; loaded with the
// explanations, after the first figure.
import { referenceHtml, SPARSE_APPROXIMATION } from './references';
import { tex as inlineTex } from './tex';

type Block = ['p', string] | ['tex', string] | ['conditions'] | ['theorem'] | ['caveat'] | ['reference'];

const tex = (source: string, displayMode = true) => inlineTex(source, displayMode);

const CONDITIONS = [
  '<p>M <em>(ε1, ε2)-approximates</em> A when, in every row i with support N<sub>i</sub> (the nonzeros of A), two conditions hold (Likhosherstov et al. 2023, conditions (23) and (24)):</p>',
  tex('\\text{spread:}\\quad (1+\\varepsilon_1)^{-1} \\le \\frac{M_{ij}/M_{ij\'}}{A_{ij}/A_{ij\'}} \\le 1+\\varepsilon_1 \\qquad j, j\' \\in N_i'),
  tex('\\text{gap:}\\quad \\frac{M_{ij}}{M_{ij\'}} \\le \\varepsilon_2 \\qquad j \\notin N_i,\\ j\' \\in N_i'),
  '<p>They are checked in the log domain on the logits S, row block by row block: the <em>spread</em> of S<sub>ij</sub> − ln A<sub>ij</sub> over N<sub>i</sub> must stay ≤ ln(1+ε1) and the <em>gap</em> max<sub>j∉N<sub>i</sub></sub> S<sub>ij</sub> − min<sub>j′∈N<sub>i</sub></sub> S<sub>ij′</sub> ≤ ln ε2.</p>',
].join('');

const THEOREM = [
  '<p><strong>The JL bound</strong> (this lab’s reconstruction of the paper’s Johnson–Lindenstrauss bound, proved from its published statements): for A with ≤ k nonzeros per row and column and within-row range ≤ γ, with probability ≥ 1 − δ the construction satisfies both conditions once</p>',
  tex('d \\ge \\frac{4 \\ln(4n^2/\\delta)}{\\eta^2 - \\eta^3},\\quad \\eta = \\frac{\\ln(1+\\varepsilon_1)}{2\\sqrt{k}\\,\\beta},\\quad \\beta = \\ln\\tfrac{1}{\\varepsilon_2} + \\ln(1+\\varepsilon_1) + \\ln\\gamma,'),
  '<p>that is d = O(log n) for fixed k, γ, ε1, ε2. The dashed bound uses δ = 0.5; it is very conservative (about ten times the measured d_min).</p>',
].join('');

const CAVEAT =
  '<p class="caveat"><strong>Caveat:</strong> the paper\u2019s full text could not be read, so the exact conditions, the construction and the bound are a proven reconstruction that fits every verified fragment; the paper\u2019s own constants and protocol details (grid, seeds, sampler) may differ. There is no published code to compare with.</p>';

export function explainPanel(blocks: Block[]): HTMLElement {
  const panel = document.createElement('section');
  panel.className = 'explain';
  panel.innerHTML = blocks
    .map((b) => {
      switch (b[0]) {
        case 'p': return `<p>${b[1]}</p>`;
        case 'tex': return tex(b[1]);
        case 'conditions': return CONDITIONS;
        case 'theorem': return THEOREM;
        case 'caveat': return CAVEAT;
        case 'reference': return referenceHtml(SPARSE_APPROXIMATION);
      }
    })
    .join('');
  return panel;
}
