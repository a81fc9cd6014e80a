// SPDX-License-Identifier: Apache-2.0
// Where each statement of an explanation comes from, as a replication package states it: quoted from the
// paper (its abstract or stated theorems), derived by attnlab and checked by a named test with its
// tolerance, or a modelling choice with the parameter that sets it. Rendered as a list in every panel.

type ClaimKind = 'quoted' | 'derived' | 'choice';

export interface Claim {
  kind: ClaimKind;
  /** The statement, as the figures use it (HTML allowed). */
  text: string;
  /** Its basis: the paper and where in it; the test and its tolerance; or the parameter and its default. */
  basis: string;
}

const KIND_LABEL: Record<ClaimKind, string> = {
  quoted: 'Stated in the paper',
  derived: 'Derived and tested here',
  choice: 'Modelling choice',
};

export function claimsHtml(claims: readonly Claim[]): string {
  const items = claims.map(
    (c) =>
      `<li class="claim claim-${c.kind}"><span class="claim-kind">${KIND_LABEL[c.kind]}</span> ${c.text} ` +
      `<span class="claim-basis">${c.basis}</span></li>`,
  );
  return (
    `<div class="provenance"><p><strong>Where each statement comes from.</strong> What the paper ` +
    `states, what attnlab derived and checks with its own tests (run them with <code>npm test</code>), ` +
    `and what is a choice you can change.</p><ul class="claims">${items.join('')}</ul></div>`
  );
}
